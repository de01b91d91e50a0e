"""One sentence for a number of players that is not a multiple of 4: the dashboard's problem and the seating's
refusal say the same, in English and in Dutch (scoring.seating.check_player_count, tournament.errors)."""

import pytest
from django.utils import translation

from tests.tournament.factories import make_event, numbered_people
from tournament.errors import DomainError
from tournament.selectors.problems import dashboard_problems
from tournament.selectors.seating_plan import check_generation

pytestmark = pytest.mark.django_db

# never advising to withdraw players (issue 28)
ENGLISH = (
    "17 players are active or disqualified, but the seating needs a multiple of 4: register 3 more or make reserves "
    "active."
)
DUTCH = (
    "17 spelers zijn actief of gediskwalificeerd, maar de tafelindeling vraagt een veelvoud van 4: schrijf er nog 3 "
    "in of maak reservespelers actief."
)


def said(tournament) -> tuple[str, str]:
    (problem,) = [
        p
        for p in dashboard_problems(tournament, [])
        if "multiple of 4" in p.message or "veelvoud" in p.message
    ]
    with pytest.raises(DomainError) as refused:
        check_generation(tournament, 2)
    assert refused.value.code == "player_count"
    return problem.message, refused.value.message


@pytest.mark.parametrize(("language", "sentence"), [("en", ENGLISH), ("nl", DUTCH)])
def test_the_dashboard_and_the_seating_say_the_same(language, sentence):
    tournament = make_event("odd", numbered_people(17))
    with translation.override(language):
        assert said(tournament) == (sentence, sentence)
