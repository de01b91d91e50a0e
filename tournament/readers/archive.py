"""The tournament archive, version 1 (../shared/spec/archive-format.md): validation (export: archive_export).

``parse_archive`` reads JSON text strictly (tournament.readers.archive_json: duplicate keys, depth, huge numbers, text
no database stores) and ``validate_archive`` checks a whole parsed file before anything is written; both raise
``ArchiveError`` naming the JSON path (``sessions[2].tables[5].seats[1].score``) and the reason. Every text is
checked against its model field's length and for control characters, every number against the range the
database and scoring.limits allow, so SQLite and PostgreSQL accept exactly the same files. A player's key is a
slug (it is part of a page address). The import itself (the writes) is ``tournament.services.archive_import``.

Beyond the documented keys, a table may carry ``leftover_sticks`` (only for rulesets where leftover riichi bets are
lost) and the export writes it only when it is not 0. The side rankings (docs/formats.md, "The rankings' settings in
the archive"): a player's ``team`` (text or null) and ``categories``, the tournament's ``tie_breaks`` (documented),
and beside them the tournament's ``team_best``, ``country_best``, ``club_best`` (K, or null for every member),
``shown_groups``, ``shown_categories`` and the top-level ``prizes`` (a prize named after its place has ``"kind":
"place"`` and no title); each is written only when it is not the default. A category is written as
scoring.side_rankings cleans it (no space at either end or two in a row, a name once ignoring case), so what is read
is what is exported again.
"""

from typing import Any

from scoring import limits
from scoring.errors import ScoringError
from scoring.hands import check_table_hands
from scoring.penalties import PENALTY_KINDS, PenaltyInput, penalty_points
from scoring.players import bad_character, is_ema_id
from scoring.ruleset import PRESETS, check_new_ruleset
from scoring.side_rankings import GROUPINGS, clean_categories, clean_category, clean_tie_breaks
from scoring.standings import ACTIVE, RESERVE, STATUSES
from scoring.table import FROM_START, MID_SESSION, WINDS, SeatInput, check_table
from tournament.formats import archive as shape
from tournament.models.prizes import CATEGORY, NAMED, PRIZE_RANKINGS
from tournament.readers.archive_cut import check_cut
from tournament.readers.archive_fields import (
    MAX_LENGTH,
    SLUG,
    boolean,
    choice,
    country,
    day,
    in_range,
    is_int,
    keys_in,
    known_player,
    list_of,
    moment,
    once_each,
    player_key,
    text,
    unique,
)
from tournament.readers.archive_json import ArchiveError, check_tree, load_json, shown

SIDE_SETTINGS = shape.SIDE_SETTINGS  # the side-ranking settings the archive carries, which the import writes
__all__ = ["SIDE_SETTINGS", "ArchiveError", "parse_archive", "validate_archive"]

# -- validation ---------------------------------------------------------------------------------------------------


def parse_archive(text: str) -> dict:
    """Parse JSON text strictly and validate it; errors name the line (bad JSON) or the JSON path (bad content)."""
    data = load_json(text)
    validate_archive(data)
    return data


def validate_archive(data: Any) -> None:
    check_tree(data)  # also for data that did not come through parse_archive
    keys_in(data, shape.TOP_KEYS, "$")
    if data["format"] != shape.FORMAT:
        raise ArchiveError("format", f"must be {shape.FORMAT!r}")
    if not is_int(data["version"]) or data["version"] != shape.VERSION:
        raise ArchiveError(
            "version",
            f"version {shown(data['version'])} is not supported; this program reads version {shape.VERSION}",
        )
    rules = _tournament(data["tournament"])
    keys = _players(list_of(data["players"], "players", limits.MAX_PLAYERS))
    reserves = {p["key"] for p in data["players"] if p.get("status") == RESERVE}
    sessions = list_of(data.get("sessions", []), "sessions", limits.MAX_SESSIONS)
    for index, session in enumerate(sessions):
        _session(session, f"sessions[{index}]", keys, rules)
        _planned_substitutes(session, f"sessions[{index}]", reserves)
    unique([s["number"] for s in sessions], "sessions", "number")
    numbers = {s["number"] for s in sessions}
    for index, penalty in enumerate(list_of(data.get("penalties", []), "penalties", limits.MAX_PENALTIES)):
        _penalty(penalty, f"penalties[{index}]", keys, numbers, rules)
    for index, prize in enumerate(list_of(data.get("prizes", []), "prizes", limits.MAX_PRIZES)):
        _prize(prize, f"prizes[{index}]")
    if "cut" in data:
        check_cut(data["cut"], set(keys), numbers)


