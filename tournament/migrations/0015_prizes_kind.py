"""A prize is stored as what it is: ``kind`` "place" (named after its place, in the reader's language; no title) or
"" (the title as typed). The titles "the usual prizes" wrote before (in the tournament's language: English, Dutch,
German or French) are recognised for the ranking, category and place they name, and become named prizes; any
other title stays as typed. The old titles are written out here (a migration must not read today's catalogues)."""

from django.db import migrations, models

NAMED = "place"
OLD_PLACES = {  # place of the standings -> the titles "the usual prizes" gave it in each language
    1: ("First place", "Eerste plaats", "Erster Platz", "Première place"),
    2: ("Second place", "Tweede plaats", "Zweiter Platz", "Deuxième place"),
    3: ("Third place", "Derde plaats", "Dritter Platz", "Troisième place"),
}
OLD_BEST_TEAM = ("Best team", "Beste team", "Bestes Team", "Meilleure équipe")
OLD_BEST_CATEGORY = ("Best {}", "Beste {}", "Bester {}", "Meilleur {}")


def generated(title: str, ranking: str, category: str, place: int) -> bool:
    """Whether ``title`` is one "the usual prizes" gave the place of this ranking (compared ignoring case)."""
    if ranking == "overall":
        old = OLD_PLACES.get(place, ())
    elif ranking == "team" and place == 1:
        old = OLD_BEST_TEAM
    elif ranking == "category" and place == 1 and category:
        old = tuple(pattern.format(category) for pattern in OLD_BEST_CATEGORY)
    else:
        old = ()
    return " ".join(title.split()).casefold() in {name.casefold() for name in old}


def recognise_generated_titles(apps, schema_editor):
    Prize = apps.get_model("tournament", "Prize")
    for prize in Prize.objects.filter(kind="").only("title", "ranking", "category", "place"):
        if generated(prize.title, prize.ranking, prize.category, prize.place):
            Prize.objects.filter(pk=prize.pk).update(kind=NAMED, title="")


def write_english_titles(apps, schema_editor):
    """Backwards: a named prize gets the English title the usual prizes wrote (or "Place 4", "Place 2 of the
    teams"), since the older code needs a title."""
    Prize = apps.get_model("tournament", "Prize")
    for prize in Prize.objects.filter(kind=NAMED):
        if prize.ranking == "overall":
            title = OLD_PLACES[prize.place][0] if prize.place in OLD_PLACES else f"Place {prize.place}"
        elif prize.place == 1 and prize.ranking == "team":
            title = OLD_BEST_TEAM[0]
        elif prize.place == 1 and prize.ranking == "category":
            title = OLD_BEST_CATEGORY[0].format(prize.category)
        else:
            title = f"Place {prize.place} of the {prize.category or prize.ranking}"
        Prize.objects.filter(pk=prize.pk).update(title=title[:100], kind="")


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0014_change_count"),
    ]

    operations = [
        migrations.AddField(
            model_name="prize",
            name="kind",
            field=models.CharField(
                blank=True,
                choices=[("", "title as typed"), ("place", "named after its place")],
                default="",
                max_length=10,
                verbose_name="kind of title",
            ),
        ),
        migrations.AlterField(
            model_name="prize",
            name="title",
            field=models.CharField(blank=True, max_length=100, verbose_name="prize"),
        ),
        migrations.RunPython(recognise_generated_titles, write_english_titles),
    ]
