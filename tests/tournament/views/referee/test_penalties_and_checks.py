"""Penalties from the table page (3.4.6, 5.5-5.7), the second check, and who may do any of it."""

import pytest

from tests.tournament.views.referee.conftest import form_data, table_url
from tournament.models import Penalty, ResultCheck, TableResult
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import create_tournament, update_tournament


def penalty_data(seat, kind, key, **extra):
    return {"seat": seat, "kind": kind, "submission_key": key, **extra}


def test_chombo_in_one_tap_shows_in_the_preview(referee_client, table, seats):
    response = referee_client.post(
        table_url(table, "penalties/"), penalty_data("N", "chombo", "chombo-key-1")
    )
    assert response.status_code == 302
    penalty = Penalty.objects.get(session=table.session, registration=seats["N"].registration)
    assert (penalty.kind, penalty.created_by_label) == ("chombo", "ref")
    html = referee_client.post(
        table_url(table), form_data(["41200", "30900", "25700", "22200"], action="preview")
    ).content.decode()
    # 3.4.6: 20,000 after uma: N -7,800 - 15,000 - 20,000 = -42,800
    assert "\u221242.8" in html and "\u221220.0" in html
    assert "Chombo for" in referee_client.get(table_url(table)).content.decode()  # in the history


def test_the_same_tap_twice_is_one_chombo(referee_client, table):
    for _ in range(2):
        referee_client.post(table_url(table, "penalties/"), penalty_data("E", "chombo", "chombo-key-2"))
    assert Penalty.objects.filter(session=table.session).count() == 1


def test_lateness_over_ten_minutes_is_refused_with_the_advice(referee_client, table):
    html = referee_client.post(
        table_url(table, "penalties/"), penalty_data("S", "lateness", "late-key-12", minutes="12")
    ).content.decode()
    assert "12 minutes late is more than 10" in html and "substitute from the start" in html
    assert not Penalty.objects.filter(session=table.session).exists()


def test_lateness_and_cancelling_with_a_reason(referee_client, table, seats):
    referee_client.post(
        table_url(table, "penalties/"), penalty_data("S", "lateness", "late-key-5", minutes="5")
    )
    penalty = Penalty.objects.get(session=table.session)
    html = referee_client.post(
        table_url(table), form_data(["41200", "30900", "25700", "22200"], action="preview")
    ).content.decode()
    assert "+0.9" in html  # 5.7: S +900 + 5,000 uma - 5 x 1,000 = +900
    response = referee_client.post(
        table_url(table, "penalties/cancel/"), {"penalty": penalty.pk, "reason": ""}
    )
    assert response.status_code == 302
    penalty.refresh_from_db()
    assert not penalty.cancelled
    referee_client.post(
        table_url(table, "penalties/cancel/"), {"penalty": penalty.pk, "reason": "clock was wrong"}
    )
    penalty.refresh_from_db()
    assert penalty.cancelled and penalty.cancel_reason == "clock was wrong"


def test_other_penalties_need_points_and_a_reason(referee_client, table):
    html = referee_client.post(
        table_url(table, "penalties/"), penalty_data("W", "other", "other-key-1", points="2000")
    ).content.decode()
    assert "this penalty needs a reason" in html
    assert not Penalty.objects.exists() or not Penalty.objects.filter(session=table.session).exists()


@pytest.fixture
def checked(demo, table, make_user):
    update_tournament(actor=None, tournament=demo, confirmation_required=True)
    rita = make_user("rita", tournament=demo, role="referee")
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (41_200, 30_900, 25_700, 22_200), strict=True)]
    enter_table_result(actor=rita, table=table, scores=scores, expected_version=0)
    return rita


def test_nobody_checks_their_own_result(client, table, checked):
    client.force_login(checked)
    client.post(
        table_url(table, "check/"), {"version": 1, "verdict": "confirmed", "submission_key": "own-check-1"}
    )
    assert not ResultCheck.objects.exists()


def test_a_second_referee_confirms_or_disputes_with_a_reason(referee_client, table, checked):
    assert referee_client.get(table_url(table)).content.decode().count("Second check") == 1
    referee_client.post(
        table_url(table, "check/"),
        {"version": 1, "verdict": "disputed", "reason": "", "submission_key": "dispute-key-1"},
    )
    assert not ResultCheck.objects.exists()
    referee_client.post(
        table_url(table, "check/"),
        {"version": 1, "verdict": "disputed", "reason": "E was 42,200", "submission_key": "dispute-key-2"},
    )
    assert ResultCheck.objects.get().verdict == "disputed"
    listing = referee_client.get("/t/demo/referee/sessions/6/").content.decode()
    assert "state-disputed" in listing


def test_unconfirmed_results_can_be_left_out_of_the_standings(client, demo, table, checked, make_user):
    def session_6_counted():
        headers = (
            client.get("/t/demo/standings/").content.decode().split("<thead", 1)[1].split("</thead>", 1)[0]
        )
        return "S6" in headers  # the session's column

    assert session_6_counted()
    update_tournament(actor=None, tournament=demo, count_unconfirmed=False)
    assert not session_6_counted()
    client.force_login(make_user("olga", tournament=demo, role="organiser"))
    client.post(
        table_url(table, "check/"), {"version": 1, "verdict": "confirmed", "submission_key": "check-key-1"}
    )
    assert session_6_counted()


REFEREE_GETS = ["", "sessions/6/", "sessions/6/tables/1/"]
REFEREE_POSTS = [
    "sessions/6/tables/1/",
    "sessions/6/tables/1/preview/",
    "sessions/6/tables/1/penalties/",
    "sessions/6/tables/1/penalties/cancel/",
    "sessions/6/tables/1/check/",
]


@pytest.mark.parametrize("path", REFEREE_GETS + REFEREE_POSTS)
def test_a_referee_of_another_tournament_is_refused_everywhere(client, demo, make_user, path):
    other = create_tournament(actor=None, slug="other-open", name="Other Open")
    client.force_login(make_user("outsider", tournament=other, role="referee"))
    assert client.get(f"/t/demo/referee/{path}").status_code == 403
    post = client.post(f"/t/demo/referee/{path}", form_data(["41200", "30900", "25700", "22200"]))
    assert post.status_code == 403
    assert not TableResult.objects.filter(table__session__number=6).exists()
    assert not Penalty.objects.filter(session__number=6).exists()


@pytest.mark.parametrize("path", REFEREE_GETS)
def test_anonymous_people_go_to_the_login_page(client, demo, path):
    response = client.get(f"/t/demo/referee/{path}")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_session_list_puts_missing_tables_first_and_finds_players(referee_client, table, seats):
    enter_table_result(
        actor=None,
        table=table,
        scores=[SeatScore(w, 30_000) for w in "ESWN"],
        expected_version=0,
    )
    html = referee_client.get("/t/demo/referee/sessions/6/").content.decode()
    order = [int(chunk.split('"', 1)[0]) for chunk in html.split('id="table-')[1:]]
    assert order == [2, 3, 4, 5, 6, 7, 8, 1]
    name = seats["W"].registration.player.last_name
    found = referee_client.get("/t/demo/referee/sessions/6/", {"q": name.upper()}).content.decode()
    assert 'id="table-1"' in found
    assert (
        referee_client.get("/t/demo/referee/sessions/6/", {"q": "3"}).content.decode().count('id="table-')
        == 1
    )
