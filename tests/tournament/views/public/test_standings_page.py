"""The public standings: provisional while a session is incomplete, only sessions with results to choose from,
penalty and substitute marks with their words, the movement since the previous session, unconfirmed results
marked. Figures by hand in conftest.py."""

import re

import pytest
from django.utils.timezone import localtime

from tests.tournament.views.public.conftest import enter, row_of, rows
from tournament.services import checks, players, tournaments
from tournament.services.results import SeatScore, enter_table_result

URL = "/t/hand-worked/standings/"
# session 3, table 1 (h E, g S, f W, e N): h +30.0, g +10.0, f -10.0, e -30.0 (15,000 above or below the start
# plus uma +15,000 / +5,000 / -5,000 / -15,000, EMA 2016 3.6)
SESSION_3_TABLE_1 = {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000}


def cells(row: str) -> list[str]:
    """The text of each cell of a row, tags removed."""
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_a_complete_session_is_not_provisional(client, hand_worked):
    html = client.get(URL).content.decode()
    assert "Standings after session 2" in html
    assert "Provisional" not in html


def test_an_incomplete_session_is_provisional_with_the_time_of_the_last_result(client, hand_worked):
    result = enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    html = client.get(URL).content.decode()
    assert "Standings after session 3" in html
    entered = localtime(result.entered_at)
    assert f"Provisional: 1 of 2 tables of session 3 entered · last result {entered:%H:%M}" in html
    # the totals after session 3 so far: f 22.0, b 17.9, a 11.2, e 10.0, g -7.0, h -20.0, c -27.3, d -29.8
    assert re.findall(r"/players/([a-h])/", html.split("<tbody", 1)[1]) == list("fbaeghcd")


def test_the_after_session_choice_lists_only_sessions_with_results(client, hand_worked):
    html = client.get(URL).content.decode()
    options = re.findall(r'<option value="(\d*)"[^>]*>([^<]*)</option>', html.split('id="after"', 1)[1])
    assert options == [("", "latest"), ("1", "1"), ("2", "2")]
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    html = client.get(URL).content.decode()
    options = re.findall(r'<option value="(\d*)"[^>]*>([^<]*)</option>', html.split('id="after"', 1)[1])
    assert options[-1] == ("3", "3 (provisional)")


def test_movement_since_the_previous_session(client, hand_worked):
    html = client.get(URL).content.decode()
    # ranks after 1: a 1, e 2=, f 2=, b 4, c 5, g 6, d 7, h 8; after 2: e 1, f 2, b 3, a 4, g 5, c 6, d 7, h 8
    moves = {cells(row)[1]: cells(row)[0] for row in rows(html)}
    assert moves["Ádám Szűcs"] == "1 ▲1"
    assert moves["Şükrü Yılmaz"] == "2"  # 2= to 2: no place gained
    assert moves["Łukasz Wiśniewski"] == "3 ▲1"
    assert moves["Anna de Vries"] == "4 ▼3"
    assert moves["Jiří Dvořák"] == "6 ▼1"
    assert moves["Søren Kjær"] == "7"
    assert "places up or down since session 1" in html


def test_after_session_one_has_no_movement(client, hand_worked):
    html = client.get(URL + "?after=1").content.decode()
    assert "▲" not in html.split("<tbody", 1)[1] and "▼" not in html.split("<tbody", 1)[1]


def test_penalties_are_marked_with_their_words(client, hand_worked):
    html = client.get(URL).content.decode()
    anna = row_of(html, "Anna de Vries")
    # session 2: +5.0 at the table, chombo 20,000 after uma (3.4.6): -15.0
    assert 'class="points session penalised"' in anna
    assert 'title="Chombo: \u221220.0"' in anna and "\u221215.0" in anna
    soren = row_of(html, "Søren Kjær")  # session 1: -22.8, late 3 minutes: 3,000 after uma (5.7)
    assert 'title="Lateness (3 min): \u22123.0"' in soren and "\u221225.8" in soren
    lukasz = row_of(html, "Łukasz Wiśniewski")  # the cancelled obstruction is no mark
    assert "penalised" not in lukasz


