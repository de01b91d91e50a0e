"""The audit log page: newest first, filtered by session, table, player and the person who made the change; a
result names only its table, a cancelled penalty only the penalty, and the filters still find them."""

import pytest

from tests.tournament.views.organise.conftest import page
from tournament.models import Registration, Session
from tournament.services.penalties import cancel_penalty, give_penalty
from tournament.services.players import set_status
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import update_tournament


@pytest.fixture
def events(small, make_user):
    rita = make_user("rita", tournament=small, role="referee")
    olga = make_user("olga-2", tournament=small, role="organiser")
    session = Session.objects.get(tournament=small, number=2)
    table = session.tables.get(number=1)
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (30_000, 30_000, 30_000, 30_000), strict=True)]
    enter_table_result(actor=rita, table=table, scores=scores)
    dirk = Registration.objects.get(tournament=small, key="d")
    penalty = give_penalty(actor=olga, registration=dirk, session=session, kind="lateness", minutes=3)
    cancel_penalty(actor=olga, penalty=penalty, reason="the clock was wrong")
    set_status(
        actor=olga, registration=Registration.objects.get(tournament=small, key="b"), status="withdrawn"
    )
    update_tournament(actor=olga, tournament=small, city="Delft")
    return small


def shown(client, query: str) -> list[str]:
    html = client.get(page("log/", "small") + query).content.decode()
    body = html.split('<table class="log stacked">')[1].split("</tbody>")[0] if "log stacked" in html else ""
    return [part.split("</td>")[0] for part in body.split('<td class="what wide">')[1:]]


SUMMARIES = {
    "result": "Session 2, table 1: result version 1",
    "penalty": "Session 2, Dirk Dekker: lateness, 3,000 points",
    "cancel": "Cancelled lateness of Dirk Dekker in session 2",
    "status": "Bram Bakker: active → withdrawn",
    "update": "Changed city",
}


@pytest.mark.parametrize(
    "query, expected",
    [
        ("?session=2", ["cancel", "penalty", "result"]),
        ("?session=2&table=1", ["cancel", "penalty", "result"]),
        ("?table=2", []),
        ("?player=d", ["cancel", "penalty", "result"]),
        ("?player=b", ["status", "result"]),
        ("?person=rita", ["result"]),
        ("?person=olga-2&session=2", ["cancel", "penalty"]),
    ],
)
def test_the_filters(client, events, make_user, query, expected):
    client.force_login(make_user("viewer", tournament=events, role="organiser"))
    assert shown(client, query) == [SUMMARIES[name] for name in expected]


def test_everything_newest_first(client, events, make_user):
    client.force_login(make_user("viewer", tournament=events, role="organiser"))
    listed = shown(client, "")
    assert listed[:5] == [SUMMARIES[n] for n in ("update", "status", "cancel", "penalty", "result")]
    assert listed[-1].startswith("Imported small from an archive")


def test_bad_filters_are_named_and_show_everything(organiser_client):
    response = organiser_client.get(page("log/") + "?session=99&table=x")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Select a valid choice. 99 is not one of the available choices." in html
    assert "Enter a whole number." in html


def test_the_log_is_paged(organiser_client, demo):
    for number in range(55):
        update_tournament(actor=None, tournament=demo, city=f"City {number}")
    first = organiser_client.get(page("log/")).content.decode()
    assert first.count('<td class="what wide">') == 50 and "page 1 of 2" in first
    second = organiser_client.get(page("log/") + "?page=2").content.decode()
    assert "page 2 of 2" in second and "newer" in second
