"""The referee's table form (issue 9): typing, refusals next to the field, the preview from the rules engine,
saving once, conflicts, substitutes. Figures by hand from the 2016 rules, sections cited."""

import pytest

from tests.tournament.views.referee.conftest import form_data, table_url
from tournament.models import AuditEntry, TableResult
from tournament.services.players import set_status
from tournament.services.results import SeatScore, enter_table_result


def saved(table):
    return TableResult.objects.filter(table=table)


def test_the_form_labels_each_score_with_wind_and_player(referee_client, table, seats):
    html = referee_client.get(table_url(table)).content.decode()
    for wind, name in (("E", "East"), ("S", "South"), ("W", "West"), ("N", "North")):
        player = seats[wind].registration.player
        assert f'<label for="id_{wind}-raw">{name}, {player.first_name} {player.last_name}</label>' in html
    assert html.count('inputmode="numeric"') >= 4


def test_a_wrong_sum_is_refused_with_the_difference_and_the_typed_values_kept(referee_client, table):
    response = referee_client.post(table_url(table), form_data(["41,200", "30.900", "25700", "22000"]))
    html = response.content.decode()
    assert response.status_code == 400  # refused: bad input
    # 41,200 + 30,900 + 25,700 + 22,000 = 119,800: 200 short of 120,000 (3.6)
    assert "add up to 119,800; they must add up to 120,000 (200 short)" in html
    assert 'value="41,200"' in html and 'value="30.900"' in html
    assert not saved(table).exists()


def test_a_missing_score_and_a_score_off_the_unit_are_named_at_their_seat(referee_client, table):
    html = referee_client.post(table_url(table), form_data(["41200", "", "25750", "x"])).content.decode()
    assert "South: enter the raw points." in html
    assert "North: x is not a number of points" in html
    assert not saved(table).exists()
    html = referee_client.post(
        table_url(table), form_data(["41200", "30900", "25750", "22150"])
    ).content.decode()
    assert 'id="id_W-raw-error"' in html and "25,750 is not a multiple of 100" in html
    assert not saved(table).exists()


def test_the_preview_gives_places_uma_and_results_and_saves_nothing(referee_client, table):
    html = referee_client.post(
        table_url(table), form_data(["41,200", "30,900", "25,700", "22,200"], action="preview")
    ).content.decode()
    # 3.6.1: scores +11.2, +0.9, -4.3, -7.8 plus uma +15, +5, -5, -15
    for result in ("+26.2", "+5.9", "\u22129.3", "\u221222.8"):
        assert result in html
    assert not saved(table).exists()


def test_tied_players_share_the_uma(referee_client, table):
    html = referee_client.post(
        table_url(table, "preview/"), form_data(["35000", "35000", "25000", "25000"])
    ).content.decode()
    # 3.6.1: two tied first share (15 + 5) / 2 = +10; two tied third share (-5 - 15) / 2 = -10
    assert html.count("+15.0") == 2 and html.count("\u221215.0") == 2
    assert html.count("+10.0") == 2 and html.count("\u221210.0") == 2


def test_the_live_preview_shows_the_running_sum(referee_client, table):
    html = referee_client.post(
        table_url(table, "preview/"), form_data(["41200", "30900", "", ""])
    ).content.decode()
    assert "Sum 72,100 of 120,000" in html and "47,900 missing" in html


def test_saving_records_one_version_and_a_repost_changes_nothing(referee_client, table):
    data = form_data(["41200", "30900", "25700", "22200"], key="phone-key-1234")
    response = referee_client.post(table_url(table), data)
    assert response.status_code == 302 and response["Location"].startswith("/t/demo/referee/sessions/6/")
    again = referee_client.post(table_url(table), data)  # the phone re-posts after a network error
    assert again.status_code == 302
    assert saved(table).count() == 1
    result = saved(table).get()
    assert (result.version, result.entered_by_label, result.submission_key) == (1, "ref", "phone-key-1234")
    assert (
        AuditEntry.objects.filter(action="result.enter", data__table=table.number, data__session=6).count()
        == 1
    )
    listing = referee_client.get(response["Location"]).content.decode()
    assert "saved (version 1)" in listing


