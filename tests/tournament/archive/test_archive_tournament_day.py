"""The archive's additions of the tournament day (archive-format.md, "Additions of the tournament-day ..."): a
player's ``"status": "reserve"`` and a session's ``"absent"`` keys round-trip byte for byte."""

import copy
import json

import pytest

from tests.tournament.archive.test_archive import HAND_WORKED
from tournament import selectors
from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.models import Attendance, Tournament
from tournament.readers.archive import ArchiveError, validate_archive
from tournament.services import attendance
from tournament.services.archive_import import import_archive

RESERVE = {
    "key": "r",
    "first_name": "Rita",
    "last_name": "Reserve",
    "ema_id": None,
    "country": "NED",
    "club": "",
    "status": "reserve",
}


def with_reserve() -> dict:
    data = copy.deepcopy(HAND_WORKED)
    data["players"].append(RESERVE)
    data["sessions"][2]["absent"] = ["c", "r"]  # session 3: c (seated) and the reserve marked absent
    return data


@pytest.mark.django_db
def test_a_reserve_and_the_absent_round_trip_byte_for_byte():
    tournament = import_archive(actor=None, data=with_reserve())
    assert tournament.registrations.get(key="r").status == "reserve"
    absent = Attendance.objects.filter(session__tournament=tournament)
    assert sorted((a.session.number, a.registration.key, a.present) for a in absent) == [
        (3, "c", False),
        (3, "r", False),
    ]
    text = dumps_archive(export_archive(tournament))
    exported = json.loads(text)
    assert RESERVE in exported["players"]
    assert exported["sessions"][2]["absent"] == ["c", "r"]
    assert "absent" not in exported["sessions"][0]  # written only when non-empty
    import_archive(actor=None, data=exported, replace=True)
    again = Tournament.objects.get(slug="hand-worked")
    assert dumps_archive(export_archive(again)) == text
    ranked = [row.player for row in selectors.standings(again).rows]
    assert again.registrations.get(key="r").pk not in ranked and len(ranked) == 8


@pytest.mark.django_db
def test_present_marks_are_not_archived():
    tournament = import_archive(actor=None, data=with_reserve())
    attendance.mark(actor=None, tournament=tournament, session_number=3, key="a", present=True)
    assert "a" not in json.dumps(export_archive(tournament)["sessions"][2].get("absent"))


@pytest.mark.parametrize(
    ("absent", "where", "reason"),
    [
        (["zz"], "sessions[2].absent[0]", "is not a key in players"),
        (["c", "c"], "sessions[2].absent[1]", "appears more than once"),
        ("c", "sessions[2].absent", "list"),
    ],
)
def test_a_bad_absent_list_is_refused_at_its_path(absent, where, reason):
    data = with_reserve()
    data["sessions"][2]["absent"] = absent
    with pytest.raises(ArchiveError) as caught:
        validate_archive(data)
    assert where in str(caught.value) and reason in str(caught.value)


def test_a_reserve_in_a_seat_is_refused_at_its_path():
    data = with_reserve()
    data["sessions"][2]["tables"][0]["seats"][0]["player"] = "r"
    data["sessions"][2]["tables"][1]["seats"][3]["player"] = "h"  # h moved, so only the reserve is wrong
    with pytest.raises(ArchiveError) as caught:
        validate_archive(data)
    assert "sessions[2].tables[0].seats[0].player" in str(caught.value)
    assert "reserve" in str(caught.value)
