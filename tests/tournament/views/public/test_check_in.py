"""Players check themselves in (issue 20) through the signed link of their schedule card's QR code: the page shows
the next session they play, their table and wind and an "I am here" button when the organiser allows it; the mark
goes through services.attendance with "the player" as actor; once the clock runs the page says how late the player
is already (minutes, never a penalty), and a check-in after the start is attendance unless a referee marked the
player absent: then it is their arrival, whose lateness the referee decides (5.7); a bad, tampered or other tournament's link is refused and writes nothing."""

from datetime import timedelta
from html import unescape

import pytest
from django.core import signing
from django.utils import timezone

from tournament.display.actors import THE_PLAYER
from tournament.models import Attendance, AuditEntry, Penalty, Registration, Seat
from tournament.printing.schedule_cards import ScheduleCards
from tournament.selectors.check_in import check_in_path, check_in_token, next_session
from tournament.services import clock
from tournament.services.tournaments import create_tournament


def marks() -> list[tuple]:
    """Every attendance row (the demo has its own: the absent players of sessions 3 and 6)."""
    return list(Attendance.objects.order_by("pk").values_list())


def seated(demo, session=6, table=1, wind="E") -> Registration:
    seat = Seat.objects.select_related("registration__player", "registration__tournament").get(
        session__tournament=demo, session__number=session, table__number=table, wind=wind
    )
    return seat.registration


@pytest.fixture
def allowed(demo):
    demo.self_check_in = True
    demo.save(update_fields=["self_check_in"])
    return demo


@pytest.fixture
def player(allowed):
    return seated(allowed)


def test_the_link_opens_the_players_next_session_with_table_and_wind(client, player):
    # the demo event has sessions 1 to 5 played: session 6 is the first whose table has no result
    assert next_session(player).number == 6
    path = check_in_path(player)
    assert path == f"/t/demo/check-in/{check_in_token(player)}/"
    response = client.get(path)
    html = response.content.decode()
    assert response.status_code == 200
    assert str(player.player) in html and "Session 6" in html and "Table 1" in html and "East" in html
    assert "I am here" in html and "csrfmiddlewaretoken" in html
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_the_token_carries_the_tournament_and_key_and_is_the_same_each_time(player):
    token = check_in_token(player)
    assert token == check_in_token(player)  # the same card printed twice opens the same page
    assert signing.Signer(salt="tenbou.check-in").unsign_object(token) == [player.tournament_id, player.key]


def test_a_post_marks_present_audited_with_the_player_as_actor(client, player):
    path = check_in_path(player)
    response = client.post(path)
    assert response.status_code == 302 and response["Location"] == path
    mark = Attendance.objects.get(session__number=6, registration=player)
    assert mark.present and mark.marked_by is None and mark.marked_by_label == THE_PLAYER == "the player"
    entry = AuditEntry.objects.get(action="attendance.present")
    assert entry.actor is None and entry.actor_label == "the player"
    html = client.get(path).content.decode()
    assert "You are checked in for session 6." in html and "I am here" not in html
    client.post(path)  # a second tap writes nothing new
    assert AuditEntry.objects.filter(action="attendance.present").count() == 1


def test_the_page_says_a_player_is_already_late_with_the_minutes_not_a_penalty(client, player, demo):
    """Issue 28 item 5: before checking in, once the clock runs, the page says how late the player is already."""
    session = demo.sessions.get(number=6)
    path = check_in_path(player)
    assert "you are late" not in client.get(path).content.decode()  # before the start
    # started 2 min 30 s ago: the third minute has begun, 3 minutes (5.7)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2, seconds=30))
    html = client.get(path).content.decode()
    assert "Session 6 started 3 minutes ago: you are late. See the referee (5.7)." in html
    assert "points" not in html.split('class="notice late-now"')[1].split("</p>")[0]
    html = client.get(path, headers={"accept-language": "de"}).content.decode()
    assert (
        "Runde 6 hat vor 3 Minuten begonnen: Du bist zu spät. Melde dich beim Schiedsrichter (5.7)." in html
    )


def test_a_check_in_after_the_start_is_attendance_unless_the_player_was_marked_absent_5_7(
    client, player, demo
):
    """Issue 28: the player not checked in who checks in after the start is present (no proposal); one a referee
    marked absent arrives: the lateness is proposed to the referee, never applied, and the page gives the minutes."""
    from tournament.selectors.attendance import session_attendance
    from tournament.services.attendance import mark

    session = demo.sessions.get(number=6)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2, seconds=30))
    path = check_in_path(player)
    client.post(path)
    html = client.get(path).content.decode()
    assert "You are checked in for session 6." in html and "after the start" not in html
    assert session_attendance(session).proposals == []
    other = seated(demo, wind="S")
    mark(actor=None, tournament=demo, session_number=6, key=other.key, present=False)
    path = check_in_path(other)
    client.post(path)
    html = client.get(path).content.decode()
    assert "You came 3 minutes after the start: the referee decides on the lateness (5.7)." in html
    assert [line.key for line in session_attendance(session).proposals] == [other.key]
    assert AuditEntry.objects.filter(action="attendance.arrived", actor_label=THE_PLAYER).count() == 1
    assert not Penalty.objects.filter(session=session).exists()  # never applied from the player's side


