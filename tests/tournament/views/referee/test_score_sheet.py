"""The digital score sheet (issue 11): hands one by one, undo, the time signal, chombo penalties, the result.

The game below is worked out by hand from the 2016 rules (section 6 tables, 3.3.14, 3.4, 5.9):
start 30,000 each, East deals.
- the 15-minute signal sounds during hand 1: hand 1 and one more are played (5.9);
- hand 1: South riichi (1,000 on the table), ron on West's discard, 3 fan 40 minipoints: 5,200 (6, non-dealer
  ron); South 30,000 - 1,000 + 5,200 + 1,000 = 35,200, West 24,800; the deal passes to South (3.4.11);
- hand 2: East tsumo 2 fan 30: 500 from each non-dealer, 1,000 from the dealer South (6):
  East 32,000, South 34,200, West 24,300, North 29,500 (sum 120,000). The game is over.
"""

from tests.tournament.views.referee.conftest import table_url
from tournament.forms.sheet import sheet_token
from tournament.models import AuditEntry, Penalty, SheetEntry, TableResult

FINAL = {"E": 32_000, "S": 34_200, "W": 24_300, "N": 29_500}


def post(client, table, count, key, action="hand", **fields):
    data = {"action": action, "expected_count": str(count), "submission_key": key, **fields}
    return client.post(table_url(table, "sheet/"), data)


def ron_hand_1(client, table, count=1, key="hand-one-0001"):
    return post(
        client,
        table,
        count,
        key,
        kind="ron",
        discarder="W",
        **{"win-S": "on", "fan-S": "3", "fu-S": "40", "riichi-S": "on"},
    )


def play_the_game(client, table):
    assert post(client, table, 0, "signal-00001", action="signal").status_code == 302
    assert ron_hand_1(client, table).status_code == 302
    assert (
        post(
            client, table, 2, "hand-two-0001", kind="tsumo", **{"win-E": "on", "fan-E": "2", "fu-E": "30"}
        ).status_code
        == 302
    )


def test_a_hanchan_ended_by_the_time_signal(referee_client, table):
    play_the_game(referee_client, table)
    html = referee_client.get(table_url(table, "sheet/")).content.decode()
    assert "Game over" in html and "hand after the time signal" in html
    for points in ("32,000", "34,200", "24,300", "29,500", "35,200", "24,800"):
        assert points in html
    assert SheetEntry.objects.filter(table=table).count() == 3
    assert AuditEntry.objects.filter(action="sheet.hand").count() == 2


def test_the_sheet_fills_the_table_result_with_its_hands(referee_client, table):
    play_the_game(referee_client, table)
    form = referee_client.get(table_url(table) + "?from_sheet=1").content.decode()
    assert 'value="32000"' in form and 'value="34200"' in form and "come from the digital score sheet" in form
    hands = form.split('name="hands" value="', 1)[1].split('"', 1)[0].replace("&quot;", '"')
    data = {"expected_version": "0", "submission_key": "from-sheet-0001", "action": "save", "hands": hands}
    data.update({f"{wind}-raw": str(raw) for wind, raw in FINAL.items()})
    assert referee_client.post(table_url(table), data).status_code == 302
    result = TableResult.objects.get(table=table)
    assert len(result.hands["hands"]) == 2 and result.hands["time_signal"] == 1
    # raw points that are not what the hands give are refused, naming the seat
    data.update(
        {"submission_key": "from-sheet-0002", "expected_version": "1", "E-raw": "31000", "S-raw": "35200"}
    )
    html = referee_client.post(table_url(table), data).content.decode()
    assert "seat East has 31,000 raw points but its hands give 32,000" in html
    dutch = referee_client.post(table_url(table), data, headers={"accept-language": "nl"}).content.decode()
    assert "plaats Oost heeft 31.000 ruwe punten, maar de handen geven 32.000" in dutch  # tournament.errors
    assert TableResult.objects.filter(table=table).count() == 1


def test_a_repost_adds_nothing_and_a_stale_sheet_is_refused(referee_client, table):
    post(referee_client, table, 0, "signal-00001", action="signal")
    ron_hand_1(referee_client, table)
    ron_hand_1(referee_client, table)  # the same key again: the same line
    assert SheetEntry.objects.filter(table=table).count() == 2
    html = ron_hand_1(referee_client, table, count=1, key="hand-one-0002").content.decode()
    assert "the sheet changed on another device" in html
    assert SheetEntry.objects.filter(table=table).count() == 2


def test_an_impossible_hand_is_refused_with_the_engines_reason(referee_client, table):
    play_the_game(
        referee_client, table
    )  # over after hand 2 (5.9): a phone that still shows the form posts a third
    response = post(referee_client, table, 3, "after-the-end", kind="draw", **{"tenpai-E": "on"})
    html = response.content.decode()
    assert response.status_code == 400 and 'role="alert"' in html
    assert "the game is over; nothing more can be added." in html  # no field holds it: said at the top
    assert SheetEntry.objects.filter(table=table).count() == 3


def test_a_chombo_records_the_penalty_and_undo_cancels_it(referee_client, table, seats):
    post(referee_client, table, 0, "chombo-hand-1", kind="chombo", offender="W")
    penalty = Penalty.objects.get(session=table.session, registration=seats["W"].registration)
    assert penalty.kind == "chombo" and not penalty.cancelled  # 3.4.6: 20,000 after uma
    post(referee_client, table, 1, "undo-00000001", action="undo")
    penalty.refresh_from_db()
    assert penalty.cancelled
    assert "No hand yet" in referee_client.get(table_url(table, "sheet/")).content.decode()


