"""The session page (each table's raw points, place, uma, penalties and result next to the seating) and the
player page (every session with its figures, the running total, the rank after it and the rank chart). Figures by
hand in conftest.py."""

import re

from tests.tournament.views.public.conftest import enter
from tournament.services.results import SeatScore, enter_table_result


def seat_rows(html: str, table: int) -> dict[str, list[str]]:
    """Table n's card on the session page: the player's name -> the texts of the row's cells."""
    card = html.split(f'id="table-{table}"', 1)[1].split("</article>", 1)[0]
    found = {}
    for row in card.split("<tbody>", 1)[1].split("<tr>")[1:]:
        texts = [
            re.sub(r"<[^>]+>", " ", cell).split() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        found[" ".join(texts[1][:2])] = [" ".join(text) for text in texts]
    return found


def test_the_session_page_shows_each_tables_figures(client, hand_worked):
    html = client.get("/t/hand-worked/sessions/2/").content.decode()
    table_1 = seat_rows(html, 1)
    # wind, player, raw points, place, uma, penalties, result (3.6, 3.4.6)
    assert table_1["Anna de"] == [
        "E",
        "Anna de Vries",
        "30,000",
        "2",
        "+5.0",
        "\u221220.0 ! Chombo: \u221220.0",
        "\u221215.0",
    ]
    assert table_1["Ádám Szűcs"] == ["S", "Ádám Szűcs", "35,000", "1", "+15.0", "—", "+20.0"]
    assert table_1["Jiří Dvořák"] == ["N", "Jiří Dvořák", "27,000", "4", "\u221215.0", "—", "\u221218.0"]
    table_2 = seat_rows(html, 2)  # b and f share first place: (15,000 + 5,000) / 2 each (3.6.1)
    assert table_2["Łukasz Wiśniewski"][2:] == ["32,000", "1", "+10.0", "—", "+12.0"]
    assert table_2["Şükrü Yılmaz"][2:] == ["32,000", "1", "+10.0", "—", "+12.0"]
    assert "Tables and results" in html


def test_the_session_page_before_and_while_results_come_in(client, hand_worked):
    html = client.get("/t/hand-worked/sessions/3/").content.decode()
    assert "Tables and results" not in html and "<tbody>" not in html.split('id="table-1"', 1)[1][:400]
    enter(hand_worked, 3, 1, {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000})
    html = client.get("/t/hand-worked/sessions/3/").content.decode()
    assert "Results of 1 of 2 tables entered so far." in html
    assert seat_rows(html, 1)["Ádám Szűcs"][2:] == ["15,000", "4", "\u221215.0", "—", "\u221230.0"]
    assert "no result yet" in html.split('id="table-2"', 1)[1].split("</h3>", 1)[0]


def test_the_session_page_names_the_substitute(client, hand_worked):
    table = hand_worked.sessions.get(number=3).tables.get(number=2)  # d E, c S, b W, a N
    enter_table_result(
        actor=None,
        table=table,
        scores=[
            SeatScore("E", 40_000),
            SeatScore("S", 30_000, "mid_session", "Kees Reserve"),
            SeatScore("W", 30_000),
            SeatScore("N", 20_000),
        ],
        expected_version=0,
    )
    html = client.get("/t/hand-worked/sessions/3/").content.decode()
    # 5.8: the seat of a mid-session substitute records -15,000 and -15,000 uma, no place
    assert seat_rows(html, 2)["Jiří Dvořák"] == [
        "S",
        "Jiří Dvořák ⇄ Substitute during the session: Kees Reserve",
        "30,000",
        "—",
        "\u221215.0",
        "—",
        "\u221230.0",
    ]


def schedule_row(html: str, session: int, label: str = "Session") -> dict[str, str]:
    row = html.split(f'data-label="{label}">{session}<', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r'data-label="([^"]+)">(.*?)</td>', row, re.S)
    return {label: " ".join(re.sub(r"<[^>]+>", "", text).split()) for label, text in cells}


def test_the_player_page_shows_every_session(client, hand_worked):
    html = client.get("/t/hand-worked/players/a/").content.decode()
    one, two = schedule_row(html, 1), schedule_row(html, 2)
    assert one["Table"] == "1" and one["Wind"] == "East"
    assert one["Playing with"] == "Łukasz Wiśniewski, Jiří Dvořák, Søren Kjær"
    assert (one["Raw points"], one["Place"], one["Uma"], one["Result"]) == ("41,200", "1", "+15.0", "+26.2")
    assert (one["Running total"], one["Rank after"]) == ("+26.2", "1")
    assert (two["Raw points"], two["Place"], two["Uma"]) == ("30,000", "2", "+5.0")
    assert (two["Penalties"], two["Result"]) == ("Chombo: \u221220.0", "\u221215.0")
    assert (two["Running total"], two["Rank after"]) == ("+11.2", "4")
    three = schedule_row(html, 3)
    assert three["Table"] == "2" and three["Wind"] == "North" and "Result" not in three
    assert "Rank: 4" in html and "+11.2" in html


def test_a_shared_rank_and_a_lateness_on_the_player_page(client, hand_worked):
    html = client.get("/t/hand-worked/players/e/").content.decode()
    assert schedule_row(html, 1)["Rank after"] == "2="  # e and f both +20.0 after session 1
    late = schedule_row(client.get("/t/hand-worked/players/d/").content.decode(), 1)
    assert late["Penalties"] == "Lateness (3 min): \u22123.0" and late["Result"] == "\u221225.8"


def test_the_player_page_names_a_substitute(client, hand_worked):
    table = hand_worked.sessions.get(number=3).tables.get(number=2)  # d E, c S, b W, a N
    enter_table_result(
        actor=None,
        table=table,
        scores=[
            SeatScore("E", 40_000),
            SeatScore("S", 30_000),
            SeatScore("W", 30_000),
            SeatScore("N", 20_000, "from_start", "Kees Reserve"),
        ],
        expected_version=0,
    )
    three = schedule_row(client.get("/t/hand-worked/players/a/").content.decode(), 3)
    assert three["Substitute"] == "Substitute from the start: Kees Reserve"


def test_the_rank_chart(client, hand_worked):
    html = client.get("/t/hand-worked/players/a/").content.decode()
    chart = html.split('<figure class="rank-chart">', 1)[1].split("</figure>", 1)[0]
    assert "Rank after each session: session 1: 1, session 2: 4" in chart
    dots = re.findall(r'<circle class="dot" cx="([\d.]+)" cy="([\d.]+)"', chart)
    assert len(dots) == 2
    (x1, y1), (x2, y2) = [(float(x), float(y)) for x, y in dots]
    assert x1 < x2 and y1 < y2  # rank 1 above rank 4
    # 8 ranked players: rank 4 is 3/7 of the way down from rank 1 to rank 8
    ticks = {
        int(label): float(y)
        for y, label in re.findall(r'class="tick" x="[\d.]+" y="([\d.]+)"[^>]*>(\d+)<', chart)
    }
    assert ticks[1] == y1 and abs((y2 - ticks[1]) / (ticks[8] - ticks[1]) - 3 / 7) < 0.01


def test_the_player_page_in_dutch(client, hand_worked):
    html = client.get("/t/hand-worked/players/a/", headers={"accept-language": "nl"}).content.decode()
    two = schedule_row(html, 2, "Sessie")
    assert two["Puntenaftrek"] == "Chombo: \u221220,0" and two["Tussenstand"] == "+11,2"
    assert "Plaats na elke sessie (1 bovenaan)" in html and "Punten aan tafel" in html


def test_french_pages_put_a_no_break_space_before_the_colon_of_a_label(client, hand_worked):
    """Issue 28: "Rang: 20" and "Jouée : 4 sessions jouées sur 4": the label and its colon are one message, so
    French writes its no-break space and says what was played once."""
    client.cookies["django_language"] = "fr"
    player = client.get("/t/hand-worked/players/a/").content.decode()
    assert "Rang\u00a0: " in player and "Total\u00a0: <strong>" in player
    tournament = client.get("/t/hand-worked/").content.decode()
    assert "<strong>Sessions jouées\u00a0:</strong> 2 sur 3" in tournament