def test_more_than_ten_minutes_late_leaves_the_substitute_to_the_referee_5_7(client, player, demo):
    from tournament.services.attendance import mark

    session = demo.sessions.get(number=6)
    mark(actor=None, tournament=demo, session_number=6, key=player.key, present=False)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=11))
    path = check_in_path(player)
    assert "Session 6 started more than 10 minutes ago: you are late." in client.get(path).content.decode()
    client.post(path)
    html = client.get(path).content.decode()
    assert (
        "more than 10 minutes after the start: see the referee, a substitute may take your seat (5.7)" in html
    )
    assert not Penalty.objects.filter(session=session).exists()


def test_when_the_organiser_does_not_allow_it_the_desk_is_named_and_a_post_is_refused(client, demo):
    player = seated(demo)
    assert demo.self_check_in is False
    before = marks()
    path = check_in_path(player)
    html = unescape(client.get(path).content.decode())
    assert "Check in at the referee's desk." in html and "I am here" not in html
    response = client.post(path)
    assert response.status_code == 403 and "Check in at the referee's desk." in unescape(
        response.content.decode()
    )
    assert marks() == before and not AuditEntry.objects.filter(action__startswith="attendance.")


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tampered_token_is_refused_and_writes_nothing(client, player, method):
    before = marks()
    token = check_in_token(player)
    payload, signature = token.rsplit(":", 1)
    other = seated(player.tournament, wind="S")
    forged = signing.Signer(salt="tenbou.check-in").sign_object([player.tournament_id, other.key])
    forged_payload = forged.rsplit(":", 1)[0]
    for bad in (f"{forged_payload}:{signature}", token[:-2] + "xx", "nonsense", "a:b:c"):
        response = getattr(client, method)(f"/t/demo/check-in/{bad}/")
        assert response.status_code == 404
        assert "This check-in link is not valid" in response.content.decode()
        assert "no-store" in response["Cache-Control"]
    assert marks() == before


def test_a_token_of_another_tournament_is_refused(client, player):
    other = create_tournament(actor=None, slug="other-open", name="Other Open")
    before = marks()
    token = check_in_token(player)
    for method in ("get", "post"):
        response = getattr(client, method)(f"/t/{other.slug}/check-in/{token}/")
        assert response.status_code == 404
    assert marks() == before


def test_without_a_session_left_there_is_no_button(client, player):
    Seat.objects.filter(registration=player, session__number__gte=6).delete()
    before = marks()
    html = client.get(check_in_path(player)).content.decode()
    assert "You play in no session that is still to come." in html and "I am here" not in html
    assert client.post(check_in_path(player)).status_code == 400
    assert marks() == before


def test_the_schedule_card_qr_carries_the_check_in_link(demo):
    document = ScheduleCards(demo)
    document.public_base = "https://tenbou.example"
    cards = [card for row in document.context()["pages"][0] for card in row]
    registration = Registration.objects.get(
        tournament=demo,
        player__last_name=cards[0].player.last_name,
        player__first_name=cards[0].player.first_name,
    )
    assert cards[0].url == "https://tenbou.example" + check_in_path(registration)


def test_the_players_page_names_the_qr_code_only_when_allowed(client, demo):
    player = seated(demo)
    page = f"/t/demo/players/{player.key}/"
    assert "Check in with the QR code on your schedule card" not in client.get(page).content.decode()
    demo.self_check_in = True
    demo.save(update_fields=["self_check_in"])
    from django.core.cache import cache

    cache.clear()
    html = client.get(page).content.decode()
    assert "Check in with the QR code on your schedule card" in html and "I am here" not in html


def test_the_page_in_dutch_after_a_late_check_in(client, player, demo):
    from tournament.services.attendance import mark

    session = demo.sessions.get(number=6)
    mark(actor=None, tournament=demo, session_number=6, key=player.key, present=False)
    clock.start_clock(
        actor=None, session=session, at=timezone.now() - timedelta(seconds=30)
    )  # 1 minute (5.7)
    path = check_in_path(player)
    assert "Ik ben er" in client.get(path, headers={"accept-language": "nl"}).content.decode()
    client.post(path)
    html = client.get(path, headers={"accept-language": "nl"}).content.decode()
    assert "Je bent aangemeld voor sessie 6." in html and "Tafel 1" in html and "Oost" in html
    assert "Je kwam 1 minuut na de start: de scheidsrechter beslist over het te laat komen (5.7)." in html
