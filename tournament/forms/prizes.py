"""The organiser's prize form (views/organise/prizes.py): a title (empty: the prize is named after its place, in
each reader's language), the ranking (the standings, teams, countries, clubs, or one of the categories in use,
offered as ``category:NAME``) and the place. services.prizes decides; a category the players do not have is
refused there, with the categories in use named."""

from django import forms
from django.utils.translation import gettext_lazy

from scoring.limits import MAX_PLAYERS
from tournament.display.prizes import prize_title, ranking_name
from tournament.models import Prize
from tournament.models.prizes import CATEGORY, NAMED, PRIZE_RANKINGS
from tournament.selectors.side_rankings import categories_in_use

CATEGORY_PREFIX = f"{CATEGORY}:"


class RankingField(forms.ChoiceField):
    """The offered rankings; any ``category:NAME`` is passed on too, for the service to check and name."""

    def valid_value(self, value) -> bool:
        return str(value).startswith(CATEGORY_PREFIX) or super().valid_value(value)


class PrizeForm(forms.Form):
    title = forms.CharField(
        label=gettext_lazy("Prize"),
        max_length=Prize._meta.get_field("title").max_length,
        required=False,
        help_text=gettext_lazy(
            "Leave it empty and the prize is named after its place, in each reader's language (“Third place”, "
            "“Best newcomer”, “2nd place in the team ranking”). A title you type is printed as typed."
        ),
    )
    ranking = RankingField(label=gettext_lazy("Ranking"))
    place = forms.IntegerField(label=gettext_lazy("Place"), min_value=1, max_value=MAX_PLAYERS, initial=1)

    def __init__(self, *args, tournament, prize: Prize | None = None, **kwargs):
        if prize is not None:
            kwargs.setdefault(
                "initial", {"title": prize.title, "ranking": value_of(prize), "place": prize.place}
            )
        super().__init__(*args, **kwargs)
        self.fields["ranking"].choices = ranking_choices(tournament, prize)
        if prize is not None and prize.kind == NAMED:  # what it reads now, while the title stays empty
            self.fields["title"].widget.attrs["placeholder"] = prize_title(prize)

    def service_arguments(self) -> dict:
        """title, ranking, category and place as services.prizes takes them."""
        ranking = self.cleaned_data["ranking"]
        category = ranking.removeprefix(CATEGORY_PREFIX) if ranking.startswith(CATEGORY_PREFIX) else ""
        return {
            "title": self.cleaned_data["title"],
            "ranking": CATEGORY if category or ranking == CATEGORY_PREFIX else ranking,
            "category": category,
            "place": self.cleaned_data["place"],
        }


def value_of(prize: Prize) -> str:
    return f"{CATEGORY_PREFIX}{prize.category}" if prize.ranking == CATEGORY else prize.ranking


def ranking_choices(tournament, prize: Prize | None = None) -> list[tuple[str, str]]:
    """The standings, teams, countries and clubs, then each category in use (and the prize's own, if no player has
    it any more, so editing the prize shows what it is)."""
    choices = [(code, ranking_name(code)) for code, _label in PRIZE_RANKINGS if code != CATEGORY]
    categories = categories_in_use(tournament)
    if (
        prize is not None
        and prize.ranking == CATEGORY
        and prize.category.casefold() not in {name.casefold() for name in categories}
    ):
        categories.append(prize.category)
    choices += [(f"{CATEGORY_PREFIX}{name}", ranking_name(CATEGORY, name)) for name in categories]
    return choices
