"""The players' link to the digital score sheet (issue "Trust on the day", items 6 and 7): what the players of a
table may do through the secret link printed on their score sheet, and what stays the referee's.

- Before the table has a result the players keep the sheet: hands, the time signal, undo of their own lines.
- A chombo they enter is a proposal: no penalty until the referee records it (3.4.6: 20,000 after uma).
- They never undo a line the referee entered, nor a chombo the referee recorded.
- Once the table has a result the link is read-only; once the session's results are final it is gone (410).
- The audit names them "players of table N", shown in the reader's language.
"""

import pytest
from django.test import Client

from tests.tournament.views.referee.conftest import form_data, table_url
from tournament.forms.sheet import sheet_token
from tournament.models import AuditEntry, Penalty, SheetEntry, Table, Tournament
from tournament.services.checks import check_result
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import update_tournament

# Raw points of a finished table (sum 120,000 = 4 x 30,000, EMA 2016 3.1).
RAWS = (41_200, 30_900, 25_700, 22_200)


def players_url(table) -> str:
    return f"/t/demo/sessions/{table.session.number}/tables/{table.number}/sheet/{sheet_token(table)}/"


def players_post(players, table, count, key, action="hand", **fields):
    data = {"action": action, "expected_count": str(count), "submission_key": key, **fields}
    return players.post(players_url(table), data)


def referee_post(referee, table, count, key, action="hand", **fields):
    data = {"action": action, "expected_count": str(count), "submission_key": key, **fields}
    return referee.post(table_url(table, "sheet/"), data)


def enter_result(table, actor=None):
    scores = [SeatScore(wind, raw) for wind, raw in zip("ESWN", RAWS, strict=True)]
    return enter_table_result(actor=actor, table=table, scores=scores, expected_version=0)


@pytest.fixture
def players(db):
    """An anonymous phone at the table: the players, with nothing but the printed link."""
    return Client()


DRAW = {"kind": "draw", "tenpai-E": "on"}


# --- item 6: the link after the result, chombo proposals, expiry, the audit ---------------------------------------


def test_an_anonymous_chombo_after_the_result_is_refused_and_writes_nothing(demo, players, table):
    enter_result(table)
    response = players_post(players, table, 0, "late-chombo-1", kind="chombo", offender="W")
    assert response.status_code == 403
    assert "already has a result" in response.content.decode()
    assert not SheetEntry.objects.filter(table=table).exists()
    assert not Penalty.objects.filter(session=table.session, kind="chombo", created_by=None).exists()


def test_300_posts_after_the_result_add_nothing(demo, players, table):
    enter_result(table)
    before = (Penalty.objects.count(), AuditEntry.objects.count())
    statuses = {
        players_post(players, table, 0, f"flood-chombo-{n:04d}", kind="chombo", offender="N").status_code
        for n in range(300)
    }
    assert statuses == {403}
    assert (Penalty.objects.count(), AuditEntry.objects.count()) == before
    assert not SheetEntry.objects.filter(table=table).exists()


def test_after_the_result_the_players_see_the_sheet_without_forms(demo, players, table):
    assert players_post(players, table, 0, "draw-before-1", **DRAW).status_code == 302
    enter_result(table)
    response = players.get(players_url(table))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Exhaustive draw" in html or "draw" in html  # the hand is still shown
    assert 'id="hand-form"' not in html and 'value="undo"' not in html and 'value="signal"' not in html
    assert "already has a result" in html


