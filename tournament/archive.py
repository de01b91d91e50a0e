"""The tournament archive, version 1 (../shared/spec/archive-format.md): validation (export: archive_export).

``parse_archive`` reads JSON text strictly (tournament.archive_parse: duplicate keys, depth, huge numbers, text
no database stores) and ``validate_archive`` checks a whole parsed file before anything is written; both raise
``ArchiveError`` naming the JSON path (``sessions[2].tables[5].seats[1].score``) and the reason. Every text is
checked against its model field's length and for control characters, every number against the range the
database and scoring.limits allow, so SQLite and PostgreSQL accept exactly the same files. A player's key is a
slug (it is part of a page address). The import itself (the writes) is ``tournament.services.archive_import``.

Beyond the documented keys, a table may carry ``leftover_sticks`` (only for rulesets where leftover riichi
bets are lost) and the export writes it only when it is not 0.
"""

import re
from datetime import date, datetime
from typing import Any

from scoring import limits
from scoring.errors import ScoringError
from scoring.penalties import PENALTY_KINDS, PenaltyInput, penalty_points
from scoring.players import bad_character, is_country, is_ema_id, is_key
from scoring.ruleset import PRESETS, build_ruleset
from scoring.standings import STATUSES
from scoring.table import FROM_START, MID_SESSION, WINDS, SeatInput, check_table
from tournament.archive_export import FORMAT, VERSION, dumps_archive, export_archive
from tournament.archive_parse import ArchiveError, check_tree, load_json, member, shown
from tournament.models import Penalty, Player, Registration, SeatResult, Tournament

__all__ = ["ArchiveError", "dumps_archive", "export_archive", "parse_archive", "validate_archive"]

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$", re.ASCII)
FIRST_YEAR, LAST_YEAR = 1900, 2199  # dates outside are typing mistakes (and year 1 cannot move to UTC)
LINE_BREAKS = frozenset("\t\n\r")  # allowed in a reason, never in a name

TOP_KEYS = {
    "format": True,
    "version": True,
    "tournament": True,
    "players": True,
    "sessions": False,
    "penalties": False,
}
TOURNAMENT_KEYS = {
    "slug": True,
    "name": True,
    "short_name": False,
    "city": False,
    "country": False,
    "start_date": False,
    "end_date": False,
    "ruleset": False,
    "ruleset_overrides": False,
    "qualification": False,
}
PLAYER_KEYS = {
    "key": True,
    "first_name": True,
    "last_name": True,
    "ema_id": False,
    "country": False,
    "club": False,
    "status": False,
}
SESSION_KEYS = {"number": True, "starts_at": False, "duration_minutes": False, "tables": True}
TABLE_KEYS = {"number": True, "seats": True, "leftover_sticks": False}
SEAT_KEYS = {"wind": True, "player": True, "score": False, "substitute": False, "substitute_name": False}
PENALTY_KEYS = {
    "player": True,
    "session": True,
    "kind": True,
    "minutes": False,
    "points": False,
    "reason": False,
    "cancelled": False,
    "cancel_reason": False,
}


def _max_length(model, field: str) -> int:
    return model._meta.get_field(field).max_length


MAX_LENGTH = {
    "slug": _max_length(Tournament, "slug"),
    "name": _max_length(Tournament, "name"),
    "short_name": _max_length(Tournament, "short_name"),
    "city": _max_length(Tournament, "city"),
    "key": _max_length(Registration, "key"),
    "first_name": _max_length(Player, "first_name"),
    "last_name": _max_length(Player, "last_name"),
    "club": _max_length(Registration, "club"),
    "substitute_name": _max_length(SeatResult, "substitute_name"),
    "reason": _max_length(Penalty, "reason"),
    "cancel_reason": _max_length(Penalty, "cancel_reason"),
}


# -- validation ---------------------------------------------------------------------------------------------------


def parse_archive(text: str) -> dict:
    """Parse JSON text strictly and validate it; errors name the line (bad JSON) or the JSON path (bad content)."""
    data = load_json(text)
    validate_archive(data)
    return data


