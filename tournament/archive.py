"""The tournament archive, version 1 (../shared/spec/archive-format.md): validation and export.

``validate_archive`` checks a whole parsed file before anything is written and raises ``ArchiveError`` naming
the JSON path (``sessions[2].tables[5].seats[1].score``) and the reason. ``export_archive`` writes exactly the
documented shape in a stable order, so that export -> import -> export gives a byte-identical file. The import
itself (the writes) is ``tournament.services.archive_import``.

Beyond the documented keys, a table may carry ``leftover_sticks`` (only for rulesets where leftover riichi
bets are lost) and the export writes it only when it is not 0.
"""

import json
import re
from datetime import date, datetime
from typing import Any

from django.utils import timezone

from scoring.errors import ScoringError
from scoring.penalties import PENALTY_KINDS, PenaltyInput, penalty_points
from scoring.ruleset import PRESETS, build_ruleset
from scoring.standings import STATUSES
from scoring.table import FROM_START, MID_SESSION, WINDS, SeatInput, check_table

FORMAT = "riichi-tournament-archive"
VERSION = 1
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
EMA_ID = re.compile(r"^\d{8}$")
COUNTRY = re.compile(r"^[A-Z]{3}$")

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


class ArchiveError(ValueError):
    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


# -- validation ---------------------------------------------------------------------------------------------------


