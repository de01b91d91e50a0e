"""Reading an archive's JSON text strictly, before its content is validated (tournament.readers.archive).

JSON that Python's reader accepts can still be hostile: the same key twice in one object (the last one would win
silently), nesting deep enough to exhaust the stack, numbers of thousands of digits, NaN and Infinity, text with
a lone surrogate or NUL that no database stores. Each is refused here with an ``ArchiveError`` naming the JSON
path (``players[3].first_name``) or, for text that is not JSON at all, the line and column. The referee's hand log
(``forms.referee.HandLogField``) is read the same way, its size and nesting bounded before it is parsed
(``load_small_json``).
"""

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from scoring.limits import MAX_ARCHIVE_BYTES, MAX_JSON_DEPTH, MAX_JSON_DIGITS, MEGABYTE, SHOWN_CHARACTERS

_SIMPLE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')


class ArchiveError(ValueError):
    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class _Refused:
    """A value the file may not hold, kept until its JSON path is known."""

    reason: str


class _Object(dict):
    """A JSON object that remembers the first key it was given twice."""

    duplicate: str | None = None


def load_json(text: str) -> Any:
    """The parsed value of ``text``; ArchiveError for anything hostile (see the module)."""
    if len(text) > MAX_ARCHIVE_BYTES:
        raise ArchiveError("$", f"the file is larger than {MAX_ARCHIVE_BYTES // MEGABYTE} MB")
    return _parsed(text, MAX_JSON_DEPTH)


def load_small_json(text: str, *, max_depth: int) -> Any:
    """The parsed value of a short ``text`` (its caller bounds the size), its nesting checked before it is parsed:
    ArchiveError for anything hostile, as ``load_json``."""
    where = _too_deep(text, max_depth)
    if where is not None:
        raise ArchiveError(where, f"nested more than {max_depth} levels deep")
    return _parsed(text, max_depth)


def _parsed(text: str, max_depth: int) -> Any:
    try:
        data = json.loads(
            text, object_pairs_hook=_object, parse_int=_int, parse_float=_float, parse_constant=_constant
        )
    except json.JSONDecodeError as error:
        raise ArchiveError(
            f"line {error.lineno} column {error.colno}", f"not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise ArchiveError(
            _too_deep(text, max_depth) or "$", f"nested more than {max_depth} levels deep"
        ) from None
    check_tree(data, max_depth)
    return data


def _object(pairs: list) -> _Object:
    found = _Object()
    for key, value in pairs:
        if key in found and found.duplicate is None:
            found.duplicate = key
        found[key] = value
    return found


def _int(text: str):
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        return _Refused(f"a number with more than {MAX_JSON_DIGITS} digits")
    return int(text)


def _float(text: str):
    value = float(text)
    return value if math.isfinite(value) else _Refused("a number too large to hold")


def _constant(name: str):
    return _Refused(f"{name} is not a number")


def check_tree(data: Any, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Walk every value (without recursion): duplicates, depth, refused numbers, text no database stores."""
    stack = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > max_depth:
            raise ArchiveError(path or "$", f"nested more than {max_depth} levels deep")
        if isinstance(value, _Refused):
            raise ArchiveError(path or "$", value.reason)
        if isinstance(value, str):
            _check_text(value, path)
        elif isinstance(value, dict):
            if getattr(value, "duplicate", None) is not None:
                raise ArchiveError(member(path, value.duplicate), "appears more than once in this object")
            for key in value:
                _check_text(key, member(path, key))
            children = [(item, member(path, key), depth + 1) for key, item in value.items()]
            stack.extend(reversed(children))  # the first problem in the file's order is reported
        elif isinstance(value, list):
            children = [(item, f"{path or '$'}[{index}]", depth + 1) for index, item in enumerate(value)]
            stack.extend(reversed(children))


def _check_text(text: str, path: str) -> None:
    if "\x00" in text:
        raise ArchiveError(path or "$", "text with a NUL character (U+0000)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        bad = ord(text[error.start])
        raise ArchiveError(
            path or "$", f"text with a lone surrogate (U+{bad:04X}), which is not a character"
        ) from None


def member(path: str, key: str) -> str:
    """The JSON path of ``key`` inside the object at ``path``: ``players[0].key``, or ``$['odd key']``."""
    if _SIMPLE_KEY.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path or '$'}[{shown(key)}]"


def shown(value: Any, limit: int = SHOWN_CHARACTERS) -> str:
    """A value as written in a message: its repr, cut after ``limit`` characters (and never a line break)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _too_deep(text: str, max_depth: int) -> str | None:
    """The line and column where the nesting first goes beyond ``max_depth``; None when it never does."""
    depth = 0
    for token in _TOKENS.finditer(text):
        if token.group() in "[{":
            depth += 1
            if depth > max_depth:
                line = text.count("\n", 0, token.start()) + 1
                column = token.start() - text.rfind("\n", 0, token.start())
                return f"line {line} column {column}"
        elif token.group() in "]}":
            depth -= 1
    return None