def validate_archive(data: Any) -> None:
    check_tree(data)  # also for data that did not come through parse_archive
    _keys(data, TOP_KEYS, "$")
    if data["format"] != FORMAT:
        raise ArchiveError("format", f"must be {FORMAT!r}")
    if not _is_int(data["version"]) or data["version"] != VERSION:
        raise ArchiveError(
            "version",
            f"version {shown(data['version'])} is not supported; this program reads version {VERSION}",
        )
    rules = _tournament(data["tournament"])
    keys = _players(_list(data["players"], "players", limits.MAX_PLAYERS))
    sessions = _list(data.get("sessions", []), "sessions", limits.MAX_SESSIONS)
    for index, session in enumerate(sessions):
        _session(session, f"sessions[{index}]", keys, rules)
    _unique([s["number"] for s in sessions], "sessions", "number")
    numbers = {s["number"] for s in sessions}
    for index, penalty in enumerate(_list(data.get("penalties", []), "penalties", limits.MAX_PENALTIES)):
        _penalty(penalty, f"penalties[{index}]", keys, numbers, rules)


def _tournament(value: Any):
    path = "tournament"
    _keys(value, TOURNAMENT_KEYS, path)
    slug = value["slug"]
    if not isinstance(slug, str) or not SLUG.fullmatch(slug) or len(slug) > MAX_LENGTH["slug"]:
        raise ArchiveError(
            f"{path}.slug",
            f"lowercase letters, digits and hyphens only, at most {MAX_LENGTH['slug']} characters",
        )
    _text(value["name"], f"{path}.name", "name", required=True)
    for key in ("short_name", "city"):
        _text(value.get(key, ""), f"{path}.{key}", key)
    _country(value.get("country", ""), f"{path}.country")
    start = _date(value.get("start_date"), f"{path}.start_date")
    end = _date(value.get("end_date"), f"{path}.end_date")
    if start and end and end < start:
        raise ArchiveError(f"{path}.end_date", "the last day is before the first day")
    _bool(value.get("qualification", False), f"{path}.qualification")
    preset = _choice(value.get("ruleset", "ema-2016"), tuple(PRESETS), f"{path}.ruleset")
    overrides = value.get("ruleset_overrides", {})
    if not isinstance(overrides, dict):
        raise ArchiveError(f"{path}.ruleset_overrides", "must be an object")
    _override_numbers(overrides, f"{path}.ruleset_overrides")
    try:
        return build_ruleset(preset, overrides)
    except ScoringError as error:
        key = error.params.get("key")
        raise ArchiveError(f"{path}.ruleset_overrides" + (f".{key}" if key else ""), error.message) from error


def _override_numbers(overrides: dict, path: str) -> None:
    for key, value in overrides.items():
        for number in value if isinstance(value, list) else [value]:
            if _is_int(number) and abs(number) > limits.MAX_RAW_POINTS:
                raise ArchiveError(member(path, key), f"{number} is beyond {limits.MAX_RAW_POINTS:,} points")


def _players(players: list) -> set[str]:
    for index, player in enumerate(players):
        path = f"players[{index}]"
        _keys(player, PLAYER_KEYS, path)
        _key(player["key"], f"{path}.key")
        _text(player["first_name"], f"{path}.first_name", "first_name")
        _text(player["last_name"], f"{path}.last_name", "last_name")
        if not (player["first_name"].strip() or player["last_name"].strip()):
            raise ArchiveError(f"{path}.last_name", "a player needs a name")
        ema_id = player.get("ema_id")
        if ema_id is not None and not is_ema_id(ema_id):
            raise ArchiveError(f"{path}.ema_id", "eight digits as a string, or null")
        _country(player.get("country", ""), f"{path}.country")
        _text(player.get("club", ""), f"{path}.club", "club")
        _choice(player.get("status", "active"), STATUSES, f"{path}.status")
    _unique([p["key"] for p in players], "players", "key")
    _unique(
        [p.get("ema_id") for p in players if p.get("ema_id")],
        "players",
        "ema_id",
        [p.get("ema_id") for p in players],
    )
    return {p["key"] for p in players}


