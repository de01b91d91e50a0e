"""Refusals of the referee's table form ("Trust on the day"): every refusal is shown, next to what the person can
change or at the top (role="alert") when it is not theirs to change (the form's hidden fields), answers 400 for
bad or damaged input and 409 for a stale version, keeps the typed values and saves nothing."""

import pytest

from tests.tournament.views.referee.conftest import form_data, table_url
from tournament.models import SheetEntry, TableResult
from tournament.services.results import SeatScore, enter_table_result

GOOD = ["41,200", "30.900", "25700", "22200"]  # 3.6: 120,000 in all


def top_alert(html: str) -> str:
    """The alert block before the first seat's fieldset: what the person cannot change themself."""
    form = html.split('id="table-form"', 1)[1].split("<fieldset", 1)[0]
    assert 'role="alert"' in form
    return form.split('role="alert"', 1)[1]


def seat_card(html: str, wind: str) -> str:
    return html.split(f'class="seat-card wind-{wind}"', 1)[1].split("</fieldset>", 1)[0]


def assert_kept_and_nothing_saved(html: str, table) -> None:
    assert 'value="41,200"' in html and 'value="30.900"' in html
    assert not TableResult.objects.filter(table=table).exists()


@pytest.mark.parametrize(
    "field, value",
    [
        ("submission_key", "bad key!"),  # not the key the page gave: damaged
        ("submission_key", ""),
        ("expected_version", "seven"),
        ("expected_version", ""),
        ("expected_version", "-1"),
    ],
)
def test_a_damaged_hidden_field_is_named_at_the_top_with_a_400(referee_client, table, field, value):
    data = form_data(GOOD)
    data[field] = value
    response = referee_client.post(table_url(table), data)
    html = response.content.decode()
    assert response.status_code == 400
    assert "This form is damaged: open the table again." in top_alert(html)
    assert_kept_and_nothing_saved(html, table)


def test_a_damaged_hidden_field_is_named_on_a_check_too(referee_client, table):
    response = referee_client.post(table_url(table), form_data(GOOD, key="x", action="preview"))
    assert response.status_code == 400
    assert "This form is damaged: open the table again." in top_alert(response.content.decode())


def test_an_unknown_substitute_choice_is_named_at_its_seat(referee_client, table):
    data = form_data(GOOD, **{"S-substitute": "stand_in"})
    response = referee_client.post(table_url(table), data)
    html = response.content.decode()
    assert response.status_code == 400
    card = seat_card(html, "S")
    assert '<details class="substitute" open>' in card
    assert 'id="id_S-substitute-error"' in card and "South: choose who played this seat" in card
    assert 'aria-describedby="id_S-substitute-error"' in card
    assert_kept_and_nothing_saved(html, table)


@pytest.mark.parametrize(
    "hands, message",
    [
        ("{not json", "The hand log (hands) is damaged"),
        ('{"hands": "none"}', "The hand log (hands) cannot be read"),  # a log scoring.hands cannot read
    ],
)
def test_a_bad_hand_log_is_named_at_the_top_with_a_400(referee_client, table, hands, message):
    response = referee_client.post(table_url(table), form_data(GOOD, hands=hands))
    html = response.content.decode()
    assert response.status_code == 400
    assert message in top_alert(html)
    assert_kept_and_nothing_saved(html, table)


def test_a_wrong_sum_on_save_is_a_400_and_on_check_a_200(referee_client, table):
    wrong = ["41,200", "30.900", "25700", "22000"]  # 119,800: 200 short of 120,000 (3.6)
    saved = referee_client.post(table_url(table), form_data(wrong))
    assert saved.status_code == 400
    assert "(200 short)" in saved.content.decode()
    checked = referee_client.post(table_url(table), form_data(wrong, action="preview"))
    assert checked.status_code == 200  # a check asked for is answered, nothing was refused
    assert "(200 short)" in checked.content.decode()


def test_a_stale_version_is_a_409_with_the_values_kept(referee_client, table, make_user):
    other = make_user("olga", tournament=table.session.tournament, role="referee")
    scores = [SeatScore(w, 30_000) for w in "ESWN"]
    enter_table_result(actor=other, table=table, scores=scores, expected_version=0)
    response = referee_client.post(table_url(table), form_data(GOOD, version=0))
    html = response.content.decode()
    assert response.status_code == 409
    assert "Somebody else saved this table" in html and 'value="41,200"' in html
    assert TableResult.objects.filter(table=table).count() == 1


def sheet_post(client, table, count, key, **fields):
    data = {"action": "hand", "expected_count": str(count), "submission_key": key, **fields}
    return client.post(table_url(table, "sheet/"), data)


def test_the_score_sheet_names_a_damaged_form_at_the_top_with_a_400(referee_client, table):
    response = sheet_post(referee_client, table, "x", "hand-key-0001", kind="draw")
    html = response.content.decode()
    assert response.status_code == 400
    top = html.split("<h1>", 1)[1].split('id="hand-form"', 1)[
        0
    ]  # above the sheet: not the person's to change
    assert 'role="alert"' in top and "This form is damaged: open the sheet again." in top
    assert not SheetEntry.objects.filter(table=table).exists()


def test_the_score_sheet_names_a_bad_fan_at_its_seat_and_a_stale_sheet_is_a_409(referee_client, table):
    response = sheet_post(
        referee_client, table, 0, "hand-key-0002", kind="tsumo", **{"win-S": "on", "fan-S": "lots"}
    )
    assert response.status_code == 400
    card = response.content.decode().split('id="hand-form"', 1)[1].split('<fieldset class="seat-card', 3)[2]
    assert 'id="id_fan-S-error"' in card and "Enter a whole number." in card
    assert 'aria-describedby="id_fan-S-error"' in card
    draw = {"kind": "draw", "tenpai-E": "on"}
    assert sheet_post(referee_client, table, 0, "hand-key-0003", **draw).status_code == 302
    stale = sheet_post(referee_client, table, 0, "hand-key-0004", **draw)  # another phone added the line
    assert stale.status_code == 409 and "the sheet changed on another device" in stale.content.decode()
    assert SheetEntry.objects.filter(table=table).count() == 1
