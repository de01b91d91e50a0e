"""A double yakuman on the score sheet under the EMA 2016 rules (issue 21, a suspected rule defect).

EMA 2016, 4.2: "Yakuman are not cumulative." (and its list of differences: "Dai suushii (Big Four Winds) is a
yakuman, not a double yakuman"; "A hand with 13+ fan is scored as a sanbaiman, not a yakuman"). So a hand is worth
one yakuman at most: 32,000 for a non-dealer (4.2.5's example, section 6). The sheet's form has a yakuman tick
box, not a count: whatever is posted for it ("2") is one yakuman; a hand log that says "yakuman": 2 is refused by
the engine (multiple_yakuman) with a sentence in the reader's language, and nothing is written."""

import pytest
from django.utils import translation

from tests.tournament.factories import played_event
from tests.tournament.services.expect import refused
from tournament.models import SheetEntry, Table
from tournament.services.sheets import add_line

RON_S_DOUBLE = {"ron": [{"seat": "S", "yakuman": 2}], "from": "W"}


@pytest.fixture
def table(db) -> Table:
    event = played_event("spring", n_players=4, n_sessions=1, played=0)
    return Table.objects.select_related("session__tournament").get(session__tournament=event)


@pytest.mark.parametrize(
    "language, words",
    [
        (
            "en",
            "Hand 1: ema-2016 does not count multiple yakuman (4.2: yakuman are not cumulative)",
        ),
        ("nl", "Hand 1:"),
    ],
)
def test_a_double_yakuman_is_refused_under_2016(table, language, words):
    def add():
        return add_line(
            actor=None,
            table=table,
            kind="hand",
            hand=RON_S_DOUBLE,
            expected_count=0,
            submission_key="dbl-0001",
        )

    with translation.override(language):
        message = refused(add, "multiple_yakuman", words)
    if language == "nl":
        assert "4.2: yakuman tellen niet op" in message, message


def test_a_yakuman_count_posted_on_the_sheet_is_one_yakuman(client, table, make_user):
    """The tick box is a yes or no: "yakuman-S=2" is one yakuman, 32,000 from West (section 6, 4.2.5)."""
    client.force_login(make_user("rita", tournament=table.session.tournament, role="referee"))
    data = {
        "action": "hand",
        "expected_count": "0",
        "submission_key": "sheet-hand-dbl1",
        "kind": "ron",
        "discarder": "W",
        "win-S": "on",
        "yakuman-S": "2",
    }
    response = client.post(f"/t/spring/referee/sessions/1/tables/{table.number}/sheet/", data)
    assert response.status_code in (200, 302)
    (entry,) = SheetEntry.objects.filter(table=table)
    assert entry.hand["ron"] == [{"seat": "S", "yakuman": 1}]
