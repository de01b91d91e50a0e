"""Prize titles in the reader's language (issue 28, item 3): the usual prizes are stored as what they are (the
kind "place": a place of a ranking, named from its ranking, category and place) and named at the edge in the
reader's language, each with its own message so every language agrees its words ("Beste Spielerin", "Bester
Neuling", "Meilleure joueuse"); a title the organiser types stays as typed. Old generated titles are recognised
by the migration (0015_prizes_kind)."""

import importlib
import shutil
import subprocess

import pytest
from django.apps import apps as django_apps
from django.utils import translation

from tests.tournament.prize_event import prize_event
from tournament.display.audit_words import describe
from tournament.display.prizes import place_ordinal, place_title, prize_title
from tournament.models import AuditEntry, Prize
from tournament.models.prizes import NAMED, TYPED
from tournament.printing.prizes_document import CertificatesDocument, PrizeListDocument
from tournament.services.prizes import add_prize, add_usual_prizes, change_prize

LANGUAGES = ("en", "nl", "de", "fr")


def named_in(language: str, *args) -> str:
    with translation.override(language):
        return place_title(*args)


@pytest.mark.parametrize(
    ("ranking", "category", "place", "names"),
    [
        ("overall", "", 1, ["First place", "Eerste plaats", "Erster Platz", "Première place"]),
        ("overall", "", 3, ["Third place", "Derde plaats", "Dritter Platz", "Troisième place"]),
        ("overall", "", 4, ["4th place", "4e plaats", "4. Platz", "4e place"]),
        ("team", "", 1, ["Best team", "Beste team", "Bestes Team", "Meilleure équipe"]),
        ("country", "", 1, ["Best country", "Beste land", "Bestes Land", "Meilleur pays"]),
        ("club", "", 1, ["Best club", "Beste club", "Bester Verein", "Meilleur club"]),
        (
            "team",
            "",
            2,
            [
                "2nd place in the team ranking",
                "2e plaats in het teamklassement",
                "2. Platz in der Teamwertung",
                "2e place du classement par équipes",
            ],
        ),
        ("category", "Ladies", 1, ["Best lady", "Beste speelster", "Beste Spielerin", "Meilleure joueuse"]),
        ("category", "Damen", 1, ["Best lady", "Beste speelster", "Beste Spielerin", "Meilleure joueuse"]),
        (
            "category",
            "newcomer",
            1,
            ["Best newcomer", "Beste nieuwkomer", "Bester Neuling", "Meilleur débutant"],
        ),
        ("category", "Junior", 1, ["Best junior", "Beste junior", "Bester Junior", "Meilleur junior"]),
        (
            "category",
            "U25",
            1,
            [
                "First place in the category U25",
                "Eerste plaats in de categorie U25",
                "Erster Platz in der Kategorie U25",
                "Première place dans la catégorie U25",
            ],
        ),
        (
            "category",
            "newcomer",
            2,
            [
                "2nd place in the category newcomer",
                "2e plaats in de categorie newcomer",
                "2. Platz in der Kategorie newcomer",
                "2e place dans la catégorie newcomer",
            ],
        ),
    ],
)
def test_a_place_is_named_in_each_language_with_its_own_grammar(ranking, category, place, names):
    assert [named_in(language, ranking, category, place) for language in LANGUAGES] == names


def test_ordinals_of_places():
    with translation.override("en"):
        assert [place_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th",
        ]  # fmt: skip
    with translation.override("fr"):
        assert [place_ordinal(n) for n in (1, 2, 21)] == ["1re", "2e", "21e"]
    with translation.override("de"):
        assert [place_ordinal(n) for n in (1, 2, 21)] == ["1.", "2.", "21."]
    with translation.override("nl"):
        assert [place_ordinal(n) for n in (1, 2, 21)] == ["1e", "2e", "21e"]


@pytest.fixture
def german(db):
    """The event of prize_event.py, run in German, with the usual prizes only (categories newcomer, junior)."""
    tournament = prize_event(city="Hamburg", language="de")
    tournament.prizes.all().delete()
    add_usual_prizes(actor=None, tournament=tournament)
    return tournament


def test_the_usual_prizes_are_stored_as_what_they_are_and_named_in_the_readers_language(german):
    stored = list(german.prizes.values_list("kind", "title", "ranking", "category", "place"))
    assert stored == [
        (NAMED, "", "overall", "", 1),
        (NAMED, "", "overall", "", 2),
        (NAMED, "", "overall", "", 3),
        (NAMED, "", "team", "", 1),
        (NAMED, "", "category", "junior", 1),
        (NAMED, "", "category", "newcomer", 1),
    ]
    prizes = list(german.prizes.all())
    with translation.override("fr"):
        assert [prize_title(prize) for prize in prizes] == [
            "Première place",
            "Deuxième place",
            "Troisième place",
            "Meilleure équipe",
            "Meilleur junior",
            "Meilleur débutant",
        ]
    with translation.override("de"):
        assert prize_title(prizes[2]) == "Dritter Platz"


