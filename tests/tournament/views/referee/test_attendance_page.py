"""The attendance page (issue 20) for referees and organisers: roles, one post per tap, refusals 400 naming what,
and the lateness proposal of 5.7 confirmed through the penalty service."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.models import Attendance, AuditEntry, Penalty, Seat
from tournament.services import clock
from tournament.services.tournaments import create_tournament

PAGE = "/t/demo/referee/sessions/6/attendance/"


def seated(demo, table=1, wind="E") -> Seat:
    return Seat.objects.select_related("registration__player").get(
        session__tournament=demo, session__number=6, table__number=table, wind=wind
    )


def marks() -> list[tuple]:
    """Every attendance row (the demo has its own: the absent players of sessions 3 and 6)."""
    return list(Attendance.objects.order_by("pk").values_list())


@pytest.fixture
def referee(client, demo, make_user):
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    return client


def test_anonymous_visitors_are_sent_to_the_login(client, demo):
    assert client.get(PAGE)["Location"].startswith("/accounts/login/")
    before = marks()
    response = client.post(PAGE + "mark/", {"key": seated(demo).registration.key, "present": "1"})
    assert response.status_code == 302 and marks() == before


def test_staff_of_another_tournament_are_refused(client, demo, make_user):
    other = create_tournament(actor=None, slug="other-open", name="Other Open")
    client.force_login(make_user("outsider", tournament=other, role="organiser"))
    assert client.get(PAGE).status_code == 403
    before = marks()
    response = client.post(PAGE + "mark/", {"key": seated(demo).registration.key, "present": "1"})
    assert response.status_code == 403 and marks() == before


def test_the_organiser_opens_it_from_the_dashboard(organiser_client):
    assert PAGE in organiser_client.get("/t/demo/organise/").content.decode()
    assert organiser_client.get(PAGE).status_code == 200


def test_a_referee_marks_present_and_absent_with_one_post_each(referee, demo):
    assert PAGE in referee.get("/t/demo/referee/").content.decode()
    first, second = seated(demo, wind="E").registration, seated(demo, wind="S").registration
    html = referee.get(PAGE).content.decode()
    assert "0 present · 1 absent · 31 not checked in" in html  # the demo's absent player, substituted by r01
    response = referee.post(PAGE + "mark/", {"key": first.key, "present": "1"})
    assert response.status_code == 302 and response["Location"].endswith(f"#player-{first.key}")
    referee.post(PAGE + "mark/", {"key": second.key, "present": "0"})
    html = referee.get(PAGE).content.decode()
    assert "1 present · 2 absent · 29 not checked in" in html
    assert AuditEntry.objects.filter(action__startswith="attendance.", actor__username="ref").count() == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"key": "nobody", "present": "1"}, "No player has the key nobody in this tournament."),
        ({"key": "p01", "present": "maybe"}, "Choose present or absent."),
    ],
)
def test_a_refused_mark_is_a_400_naming_it_and_writes_nothing(referee, data, message):
    before = marks()
    response = referee.post(PAGE + "mark/", data)
    assert response.status_code == 400 and message in response.content.decode()
    assert marks() == before


def test_an_unknown_session_is_a_404(referee):
    assert referee.get("/t/demo/referee/sessions/99/attendance/").status_code == 404


def test_a_late_arrival_is_proposed_survives_a_reload_and_is_confirmed_5_7(referee, demo):
    session = demo.sessions.get(number=6)
    # started 2 min 30 s ago: the third minute has begun, 3 minutes, 3 x 1,000 = 3,000 points (5.7)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2, seconds=30))
    player = seated(demo).registration
    referee.post(PAGE + "mark/", {"key": player.key, "present": "arrived"})
    assert not Penalty.objects.filter(session=session).exists()  # nothing applied yet
    for _ in range(2):  # a reload shows the same proposal
        html = referee.get(PAGE).content.decode()
        assert "came 3 minutes late" in html and "Proposed: a lateness penalty of 3,000 points." in html
    response = referee.post(PAGE + "lateness/", {"key": player.key})
    assert response.status_code == 302
    penalty = Penalty.objects.get(session=session, registration=player)
    assert (penalty.kind, penalty.minutes) == ("lateness", 3)
    assert AuditEntry.objects.filter(action="penalty.give", actor__username="ref").count() == 1
    assert "Proposed: a lateness penalty" not in referee.get(PAGE).content.decode()
    assert referee.post(PAGE + "lateness/", {"key": player.key}).status_code == 400  # nothing left to confirm
    assert Penalty.objects.filter(session=session, registration=player).count() == 1


def test_more_than_ten_minutes_late_proposes_a_substitute_not_a_penalty_5_7(referee, demo):
    session = demo.sessions.get(number=6)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=11))
    player = seated(demo).registration
    referee.post(PAGE + "mark/", {"key": player.key, "present": "arrived"})
    html = referee.get(PAGE).content.decode()
    assert "came more than 10 minutes after the start: a substitute takes the seat (5.7)" in html
    assert referee.post(PAGE + "lateness/", {"key": player.key}).status_code == 400
    assert not Penalty.objects.filter(session=session).exists()


def test_a_present_mark_after_the_start_proposes_nothing_and_arrived_now_is_offered_once_the_clock_runs(
    referee, demo
):
    """Issue 28: a present mark is attendance; "Arrived now" is a separate button, shown once the clock runs for a
    player absent or not checked in, never for a present one or a reserve."""
    session = demo.sessions.get(number=6)
    first, second = seated(demo, wind="E").registration, seated(demo, wind="S").registration
    assert 'value="arrived"' not in referee.get(PAGE).content.decode()  # before the start
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2))
    referee.post(PAGE + "mark/", {"key": first.key, "present": "1"})
    html = referee.get(PAGE).content.decode()
    assert "attendance-proposals" not in html
    line = html.split(f'id="player-{first.key}"')[1].split("</li>")[0]
    assert "Arrived now" not in line
    line = html.split(f'id="player-{second.key}"')[1].split("</li>")[0]
    assert 'value="arrived"' in line and "Arrived now" in line
    line = html.split('id="player-r01"')[1].split("</li>")[0]
    assert "Arrived now" not in line


def test_everyone_at_a_table_and_in_the_session_with_one_post_each(referee, demo):
    html = referee.get(PAGE).content.decode()
    assert "Everyone in this session is here" in html and "Everyone at table 1 is here" in html
    response = referee.post(PAGE + "everyone/", {"table": "1"})
    assert response.status_code == 302 and response["Location"].endswith("#table-1")
    present = Attendance.objects.filter(session__number=6, present=True)
    assert present.count() == 4
    html = referee.get(PAGE).content.decode()
    assert "4 players marked present." in html and "Everyone at table 1 is here" not in html
    assert referee.post(PAGE + "everyone/", {"table": "x"}).status_code == 400
    assert referee.post(PAGE + "everyone/", {"table": "99"}).status_code == 400
    referee.post(PAGE + "everyone/")
    html = referee.get(PAGE).content.decode()
    assert "31 present · 1 absent · 0 not checked in" in html  # the absent player keeps the mark
    assert "Everyone in this session is here" not in html
    assert not AuditEntry.objects.filter(action="attendance.present").exists()
    assert (
        AuditEntry.objects.filter(action__startswith="attendance.everyone", actor__username="ref").count()
        == 2
    )


def test_a_proposal_is_dismissed_with_a_reason(referee, demo):
    session = demo.sessions.get(number=6)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2))
    player = seated(demo).registration
    referee.post(PAGE + "mark/", {"key": player.key, "present": "arrived"})
    html = referee.get(PAGE).content.decode()
    assert "Why no penalty" in html and "Dismiss the proposal" in html
    response = referee.post(PAGE + "dismiss/", {"key": player.key, "reason": ""})
    assert response.status_code == 400 and "say why the lateness" in response.content.decode()
    response = referee.post(
        PAGE + "dismiss/", {"key": player.key, "reason": "at the table, clock started early"}
    )
    assert response.status_code == 302
    html = referee.get(PAGE).content.decode()
    assert "Lateness proposal dismissed." in html and "attendance-proposals" not in html
    entry = AuditEntry.objects.get(action="attendance.lateness_dismissed")
    assert (entry.actor.username, entry.data["reason"]) == ("ref", "at the table, clock started early")
    assert referee.post(PAGE + "lateness/", {"key": player.key}).status_code == 400
    assert not Penalty.objects.filter(session=session).exists()


def test_an_absent_players_line_links_to_choosing_their_substitute(referee, demo):
    """Issue 28 item 5: not only a player more than 10 minutes late; a seat with a substitute already has none."""
    player = seated(demo, wind="W").registration
    referee.post(PAGE + "mark/", {"key": player.key, "present": "0"})
    html = referee.get(PAGE).content.decode()
    line = html.split(f'id="player-{player.key}"')[1].split("</li>")[0]
    assert f'href="/t/demo/organise/sessions/6/substitutes/?player={player.key}"' in line
    substituted = Seat.objects.get(
        session__tournament=demo, session__number=6, substitute_reserve__isnull=False
    )
    other = html.split(f'id="player-{substituted.registration.key}"')[1].split("</li>")[
        0
    ]  # the demo's, r01 plays
    assert "absent" in other
    assert "substitutes/?player=" not in other


def test_a_substituted_seat_names_its_substitute_and_the_reserve_whose_seat_they_play(referee, demo):
    """A seat with a substitute from the start (5.8): the absent player's line says who plays it, the reserve's line
    whose seat they take, so the desk knows that reserve must be there too; in Dutch as well."""
    from scoring.standings import RESERVE
    from tournament.services import players
    from tournament.services.substitutes import substitute

    players.register_player(
        actor=None, tournament=demo, key="r91", first_name="Jan", last_name="Jansen", status=RESERVE
    )
    seat = seated(demo, wind="S")
    substitute(
        tournament=demo, session_number=6, player_key=seat.registration.key, reserve_key="r91", actor=None
    )
    html = referee.get(PAGE).content.decode()
    assert "Substituted by Jan Jansen</span>" in html  # the page is session 6's own
    assert f"for {seat.registration.player}" in html
    html = referee.get(PAGE, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Vervangen door Jan Jansen</span>" in html


def test_the_counts_agree_with_each_number_in_french(referee, demo):
    """Issue 28's review: the French page read "1 présents · 1 absents · 31 pas encore pointés" (one message for
    three numbers); each count is its own plural form: "1 présent · 1 absent", "2 absents"."""
    first, second = seated(demo, wind="E").registration, seated(demo, wind="S").registration
    referee.post(PAGE + "mark/", {"key": first.key, "present": "1"})
    html = referee.get(PAGE, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1 présent · 1 absent · 30 pas encore pointés" in html
    referee.post(PAGE + "mark/", {"key": second.key, "present": "0"})
    html = referee.get(PAGE, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1 présent · 2 absents · 29 pas encore pointés" in html
    assert "1 aanwezig · 2 afwezig" in referee.get(PAGE, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "1 present · 2 absent · 29 not checked in" in referee.get(PAGE).content.decode()