def test_the_players_link_works_only_with_its_token(client, table):
    url = f"/t/demo/sessions/6/tables/1/sheet/{sheet_token(table)}/"
    assert client.get(url).status_code == 200
    assert client.get("/t/demo/sessions/6/tables/1/sheet/wrong-token-123/").status_code == 404
    data = {
        "action": "hand",
        "expected_count": "0",
        "submission_key": "players-key-1",
        "kind": "draw",
        "tenpai-E": "on",
    }
    assert client.post(url, data).status_code == 302
    entry = SheetEntry.objects.get(table=table)
    assert entry.entered_by is None and entry.entered_by_label == "players of table 1"
    assert AuditEntry.objects.get(action="sheet.hand").actor_label == "players of table 1"


def test_the_time_signal_stays_when_hands_are_undone(referee_client, table):
    """5.9: the signal sounds during hand 2, so hand 2 and one more are played. Undoing hand 2 and entering it
    again keeps the signal: the game is over after hand 3."""
    tsumo = {"kind": "tsumo", "win-E": "on", "fan-E": "2", "fu-E": "30"}
    ron_hand_1(referee_client, table, count=0)
    post(referee_client, table, 1, "signal-00002", action="signal")
    post(referee_client, table, 2, "hand-two-0001", **tsumo)
    post(referee_client, table, 3, "undo-hand-two", action="undo")
    post(referee_client, table, 4, "hand-two-0002", **tsumo)
    assert "Game over" not in referee_client.get(table_url(table, "sheet/")).content.decode()
    assert (
        post(referee_client, table, 5, "hand-three-01", kind="draw", **{"tenpai-E": "on"}).status_code == 302
    )
    html = referee_client.get(table_url(table, "sheet/")).content.decode()
    assert "Game over" in html and "hand after the time signal" in html


def test_the_hands_are_told_in_the_readers_language(referee_client, table):
    assert ron_hand_1(referee_client, table, count=0).status_code == 302
    assert post(referee_client, table, 1, "chombo-then", kind="chombo", offender="N").status_code == 302
    draw = {"tenpai-E": "on", "tenpai-W": "on"}
    assert post(referee_client, table, 2, "draw-then", kind="draw", **draw).status_code == 302
    html = referee_client.get(table_url(table, "sheet/")).content.decode()
    rows = html.split('class="sheet-hands"', 1)[1]
    for told in ("Ron from W: S 3 fan 40 minipoints", "Chombo: N", "Exhaustive draw, tenpai: E W"):
        assert told in rows, told
    dutch = referee_client.get(table_url(table, "sheet/"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    rows = dutch.split('class="sheet-hands"', 1)[1]
    for told in ("Ron op de steen van W: Z 3 fan 40 minipunten", "Chombo: N", "Remise, tenpai: O W"):
        assert told in rows, told
    assert " from " not in rows


def test_the_sum_box_is_right_as_soon_as_the_sheet_fills_the_form(referee_client, table):
    """The game above ends at 32,000 + 34,200 + 24,300 + 29,500 = 120,000 (4 x 30,000, 3.6): the form filled from
    the sheet shows that sum at once, not "Sum 0 ... 120,000 missing" until Check is tapped."""
    play_the_game(referee_client, table)
    html = referee_client.get(table_url(table) + "?from_sheet=1").content.decode()
    preview = html.split('id="preview"', 1)[1]
    assert "Sum 120,000 of 120,000" in preview and "missing" not in preview
    # and the form says where its values come from, so the phone keeps them rather than older typing
    assert 'data-fresh="0"' in html
    dutch = referee_client.get(table_url(table) + "?from_sheet=1", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Som 120.000 van 120.000" in dutch.split('id="preview"', 1)[1]


def test_the_rounds_are_named_in_the_readers_language(referee_client, table):
    """3.4.11: hand 1 is East's deal of the east round (E1); after South's win the deal passes to South (E2). In
    Dutch the east round is Oost: O1, O2, with the seat letters the sheet uses (O Z W N)."""
    assert ron_hand_1(referee_client, table, count=0).status_code == 302
    english = referee_client.get(table_url(table, "sheet/")).content.decode()
    assert "Round E2" in english and "<td>E1</td>" in english
    dutch = referee_client.get(table_url(table, "sheet/"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Ronde O2" in dutch and "<td>O1</td>" in dutch and "<td>E1</td>" not in dutch


def test_the_sheet_notice_only_when_the_raw_points_came_from_a_finished_sheet(referee_client, table):
    """?from_sheet=1 on a table whose sheet is empty or unfinished fills nothing and says nothing of a sheet; after
    the game above it fills the form and says so."""
    notice = "These raw points come from the digital score sheet"
    assert notice not in referee_client.get(table_url(table) + "?from_sheet=1").content.decode()
    post(referee_client, table, 0, "signal-00001", action="signal")
    ron_hand_1(
        referee_client, table
    )  # the hand of the signal: one more is played (5.9), the game is not over
    html = referee_client.get(table_url(table) + "?from_sheet=1").content.decode()
    assert notice not in html and 'data-fresh="1"' in html
    post(
        referee_client, table, 2, "hand-two-0001", kind="tsumo", **{"win-E": "on", "fan-E": "2", "fu-E": "30"}
    )
    assert notice in referee_client.get(table_url(table) + "?from_sheet=1").content.decode()