def _tournament(value: Any):
    path = "tournament"
    keys_in(value, shape.TOURNAMENT_KEYS, path)
    slug = value["slug"]
    if not isinstance(slug, str) or not SLUG.fullmatch(slug) or len(slug) > MAX_LENGTH["slug"]:
        raise ArchiveError(
            f"{path}.slug",
            f"lowercase letters, digits and hyphens only, at most {MAX_LENGTH['slug']} characters",
        )
    text(value["name"], f"{path}.name", "name", required=True)
    for key in ("short_name", "city"):
        text(value.get(key, ""), f"{path}.{key}", key)
    country(value.get("country", ""), f"{path}.country")
    start = day(value.get("start_date"), f"{path}.start_date")
    end = day(value.get("end_date"), f"{path}.end_date")
    if start and end and end < start:
        raise ArchiveError(f"{path}.end_date", "the last day is before the first day")
    boolean(value.get("qualification", False), f"{path}.qualification")
    boolean(value.get("public", True), f"{path}.public")
    _side_settings(value, path)
    preset = choice(value.get("ruleset", "ema-2016"), tuple(PRESETS), f"{path}.ruleset")
    overrides = value.get("ruleset_overrides", {})
    if not isinstance(overrides, dict):
        raise ArchiveError(f"{path}.ruleset_overrides", "must be an object")
    try:
        return check_new_ruleset(preset, overrides)  # as the settings page: a uma off 0 only when confirmed
    except ScoringError as error:
        key = error.params.get("key")
        raise ArchiveError(f"{path}.ruleset_overrides" + (f".{key}" if key else ""), error.message) from error


def _players(players: list) -> dict[str, str]:
    """Checks every player; returns each key's status."""
    for index, player in enumerate(players):
        path = f"players[{index}]"
        keys_in(player, shape.PLAYER_KEYS, path)
        player_key(player["key"], f"{path}.key")
        text(player["first_name"], f"{path}.first_name", "first_name")
        text(player["last_name"], f"{path}.last_name", "last_name")
        if not (player["first_name"].strip() or player["last_name"].strip()):
            raise ArchiveError(f"{path}.last_name", "a player needs a name")
        ema_id = player.get("ema_id")
        if ema_id is not None and not is_ema_id(ema_id):
            raise ArchiveError(f"{path}.ema_id", "eight digits as a string, or null")
        country(player.get("country", ""), f"{path}.country")
        text(player.get("club", ""), f"{path}.club", "club")
        choice(player.get("status", "active"), STATUSES, f"{path}.status")
        if player.get("team") is not None:
            text(player["team"], f"{path}.team", "team")
        _categories(player.get("categories", []), f"{path}.categories", limits.MAX_CATEGORIES)
    unique([p["key"] for p in players], "players", "key")
    unique(
        [p.get("ema_id") for p in players if p.get("ema_id")],
        "players",
        "ema_id",
        [p.get("ema_id") for p in players],
    )
    return {p["key"]: p.get("status", ACTIVE) for p in players}


def _side_settings(value: dict, path: str) -> None:
    """The tie-breaks for prizes, K of each group ranking, and the rankings the public sees."""
    tie_breaks = list_of(value.get("tie_breaks", []), f"{path}.tie_breaks")
    for index in range(len(tie_breaks)):
        try:
            clean_tie_breaks(tie_breaks[: index + 1])
        except ScoringError as error:
            raise ArchiveError(f"{path}.tie_breaks[{index}]", error.message) from error
    for key in shape.BEST_KEYS:
        if value.get(key) is not None:
            in_range(value[key], f"{path}.{key}", 1, limits.MAX_GROUP_BEST)
    groups = list_of(value.get("shown_groups", []), f"{path}.shown_groups", len(GROUPINGS))
    for index, grouping in enumerate(groups):
        choice(grouping, GROUPINGS, f"{path}.shown_groups[{index}]")
    once_each(groups, f"{path}.shown_groups")
    _categories(value.get("shown_categories", []), f"{path}.shown_categories")


def _categories(names: Any, path: str, limit: int | None = None) -> None:
    """Category names as scoring.side_rankings cleans them, each once (ignoring case), at most ``limit``."""
    names = list_of(names, path)
    for index, name in enumerate(names):
        _category(name, f"{path}[{index}]")
    once_each(names, path, same=str.casefold)
    if limit is not None:
        try:
            clean_categories(names[: limit + 1])
        except ScoringError as error:
            raise ArchiveError(path, error.message) from error


