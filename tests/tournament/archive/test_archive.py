"""The tournament archive (archive-format.md) and the commands around it (cli.md)."""

import copy
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.models import AuditEntry, Tournament
from tournament.readers.archive import ArchiveError, validate_archive

PLAYERS = [
    {
        "key": key,
        "first_name": first,
        "last_name": last,
        "ema_id": ema,
        "country": country,
        "club": "",
        "status": "active",
    }
    for key, first, last, ema, country in [
        ("a", "Anna", "de Vries", "08010039", "NED"),
        ("b", "Łukasz", "Wiśniewski", "19000001", "POL"),
        ("c", "Jiří", "Dvořák", None, "CZE"),
        ("d", "Søren", "Kjær", "03000002", "DEN"),
        ("e", "Ádám", "Szűcs", "06000003", "HUN"),
        ("f", "Şükrü", "Yılmaz", "05000004", "GER"),
        ("g", "Åsa", "Lindqvist", "09000005", "SWE"),
        ("h", "=cmd|' /C calc'!A0", "Evil", None, "GBR"),
    ]
]


def seat(wind, player, score, **extra):
    return {"wind": wind, "player": player, "score": score, **extra}


# The hand-worked event of tests/scoring/test_standings.py (EMA 2016 3.6.1, 3.4.6, 5.7): totals
# e 40,000; f 32,000; b 17,900; a 11,200; g -17,000; c -27,300; d -29,800; h -50,000.
HAND_WORKED = {
    "format": "riichi-tournament-archive",
    "version": 1,
    "tournament": {
        "slug": "hand-worked",
        "name": "Hand Worked Open",
        "short_name": "HW26",
        "city": "Utrecht",
        "country": "NED",
        "start_date": "2026-05-09",
        "end_date": "2026-05-10",
        "ruleset": "ema-2016",
        "ruleset_overrides": {},
        "qualification": False,
    },
    "players": PLAYERS,
    "sessions": [
        {
            "number": 1,
            "starts_at": "2026-05-09T10:00:00+02:00",
            "duration_minutes": 90,
            "tables": [
                {
                    "number": 1,
                    "seats": [
                        seat("E", "a", 41_200),
                        seat("S", "b", 30_900),
                        seat("W", "c", 25_700),
                        seat("N", "d", 22_200),
                    ],
                },
                {
                    "number": 2,
                    "seats": [
                        seat("E", "e", 40_000),
                        seat("S", "f", 40_000),
                        seat("W", "g", 25_000),
                        seat("N", "h", 15_000),
                    ],
                },
            ],
        },
        {
            "number": 2,
            "starts_at": "2026-05-09T12:00:00+02:00",
            "duration_minutes": 90,
            "tables": [
                {
                    "number": 1,
                    "seats": [
                        seat("E", "a", 30_000),
                        seat("S", "e", 35_000),
                        seat("W", "g", 28_000),
                        seat("N", "c", 27_000),
                    ],
                },
                {
                    "number": 2,
                    "seats": [
                        seat("E", "b", 32_000),
                        seat("S", "f", 32_000),
                        seat("W", "d", 31_000),
                        seat("N", "h", 25_000),
                    ],
                },
            ],
        },
        {
            "number": 3,
            "starts_at": None,
            "duration_minutes": 90,
            "tables": [
                {
                    "number": 1,
                    "seats": [
                        seat("E", "h", None),
                        seat("S", "g", None),
                        seat("W", "f", None),
                        seat("N", "e", None),
                    ],
                },
                {
                    "number": 2,
                    "seats": [
                        seat("E", "d", None),
                        seat("S", "c", None),
                        seat("W", "b", None),
                        seat("N", "a", None),
                    ],
                },
            ],
        },
    ],
    "penalties": [
        {"player": "a", "session": 2, "kind": "chombo", "reason": "false ron, tiles shown"},
        {"player": "d", "session": 1, "kind": "lateness", "minutes": 3},
        {
            "player": "b",
            "session": 1,
            "kind": "obstruction",
            "points": 8000,
            "reason": "slow play",
            "cancelled": True,
            "cancel_reason": "appeal upheld",
        },
    ],
}


