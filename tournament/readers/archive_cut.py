"""The archive's cut (docs/formats.md, "The cut in the archive"): the session after which it was made, the top X,
the carry-over, the final sessions, whether the rest play a consolation group, the sessions the cut created, and
each player who went through with their group, place at the cut and how (on the total, a tie-break's name, or the
organiser's decision). Checked here; ``tournament.readers.archive`` calls it for the whole file."""

from typing import Any

from scoring import limits
from scoring.finals import BY_ORGANISER, BY_TOTAL, CARRIES, TABLE_SIZE
from scoring.side_rankings import TIE_BREAKS
from scoring.standings import CONSOLATION, FINAL
from tournament.formats import archive as shape
from tournament.readers.archive_fields import (
    boolean,
    choice,
    in_range,
    keys_in,
    known_player,
    list_of,
    once_each,
)
from tournament.readers.archive_json import ArchiveError

HOW = ("", BY_TOTAL, BY_ORGANISER, *TIE_BREAKS)


def check_cut(cut: Any, keys: set[str], sessions: set[int], path: str = "cut") -> None:
    keys_in(cut, shape.CUT_KEYS, path)
    in_range(cut["after_session"], f"{path}.after_session", 1, limits.MAX_SESSIONS)
    if cut["after_session"] not in sessions:
        raise ArchiveError(f"{path}.after_session", f"session {cut['after_session']} is not in sessions")
    in_range(cut["top"], f"{path}.top", TABLE_SIZE, limits.MAX_PLAYERS)
    if cut["top"] % TABLE_SIZE:
        raise ArchiveError(f"{path}.top", "must be a multiple of 4")
    choice(cut["carry"], CARRIES, f"{path}.carry")
    in_range(cut.get("sessions", 1), f"{path}.sessions", 1, limits.MAX_FINAL_SESSIONS)
    boolean(cut.get("consolation", False), f"{path}.consolation")
    for index, number in enumerate(
        list_of(cut.get("created", []), f"{path}.created", limits.MAX_FINAL_SESSIONS)
    ):
        in_range(number, f"{path}.created[{index}]", 1, limits.MAX_SESSIONS)
    players = list_of(cut["players"], f"{path}.players", limits.MAX_PLAYERS)
    for index, entry in enumerate(players):
        where = f"{path}.players[{index}]"
        keys_in(entry, shape.CUT_PLAYER_KEYS, where)
        known_player(entry["player"], keys, f"{where}.player")
        choice(entry["group"], (FINAL, CONSOLATION), f"{where}.group")
        in_range(entry["place"], f"{where}.place", 1, limits.MAX_PLAYERS)
        choice(entry.get("how", ""), HOW, f"{where}.how")
    once_each([entry["player"] for entry in players], f"{path}.players")
    finalists = sum(1 for entry in players if entry["group"] == FINAL)
    if finalists != cut["top"]:
        raise ArchiveError(f"{path}.players", f"{finalists} in the final for the top {cut['top']}")