def _category(name: Any, path: str) -> None:
    if not isinstance(name, str):
        raise ArchiveError(path, "must be text")
    character = bad_character(name)
    if character is not None:
        raise ArchiveError(path, f"contains the control character {character}")
    try:
        cleaned = clean_category(name)
    except ScoringError as error:
        raise ArchiveError(path, error.message) from error
    if cleaned != name:
        raise ArchiveError(path, f"spaces at either end or two in a row; write it as {cleaned!r}")


def _prize(prize: Any, path: str) -> None:
    """A prize: its title (or ``"kind": "place"`` and no title: named after its place in the reader's language), the
    ranking it is a place of (a category's prize names the category) and the place."""
    keys_in(prize, shape.PRIZE_KEYS, path)
    if "kind" in prize:
        choice(prize["kind"], (NAMED,), f"{path}.kind")
        if "title" in prize:
            raise ArchiveError(f"{path}.title", "a prize named after its place (kind place) has no title")
    elif "title" not in prize:
        raise ArchiveError(f"{path}.title", "missing (or kind place: named after its place)")
    else:
        text(prize["title"], f"{path}.title", "prize_title", required=True)
    ranking = choice(prize["ranking"], tuple(dict(PRIZE_RANKINGS)), f"{path}.ranking")
    in_range(prize["place"], f"{path}.place", 1, limits.MAX_PLAYERS)
    if ranking == CATEGORY and "category" not in prize:
        raise ArchiveError(f"{path}.category", "a prize of a category needs the category")
    if ranking != CATEGORY and "category" in prize:
        raise ArchiveError(f"{path}.category", "only for a prize of a category (ranking category)")
    if "category" in prize:
        _category(prize["category"], f"{path}.category")


def _session(session: Any, path: str, keys: dict[str, str], rules) -> None:
    keys_in(session, shape.SESSION_KEYS, path)
    in_range(session["number"], f"{path}.number", 1, limits.MAX_SESSIONS)
    if session.get("starts_at") is not None:
        moment(session["starts_at"], f"{path}.starts_at")
    if "duration_minutes" in session:
        in_range(session["duration_minutes"], f"{path}.duration_minutes", 1, limits.MAX_SESSION_MINUTES)
    tables = list_of(session["tables"], f"{path}.tables", limits.MAX_TABLES)
    seated: dict[str, str] = {}
    for index, table in enumerate(tables):
        _table(table, f"{path}.tables[{index}]", keys, seated, rules, session["number"])
    unique([t["number"] for t in tables], f"{path}.tables", "number")
    if "absent" in session:
        _absent(session["absent"], f"{path}.absent", keys, seated)


def _absent(absent: Any, path: str, keys: dict[str, str], seated: dict) -> None:
    """The keys of the session's players marked absent: each seated in the session, or a reserve."""
    for index, key in enumerate(list_of(absent, path, limits.MAX_PLAYERS)):
        known_player(key, keys, f"{path}[{index}]")
        if key not in seated and keys[key] != RESERVE:
            raise ArchiveError(
                f"{path}[{index}]", f"{key!r} has no seat in this session and is not a reserve"
            )
        if key in absent[:index]:
            raise ArchiveError(f"{path}[{index}]", f"{key!r} appears more than once")


def _planned_substitutes(session: dict, path: str, reserves: set[str]) -> None:
    """Substitutes chosen before play (5.8): ``substitute_player`` is a reserve of the tournament (a reserve is
    never seated, _seat) substituting once; a seat without a score names its guest with ``substitute_name``. At a
    seat without a score both say ``"substitute": "from_start"`` (an archive written before issue 28 leaves it out
    beside ``substitute_player``: accepted too)."""
    planned: dict[str, str] = {}
    for t, table in enumerate(session["tables"]):
        for s, seat in enumerate(table["seats"]):
            where = f"{path}.tables[{t}].seats[{s}]"
            key = seat.get("substitute_player")
            if key is not None:
                _planned_reserve(key, f"{where}.substitute_player", reserves, planned)
                if seat.get("score") is None and seat.get("substitute", FROM_START) != FROM_START:
                    raise ArchiveError(
                        f"{where}.substitute", "a seat without a score can only be substituted from_start"
                    )
            elif seat.get("score") is None and "substitute" in seat:
                _planned_guest(seat, where)


def _planned_reserve(key: Any, path: str, reserves: set[str], planned: dict) -> None:
    if not isinstance(key, str) or key not in reserves:
        raise ArchiveError(path, f"{shown(key)} is not a player with the status reserve")
    if key in planned:
        raise ArchiveError(path, f"{key!r} substitutes twice in this session (also at {planned[key]})")
    planned[key] = path