def test_a_title_the_organiser_types_stays_as_typed(german):
    typed = add_prize(actor=None, tournament=german, title="Dritter Platz", ranking="overall", place=3)
    assert (typed.kind, typed.title) == (TYPED, "Dritter Platz")
    with translation.override("fr"):
        assert prize_title(typed) == "Dritter Platz"


def test_an_empty_title_names_the_prize_after_its_place_and_follows_a_change(german):
    prize = add_prize(actor=None, tournament=german, title="  ", ranking="overall", place=4)
    assert (prize.kind, prize.title) == (NAMED, "")
    change_prize(actor=None, prize=prize, title="", ranking="club", place=1)
    with translation.override("de"):
        assert prize_title(Prize.objects.get(pk=prize.pk)) == "Bester Verein"
    change_prize(actor=None, prize=prize, title="Goldene Kachel", ranking="club", place=1)
    assert Prize.objects.filter(pk=prize.pk).values_list("kind", "title").get() == (TYPED, "Goldene Kachel")


def test_the_audit_log_names_a_named_prize_in_the_readers_language(german):
    entry = AuditEntry.objects.filter(action="prize.usual").latest("id")
    with translation.override("fr"):
        assert "Première place, Deuxième place, Troisième place, Meilleure équipe" in describe(entry)
    with translation.override("nl"):
        assert "Eerste plaats" in describe(entry)
    prize = add_prize(actor=None, tournament=german, title="", ranking="overall", place=5)
    entry = AuditEntry.objects.filter(action="prize.add").latest("id")
    with translation.override("de"):
        assert describe(entry) == "Preis „5. Platz“ hinzugefügt: Platz 5 der Rangliste"
    assert prize.kind == NAMED


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "document.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return " ".join(out.split())


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_a_french_certificate_of_a_german_tournament_reads_french(german, tmp_path):
    french = pdf_text(CertificatesDocument(german, language="fr").pdf(), tmp_path)
    assert "Troisième place" in french and "Meilleur débutant" in french
    assert "Dritter Platz" not in french and "Bester" not in french
    german_list = pdf_text(PrizeListDocument(german, language="de").pdf(), tmp_path)
    assert "Dritter Platz" in german_list and "Bester Neuling" in german_list


def test_the_prize_pages_name_the_prizes_in_the_readers_language(german, client, make_user):
    client.cookies["django_language"] = "fr"
    page = client.get("/t/prizes/prizes/").content.decode()
    assert "Troisième place" in page and "Dritter Platz" not in page
    client.force_login(make_user("olga", tournament=german, role="organiser"))
    client.cookies["django_language"] = "nl"
    page = client.get("/t/prizes/organise/prizes/").content.decode()
    assert "Derde plaats" in page and "Beste nieuwkomer" in page
    assert "wint ook: Beste junior" in page  # the winner's other prize, named alike


MIGRATION = importlib.import_module("tournament.migrations.0015_prizes_kind")


def test_the_migration_recognises_the_old_generated_titles(german):
    german.prizes.all().delete()
    old = [
        ("Dritter Platz", "overall", "", 3),
        ("Troisième place", "overall", "", 3),
        ("Eerste plaats", "overall", "", 1),
        ("Best team", "team", "", 1),
        ("Bester newcomer", "category", "newcomer", 1),
        ("Meilleur junior", "category", "junior", 1),
        ("Dritter Platz", "overall", "", 2),  # not the title of place 2: typed
        ("Best team", "club", "", 1),  # not a team prize: typed
        ("Champion", "overall", "", 1),
    ]
    for order, (title, ranking, category, place) in enumerate(old):
        Prize.objects.create(
            tournament=german, order=order, title=title, ranking=ranking, category=category, place=place
        )
    MIGRATION.recognise_generated_titles(django_apps, None)
    assert list(german.prizes.values_list("kind", "title")) == [
        (NAMED, ""),
        (NAMED, ""),
        (NAMED, ""),
        (NAMED, ""),
        (NAMED, ""),
        (NAMED, ""),
        (TYPED, "Dritter Platz"),
        (TYPED, "Best team"),
        (TYPED, "Champion"),
    ]


def test_the_migration_backwards_gives_named_prizes_their_english_titles(german):
    add_prize(actor=None, tournament=german, title="", ranking="club", place=2)
    MIGRATION.write_english_titles(django_apps, None)
    assert list(german.prizes.values_list("kind", "title")) == [
        (TYPED, "First place"),
        (TYPED, "Second place"),
        (TYPED, "Third place"),
        (TYPED, "Best team"),
        (TYPED, "Best junior"),
        (TYPED, "Best newcomer"),
        (TYPED, "Place 2 of the club"),
    ]
    MIGRATION.recognise_generated_titles(django_apps, None)  # and forwards again: named, but the last
    assert list(german.prizes.values_list("kind", flat=True)) == [NAMED] * 6 + [TYPED]
