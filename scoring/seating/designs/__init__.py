"""Shipped seating designs for the sizes a runtime search cannot reach (the "hard zone").

The data files in ``data/`` were computed offline by ``tools/seating/build.py`` (see tools/seating/README.md):
resolvable designs with blocks of 4 (RBIBD, 4-RGDD) found by an exact search under a prescribed automorphism
group, plus a few locally optimised extra rounds.  Each file ``<N>x<S>.json`` holds one schedule for N players
over S sessions and its metadata, including the excess meetings of every prefix, so that a shorter event can
use the first sessions of a longer file.  Only the standard library is used at run time.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

Schedule = list[list[list[int]]]

_NAME = re.compile(r"^(\d+)x(\d+)\.json$")


@cache
def _files() -> dict[int, tuple[tuple[int, str], ...]]:
    """players -> ((sessions, file name), ...) for every shipped data file."""
    found: dict[int, list[tuple[int, str]]] = {}
    for entry in resources.files(__name__).joinpath("data").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.setdefault(int(match[1]), []).append((int(match[2]), entry.name))
    return {n: tuple(sorted(v)) for n, v in found.items()}


@cache
def _load(name: str) -> dict:
    """Load one data file and check that every session is a partition of 0..N-1 into tables of 4."""
    data = json.loads(resources.files(__name__).joinpath("data", name).read_text(encoding="utf-8"))
    n, s, schedule = data["players"], data["sessions"], data["schedule"]
    if len(schedule) != s or len(data["prefix_excess_meetings"]) != s:
        raise ValueError(f"seating design {name}: session count mismatch")
    everyone = list(range(n))
    for tables in schedule:
        if any(len(t) != 4 for t in tables) or sorted(p for t in tables for p in t) != everyone:
            raise ValueError(f"seating design {name}: a session is not a partition into tables of 4")
    return data


def shipped_sizes() -> list[tuple[int, int]]:
    """All (players, sessions) pairs with a data file, sorted."""
    return sorted((n, s) for n, files in _files().items() for s, _ in files)


def design_info(n_players: int, n_sessions: int) -> dict | None:
    """Metadata (no schedule) of the file best_design would use, with the prefix quality for n_sessions."""
    name = _choose(n_players, n_sessions)
    if name is None:
        return None
    data = _load(name)
    info = {k: v for k, v in data.items() if k not in ("schedule", "base_rounds")}
    info["file"] = name
    info["excess_meetings_for_request"] = data["prefix_excess_meetings"][n_sessions - 1]
    info["max_pair_meetings_for_request"] = data["prefix_max_pair_meetings"][n_sessions - 1]
    return info


def _choose(n_players: int, n_sessions: int) -> str | None:
    if n_sessions < 1:
        return None
    best_key, best_name = None, None
    for s, name in _files().get(n_players, ()):
        if s < n_sessions:
            continue
        data = _load(name)
        key = (
            data["prefix_excess_meetings"][n_sessions - 1],
            data["prefix_max_pair_meetings"][n_sessions - 1],
            s,
        )
        if best_key is None or key < best_key:
            best_key, best_name = key, name
    return best_name


def best_design(n_players: int, n_sessions: int) -> Schedule | None:
    """A validated schedule for n_players over at least n_sessions sessions, or None.

    Players are numbered 0..n_players-1; each session is a list of tables, each table a list of four players.
    The caller takes the first n_sessions sessions.  Among the shipped files for n_players with at least
    n_sessions sessions, the one whose first n_sessions sessions have the fewest excess meetings (then the lowest
    maximum pair meetings, then the fewest sessions) is returned.  None when no file fits.
    """
    name = _choose(n_players, n_sessions)
    if name is None:
        return None
    return [[list(t) for t in tables] for tables in _load(name)["schedule"]]
