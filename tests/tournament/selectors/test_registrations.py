"""selectors.registrations.player_rows: the organiser's list of players with their rank now, searched without case
or accents; on the small event of conftest.py (ranks computed there by hand)."""

from tests.tournament.selectors.conftest import RANKS
from tournament.selectors.registrations import player_rows
from tournament.services import players

STANDINGS_QUERIES = (
    5  # as selectors.results: registrations, current results, seat results, penalties, the cut
)


def test_every_player_with_the_rank_now(small, django_assert_max_num_queries):
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        rows = player_rows(small.tournament)
    by_key = {row["key"]: row for row in rows}
    assert {key: by_key[key]["rank"] for key, _, _ in RANKS} == {
        key: f"{rank}=" if tied else str(rank) for key, rank, tied in RANKS
    }
    assert by_key["p05"]["rank"] == "2=" and by_key["p05"]["rank_order"] == 2
    first = by_key["p01"]
    assert (first["name"], first["sort_name"] is not None, first["country"], first["status"]) == (
        "Last01, First01",
        True,
        "NED",
        "active",
    )
    assert first["status_order"] == 0 and first["ema_id"] is None and first["club"] == ""


def test_a_withdrawn_player_is_listed_without_a_rank_and_a_disqualified_one_last(small):
    players.set_status(actor=None, registration=small.regs["p01"], status="withdrawn")
    players.set_status(actor=None, registration=small.regs["p05"], status="disqualified")
    by_key = {row["key"]: row for row in player_rows(small.tournament)}
    assert len(by_key) == 8
    withdrawn = by_key["p01"]
    assert (withdrawn["rank"], withdrawn["rank_order"], withdrawn["status_order"]) == (None, 10**6, 3)
    disqualified = by_key["p05"]  # ranked after the six others (rules-interpretation.md section 4)
    assert (disqualified["rank"], disqualified["status_order"]) == ("7", 2)  # after active and reserve
    assert by_key["p06"]["rank"] == "1"  # alone at the top: p01 left the results, p05 went last


def test_before_any_result_everybody_shares_the_first_rank(db):
    from tests.tournament.factories import make_event, numbered_people

    tournament = make_event("empty", numbered_people(4))
    assert {row["rank"] for row in player_rows(tournament)} == {"1="}


def found(small, query):
    return sorted(row["key"] for row in player_rows(small.tournament, query))


def test_the_search_ignores_case_and_accents_and_looks_at_every_column(small):
    players.update_person(
        actor=None,
        player=small.regs["p03"].player,
        first_name="Jörg",
        last_name="van den Berg",
        ema_id="04010003",
        country="NED",
    )
    assert found(small, "") == found(small, "   ") == sorted(small.regs)
    assert found(small, "JORG") == found(small, "berg, jörg") == found(small, "0401") == ["p03"]
    assert found(small, "LAST07") == found(small, "first07 last07") == ["p07"]
    assert found(small, "ger") == ["p02", "p04", "p06", "p08"]  # the country
    assert found(small, "p08") == ["p08"]  # the key
    assert found(small, "nobody") == []
