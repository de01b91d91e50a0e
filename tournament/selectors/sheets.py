"""Reads of the digital score sheet: the hands still on it (each undo takes back the last one), the hand log they
add up to, the game as the rules engine plays it, and the chombos the players entered that wait for a referee. The
writes are tournament.services.sheets."""

from collections.abc import Iterable
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.hands import GameResult, parse_log, score_game
from scoring.hands.log import CHOMBO
from tournament.display.actors import players_of_table
from tournament.errors import DomainError
from tournament.logs import refusals
from tournament.models import Penalty, SheetEntry, Table


class ProposedChombo(NamedTuple):
    line: int  # the sheet line (seq) of the chombo hand
    hand: int  # its number in the game (chombo hands count, docs/formats.md, "The hand log")
    wind: str  # the offender's seat


def sheet_hands(entries) -> tuple[list[SheetEntry], int | None]:
    """The hand lines still on the sheet (each undo takes back the last one) and the number of the hand that was
    in progress when the time signal sounded (5.9), or None."""
    hands: list[SheetEntry] = []
    signal = None
    for entry in entries:
        if entry.kind == SheetEntry.HAND:
            hands.append(entry)
        elif entry.kind == SheetEntry.UNDO and hands:
            hands.pop()  # the signal stays: it sounded, whatever the sheet corrects
        elif entry.kind == SheetEntry.SIGNAL:
            signal = len(hands) + 1
    return hands, signal


def sheet_log(entries) -> dict:
    """The hand log ({"hands": [...], "time_signal": n}) that a sheet's lines add up to."""
    hands, signal = sheet_hands(entries)
    log: dict = {"hands": [entry.hand for entry in hands]}
    if signal is not None and signal <= len(hands):  # the hand in progress is in the log once it is played
        log["time_signal"] = signal
    return log


def signal_sounded(entries) -> bool:
    return sheet_hands(entries)[1] is not None


def finished_sheet(table: Table) -> tuple[dict, dict[str, int]] | None:
    """The hand log and final raw points by wind of a sheet whose game is over; None otherwise."""
    log = sheet_log(table.sheet_entries.order_by("seq"))
    try:
        game = play(table, log)
    except DomainError as error:
        refusals.withdraw(error)  # a question (is the game over?), not a refusal shown to anybody
        return None
    return (log, game.final_by_seat()) if game.finished else None


def play(table: Table, log: dict) -> GameResult:
    """The sheet through the rules engine; raises DomainError naming the hand that is impossible."""
    try:
        return score_game(table.session.tournament.rules, parse_log(log))
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error


def by_the_players(entry: SheetEntry, table: Table) -> bool:
    """Whether a line was entered through the players' link (a referee's line always names its login)."""
    return entry.entered_by_id is None and entry.entered_by_label == players_of_table(table.number)


def chombo_key(entry: SheetEntry) -> str:
    """The submission key of the penalty of a chombo line: short whatever the line's own key (it must fit the
    same column, tournament/models/submission.py), and the same at every tap."""
    return f"sheet-{entry.pk}-chombo"


def proposed_chombos(table: Table) -> list[ProposedChombo]:
    """The chombo hands still on the sheet that the players entered and the referee has not recorded as penalties
    (recorded once, even if cancelled later, is decided); none where a chombo is paid at the table (2008)."""
    return proposed_chombos_by_table([table]).get(table.pk, [])


def proposed_chombos_by_table(tables: Iterable[Table]) -> dict[int, list[ProposedChombo]]:
    """``proposed_chombos`` of several tables (with their session and tournament read), by table id, in two queries
    whatever their number: the sheets' lines and the penalties already recorded for them."""
    tables = [table for table in tables if table.session.tournament.rules.chombo_points != 0]
    lines: dict[int, list[SheetEntry]] = {table.pk: [] for table in tables}
    for entry in SheetEntry.objects.filter(table__in=tables).order_by("table_id", "seq"):
        lines[entry.table_id].append(entry)
    chombos: dict[str, tuple[int, ProposedChombo]] = {}
    for table in tables:
        for number, entry in enumerate(sheet_hands(lines[table.pk])[0], start=1):
            if CHOMBO in entry.hand and by_the_players(entry, table):
                chombos[chombo_key(entry)] = (table.pk, ProposedChombo(entry.seq, number, entry.hand[CHOMBO]))
    recorded = set(
        Penalty.objects.filter(submission_key__in=chombos).values_list("submission_key", flat=True)
    )
    found: dict[int, list[ProposedChombo]] = {}
    for key, (table_id, proposal) in chombos.items():
        if key not in recorded:
            found.setdefault(table_id, []).append(proposal)
    return found