def test_a_warning_is_marked_without_points(client, hand_worked):
    anna = hand_worked.registrations.get(key="a")
    from tournament.services.penalties import give_penalty

    give_penalty(
        actor=None,
        registration=anna,
        session=hand_worked.sessions.get(number=1),
        kind="warning",
        reason="phone",
    )
    html = client.get(URL).content.decode()
    assert 'title="Warning"' in row_of(html, "Anna de Vries")


def test_substitutes_are_marked_with_the_name(client, hand_worked):
    table = hand_worked.sessions.get(number=3).tables.get(number=1)
    enter_table_result(
        actor=None,
        table=table,
        scores=[
            SeatScore("E", 45_000),
            SeatScore("S", 35_000, "from_start", "Kees Reserve"),
            SeatScore("W", 25_000),
            SeatScore("N", 15_000),
        ],
        expected_version=0,
    )
    html = client.get(URL).content.decode()
    asa = row_of(html, "Åsa Lindqvist")  # g sat South at session 3, table 1
    assert 'class="points session substituted"' in asa
    assert "Substitute from the start: Kees Reserve" in asa


def test_unconfirmed_results_are_marked_while_counted(client, hand_worked):
    tournaments.update_tournament(
        actor=None, tournament=hand_worked, confirmation_required=True, count_unconfirmed=True
    )
    html = client.get(URL).content.decode()
    assert "? not confirmed yet" in html
    assert html.count('class="points session unconfirmed"') == 8 * 2 - 2  # a and d also have a penalty mark
    table = hand_worked.sessions.get(number=2).tables.get(number=2)
    checks.check_result(actor=None, table=table, version=1, verdict="confirmed")
    html = client.get(URL).content.decode()
    assert html.count('class="points session unconfirmed"') == 14 - 4  # b, f, d and h in session 2
    assert row_of(html, "Şükrü Yılmaz").count("unconfirmed") == 1  # f: session 1 only


def test_only_confirmed_results_count_when_the_organiser_says_so(client, hand_worked):
    tournaments.update_tournament(
        actor=None, tournament=hand_worked, confirmation_required=True, count_unconfirmed=False
    )
    table = hand_worked.sessions.get(number=1).tables.get(number=1)
    checks.check_result(actor=None, table=table, version=1, verdict="confirmed")
    html = client.get(URL).content.decode()
    assert "Standings after session 1" in html
    assert "Provisional: 1 of 2 tables of session 1 confirmed" in html


def test_disqualified_players_keep_their_badge(client, hand_worked):
    players.set_status(actor=None, registration=hand_worked.registrations.get(key="e"), status="disqualified")
    last = rows(client.get(URL).content.decode())[-1]
    assert "Ádám Szűcs" in last and "disqualified" in last


def test_the_standings_in_dutch(client, hand_worked):
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    html = client.get(URL, headers={"accept-language": "nl"}).content.decode()
    for dutch in (
        "Voorlopig: 1 van de 2 tafels van sessie 3 ingevoerd",
        "3 (voorlopig)",
        "Chombo: \u221220,0",
    ):
        assert dutch in html, dutch
    assert "sinds sessie 2" in html and "Bijgewerkt om" in html


def test_no_meta_refresh_and_a_static_script(client, hand_worked):
    html = client.get(URL).content.decode()
    assert 'http-equiv="refresh"' not in html
    assert re.search(r'<script src="/static/js/live\.js" defer></script>', html)
    assert "<script>" not in html and "onchange" not in html.split('id="live"', 1)[1]


@pytest.mark.parametrize(("language", "first"), [("en", "S1"), ("nl", "S1"), ("de", "R1"), ("fr", "S1")])
def test_the_session_columns_are_abbreviated_in_the_readers_language(client, hand_worked, language, first):
    """Issue 28: German read "S1", "S2" for its "Runde": the abbreviation is a message of each language (context
    "session column"), the same on the standings, the player's rank chart and the printed standings."""
    client.cookies["django_language"] = language
    head = client.get(URL).content.decode().split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert re.findall(r'<th class="points session">([^<]*)</th>', head)[:2] == [first, first[0] + "2"]