def write(tmp_path, data, name="archive.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.django_db
def test_standings_json_matches_the_hand_calculation(tmp_path):
    call_command("import_tournament", str(write(tmp_path, HAND_WORKED)), stdout=StringIO())
    out = StringIO()
    call_command("standings", "hand-worked", "--format", "json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["after_session"] == 2
    assert [(r["rank"], r["player"], r["total"]) for r in data["rows"]] == [
        (1, "e", 40_000),
        (2, "f", 32_000),
        (3, "b", 17_900),
        (4, "a", 11_200),
        (5, "g", -17_000),
        (6, "c", -27_300),
        (7, "d", -29_800),
        (8, "h", -50_000),
    ]
    a_session_2 = data["rows"][3]["sessions"][1]
    assert a_session_2 == {
        "session": 2,
        "table": 1,
        "wind": "E",
        "raw": 30_000,
        "score": 0,
        "uma": 5_000,
        "penalties": 20_000,
        "total": -15_000,
        "substitute": None,
    }


@pytest.mark.django_db
def test_standings_after_session_one_shows_shared_rank(tmp_path):
    call_command("import_tournament", str(write(tmp_path, HAND_WORKED)), stdout=StringIO())
    out = StringIO()
    call_command("standings", "hand-worked", "--format", "table", "--after-session", "1", stdout=out)
    lines = out.getvalue().splitlines()
    assert "after session 1" in lines[0]
    assert lines[4].split()[:3] == ["2=", "Ádám", "Szűcs"] and lines[5].split()[:3] == [
        "2=",
        "Şükrü",
        "Yılmaz",
    ]


@pytest.mark.django_db
def test_csv_standings_keep_a_formula_name_as_text(tmp_path):
    call_command("import_tournament", str(write(tmp_path, HAND_WORKED)), stdout=StringIO())
    out = StringIO()
    call_command("standings", "hand-worked", "--format", "csv", stdout=out)
    assert "'=cmd|' /C calc'!A0" in out.getvalue()


@pytest.mark.django_db
def test_export_import_export_is_byte_identical(tmp_path):
    call_command("import_tournament", str(write(tmp_path, HAND_WORKED)), stdout=StringIO())
    first = tmp_path / "first.json"
    call_command("export_tournament", "hand-worked", "-o", str(first))
    call_command("import_tournament", str(first), "--replace", stdout=StringIO())
    second = StringIO()
    call_command("export_tournament", "hand-worked", stdout=second)
    assert second.getvalue() == first.read_text(encoding="utf-8")
    exported = json.loads(second.getvalue())
    assert exported["sessions"][0]["starts_at"] == "2026-05-09T10:00:00+02:00"
    assert HAND_WORKED["penalties"][2] in exported["penalties"]  # the cancelled one, with its reason


@pytest.mark.django_db
def test_demo_round_trips(demo):
    text = dumps_archive(export_archive(demo))
    from tournament.services.archive_import import import_archive

    import_archive(actor=None, data=json.loads(text), replace=True)
    assert dumps_archive(export_archive(Tournament.objects.get(slug="demo"))) == text
    kinds = {
        (s.get("substitute"))
        for session in json.loads(text)["sessions"]
        for t in session["tables"]
        for s in t["seats"]
    }
    assert {"from_start", "mid_session"} <= kinds


def broken(path, value):
    """HAND_WORKED with the value at a dotted path replaced (or the key removed when value is ...)."""
    data = copy.deepcopy(HAND_WORKED)
    *parents, last = path
    target = data
    for part in parents:
        target = target[part]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "where", "reason"),
    [
        (
            ("sessions", 1, "tables", 1, "seats", 3, "score"),
            25_050,
            "sessions[1].tables[1].seats[3].score",
            "not a multiple of 100",
        ),
        (
            ("sessions", 1, "tables", 1, "seats", 3, "score"),
            25_100,
            "sessions[1].tables[1]",
            "(100 too many)",
        ),
        (
            ("sessions", 0, "tables", 0, "seats", 1, "player"),
            "zz",
            "sessions[0].tables[0].seats[1].player",
            "not a key in players",
        ),
        (
            ("sessions", 0, "tables", 1, "seats", 0, "player"),
            "a",
            "sessions[0].tables[1].seats[0].player",
            "seated twice",
        ),
        (
            ("sessions", 0, "tables", 0, "seats", 1, "wind"),
            "E",
            "sessions[0].tables[0].seats[1].wind",
            "'E' appears more than once",
        ),
        (
            ("sessions", 0, "tables", 0, "seats", 1, "score"),
            None,
            "sessions[0].tables[0].seats[1].score",
            "missing while",
        ),
        (("players", 2, "ema_id"), "1234", "players[2].ema_id", "eight digits"),
        (("players", 3, "ema_id"), "08010039", "players[3].ema_id", "appears more than once"),
        (("players", 0, "nickname"), "Annie", "players[0].nickname", "unknown key"),
        (("players", 0, "country"), "NL", "players[0].country", "three-letter"),
        (("penalties", 1, "minutes"), 11, "penalties[1].minutes", "substitute from the start"),
        (("penalties", 0, "session"), 9, "penalties[0].session", "no session 9"),
        (("tournament", "slug"), "Hand Worked", "tournament.slug", "lowercase"),
        (
            ("tournament", "ruleset_overrides"),
            {"uma": [1, 2]},
            "tournament.ruleset_overrides.uma",
            "four whole numbers",
        ),
        (("tournament", "name"), ..., "tournament.name", "missing"),
        (("version",), 2, "version", "not supported"),
    ],
)
def test_bad_archives_name_the_json_path(path, value, where, reason):
    with pytest.raises(ArchiveError) as error:
        validate_archive(broken(path, value))
    assert error.value.path == where
    assert reason in error.value.reason