def test_a_players_chombo_is_a_proposal_the_referee_records(demo, players, referee_client, table, seats):
    assert players_post(players, table, 0, "players-chombo", kind="chombo", offender="W").status_code == 302
    assert not Penalty.objects.filter(session=table.session, registration=seats["W"].registration).exists()
    assert "call the referee" in players.get(players_url(table)).content.decode().lower()
    page = referee_client.get(table_url(table)).content.decode()
    assert "Chombo entered by the players" in page and 'name="line" value="1"' in page
    for _ in range(2):  # a double tap records one penalty
        response = referee_client.post(table_url(table, "sheet/chombo/"), {"line": "1"})
        assert response.status_code == 302
    penalty = Penalty.objects.get(session=table.session, registration=seats["W"].registration)
    assert (penalty.kind, penalty.created_by_label, penalty.cancelled) == ("chombo", "ref", False)
    assert "Chombo entered by the players" not in referee_client.get(table_url(table)).content.decode()
    html = referee_client.post(table_url(table), form_data([str(r) for r in RAWS], action="preview")).content
    # 3.4.6 and 3.6.1: W third, 25,700 - 30,000 = -4,300, uma -5,000, chombo -20,000 after uma: -29,300
    assert "\u221229.3" in html.decode()


def test_the_referee_sees_the_players_chombo_on_the_sheet_too(demo, players, referee_client, table):
    players_post(players, table, 0, "players-chombo", kind="chombo", offender="S")
    assert "Chombo entered by the players" in referee_client.get(table_url(table, "sheet/")).content.decode()


def test_a_players_chombo_under_2008_rules_needs_no_penalty(demo, players, referee_client, table):
    """ema-2008 3.4.6: the chombo is paid at the table (reverse mangan), nothing after uma: no proposal."""
    Tournament.objects.filter(pk=demo.pk).update(ruleset="ema-2008")  # the demo's results froze its rules
    players_post(players, table, 0, "players-chombo", kind="chombo", offender="S")
    assert "Chombo entered by the players" not in referee_client.get(table_url(table)).content.decode()
    assert not Penalty.objects.filter(session=table.session).exists()


def test_the_referees_own_chombo_is_recorded_at_once(demo, referee_client, table, seats):
    assert (
        referee_post(referee_client, table, 0, "ref-chombo-1", kind="chombo", offender="E").status_code == 302
    )
    penalty = Penalty.objects.get(session=table.session, registration=seats["E"].registration)
    assert penalty.created_by_label == "ref" and not penalty.cancelled
    assert "Chombo entered by the players" not in referee_client.get(table_url(table)).content.decode()


def test_the_link_expires_when_the_sessions_results_are_final(demo, players, table):
    url = players_url(table)
    for other in Table.objects.filter(session=table.session).exclude(pk=table.pk):
        enter_result(other)
    assert players.get(url).status_code == 200  # one table still playing
    enter_result(table)
    response = players.get(url)
    assert response.status_code == 410 and "link has expired" in response.content.decode()
    response = players_post(players, table, 0, "too-late-0001", **DRAW)
    assert response.status_code == 410
    assert not SheetEntry.objects.filter(table=table).exists()


def test_with_the_second_check_the_link_lasts_until_every_table_is_confirmed(demo, players, table, make_user):
    update_tournament(actor=None, tournament=demo, confirmation_required=True)
    checker = make_user("checker", tournament=demo, role="referee")
    tables = list(Table.objects.filter(session=table.session))
    for each in tables:
        enter_result(each)
    assert players.get(players_url(table)).status_code == 200  # entered, not yet final
    for each in tables:
        check_result(actor=checker, table=each, version=1, verdict="confirmed")
    assert players.get(players_url(table)).status_code == 410


