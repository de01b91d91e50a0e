"""Hostile archives (issue 13): every one is a one-line error naming the JSON path, the command exits non-zero,
and nothing is written; the limits come from the models and scoring.limits, so SQLite and PostgreSQL accept
exactly the same files (before, SQLite stored a 100-character slug or session 40,000 and PostgreSQL crashed)."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.hostile_files import (
    ARCHIVE,
    FIRST_SCORE,
    archive_text,
    scores,
    session_40000,
    with_value,
)
from tournament.models import AuditEntry, Player, Registration, Session, Tournament
from tournament.readers.archive import ArchiveError, parse_archive

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile"


def counts() -> tuple:
    return tuple(model.objects.count() for model in (Tournament, Player, Registration, Session, AuditEntry))


def refused(text: str) -> tuple[str, str]:
    with pytest.raises(ArchiveError) as caught:
        parse_archive(text)
    return caught.value.path, caught.value.reason


@pytest.mark.parametrize(
    ("name", "path", "reason"),
    [
        ("archive-duplicate-key.json", "tournament.name", "appears more than once in this object"),
        (
            "archive-lone-surrogate.json",
            "players[0].first_name",
            "text with a lone surrogate (U+D800), which is not a character",
        ),
        ("archive-nul-in-name.json", "players[1].first_name", "text with a NUL character (U+0000)"),
        (
            "archive-5000-digits.json",
            "sessions[0].tables[0].seats[0].score",
            "a number with more than 15 digits",
        ),
        ("archive-nan-score.json", "sessions[0].tables[0].seats[0].score", "NaN is not a number"),
        ("archive-huge-float.json", "sessions[0].tables[0].seats[0].score", "a number too large to hold"),
        (
            "archive-list-as-key.json",
            "sessions[0].tables[0].seats[0].player",
            "['p1'] is not a key in players",
        ),
        ("archive-object-as-session.json", "penalties[0].session", "there is no session {'number': 1}"),
        (
            "archive-slash-in-key.json",
            "players[0].key",
            "letters, digits, hyphens and underscores only, 1 to 40 characters",
        ),
        ("archive-session-40000.json", "sessions[0].number", "a whole number from 1 to 40"),
        (
            "archive-deep.json",
            "tournament.ruleset_overrides.uma[0][0][0][0][0][0][0][0][0][0][0][0][0][0]",
            "",
        ),
    ],
)
def test_hostile_archive_files_name_the_json_path(name, path, reason):
    found_path, found_reason = refused((HOSTILE / name).read_text(encoding="utf-8"))
    assert found_path == path
    assert found_reason == (reason or "nested more than 16 levels deep")


def test_nesting_deeper_than_the_stack_names_the_line_and_column():
    """100,000 brackets: Python's JSON reader raised RecursionError."""
    text = archive_text(with_value(("tournament", "ruleset_overrides"), {})).replace(
        '"ruleset_overrides": {}', '"ruleset_overrides": ' + "[" * 100_000 + "]" * 100_000
    )
    # the whole file and "tournament" are levels 1 and 2: the 15th bracket is level 17
    seventeenth = text.index("[" * 17) + 14
    line = text.count("\n", 0, seventeenth) + 1
    column = seventeenth - text.rfind("\n", 0, seventeenth)
    assert refused(text) == (f"line {line} column {column}", "nested more than 16 levels deep")


def test_text_that_is_not_json_names_line_and_column():
    assert refused('{"format": "riichi-tournament-archive",\n  "version": }') == (
        "line 2 column 14",
        "not valid JSON: Expecting value",
    )


def test_an_archive_larger_than_20_mb_is_refused_unparsed():
    assert refused(" " * (20 * 1024 * 1024 + 1)) == ("$", "the file is larger than 20 MB")


SEAT = ("sessions", 0, "tables", 0, "seats", 0)


