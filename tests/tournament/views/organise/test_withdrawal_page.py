"""Withdrawals on the day (issue 20, item 5): the withdrawal page shows what the withdrawal does to the standings,
then offers a reserve for every remaining seat (services.substitutes.reserve_for_withdrawn) or the re-seat of the
remaining sessions; a reserve who is not free is refused with the session named and nothing written."""

import pytest

from scoring.standings import WITHDRAWN
from tests.tournament.services.expect import database
from tests.tournament.substitute_event import seat, substitute_event
from tournament.models import Registration, Seat
from tournament.services import players
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.substitutes import substitute

URL = "/t/day/organise/seating/withdrawals/"

pytestmark = pytest.mark.usefixtures("quick_search")  # the pages and flows, not the search


@pytest.fixture
def event(db):
    """Session 1, table 1 played: 40,000 / 35,000 / 25,000 / 20,000 for p01..p04 (E, S, W, N); table 2 and
    session 2 without results. Then p02 withdraws."""
    tournament = substitute_event()
    table = tournament.sessions.get(number=1).tables.get(number=1)
    scores = [SeatScore(w, raw, "") for w, raw in zip("ESWN", (40_000, 35_000, 25_000, 20_000), strict=True)]
    enter_table_result(actor=None, table=table, scores=scores)
    withdraw(tournament, "p02")
    return tournament


def withdraw(tournament, key: str) -> None:
    registration = Registration.objects.get(tournament=tournament, key=key)
    players.set_status(actor=None, registration=registration, status=WITHDRAWN)


@pytest.fixture
def organiser(client, event, make_user):
    client.force_login(make_user("olga", tournament=event, role="organiser"))
    return client


def test_the_page_shows_the_line_that_leaves_the_standings_first(organiser):
    html = organiser.get(URL).content.decode()
    # 3.6 and 4: p02 35,000 -> score +5.0, uma +5.0 (15/5/-5/-15) = +10.0, second behind p01 (+25.0); p05..p08
    # have no result yet (0), p03 -10.0, p04 -25.0. Without p02: p05..p08 move from 3= to 2=, p03 7 -> 6,
    # p04 8 -> 7: six others change rank. 8 ranked players before (the reserves never count), 7 after.
    assert "What the withdrawal of First02 Last02 changes in the standings" in html
    assert "<td>2</td><td>First02 Last02</td><td>+10.0</td>" in html
    assert "Ranked players: 8 with First02 Last02, 7 without." in html
    assert "6 other players change rank." in html
    assert "scored as substituted from the start (5.8)" in html
    assert "session 2 table 1 S" in html
    assert '<option value="r01">Jan Jansen</option>' in html
    assert '<option value="r02">Kees Klaassen</option>' in html


def test_a_reserve_takes_every_remaining_seat(organiser, event):
    response = organiser.post(URL, {"player": "p02", "reserve": "r01"}, follow=True)
    html = response.content.decode()
    assert "Jan Jansen takes the seats of First02 Last02 from the start: session 2 table 1 South." in html
    assert seat(event, 2, "p02").substitute_label == "Jan Jansen"
    assert seat(event, 1, "p02").substitute_label == ""  # session 1 has its result and stays


def test_a_reserve_who_is_not_free_is_refused_and_nothing_is_written(organiser, event):
    substitute(tournament=event, session_number=2, player_key="p05", reserve_key="r01", actor=None)
    html = organiser.get(URL).content.decode()
    assert '<option value="r01">' not in html and '<option value="r02">Kees Klaassen</option>' in html
    before = database()
    response = organiser.post(URL, {"player": "p02", "reserve": "r01"})
    assert response.status_code == 400
    assert "Session 2: no reserve is free to take First02 Last02" in response.content.decode()
    assert database() == before


