"""The score sheet's hand form names what is missing or impossible in a hand at the field that says it (README,
Pages: "Every error of the hand form is shown next to its field"), in the reader's language, answers 400 and
writes nothing. Only what no field holds (the game is over, a damaged form) is said at the top.

Figures from the 2016 rules: a winning hand has at least 1 fan (4.1); below 5 fan the minipoints count (4.1,
section 6); 20 minipoints is only a self-drawn pinfu of 2 fan or more (4.1.1, section 6); liability is for big
three dragons and big four winds, both yakuman (3.3.9)."""

import pytest

from tests.tournament.views.referee.conftest import table_url
from tournament.models import SheetEntry


def hand(client, table, *, count=0, key="sheet-hand-0001", language="en", **fields):
    data = {"action": "hand", "expected_count": str(count), "submission_key": key, **fields}
    return client.post(table_url(table, "sheet/"), data, HTTP_ACCEPT_LANGUAGE=language)


def error_at(html: str, field: str) -> str:
    """The message shown at a field (its id ``id_<field>-error``), which the field points to."""
    assert f'aria-describedby="id_{field}-error"' in html, field
    return html.split(f'id="id_{field}-error">', 1)[1].split("</p>", 1)[0]


def top(html: str) -> str:
    return html.split("<h1>", 1)[1].split('id="hand-form"', 1)[0]


def refused(response, table) -> str:
    assert response.status_code == 400
    assert not SheetEntry.objects.filter(table=table).exists()
    html = response.content.decode()
    assert 'role="alert"' not in top(html)  # nothing at the top: every message is at its field
    return html


RON_S = {"kind": "ron", "discarder": "W", "win-S": "on"}


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({**RON_S, "fu-S": "40"}, "fan-S", "Give the fan, or tick yakuman."),  # 4.1
        ({**RON_S, "fan-S": "3"}, "fu-S", "Choose the minipoints: a hand of 3 fan needs them."),  # 6
        (
            {**RON_S, "fan-S": "1", "fu-S": "20"},  # 4.1.1: 20 only on a self-drawn pinfu
            "fu-S",
            "20 minipoints are not possible with 1 fan here",
        ),
        (
            {**RON_S, "fan-S": "3", "fu-S": "40", "liable-S": "N"},
            "liable-S",
            "Liability (3.3.9) is for a yakuman",
        ),
        ({"kind": "ron", "win-S": "on", "fan-S": "3", "fu-S": "40"}, "discarder", "Choose who discarded"),
        (
            {**RON_S, "discarder": "S", "fan-S": "3", "fu-S": "40"},
            "discarder",
            "cannot win on their own discard",
        ),
        ({"kind": "ron", "discarder": "W"}, "kind", "Tick “won” at the winner’s seat."),
        (
            {
                "kind": "tsumo",
                "win-S": "on",
                "fan-S": "2",
                "fu-S": "30",
                "win-N": "on",
                "fan-N": "1",
                "fu-N": "30",
            },
            "kind",
            "A tsumo has one winner",
        ),
        ({"kind": "chombo"}, "offender", "Choose who made the chombo."),
    ],
)
def test_a_hand_the_form_can_judge_is_refused_at_its_field(referee_client, table, fields, field, message):
    html = refused(hand(referee_client, table, **fields), table)
    assert message in error_at(html, field)


def test_the_messages_at_the_fields_in_dutch(referee_client, table):
    html = refused(hand(referee_client, table, language="nl", **RON_S, **{"fu-S": "40"}), table)
    assert error_at(html, "fan-S") == "Vul de fan in, of vink yakuman aan."
    html = refused(hand(referee_client, table, language="nl", **RON_S, **{"fan-S": "1", "fu-S": "20"}), table)
    assert error_at(html, "fu-S").startswith("20 minipunten kan niet met 1 fan")
    html = refused(hand(referee_client, table, language="nl", kind="ron", discarder="W"), table)
    assert error_at(html, "kind") == "Vink “gewonnen” aan bij de winnaar."


def test_a_yakuman_needs_no_fan_and_takes_liability(referee_client, table):
    # 3.3.9: the liable player pays the whole of a yakuman won on another's discard
    fields = {**RON_S, "yakuman-S": "on", "liable-S": "N"}
    assert hand(referee_client, table, **fields).status_code == 302
    assert SheetEntry.objects.filter(table=table).count() == 1
    html = referee_client.get(table_url(table, "sheet/"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Ron op de steen van W: Z yakuman, N aansprakelijk" in html


def test_the_field_errors_keep_the_seat_card_whole(referee_client, table):
    """The message sits inside the field's own box, so the two-column seat card keeps its shape."""
    html = refused(hand(referee_client, table, **RON_S, **{"fu-S": "40"}), table)
    box = html.split('<label for="id_fan-S">', 1)[1].split("</p>", 2)
    assert 'id="id_fan-S-error"' in box[0] + "</p>" + box[1]
    assert html.split('<label for="id_fan-S">', 1)[1].index('id="id_fan-S-error"') < html.split(
        '<label for="id_fan-S">', 1
    )[1].index('<label for="id_fu-S">')