def test_the_audit_names_the_players_of_the_table_in_the_readers_language(
    demo, players, organiser_client, table
):
    players_post(players, table, 0, "players-chombo", kind="chombo", offender="W")
    players_post(players, table, 1, "players-undo-1", action="undo")
    entries = AuditEntry.objects.filter(action__startswith="sheet.")
    assert {entry.actor_label for entry in entries} == {"players of table 1"}
    assert not AuditEntry.objects.filter(
        tournament=demo, actor_label="command line", action__startswith="penalty"
    )
    html = organiser_client.get("/t/demo/organise/log/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "spelers van tafel 1" in html


# --- item 7: undo from the players' link ---------------------------------------------------------------------------


def test_the_players_cannot_undo_the_referees_chombo(demo, players, referee_client, table, seats):
    referee_post(referee_client, table, 0, "ref-chombo-1", kind="chombo", offender="W")
    penalty = Penalty.objects.get(session=table.session, registration=seats["W"].registration)
    response = players_post(players, table, 1, "players-undo-1", action="undo")
    assert response.status_code == 403
    assert "the referee entered it" in response.content.decode()
    penalty.refresh_from_db()
    assert not penalty.cancelled
    assert SheetEntry.objects.filter(table=table).count() == 1


def test_the_players_cannot_undo_a_chombo_the_referee_recorded(demo, players, referee_client, table, seats):
    players_post(players, table, 0, "players-chombo", kind="chombo", offender="W")
    referee_client.post(table_url(table, "sheet/chombo/"), {"line": "1"})
    penalty = Penalty.objects.get(session=table.session, registration=seats["W"].registration)
    assert players_post(players, table, 1, "players-undo-1", action="undo").status_code == 403
    penalty.refresh_from_db()
    assert not penalty.cancelled
    # the referee may: the undo cancels the penalty it recorded
    assert referee_post(referee_client, table, 1, "ref-undo-0001", action="undo").status_code == 302
    penalty.refresh_from_db()
    assert penalty.cancelled


def test_the_players_undo_their_own_hand_before_the_result(demo, players, table):
    players_post(players, table, 0, "players-draw", **DRAW)
    players_post(players, table, 1, "players-chombo", kind="chombo", offender="W")
    assert players_post(players, table, 2, "players-undo-1", action="undo").status_code == 302
    assert players_post(players, table, 3, "players-undo-2", action="undo").status_code == 302
    assert "No hand yet" in players.get(players_url(table)).content.decode()


def test_the_players_cannot_undo_after_the_result(demo, players, table):
    players_post(players, table, 0, "players-draw", **DRAW)
    enter_result(table)
    assert players_post(players, table, 1, "players-undo-1", action="undo").status_code == 403
    assert SheetEntry.objects.filter(table=table).count() == 1


# --- item 14: submission keys that do not fit the column -----------------------------------------------------------


@pytest.mark.parametrize("action", ["signal", "undo"])
def test_a_200_character_key_is_refused_where_it_enters(demo, players, table, action):
    """PostgreSQL refused the 200 characters with a 500 (the column holds 64); now the form refuses them."""
    players_post(players, table, 0, "players-draw", **DRAW)
    response = players_post(players, table, 1, "k" * 200, action=action)
    assert response.status_code == 400
    assert "This form is damaged: open the sheet again." in response.content.decode()
    assert SheetEntry.objects.filter(table=table).count() == 1


def test_the_service_refuses_a_key_longer_than_its_column(demo, table):
    from tournament.services import DomainError
    from tournament.services.sheets import add_line

    with pytest.raises(DomainError) as refused:
        add_line(actor=None, table=table, kind="signal", expected_count=0, submission_key="k" * 200)
    assert refused.value.code == "bad_submission_key"
    assert not SheetEntry.objects.filter(table=table).exists()


def test_a_chombo_with_a_64_character_key_gets_a_penalty_key_that_fits(demo, referee_client, table, seats):
    key = "c" * 64  # the longest key a form may carry; "<key>-chombo" was 71 characters
    assert referee_post(referee_client, table, 0, key, kind="chombo", offender="N").status_code == 302
    penalty = Penalty.objects.get(session=table.session, registration=seats["N"].registration)
    assert len(penalty.submission_key) <= 64
    assert referee_post(referee_client, table, 1, "u" * 64, action="undo").status_code == 302
    penalty.refresh_from_db()
    assert penalty.cancelled  # the undo still finds the penalty of its hand


# --- the form's errors: shown, next to what can be changed, and answered with 4xx --------------------------------


def test_a_field_error_is_shown_next_to_its_field_with_400(demo, players, table):
    response = players_post(
        players, table, 0, "bad-fan-0001", kind="ron", discarder="W", **{"win-S": "on", "fan-S": "x"}
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="id_fan-S-error"' in html and 'aria-describedby="id_fan-S-error"' in html
    assert "Enter a whole number." in html.split('id="id_fan-S-error"', 1)[1][:80]
    assert not SheetEntry.objects.filter(table=table).exists()


def test_a_missing_kind_and_an_unknown_seat_are_shown_next_to_their_fields(demo, players, table):
    response = players_post(players, table, 0, "bad-kind-0001", discarder="Q")
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="id_kind-error"' in html and "Choose what happened." in html
    assert 'id="id_discarder-error"' in html


def test_a_damaged_form_is_named_at_the_top(demo, players, table):
    response = players.post(players_url(table), {"action": "hand", "kind": "draw"})
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count("This form is damaged: open the sheet again.") >= 1 and 'role="alert"' in html
    response = players.post(
        players_url(table), {"action": "bogus", "expected_count": "0", "submission_key": "k" * 10}
    )
    assert response.status_code == 400 and "This form is damaged" in response.content.decode()


def test_a_stale_sheet_answers_409_and_an_impossible_hand_400(demo, players, table):
    players_post(players, table, 0, "players-draw", **DRAW)
    response = players_post(players, table, 0, "stale-draw-01", **DRAW)
    assert response.status_code == 409 and "the sheet changed on another device" in response.content.decode()
    response = players_post(
        players, table, 1, "ron-no-from-1", kind="ron", **{"win-S": "on", "fan-S": "3", "fu-S": "40"}
    )
    assert (
        response.status_code == 400 and "Choose who discarded the winning tile." in response.content.decode()
    )
    assert players_post(players, table, 1, "nothing-undo", action="signal").status_code == 302


def test_undo_with_nothing_to_undo_is_a_visible_refusal(demo, referee_client, table):
    response = referee_post(referee_client, table, 0, "undo-nothing-1", action="undo")
    assert response.status_code == 400 and "there is no hand to undo" in response.content.decode()


def test_only_a_referee_records_a_chombo_and_only_one_still_on_the_sheet(
    demo, players, referee_client, table
):
    players_post(players, table, 0, "players-chombo", kind="chombo", offender="W")
    anonymous = Client().post(table_url(table, "sheet/chombo/"), {"line": "1"})
    assert anonymous.status_code != 200 and "#penalties" not in anonymous.get("Location", "")
    assert not Penalty.objects.filter(
        session=table.session, kind="chombo", reason__startswith="score"
    ).exists()
    players_post(players, table, 1, "players-undo-1", action="undo")  # the players took it back meanwhile
    response = referee_client.post(table_url(table, "sheet/chombo/"), {"line": "1"})
    assert response.status_code == 409 and "is no chombo (any more)" in response.content.decode()
    assert not Penalty.objects.filter(
        session=table.session, kind="chombo", reason__startswith="score"
    ).exists()


def test_a_sheet_stops_at_its_line_limit(demo, table, monkeypatch):
    from tournament.services import DomainError, sheets

    monkeypatch.setattr(sheets, "MAX_SHEET_LINES", 2)
    for count in range(2):
        sheets.add_line(
            actor=None,
            table=table,
            kind="hand",
            hand={"chombo": "W"},
            expected_count=count,
            submission_key=f"limit-line-{count}",
            by_players=True,
        )
    with pytest.raises(DomainError) as refused:
        sheets.add_line(
            actor=None,
            table=table,
            kind="hand",
            hand={"chombo": "W"},
            expected_count=2,
            submission_key="limit-line-2",
            by_players=True,
        )
    assert refused.value.code == "sheet_full"
    assert SheetEntry.objects.filter(table=table).count() == 2


def test_the_players_pages_in_dutch(demo, players, referee_client, table):
    players_post(players, table, 0, "players-chombo", kind="chombo", offender="W")
    html = players.get(players_url(table), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "telt pas als straf wanneer de scheidsrechter die vastlegt" in html
    page = referee_client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Chombo door de spelers op het scoreformulier ingevoerd" in page and "Chombo vastleggen" in page
    for each in Table.objects.filter(session=table.session):
        enter_result(each)
    response = players.get(players_url(table), HTTP_ACCEPT_LANGUAGE="nl")
    assert (
        response.status_code == 410
        and "de uitslagen van sessie 6 zijn definitief" in response.content.decode()
    )