@pytest.mark.django_db
def test_a_bad_file_changes_nothing(tmp_path):
    call_command("import_tournament", str(write(tmp_path, HAND_WORKED)), stdout=StringIO())
    before = dumps_archive(export_archive(Tournament.objects.get(slug="hand-worked")))
    audit_before = AuditEntry.objects.count()
    bad = broken(("sessions", 1, "tables", 1, "seats", 3, "score"), 25_100)
    bad["tournament"]["name"] = "Renamed"
    with pytest.raises(
        CommandError, match=r"sessions\[1\]\.tables\[1\]: session 2, table 2: the scores add up to 120,100"
    ):
        call_command("import_tournament", str(write(tmp_path, bad, "bad.json")), "--replace")
    assert dumps_archive(export_archive(Tournament.objects.get(slug="hand-worked"))) == before
    assert AuditEntry.objects.count() == audit_before


@pytest.mark.django_db
def test_existing_slug_needs_replace(tmp_path):
    path = write(tmp_path, HAND_WORKED)
    call_command("import_tournament", str(path), stdout=StringIO())
    with pytest.raises(CommandError, match="exists already; use --replace"):
        call_command("import_tournament", str(path))


@pytest.mark.django_db
def test_malformed_json_names_the_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "riichi-tournament-archive",\n "version": 1,,}', encoding="utf-8")
    with pytest.raises(CommandError, match=r"broken.json: line 2 column 15: not valid JSON"):
        call_command("import_tournament", str(path))


@pytest.mark.django_db
def test_unknown_tournament_is_named():
    with pytest.raises(CommandError, match="no tournament 'nope'"):
        call_command("standings", "nope")


@pytest.mark.django_db
def test_import_is_audited(tmp_path):
    call_command("import_tournament", str(write(tmp_path, HAND_WORKED)), stdout=StringIO())
    entry = AuditEntry.objects.get(action="tournament.import")
    assert entry.actor_label == "command line"
    assert entry.data["players"] == 8 and entry.data["penalties"] == 3


@pytest.mark.django_db
def test_a_draft_stays_a_draft_through_the_archive():
    """Issue 28: a hidden tournament's archive says so ("public": false) and its import is hidden too; a public
    one's archive is as before (no key), and an archive without the key is imported public."""
    from tournament.services import publication, tournaments
    from tournament.services.archive_import import import_archive

    draft = tournaments.create_tournament(actor=None, slug="draft", name="Draft Open")
    assert "public" not in export_archive(draft)["tournament"]
    publication.set_public(actor=None, tournament=draft, public=False)
    archive = export_archive(Tournament.objects.get(slug="draft"))
    assert archive["tournament"]["public"] is False
    archive["tournament"]["slug"] = "draft-copy"
    assert not import_archive(actor=None, data=archive).is_public
    del archive["tournament"]["public"]
    archive["tournament"]["slug"] = "old-copy"
    assert import_archive(actor=None, data=archive).is_public
    archive["tournament"]["public"] = "no"
    with pytest.raises(ArchiveError, match="tournament.public"):
        validate_archive(archive)


@pytest.mark.parametrize(
    ("overrides", "path"),
    [
        ({"lateness_max_minutes": 0}, "tournament.ruleset_overrides.lateness_max_minutes"),
        ({"uma": [15000, 5000, -5000, -10000]}, "tournament.ruleset_overrides.uma"),
    ],
)
def test_the_archive_refuses_what_the_settings_refuse(overrides, path):
    """Issue 28: the same check as the settings page: a lateness limit of 0, a uma not adding up to 0 unless
    confirmed as a house rule."""
    archive = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "x", "name": "X"},
        "players": [],
        "ruleset_overrides": None,
    }
    del archive["ruleset_overrides"]
    archive["tournament"]["ruleset_overrides"] = overrides
    with pytest.raises(ArchiveError, match=path.replace(".", r"\.")):
        validate_archive(archive)
    if "uma" in overrides:
        archive["tournament"]["ruleset_overrides"] = {**overrides, "uma_sum_confirmed": True}
        validate_archive(archive)
