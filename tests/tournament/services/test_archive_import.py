"""services.archive_import: a whole tournament from a validated archive (archive-format.md), all or nothing, with
one audit entry naming who imported it. The file's checks are in tests/tournament/archive/, the command in
tests/tournament/management/, renaming people in test_player_people.py."""

import copy

import pytest

from tests.tournament.services.expect import audited, database, last_entry_id, new_actions, refused
from tournament.models import Penalty, Registration, SeatResult, TableResult, Tournament
from tournament.readers.archive import ArchiveError
from tournament.services.archive_import import import_archive

NAMES = [
    ("a", "Anna", "Aalders"),
    ("b", "Bram", "Bakker"),
    ("c", "Cees", "Claassen"),
    ("d", "Dirk", "Dekker"),
]


def seats(scores):
    return [
        {"wind": wind, "player": key, **({"score": score} if score is not None else {})}
        for wind, (key, *_), score in zip("ESWN", NAMES, scores, strict=True)
    ]


ARCHIVE = {
    "format": "riichi-tournament-archive",
    "version": 1,
    "tournament": {"slug": "small", "name": "Small Open", "city": "Leiden", "country": "NED"},
    "players": [
        {"key": key, "first_name": first, "last_name": last, "country": "NED", "club": f"Club {key}"}
        for key, first, last in NAMES
    ],
    "sessions": [
        # 45,000 + 35,000 + 25,000 + 15,000 = 120,000 = 4 x 30,000 (3.6)
        {"number": 1, "tables": [{"number": 1, "seats": seats((45_000, 35_000, 25_000, 15_000))}]},
        {"number": 2, "tables": [{"number": 1, "seats": seats((None, None, None, None))}]},
    ],
    "penalties": [
        {"player": "b", "session": 1, "kind": "chombo"},
        {
            "player": "c",
            "session": 1,
            "kind": "lateness",
            "minutes": 3,
            "cancelled": True,
            "cancel_reason": "clock",
        },
    ],
}


def archive(**changes) -> dict:
    data = copy.deepcopy(ARCHIVE)
    data["tournament"].update(changes)
    return data


def test_the_whole_tournament_is_created_and_audited_with_who_imported_it(db, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    tournament = import_archive(actor=olga, data=archive())
    assert (tournament.slug, tournament.name, tournament.city) == ("small", "Small Open", "Leiden")
    assert list(Registration.objects.filter(tournament=tournament).values_list("key", "club", "status")) == [
        ("a", "Club a", "active"),
        ("b", "Club b", "active"),
        ("c", "Club c", "active"),
        ("d", "Club d", "active"),
    ]
    assert list(tournament.sessions.values_list("number", "duration_minutes")) == [(1, 90), (2, 90)]
    result = TableResult.objects.get(table__session__tournament=tournament)
    assert (result.table.session.number, result.version, result.is_current) == (1, 1, True)
    assert (result.entered_by, result.entered_by_label, result.note) == (
        olga,
        "olga",
        "imported from an archive",
    )
    rows = SeatResult.objects.filter(result=result).order_by("seat__order")
    assert [(r.seat.wind, r.seat.registration.key, r.raw_score) for r in rows] == [
        ("E", "a", 45_000),
        ("S", "b", 35_000),
        ("W", "c", 25_000),
        ("N", "d", 15_000),
    ]
    penalties = Penalty.objects.filter(session__tournament=tournament).order_by("id")
    assert [
        (p.registration.key, p.kind, p.minutes, p.cancelled, p.cancel_reason, p.created_by) for p in penalties
    ] == [
        ("b", "chombo", None, False, "", olga),
        ("c", "lateness", 3, True, "clock", olga),
    ]
    entry = audited(
        since,
        "tournament.import",
        summary="Imported small from an archive",
        actor=olga,
        tournament=tournament,
    )
    assert entry.data == {
        "slug": "small",
        "replaced": False,
        "players": 4,
        "sessions": 2,
        "results": 1,
        "penalties": 2,
    }
    assert new_actions(since) == ["tournament.import"]


def test_an_existing_short_address_is_refused_without_replace(db):
    import_archive(actor=None, data=archive())
    refused(
        lambda: import_archive(actor=None, data=archive(name="Small Open 2")),
        "slug_taken",
        "A tournament with the short address small exists already; use --replace to overwrite it.",
    )


def test_replacing_takes_the_old_tournament_away_and_says_so(db):
    old = import_archive(actor=None, data=archive())
    since = last_entry_id()
    new = import_archive(actor=None, data=archive(name="Small Open 2"), replace=True)
    assert not Tournament.objects.filter(pk=old.pk).exists()
    assert list(Tournament.objects.values_list("slug", "name")) == [("small", "Small Open 2")]
    assert Registration.objects.count() == 4 and Penalty.objects.count() == 2
    audited(
        since,
        "tournament.import",
        summary="Imported small from an archive (replaced)",
        actor=None,
        tournament=new,
    )


def test_a_file_that_does_not_validate_writes_nothing(db):
    import_archive(actor=None, data=archive())
    bad = archive(name="Renamed")
    bad["sessions"][0]["tables"][0]["seats"][3]["score"] = 15_100  # 120,100: not 120,000 (3.6)
    before = database()
    with pytest.raises(ArchiveError, match="session 1, table 1: the scores add up to 120,100"):
        import_archive(actor=None, data=bad, replace=True)
    assert database() == before