@pytest.mark.parametrize(
    ("path", "value", "where", "reason"),
    [
        (("tournament", "slug"), "a" * 61, "tournament.slug", "at most 60 characters"),
        (("tournament", "name"), "N" * 201, "tournament.name", "longer than 200 characters (201)"),
        (("tournament", "name"), "N" * 10_000_000, "tournament.name", "longer than 200 characters"),
        (("tournament", "short_name"), "S" * 41, "tournament.short_name", "longer than 40 characters"),
        (("tournament", "country"), [], "tournament.country", "three-letter EMA country code"),
        (("tournament", "ruleset"), ["ema-2016"], "tournament.ruleset", "must be one of ema-2016"),
        (("tournament", "start_date"), "0001-01-01", "tournament.start_date", "a year from 2000 to 2100"),
        (
            ("tournament", "ruleset_overrides"),
            {"starting_points": 10**12},
            "tournament.ruleset_overrides.starting_points",
            "starting_points must be a whole number from 0 to 100,000",
        ),
        (("players", 0, "first_name"), "A" * 101, "players[0].first_name", "longer than 100 characters"),
        (("players", 0, "first_name"), "An\x1bna", "players[0].first_name", "control character U+001B"),
        (("players", 0, "first_name"), "An\nna", "players[0].first_name", "control character U+000A"),
        (("players", 0, "club"), "C" * 101, "players[0].club", "longer than 100 characters"),
        (("players", 0, "status"), {}, "players[0].status", "must be one of active"),
        (("players", 0, "key"), "k" * 41, "players[0].key", "1 to 40 characters"),
        (("players", 0, "key"), "", "players[0].key", "1 to 40 characters"),
        (("players", 0, "ema_id"), "٠٨٠١٠٠٣٩", "players[0].ema_id", "eight digits"),
        (("players", 0, "ema_id"), "08010039\n", "players[0].ema_id", "eight digits"),
        (("sessions", 0, "number"), 10**12, "sessions[0].number", "a whole number from 1 to 40"),
        (("sessions", 0, "duration_minutes"), 10**6, "sessions[0].duration_minutes", "from 1 to 600"),
        (
            ("sessions", 0, "starts_at"),
            "9999-12-31T23:59:59-14:00",
            "sessions[0].starts_at",
            "a year from 2000 to 2100",
        ),
        (("sessions", 0, "tables", 0, "number"), 10**12, "sessions[0].tables[0].number", "from 1 to 1,250"),
        (
            ("sessions", 0, "tables", 0, "leftover_sticks"),
            40_000,
            "sessions[0].tables[0].leftover_sticks",
            "0 to 100",
        ),
        (
            (*SEAT, "score"),
            3 * 10**9,
            "sessions[0].tables[0].seats[0].score",
            "from -1,000,000 to 1,000,000",
        ),
        ((*SEAT, "wind"), ["E"], "sessions[0].tables[0].seats[0].wind", "must be one of E, S, W, N"),
        ((*SEAT, "substitute_name"), "x" * 201, "sessions[0].tables[0].seats[0].substitute_name", "200"),
        (("penalties", 0, "minutes"), "ten", "penalties[0].minutes", "a whole number from 0 to 600"),
        (("penalties", 0, "points"), 10**12, "penalties[0].points", "from 0 to 1,000,000"),
        (("penalties", 0, "reason"), "r" * 301, "penalties[0].reason", "longer than 300 characters"),
        (("penalties", 0, "kind"), {"chombo": 1}, "penalties[0].kind", "must be one of chombo"),
        (("penalties", 0, "player"), ["p4"], "penalties[0].player", "['p4'] is not a key in players"),
        (("version",), True, "version", "version True is not supported"),
        (("tournament", "bad\nkey"), 1, "tournament['bad\\nkey']", "unknown key"),
    ],
)
def test_lengths_ranges_and_types_are_checked_before_writing(path, value, where, reason):
    found_path, found_reason = refused(archive_text(with_value(path, value)))
    assert found_path == where
    assert reason is None or reason in found_reason
    assert "\n" not in found_path + found_reason


