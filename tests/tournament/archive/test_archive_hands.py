"""The archive's optional hand log per table (issue 11): kept on import and export, checked against the points."""

import copy
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.models import TableResult

# A game worked out by hand from the 2016 rules (section 6, 3.3.14, 5.9), the same as the score-sheet test:
# South riichi and ron on West 3 fan 40 (5,200); East tsumo 2 fan 30 (500 / 1,000); the time signal in hand 1.
HANDS = {
    "hands": [
        {"ron": [{"seat": "S", "fan": 3, "fu": 40}], "from": "W", "riichi": ["S"]},
        {"tsumo": {"seat": "E", "fan": 2, "fu": 30}},
    ],
    "time_signal": 1,
}
FINAL = {"E": 32_000, "S": 34_200, "W": 24_300, "N": 29_500}


@pytest.fixture
def archive(demo_archive):
    data = copy.deepcopy(demo_archive)
    data["tournament"]["slug"] = "hands-open"
    table = data["sessions"][0]["tables"][0]
    for seat in table["seats"]:
        seat["score"] = FINAL[seat["wind"]]
        seat.pop("substitute", None)
        seat.pop("substitute_name", None)
    table["hands"] = HANDS
    return data


def load(tmp_path, data):
    path = tmp_path / "a.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_tournament", str(path), stdout=StringIO())


def test_hands_are_kept_and_exported_again(db, tmp_path, archive):
    load(tmp_path, archive)
    result = TableResult.objects.get(
        table__session__tournament__slug="hands-open",
        table__session__number=1,
        table__number=archive["sessions"][0]["tables"][0]["number"],
    )
    assert result.hands == HANDS
    out = StringIO()
    call_command("export_tournament", "hands-open", stdout=out)
    assert json.loads(out.getvalue())["sessions"][0]["tables"][0]["hands"] == HANDS


def test_points_that_are_not_what_the_hands_give_are_refused(db, tmp_path, archive):
    seats = archive["sessions"][0]["tables"][0]["seats"]
    east = next(seat for seat in seats if seat["wind"] == "E")
    south = next(seat for seat in seats if seat["wind"] == "S")
    east["score"], south["score"] = 31_000, 35_200
    with pytest.raises(CommandError, match=r"sessions\[0\]\.tables\[0\]\.hands.*seat E has 31000"):
        load(tmp_path, archive)