def parse_archive(text: str) -> dict:
    """Parse JSON text and validate it; errors name the line (bad JSON) or the JSON path (bad content)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ArchiveError(
            f"line {error.lineno} column {error.colno}", f"not valid JSON: {error.msg}"
        ) from error
    validate_archive(data)
    return data


def validate_archive(data: Any) -> None:
    _keys(data, TOP_KEYS, "$")
    if data["format"] != FORMAT:
        raise ArchiveError("format", f"must be {FORMAT!r}")
    if data["version"] != VERSION:
        raise ArchiveError(
            "version", f"version {data['version']!r} is not supported; this program reads version {VERSION}"
        )
    rules = _tournament(data["tournament"])
    keys = _players(_list(data["players"], "players"))
    sessions = _list(data.get("sessions", []), "sessions")
    for index, session in enumerate(sessions):
        _session(session, f"sessions[{index}]", keys, rules)
    _unique([s["number"] for s in sessions], "sessions", "number")
    numbers = {s["number"] for s in sessions}
    for index, penalty in enumerate(_list(data.get("penalties", []), "penalties")):
        _penalty(penalty, f"penalties[{index}]", keys, numbers, rules)


def _tournament(value: Any):
    path = "tournament"
    _keys(value, TOURNAMENT_KEYS, path)
    if not isinstance(value["slug"], str) or not SLUG.match(value["slug"]):
        raise ArchiveError(f"{path}.slug", "lowercase letters, digits and hyphens only")
    _text(value["name"], f"{path}.name", required=True)
    for key in ("short_name", "city"):
        _text(value.get(key, ""), f"{path}.{key}")
    if value.get("country"):
        _country(value["country"], f"{path}.country")
    start = _date(value.get("start_date"), f"{path}.start_date")
    end = _date(value.get("end_date"), f"{path}.end_date")
    if start and end and end < start:
        raise ArchiveError(f"{path}.end_date", "the last day is before the first day")
    if not isinstance(value.get("qualification", False), bool):
        raise ArchiveError(f"{path}.qualification", "must be true or false")
    preset = value.get("ruleset", "ema-2016")
    if preset not in PRESETS:
        raise ArchiveError(
            f"{path}.ruleset", f"unknown ruleset {preset!r}; choose one of {', '.join(PRESETS)}"
        )
    overrides = value.get("ruleset_overrides", {})
    if not isinstance(overrides, dict):
        raise ArchiveError(f"{path}.ruleset_overrides", "must be an object")
    try:
        return build_ruleset(preset, overrides)
    except ScoringError as error:
        key = error.params.get("key")
        raise ArchiveError(f"{path}.ruleset_overrides" + (f".{key}" if key else ""), error.message) from error


def _players(players: list) -> set[str]:
    for index, player in enumerate(players):
        path = f"players[{index}]"
        _keys(player, PLAYER_KEYS, path)
        _text(player["key"], f"{path}.key", required=True)
        _text(player["first_name"], f"{path}.first_name")
        _text(player["last_name"], f"{path}.last_name")
        if not (player["first_name"].strip() or player["last_name"].strip()):
            raise ArchiveError(f"{path}.last_name", "a player needs a name")
        ema_id = player.get("ema_id")
        if ema_id is not None and (not isinstance(ema_id, str) or not EMA_ID.match(ema_id)):
            raise ArchiveError(f"{path}.ema_id", "eight digits as a string, or null")
        if player.get("country"):
            _country(player["country"], f"{path}.country")
        _text(player.get("club", ""), f"{path}.club")
        if player.get("status", "active") not in STATUSES:
            raise ArchiveError(f"{path}.status", f"must be one of {', '.join(STATUSES)}")
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
    _positive(session["number"], f"{path}.number")
    if session.get("starts_at") is not None:
        _datetime(session["starts_at"], f"{path}.starts_at")
    if "duration_minutes" in session:
        _positive(session["duration_minutes"], f"{path}.duration_minutes")
    tables = _list(session["tables"], f"{path}.tables")
    seated: dict[str, str] = {}
    for index, table in enumerate(tables):
        _table(table, f"{path}.tables[{index}]", keys, seated, rules, session["number"])
    _unique([t["number"] for t in tables], f"{path}.tables", "number")


def _table(table: Any, path: str, keys: set[str], seated: dict, rules, session_number: int) -> None:
    _keys(table, TABLE_KEYS, path)
    _positive(table["number"], f"{path}.number")
    seats = _list(table["seats"], f"{path}.seats")
    if len(seats) != 4:
        raise ArchiveError(f"{path}.seats", f"a table has exactly 4 seats, got {len(seats)}")
    for index, seat in enumerate(seats):
        _seat(seat, f"{path}.seats[{index}]", keys, seated)
    _unique([s["wind"] for s in seats], f"{path}.seats", "wind")
    sticks = table.get("leftover_sticks", 0)
    if not _is_int(sticks) or sticks < 0:
        raise ArchiveError(f"{path}.leftover_sticks", "a whole number, 0 or more")
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
    if seat["wind"] not in WINDS:
        raise ArchiveError(f"{path}.wind", f"must be one of {', '.join(WINDS)}")
    player = seat["player"]
    if player not in keys:
        raise ArchiveError(f"{path}.player", f"{player!r} is not a key in players")
    if player in seated:
        raise ArchiveError(
            f"{path}.player", f"{player!r} is seated twice in this session (also at {seated[player]})"
        )
    seated[player] = path
    score = seat.get("score")
    if score is not None and not _is_int(score):
        raise ArchiveError(f"{path}.score", "a whole number of points, or null")
    if seat.get("substitute", FROM_START) not in (FROM_START, MID_SESSION):
        raise ArchiveError(f"{path}.substitute", "must be from_start or mid_session")
    _text(seat.get("substitute_name", ""), f"{path}.substitute_name")


def _penalty(penalty: Any, path: str, keys: set[str], sessions: set[int], rules) -> None:
    _keys(penalty, PENALTY_KEYS, path)
    if penalty["player"] not in keys:
        raise ArchiveError(f"{path}.player", f"{penalty['player']!r} is not a key in players")
    if penalty["session"] not in sessions:
        raise ArchiveError(f"{path}.session", f"there is no session {penalty['session']!r}")
    if penalty["kind"] not in PENALTY_KINDS:
        raise ArchiveError(f"{path}.kind", f"must be one of {', '.join(PENALTY_KINDS)}")
    _text(penalty.get("reason", ""), f"{path}.reason")
    cancelled = penalty.get("cancelled", False)
    if not isinstance(cancelled, bool):
        raise ArchiveError(f"{path}.cancelled", "must be true or false")
    _text(penalty.get("cancel_reason", ""), f"{path}.cancel_reason")
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
            raise ArchiveError(f"{path}.{key}" if path != "$" else key, "unknown key")
    for key, required in allowed.items():
        if required and key not in value:
            raise ArchiveError(f"{path}.{key}" if path != "$" else key, "missing")


def _list(value: Any, path: str) -> list:
    if not isinstance(value, list):
        raise ArchiveError(path, "must be a list")
    return value


def _text(value: Any, path: str, *, required: bool = False) -> None:
    if not isinstance(value, str):
        raise ArchiveError(path, "must be text")
    if required and not value.strip():
        raise ArchiveError(path, "must not be empty")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _positive(value: Any, path: str) -> None:
    if not _is_int(value) or value < 1:
        raise ArchiveError(path, "a whole number, 1 or more")


def _country(value: Any, path: str) -> None:
    if not isinstance(value, str) or not COUNTRY.match(value):
        raise ArchiveError(path, "a three-letter EMA country code such as NED, GER, DEN")


def _date(value: Any, path: str) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ArchiveError(path, "a date as YYYY-MM-DD") from None


def _datetime(value: Any, path: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ArchiveError(path, "a date and time such as 2026-05-09T10:00:00+02:00") from None
    if moment.tzinfo is None:
        raise ArchiveError(path, "the time needs its UTC offset, e.g. +02:00")
    return moment


def _unique(values: list, path: str, key: str, positions: list | None = None) -> None:
    positions = positions if positions is not None else values
    seen: set = set()
    for value in values:
        if value in seen:
            index = [i for i, v in enumerate(positions) if v == value][1]
            raise ArchiveError(f"{path}[{index}].{key}", f"{value!r} appears more than once")
        seen.add(value)


# -- export ------------------------------------------------------------------------------------------------------------


def dumps_archive(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def export_archive(tournament) -> dict:
    """The whole tournament as an archive dict in a stable order (players by registration, seats E S W N)."""
    from tournament.models import Penalty, Registration, SeatResult, Session

    keys = dict(Registration.objects.filter(tournament=tournament).values_list("id", "key"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _export_tournament(tournament),
        "players": [
            _export_player(r)
            for r in Registration.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("id")
        ],
        "sessions": _export_sessions(
            Session.objects.filter(tournament=tournament).order_by("number"), keys, SeatResult
        ),
        "penalties": [
            _export_penalty(p, keys)
            for p in Penalty.objects.filter(session__tournament=tournament)
            .select_related("session")
            .order_by("session__number", "id")
        ],
    }


def _export_tournament(t) -> dict:
    return {
        "slug": t.slug,
        "name": t.name,
        "short_name": t.short_name,
        "city": t.city,
        "country": t.country,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "ruleset": t.ruleset,
        "ruleset_overrides": t.ruleset_overrides,
        "qualification": t.qualification,
    }


def _export_player(registration) -> dict:
    player = registration.player
    return {
        "key": registration.key,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "ema_id": player.ema_id,
        "country": player.country,
        "club": registration.club,
        "status": registration.status,
    }


def _export_sessions(sessions, keys: dict, seat_result_model) -> list:
    current = {
        r.seat_id: r
        for r in seat_result_model.objects.filter(
            result__is_current=True, seat__session__in=sessions
        ).select_related("result")
    }
    exported = []
    for session in sessions.prefetch_related("tables__seats"):
        exported.append(
            {
                "number": session.number,
                "starts_at": timezone.localtime(session.starts_at).isoformat() if session.starts_at else None,
                "duration_minutes": session.duration_minutes,
                "tables": [_export_table(table, keys, current) for table in session.tables.all()],
            }
        )
    return exported


def _export_table(table, keys: dict, current: dict) -> dict:
    seats = sorted(table.seats.all(), key=lambda seat: WINDS.index(seat.wind))
    exported = {
        "number": table.number,
        "seats": [_export_seat(seat, keys, current.get(seat.pk)) for seat in seats],
    }
    sticks = next((r.result.leftover_sticks for r in (current.get(s.pk) for s in seats) if r), 0)
    if sticks:
        exported["leftover_sticks"] = sticks
    return exported


def _export_seat(seat, keys: dict, result) -> dict:
    exported = {
        "wind": seat.wind,
        "player": keys[seat.registration_id],
        "score": result.raw_score if result else None,
    }
    if result and result.substitute:
        exported["substitute"] = result.substitute
    if result and result.substitute_name:
        exported["substitute_name"] = result.substitute_name
    return exported


def _export_penalty(penalty, keys: dict) -> dict:
    exported = {
        "player": keys[penalty.registration_id],
        "session": penalty.session.number,
        "kind": penalty.kind,
    }
    if penalty.minutes is not None:
        exported["minutes"] = penalty.minutes
    if penalty.points is not None:
        exported["points"] = penalty.points
    if penalty.reason:
        exported["reason"] = penalty.reason
    if penalty.cancelled:
        exported["cancelled"] = True
        exported["cancel_reason"] = penalty.cancel_reason
    return exported