def test_scores_of_twenty_digits_summing_right_are_refused():
    """+10^20 and -10^20 keep the table sum: the old import ended in OverflowError."""
    assert refused(archive_text(scores(10**20 + 40_000, -(10**20) + 35_000))) == (
        "sessions[0].tables[0].seats[0].score",
        "a number with more than 15 digits",
    )


def test_a_reason_may_break_lines_a_name_may_not():
    text = archive_text(with_value(("penalties", 0, "reason"), "first line\nsecond line"))
    assert parse_archive(text)["penalties"][0]["reason"] == "first line\nsecond line"


def test_more_players_than_any_tournament_are_refused():
    players = [dict(ARCHIVE["players"][0], key=f"k{i}") for i in range(5_001)]
    assert refused(archive_text(with_value(("players",), players))) == (
        "players",
        "5,001 entries; a tournament has at most 5,000",
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text",
    [
        (HOSTILE / "archive-5000-digits.json").read_text(),
        (HOSTILE / "archive-nul-in-name.json").read_text(),
        archive_text(with_value(("tournament", "slug"), "s" * 100)),
        archive_text(with_value(("tournament", "name"), "n" * 10_000)),
        archive_text(session_40000()),
        archive_text(scores(3 * 10**9, 75_000 - 3 * 10**9)),
        archive_text().replace(FIRST_SCORE, '"score": ' + "[" * 5000 + "]" * 5000),
    ],
    ids=["5000-digits", "nul", "slug-100", "name-10k", "session-40000", "score-3e9", "deep"],
)
def test_the_command_fails_in_one_line_and_writes_nothing(tmp_path, text):
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError) as caught:
        call_command("import_tournament", str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert counts() == before


@pytest.mark.django_db
def test_the_command_reads_standard_input():
    """`import_tournament -` crashed with 'Command' object has no attribute 'stdin'."""
    out = io.StringIO()
    call_command("import_tournament", "-", stdin=io.StringIO(archive_text()), stdout=out)
    assert out.getvalue() == "Imported hostile: 4 players, 1 sessions, 1 penalties.\n"
    assert Tournament.objects.get(slug="hostile").name == "Hostile Open"


@pytest.mark.django_db
def test_standard_input_is_decoded_strictly_as_utf8():
    stream = io.TextIOWrapper(io.BytesIO(archive_text().replace("Anna", "Änna").encode("latin-1")))
    with pytest.raises(CommandError, match=r"^-: the file is not UTF-8 text \(byte \d+\)$"):
        call_command("import_tournament", "-", stdin=stream)
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_an_archive_at_the_limits_imports_on_either_database():
    """The largest values the checks allow are stored as they are (PostgreSQL's smallint and integer hold them)."""
    data = json.loads(archive_text())
    data["tournament"].update(slug="s" * 60, name="N" * 200, short_name="S" * 40, city="C" * 100)
    data["players"][0].update(key="k" * 40, first_name="F" * 100, last_name="L" * 100, club="C" * 100)
    for seat_data in data["sessions"][0]["tables"][0]["seats"]:
        seat_data["player"] = "k" * 40 if seat_data["player"] == "p1" else seat_data["player"]
    data["sessions"][0].update(number=40, duration_minutes=600)
    data["sessions"][0]["tables"][0]["number"] = 1_250
    seats = data["sessions"][0]["tables"][0]["seats"]
    for seat_data, score in zip(seats, (1_000_000, -900_000, 0, 20_000), strict=True):
        seat_data["score"] = score
    data["penalties"] = [
        {"player": "p4", "session": 40, "kind": "other", "points": 1_000_000, "reason": "r" * 300}
    ]
    call_command("import_tournament", "-", stdin=io.StringIO(json.dumps(data)), stdout=io.StringIO())
    session = Session.objects.get(tournament__slug="s" * 60)
    assert (session.number, session.duration_minutes, session.tables.get().number) == (40, 600, 1_250)