def test_no_free_reserve_says_so_instead_of_a_choice(organiser, event):
    substitute(tournament=event, session_number=2, player_key="p05", reserve_key="r01", actor=None)
    substitute(tournament=event, session_number=2, player_key="p06", reserve_key="r02", actor=None)
    html = organiser.get(URL).content.decode()
    assert "No reserve is free in every one of these sessions." in html
    assert 'name="reserve"' not in html


def test_the_re_seat_path_seats_the_remaining_session_without_the_withdrawn(organiser, event):
    for key in ("p06", "p07", "p08"):  # four withdrawn: the four players left make one table
        withdraw(event, key)
    html = organiser.get(URL + "?player=p02").content.decode()
    assert "B. Seat the remaining sessions again" in html and "4 players are active or disqualified" in html
    organiser.post("/t/day/organise/seating/generate/", {"sessions": "2", "seed": "0"})
    assert (
        organiser.post(f"/t/day/organise/seating/proposal/from-job/{event.jobs.get().pk}/").status_code == 302
    )
    assert organiser.post("/t/day/organise/seating/proposal/save/").status_code == 302
    seated = Seat.objects.filter(session__tournament=event, session__number=2)
    assert sorted(seated.values_list("registration__key", flat=True)) == ["p01", "p03", "p04", "p05"]
    assert Seat.objects.filter(session__tournament=event, session__number=1).count() == 8  # played, kept


def test_an_unknown_player_is_a_404_and_a_player_not_withdrawn_is_refused(organiser, event):
    assert organiser.get(URL + "?player=p01").status_code == 404
    before = database()
    response = organiser.post(URL, {"player": "p01", "reserve": "r01"})
    assert response.status_code == 400 and database() == before


def test_referees_and_the_public_may_not_withdraw(client, event, make_user):
    assert client.get(URL).status_code == 302  # to the login page
    client.force_login(make_user("rita", tournament=event, role="referee"))
    before = database()
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"player": "p02", "reserve": "r01"}).status_code == 403
    assert database() == before


def test_in_dutch(organiser):
    html = organiser.get(URL, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Spelers in het klassement: 8 met First02 Last02, 7 zonder." in html
    assert "A. Een reserve neemt elke overgebleven plaats in" in html


def test_the_seats_the_reserve_has_just_taken_are_no_longer_listed(organiser, event):
    """Issue 28 item 5: after the reserve takes the seats, the page lists no seat of the player left to cover."""
    organiser.post(URL, {"player": "p02", "reserve": "r01"})
    html = organiser.get(URL).content.decode()
    assert "No withdrawn player has a seat in a session without results." in html
    assert "still has seats in" not in html and "A. A reserve takes every remaining seat" not in html


def test_a_session_whose_clock_runs_is_a_substitute_during_the_session_on_the_referees_form(organiser, event):
    """Issue 28 item 5: p06 withdraws while session 1 is being played (its clock runs, table 2 has no result): that
    seat is not offered "from the start"; the page says a substitute takes it during the session (5.8), on the
    referee's form of the table. The reserve takes only the seat of session 2, whose clock has not started."""
    from django.utils import timezone

    from tournament.services.clock import start_clock

    withdraw(event, "p06")
    start_clock(actor=None, session=event.sessions.get(number=1), at=timezone.now())
    html = organiser.get(URL + "?player=p06").content.decode()
    offered = html.split("A. A reserve takes every remaining seat")[1].split("</ul>")[0]
    assert "session 2 table 2 S" in offered and "session 1 table 2 S" not in offered
    assert (
        "Session 1 has started: a substitute takes the seat at table 2 during the session (5.8), entered on the "
        "referee's form of the table." in html
    )
    assert 'href="/t/day/referee/sessions/1/tables/2/"' in html
    organiser.post(URL, {"player": "p06", "reserve": "r01"})
    assert seat(event, 2, "p06").substitute_label == "Jan Jansen"
    assert seat(event, 1, "p06").substitute_label == ""  # mid-session: the referee's form, not here