def _session(session: Any, path: str, keys: set[str], rules) -> None:
    _keys(session, SESSION_KEYS, path)
    _number(session["number"], f"{path}.number", 1, limits.MAX_SESSIONS)
    if session.get("starts_at") is not None:
        _datetime(session["starts_at"], f"{path}.starts_at")
    if "duration_minutes" in session:
        _number(session["duration_minutes"], f"{path}.duration_minutes", 1, limits.MAX_MINUTES)
    tables = _list(session["tables"], f"{path}.tables", limits.MAX_TABLES)
    seated: dict[str, str] = {}
    for index, table in enumerate(tables):
        _table(table, f"{path}.tables[{index}]", keys, seated, rules, session["number"])
    _unique([t["number"] for t in tables], f"{path}.tables", "number")


def _table(table: Any, path: str, keys: set[str], seated: dict, rules, session_number: int) -> None:
    _keys(table, TABLE_KEYS, path)
    _number(table["number"], f"{path}.number", 1, limits.MAX_TABLES)
    seats = _list(table["seats"], f"{path}.seats")
    if len(seats) != 4:
        raise ArchiveError(f"{path}.seats", f"a table has exactly 4 seats, got {len(seats)}")
    for index, seat in enumerate(seats):
        _seat(seat, f"{path}.seats[{index}]", keys, seated)
    _unique([s["wind"] for s in seats], f"{path}.seats", "wind")
    sticks = table.get("leftover_sticks", 0)
    _number(sticks, f"{path}.leftover_sticks", 0, limits.MAX_LEFTOVER_STICKS)
    scores = [seat.get("score") for seat in seats]
    if all(score is None for score in scores):
        return
    for index, score in enumerate(scores):
        if score is None:
            raise ArchiveError(
                f"{path}.seats[{index}].score", "missing while other seats of the table have a score"
            )
    inputs = [SeatInput(s["wind"], s["player"], s["score"], s.get("substitute", "")) for s in seats]
    try:
        check_table(
            rules, inputs, leftover_sticks=sticks, where=f"session {session_number}, table {table['number']}"
        )
    except ScoringError as error:
        raise ArchiveError(_seat_path(path, seats, error), error.message) from error


def _seat_path(path: str, seats: list, error: ScoringError) -> str:
    wind = error.params.get("wind")
    for index, seat in enumerate(seats):
        if wind and seat["wind"] == wind:
            return f"{path}.seats[{index}].score"
    return path


def _seat(seat: Any, path: str, keys: set[str], seated: dict) -> None:
    _keys(seat, SEAT_KEYS, path)
    _choice(seat["wind"], WINDS, f"{path}.wind")
    player = _known_player(seat["player"], keys, f"{path}.player")
    if player in seated:
        raise ArchiveError(
            f"{path}.player", f"{player!r} is seated twice in this session (also at {seated[player]})"
        )
    seated[player] = path
    score = seat.get("score")
    if score is not None:
        bound = limits.MAX_RAW_POINTS
        if not _is_int(score) or abs(score) > bound:
            raise ArchiveError(
                f"{path}.score", f"a whole number of points from -{bound:,} to {bound:,}, or null"
            )
    _choice(seat.get("substitute", FROM_START), (FROM_START, MID_SESSION), f"{path}.substitute")
    _text(seat.get("substitute_name", ""), f"{path}.substitute_name", "substitute_name")


def _penalty(penalty: Any, path: str, keys: set[str], sessions: set[int], rules) -> None:
    _keys(penalty, PENALTY_KEYS, path)
    _known_player(penalty["player"], keys, f"{path}.player")
    if not _is_int(penalty["session"]) or penalty["session"] not in sessions:
        raise ArchiveError(f"{path}.session", f"there is no session {shown(penalty['session'])}")
    _choice(penalty["kind"], PENALTY_KINDS, f"{path}.kind")
    for key, bound in (("minutes", limits.MAX_MINUTES), ("points", limits.MAX_PENALTY_POINTS)):
        if penalty.get(key) is not None:
            _number(penalty[key], f"{path}.{key}", 0, bound)
    _text(penalty.get("reason", ""), f"{path}.reason", "reason", lines=True)
    _bool(penalty.get("cancelled", False), f"{path}.cancelled")
    _text(penalty.get("cancel_reason", ""), f"{path}.cancel_reason", "cancel_reason", lines=True)
    try:
        penalty_points(
            rules,
            PenaltyInput(
                penalty["kind"], penalty.get("minutes"), penalty.get("points"), penalty.get("reason", "")
            ),
        )
    except ScoringError as error:
        field = {
            "lateness_minutes": "minutes",
            "lateness_over_limit": "minutes",
            "penalty_minutes": "minutes",
            "penalty_points": "points",
            "obstruction_points": "points",
            "penalty_reason": "reason",
        }.get(error.code)
        message = error.message.split(": ", 1)[-1]
        raise ArchiveError(f"{path}.{field}" if field else path, message) from error