def _planned_guest(seat: dict, path: str) -> None:
    """A guest planned from the start at a seat without a result: ``substitute`` from_start and the name."""
    if seat["substitute"] != FROM_START:
        raise ArchiveError(f"{path}.substitute", "a seat without a score can only be substituted from_start")
    name = seat.get("substitute_name", "")
    if not name.strip():
        raise ArchiveError(f"{path}.substitute_name", "the guest's name is missing")
    if len(name) > MAX_LENGTH["substitute_guest"]:
        raise ArchiveError(
            f"{path}.substitute_name", f"longer than {MAX_LENGTH['substitute_guest']} characters"
        )


def _table(table: Any, path: str, keys: dict[str, str], seated: dict, rules, session_number: int) -> None:
    keys_in(table, shape.TABLE_KEYS, path)
    in_range(table["number"], f"{path}.number", 1, limits.MAX_TABLES)
    seats = list_of(table["seats"], f"{path}.seats")
    if len(seats) != 4:
        raise ArchiveError(f"{path}.seats", f"a table has exactly 4 seats, got {len(seats)}")
    for index, seat in enumerate(seats):
        _seat(seat, f"{path}.seats[{index}]", keys, seated)
    unique([s["wind"] for s in seats], f"{path}.seats", "wind")
    sticks = table.get("leftover_sticks", 0)
    in_range(sticks, f"{path}.leftover_sticks", 0, limits.MAX_LEFTOVER_STICKS)
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
    if "hands" in table:
        _hands(table, path, rules, sticks, session_number)


def _hands(table: dict, path: str, rules, sticks: int, session_number: int) -> None:
    """The table's hand log (docs/formats.md, "The hand log"): the raw points must be what the hands give."""
    raws = {seat["wind"]: seat["score"] for seat in table["seats"]}
    where = f"session {session_number}, table {table['number']}"
    try:
        check_table_hands(rules, table["hands"], raws, leftover_sticks=sticks, where=where)
    except ScoringError as error:
        raise ArchiveError(f"{path}.hands", error.message) from error


def _seat_path(path: str, seats: list, error: ScoringError) -> str:
    wind = error.params.get("wind")
    for index, seat in enumerate(seats):
        if wind and seat["wind"] == wind:
            return f"{path}.seats[{index}].score"
    return path


def _seat(seat: Any, path: str, keys: dict[str, str], seated: dict) -> None:
    keys_in(seat, shape.SEAT_KEYS, path)
    choice(seat["wind"], WINDS, f"{path}.wind")
    player = known_player(seat["player"], keys, f"{path}.player")
    if keys[player] == RESERVE:
        raise ArchiveError(f"{path}.player", f"{player!r} is a reserve; a reserve is not seated")
    if player in seated:
        raise ArchiveError(
            f"{path}.player", f"{player!r} is seated twice in this session (also at {seated[player]})"
        )
    seated[player] = path
    score = seat.get("score")
    if score is not None:
        bound = limits.MAX_RAW_POINTS
        if not is_int(score) or abs(score) > bound:
            raise ArchiveError(
                f"{path}.score", f"a whole number of points from -{bound:,} to {bound:,}, or null"
            )
    choice(seat.get("substitute", FROM_START), (FROM_START, MID_SESSION), f"{path}.substitute")
    text(seat.get("substitute_name", ""), f"{path}.substitute_name", "substitute_name")


def _penalty(penalty: Any, path: str, keys: dict[str, str], sessions: set[int], rules) -> None:
    keys_in(penalty, shape.PENALTY_KEYS, path)
    known_player(penalty["player"], keys, f"{path}.player")
    if not is_int(penalty["session"]) or penalty["session"] not in sessions:
        raise ArchiveError(f"{path}.session", f"there is no session {shown(penalty['session'])}")
    choice(penalty["kind"], PENALTY_KINDS, f"{path}.kind")
    for key, bound in (("minutes", limits.MAX_SESSION_MINUTES), ("points", limits.MAX_PENALTY_POINTS)):
        if penalty.get(key) is not None:
            in_range(penalty[key], f"{path}.{key}", 0, bound)
    text(penalty.get("reason", ""), f"{path}.reason", "reason", lines=True)
    boolean(penalty.get("cancelled", False), f"{path}.cancelled")
    text(penalty.get("cancel_reason", ""), f"{path}.cancel_reason", "cancel_reason", lines=True)
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
            "penalty_fixed_amount": "points",
            "obstruction_points": "points",
            "penalty_reason": "reason",
        }.get(error.code)
        message = error.message.split(": ", 1)[-1]
        raise ArchiveError(f"{path}.{field}" if field else path, message) from error


# -- small checks ----------------------------------------------------------------------------------------------------
