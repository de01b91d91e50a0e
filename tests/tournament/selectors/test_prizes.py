"""selectors.prizes: who wins each prize, on the event of tests/tournament/prize_event.py (figures worked by hand
there, EMA 2016 3.6, 3.6.1; rules-interpretation.md section 4): a tie for first broken by best_session, a tie the
tie-breaks cannot break, category prizes (one with its own tie), a team prize, a player with two prizes."""

import pytest

from tests.tournament.prize_event import prize_event
from tournament.models import Tournament
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import build_overview
from tournament.selectors.prizes import prize_list
from tournament.services.prizes import add_prize


def awarded(tournament):
    tournament = Tournament.objects.get(pk=tournament.pk)
    found = prize_list(build_overview(tournament, change_stamp(tournament)))
    return {entry.prize.title: entry for entry in found.prizes}, found


def titles(prizes) -> tuple[str, ...]:
    return tuple(prize.title for prize in prizes)


def names(entry) -> list[str]:
    return [winner.name for winner in entry.winners]


@pytest.fixture
def event(db):
    return prize_event()


def test_a_tie_for_first_is_broken_by_the_best_session(event):
    """p01 and p02 both 50,000; best sessions 45,000 and 40,000: p01 first, p02 second, each by best_session."""
    prizes, found = awarded(event)
    first, second = prizes["First place"], prizes["Second place"]
    assert names(first) == ["First01 Last01"] and not first.tied
    assert (first.winners[0].total, first.winners[0].rank, first.winners[0].tied) == (50_000, 1, True)
    assert first.decided_by == "best_session"
    assert names(second) == ["First02 Last02"] and second.decided_by == "best_session"
    assert found.final and found.tie_breaks == ("best_session",)


def test_a_tie_the_tie_breaks_cannot_break_names_both_players(event):
    """p07 and p08: -44,000 each with the same session results: both hold place 6 (and 7); nothing decided."""
    sixth = awarded(event)[0]["Sixth place"]
    assert names(sixth) == ["First07 Last07", "First08 Last08"]
    assert sixth.tied and sixth.decided_by is None
    assert [winner.total for winner in sixth.winners] == [-44_000, -44_000]


def test_without_tie_breaks_first_place_is_shared_and_both_hold_the_second_prize_too(db):
    event = prize_event("shared", tie_breaks=())
    prizes, _found = awarded(event)
    assert (
        names(prizes["First place"]) == names(prizes["Second place"]) == ["First01 Last01", "First02 Last02"]
    )
    assert prizes["First place"].tied and prizes["First place"].decided_by is None


def test_category_prizes_rank_the_categorys_players_by_their_prize_places(event):
    """Newcomers p02 (50,000), p06 (27,500), p08 (-44,000): p02. Juniors p01 and p02, level at 50,000: p01 by
    best_session, as for the standings."""
    prizes, _found = awarded(event)
    assert names(prizes["Best newcomer"]) == ["First02 Last02"]
    assert prizes["Best newcomer"].decided_by is None  # no other newcomer has 50,000
    assert names(prizes["Best junior"]) == ["First01 Last01"]
    assert prizes["Best junior"].decided_by == "best_session"


def test_a_team_prize_goes_to_the_team_with_the_highest_total(event):
    """Dragons p01 + p05 = 50,000 + 40,000 = 90,000; Tigers p02 + p06 = 50,000 + 27,500 = 77,500."""
    best_team = awarded(event)[0]["Best team"]
    assert names(best_team) == ["Dragons"]
    assert best_team.winners[0].total == 90_000
    assert best_team.winners[0].members == ("First01 Last01", "First05 Last05")


def test_a_player_with_two_prizes_keeps_both_and_each_names_the_other(event):
    prizes, _found = awarded(event)
    assert titles(prizes["Second place"].also) == ("Best newcomer",)
    assert titles(prizes["Best newcomer"].also) == ("Second place",)
    assert titles(prizes["First place"].also) == ("Best junior",)
    assert titles(prizes["Best team"].also) == ()


def test_a_place_nobody_holds_yet_has_no_winner_and_an_incomplete_event_is_not_final(event):
    add_prize(actor=None, tournament=event, title="Ninth place", ranking="overall", place=9)
    event.sessions.get(number=2).tables.get(number=2).results.update(is_current=False)
    prizes, found = awarded(event)
    assert prizes["Ninth place"].winners == ()
    assert not found.final