# -- small checks ----------------------------------------------------------------------------------------------------


def _keys(value: Any, allowed: dict[str, bool], path: str) -> None:
    if not isinstance(value, dict):
        raise ArchiveError(path, "must be an object")
    for key in value:
        if key not in allowed:
            raise ArchiveError(member("" if path == "$" else path, key), "unknown key")
    for key, required in allowed.items():
        if required and key not in value:
            raise ArchiveError(f"{path}.{key}" if path != "$" else key, "missing")


def _list(value: Any, path: str, limit: int | None = None) -> list:
    if not isinstance(value, list):
        raise ArchiveError(path, "must be a list")
    if limit is not None and len(value) > limit:
        raise ArchiveError(path, f"{len(value):,} entries; a tournament has at most {limit:,}")
    return value


def _text(value: Any, path: str, field: str, *, required: bool = False, lines: bool = False) -> None:
    """Text of at most the model field's length, without control characters (a reason may break lines)."""
    if not isinstance(value, str):
        raise ArchiveError(path, "must be text")
    if required and not value.strip():
        raise ArchiveError(path, "must not be empty")
    if len(value) > MAX_LENGTH[field]:
        raise ArchiveError(path, f"longer than {MAX_LENGTH[field]} characters ({len(value):,})")
    character = bad_character("".join(c for c in value if c not in LINE_BREAKS) if lines else value)
    if character is not None:
        raise ArchiveError(path, f"contains the control character {character}")


def _key(value: Any, path: str) -> None:
    if not is_key(value) or len(value) > MAX_LENGTH["key"]:
        raise ArchiveError(
            path, f"letters, digits, hyphens and underscores only, 1 to {MAX_LENGTH['key']} characters"
        )


def _known_player(value: Any, keys: set[str], path: str) -> str:
    if not isinstance(value, str) or value not in keys:
        raise ArchiveError(path, f"{shown(value)} is not a key in players")
    return value


def _choice(value: Any, choices: tuple, path: str):
    if not isinstance(value, str) or value not in choices:
        raise ArchiveError(path, f"must be one of {', '.join(choices)}")
    return value


def _bool(value: Any, path: str) -> None:
    if not isinstance(value, bool):
        raise ArchiveError(path, "must be true or false")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any, path: str, low: int, high: int) -> None:
    if not _is_int(value) or not low <= value <= high:
        raise ArchiveError(path, f"a whole number from {low} to {high:,}")


def _country(value: Any, path: str) -> None:
    if value != "" and not is_country(value):
        raise ArchiveError(path, "a three-letter EMA country code such as NED, GER, DEN")


def _date(value: Any, path: str) -> date | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ArchiveError(path, "a date as YYYY-MM-DD") from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise ArchiveError(path, f"a year from {FIRST_YEAR} to {LAST_YEAR}")
    return day


def _datetime(value: Any, path: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ArchiveError(path, "a date and time such as 2026-05-09T10:00:00+02:00") from None
    if moment.tzinfo is None:
        raise ArchiveError(path, "the time needs its UTC offset, e.g. +02:00")
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ArchiveError(path, f"a year from {FIRST_YEAR} to {LAST_YEAR}")
    return moment


def _unique(values: list, path: str, key: str, positions: list | None = None) -> None:
    positions = positions if positions is not None else values
    seen: set = set()
    for value in values:
        if value in seen:
            index = [i for i, v in enumerate(positions) if v == value][1]
            raise ArchiveError(f"{path}[{index}].{key}", f"{value!r} appears more than once")
        seen.add(value)
