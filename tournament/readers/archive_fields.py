"""The building blocks of archive validation: one JSON value checked against its key set, type, length or range,
raising ``ArchiveError`` with the JSON path. Lengths come from the model fields, ranges from scoring.limits.
``tournament.readers.archive`` puts them together for the whole file."""

import re
from datetime import date, datetime
from typing import Any

from scoring.limits import FIRST_YEAR, LAST_YEAR
from scoring.players import bad_character, is_country, is_key
from tournament.models.lengths import MAX_LENGTH
from tournament.readers.archive_json import ArchiveError, member, shown

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$", re.ASCII)
LINE_BREAKS = frozenset("\t\n\r")  # allowed in a reason, never in a name


def keys_in(value: Any, allowed: dict[str, bool], path: str) -> None:
    if not isinstance(value, dict):
        raise ArchiveError(path, "must be an object")
    for key in value:
        if key not in allowed:
            raise ArchiveError(member("" if path == "$" else path, key), "unknown key")
    for key, required in allowed.items():
        if required and key not in value:
            raise ArchiveError(f"{path}.{key}" if path != "$" else key, "missing")


def list_of(value: Any, path: str, limit: int | None = None) -> list:
    if not isinstance(value, list):
        raise ArchiveError(path, "must be a list")
    if limit is not None and len(value) > limit:
        raise ArchiveError(path, f"{len(value):,} entries; a tournament has at most {limit:,}")
    return value


def text(value: Any, path: str, field: str, *, required: bool = False, lines: bool = False) -> None:
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


def player_key(value: Any, path: str) -> None:
    if not is_key(value) or len(value) > MAX_LENGTH["key"]:
        raise ArchiveError(
            path, f"letters, digits, hyphens and underscores only, 1 to {MAX_LENGTH['key']} characters"
        )


def known_player(value: Any, keys: set[str], path: str) -> str:
    if not isinstance(value, str) or value not in keys:
        raise ArchiveError(path, f"{shown(value)} is not a key in players")
    return value


def choice(value: Any, choices: tuple, path: str):
    if not isinstance(value, str) or value not in choices:
        raise ArchiveError(path, f"must be one of {', '.join(choices)}")
    return value


def boolean(value: Any, path: str) -> None:
    if not isinstance(value, bool):
        raise ArchiveError(path, "must be true or false")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def in_range(value: Any, path: str, low: int, high: int) -> None:
    if not is_int(value) or not low <= value <= high:
        raise ArchiveError(path, f"a whole number from {low} to {high:,}")


def country(value: Any, path: str) -> None:
    if value != "" and not is_country(value):
        raise ArchiveError(path, "a three-letter EMA country code such as NED, GER, DEN")


def day(value: Any, path: str) -> date | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ArchiveError(path, "a date as YYYY-MM-DD") from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise ArchiveError(path, f"a year from {FIRST_YEAR} to {LAST_YEAR}")
    return day


def moment(value: Any, path: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ArchiveError(path, "a date and time such as 2026-05-09T10:00:00+02:00") from None
    if moment.tzinfo is None:
        raise ArchiveError(path, "the time needs its UTC offset, e.g. +02:00")
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ArchiveError(path, f"a year from {FIRST_YEAR} to {LAST_YEAR}")
    return moment


def once_each(values: list, path: str, same=lambda value: value) -> None:
    """No value of the list twice (``same`` says which are the same, e.g. ignoring case); the path names the second."""
    seen: set = set()
    for index, value in enumerate(values):
        if same(value) in seen:
            raise ArchiveError(f"{path}[{index}]", f"{value!r} appears more than once")
        seen.add(same(value))


def unique(values: list, path: str, key: str, positions: list | None = None) -> None:
    positions = positions if positions is not None else values
    seen: set = set()
    for value in values:
        if value in seen:
            index = [i for i, v in enumerate(positions) if v == value][1]
            raise ArchiveError(f"{path}[{index}].{key}", f"{value!r} appears more than once")
        seen.add(value)
