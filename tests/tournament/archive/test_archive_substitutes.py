"""Issue 20, item 3: the archive carries a seat's substitute chosen before play (5.8): a reserve as
``substitute_player`` (with or without a result), a guest as ``substitute: from_start`` with ``substitute_name`` at
a seat without a score (with a score the result's own substitute fields, as before); export -> import -> export is
byte-identical, and a bad ``substitute_player`` is refused at its JSON path.

Issue 28, item 2: a planned reserve's seat without a score says ``"substitute": "from_start"`` too, as a planned
guest's does, so every substituted seat reads the same way; an older archive without it still imports (and is
written in the new form)."""

import copy
import json

import pytest

from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.models import Seat, SeatResult, Tournament
from tournament.readers.archive import ArchiveError, validate_archive
from tournament.services.archive_import import import_archive

PLAYERS = [
    {"key": key, "first_name": first, "last_name": "Test", "status": status}
    for key, first, status in [
        *((k, k.upper(), "active") for k in "abcdefgh"),
        ("r1", "Rob", "reserve"),
        ("r2", "Ria", "reserve"),
    ]
]


def seats(keys, scores=None, **extra_by_wind):
    return [
        {"wind": w, "player": k, **({"score": scores[i]} if scores else {}), **extra_by_wind.get(w, {})}
        for i, (w, k) in enumerate(zip("ESWN", keys, strict=True))
    ]


RESERVE_PLAYED = {"substitute": "from_start", "substitute_name": "Rob Test", "substitute_player": "r1"}
GUEST_PLAYED = {"substitute": "from_start", "substitute_name": "Gus Guest"}
PLANNED_RESERVE = {"substitute": "from_start", "substitute_player": "r1"}
ARCHIVE = {
    "format": "riichi-tournament-archive",
    "version": 1,
    "tournament": {"slug": "subs", "name": "Subs Open"},
    "players": PLAYERS,
    "sessions": [
        {  # with results: table 1 a reserve, table 2 a guest, both from the start
            "number": 1,
            "tables": [
                {"number": 1, "seats": seats("abcd", (35_000, 40_000, 25_000, 20_000), S=RESERVE_PLAYED)},
                {"number": 2, "seats": seats("efgh", (30_000, 30_000, 30_000, 30_000), N=GUEST_PLAYED)},
            ],
        },
        {  # without results: planned only
            "number": 2,
            "tables": [
                {"number": 1, "seats": seats("aceg", E=PLANNED_RESERVE)},
                {
                    "number": 2,
                    "seats": seats("bdfh", W={"substitute": "from_start", "substitute_name": "Gus"}),
                },
            ],
        },
    ],
}


@pytest.mark.django_db
def test_planned_substitutes_round_trip_byte_for_byte():
    tournament = import_archive(actor=None, data=copy.deepcopy(ARCHIVE))
    planned = {
        (s.session.number, s.registration.key): (
            s.substitute_reserve.key if s.substitute_reserve else "",
            s.substitute_guest,
        )
        for s in Seat.objects.filter(session__tournament=tournament).select_related(
            "session", "registration", "substitute_reserve"
        )
        if s.substitute_label
    }
    assert planned == {(1, "b"): ("r1", ""), (2, "a"): ("r1", ""), (2, "f"): ("", "Gus")}
    played = SeatResult.objects.get(seat__session__number=1, seat__registration__key="h")
    assert (played.substitute, played.substitute_name) == ("from_start", "Gus Guest")
    first = dumps_archive(export_archive(tournament))
    assert substitutes(json.loads(first)) == substitutes(ARCHIVE)
    import_archive(actor=None, data=json.loads(first), replace=True)
    assert dumps_archive(export_archive(Tournament.objects.get(slug="subs"))) == first


@pytest.mark.django_db
def test_a_planned_reserve_says_from_start_as_a_planned_guest_does():
    exported = export_archive(import_archive(actor=None, data=copy.deepcopy(ARCHIVE)))
    planned = substitutes(exported)
    assert planned[(2, "a")] == {"substitute": "from_start", "substitute_player": "r1"}
    assert planned[(2, "f")] == {"substitute": "from_start", "substitute_name": "Gus"}


@pytest.mark.django_db
def test_an_older_archive_without_it_still_imports_and_is_written_in_the_new_form():
    older = copy.deepcopy(ARCHIVE)
    older["sessions"][1]["tables"][0]["seats"][0] = {"wind": "E", "player": "a", "substitute_player": "r1"}
    tournament = import_archive(actor=None, data=older)
    first = dumps_archive(export_archive(tournament))
    assert substitutes(json.loads(first))[(2, "a")] == PLANNED_RESERVE
    import_archive(actor=None, data=json.loads(first), replace=True)
    assert dumps_archive(export_archive(Tournament.objects.get(slug="subs"))) == first


def substitutes(data: dict) -> dict:
    keys = ("substitute", "substitute_name", "substitute_player")
    return {
        (session["number"], seat["player"]): {key: seat[key] for key in keys if key in seat}
        for session in data["sessions"]
        for table in session["tables"]
        for seat in table["seats"]
    }


def broken(session: int, table: int, wind: str, **changes) -> dict:
    data = copy.deepcopy(ARCHIVE)
    seat = next(s for s in data["sessions"][session]["tables"][table]["seats"] if s["wind"] == wind)
    seat.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "path", "reason"),
    [
        (
            broken(1, 0, "E", substitute_player="zz"),
            "sessions[1].tables[0].seats[0].substitute_player",
            "status reserve",
        ),
        (
            broken(1, 0, "E", substitute_player="b"),
            "sessions[1].tables[0].seats[0].substitute_player",
            "status reserve",
        ),
        (
            broken(1, 1, "E", substitute_player="r1"),
            "sessions[1].tables[1].seats[0].substitute_player",
            "twice",
        ),
        (broken(1, 1, "W", substitute_name=" "), "sessions[1].tables[1].seats[2].substitute_name", "missing"),
        (
            broken(1, 1, "W", substitute_name="G" * 101),
            "sessions[1].tables[1].seats[2].substitute_name",
            "100",
        ),
        (
            broken(1, 1, "W", substitute="mid_session"),
            "sessions[1].tables[1].seats[2].substitute",
            "from_start",
        ),
        (
            broken(1, 0, "E", substitute="mid_session"),
            "sessions[1].tables[0].seats[0].substitute",
            "from_start",
        ),
    ],
)
def test_a_bad_planned_substitute_is_named(data, path, reason):
    with pytest.raises(ArchiveError) as refused:
        validate_archive(data)
    assert refused.value.path == path and reason in str(refused.value)


def test_a_reserve_is_never_seated_so_cannot_both_play_and_substitute():
    data = broken(1, 0, "E", substitute_player="r2")
    data["sessions"][1]["tables"][1]["seats"][0]["player"] = "r2"  # r2 takes b's seat at table 2
    with pytest.raises(ArchiveError, match="is a reserve; a reserve is not seated"):
        validate_archive(data)