def test_htmx_gets_a_redirect_header(referee_client, table):
    response = referee_client.post(
        table_url(table), form_data(["41200", "30900", "25700", "22200"]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and response["HX-Redirect"].startswith("/t/demo/referee/sessions/6/")


def test_a_conflict_names_who_saved_keeps_my_values_and_saves_them_on_top(referee_client, table, make_user):
    other = make_user("olga", tournament=table.session.tournament, role="referee")
    enter_table_result(
        actor=other,
        table=table,
        scores=[SeatScore(w, r) for w, r in zip("ESWN", (30_000, 30_000, 30_000, 30_000), strict=True)],
        expected_version=0,
    )
    mine = form_data(["41200", "30900", "25700", "22200"], version=0, key="mine-1234567")
    response = referee_client.post(table_url(table), mine)
    html = response.content.decode()
    assert response.status_code == 409  # the table changed after the form was opened
    assert "Somebody else saved this table" in html and "olga" in html
    assert 'value="41200"' in html and 'name="expected_version" value="1"' in html
    assert saved(table).count() == 1
    mine["expected_version"] = "1"
    assert referee_client.post(table_url(table), mine).status_code == 302
    assert list(saved(table).order_by("version").values_list("version", "entered_by_label")) == [
        (1, "olga"),
        (2, "ref"),
    ]


def test_the_seat_of_a_withdrawn_player_comes_prefilled_with_a_substitute(referee_client, table, seats):
    set_status(actor=None, registration=seats["S"].registration, status="withdrawn")
    html = referee_client.get(table_url(table)).content.decode()
    assert '<option value="from_start" selected>' in html


@pytest.mark.parametrize(
    "kind, expected",
    [
        # 5.8: a substitute from the start places the others: the substitute won, so S +5, W -5, N -15 uma;
        # E is recorded at -15,000 and -15,000 uma.
        ("from_start", ["\u221230.0", "+5.0", "\u22127.0", "\u221223.0"]),
        # 5.8: mid-session the other three are placed among themselves with +15, +5, -5.
        ("mid_session", ["\u221230.0", "+15.0", "+3.0", "\u221213.0"]),
    ],
)
def test_a_substitute_changes_the_others_uma_as_5_8_says(referee_client, table, kind, expected):
    data = form_data(["40000", "30000", "28000", "22000"], action="preview")
    data.update({"E-substitute": kind, "E-substitute_name": "Sam Stand-in"})
    html = referee_client.post(table_url(table), data).content.decode()
    preview = html.split('id="preview"', 1)[1].split("</table>", 1)[0]
    results = [cell.split("<", 1)[0] for cell in preview.split('class="points total">')[1:]]
    assert results == expected


def test_a_substitute_needs_a_name(referee_client, table):
    data = form_data(["40000", "30000", "28000", "22000"], **{"E-substitute": "from_start"})
    html = referee_client.post(table_url(table), data).content.decode()
    assert "East: give the substitute&#x27;s name." in html
    assert not saved(table).exists()


def test_a_negative_score_by_the_minus_box_or_a_minus_sign(referee_client, table):
    data = form_data(["64000", "40000", "20000", "4000"], action="preview", **{"N-negative": "on"})
    html = referee_client.post(table_url(table), data).content.decode()
    # 3.6, 3.6.1: N holds -4,000: score -34,000, uma -15,000; E +34,000 and +15,000
    assert "\u221249.0" in html and "+49.0" in html and "adds up" in html
    data = form_data(["64000", "40000", "20000", "-4,000"])
    assert referee_client.post(table_url(table), data).status_code == 302
    assert sorted(saved(table).get().seat_results.values_list("raw_score", flat=True)) == [
        -4000,
        20000,
        40000,
        64000,
    ]


SHEET_NOTICE = "These raw points come from the digital score sheet"


def test_the_digital_sheet_notice_only_when_the_form_holds_the_sheets_hands(referee_client, table):
    """The hidden hand log renders "null" when there is none: that is no hand log from the score sheet."""
    html = referee_client.get(table_url(table)).content.decode()
    assert 'name="hands" value="null"' in html and SHEET_NOTICE not in html
    html = referee_client.post(
        table_url(table), form_data(["41,200", "30.900", "25700", "22000"])
    ).content.decode()
    assert SHEET_NOTICE not in html  # a refused form without hands: still none
    hands = '{"hands": [{"chombo": "W"}]}'
    html = referee_client.post(
        table_url(table), form_data(["41,200", "30.900", "25700", "22000"], hands=hands)
    ).content.decode()
    assert SHEET_NOTICE in html  # the posted log is kept, and said to be the sheet's


def test_a_wrong_sum_in_dutch_shows_the_figures_as_the_page_does(referee_client, table):
    # 30,000 x 3 + 20,000 = 110,000: 10,000 short of 4 x 30,000 (3.6)
    response = referee_client.post(
        table_url(table), form_data(["30000", "30000", "30000", "20000"]), HTTP_ACCEPT_LANGUAGE="nl"
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "de scores tellen op tot 110.000; dat moet 120.000 zijn (10.000 te weinig)" in html
    assert "110,000" not in html


def test_the_saved_message_keeps_the_capitals_of_the_place_in_german(referee_client, table):
    """Issue 28: "Runde 6, tisch 1 gespeichert": the place was capitalised with str.capitalize(), which lowers
    every other letter; the message is a sentence (display/sentences.py), German nouns keep their capitals."""
    referee_client.cookies["django_language"] = "de"
    response = referee_client.post(table_url(table), form_data(["41200", "30900", "25700", "22200"]))
    listing = referee_client.get(response["Location"]).content.decode()
    assert f"Runde 6, Tisch {table.number} gespeichert (Version 1)" in listing
