"""Reading a results file (CSV or XLSX; the paper fallback) into table results, checking every row first.

Columns (header names in English, Dutch, German or French, any order, any case: tournament.formats.column_names):
session / sessie / Runde, table / tafel / Tisch, wind / vent (E, S, W, N as the file's language writes them: "O" is
West in a French file, East in any other), player / speler / Spieler / joueur (the player's key or EMA number),
score / punten / Punkte / points (the raw points at the end of the game, typed as 32500, 32,500 or 32.500), and
optionally chombo (a count, 0 or more). Row numbers are the spreadsheet's, the header
being row 1. Every problem is reported with its row, column and reason (the first 50, then the count): an unknown
player, a player who does not sit at that table and wind in that session's seating, a seat or a player given twice
in a session, a session without seating, a table with fewer than four rows, a score that is not a whole number or
whose table breaks the rules (scoring.table: the unit, the sum), a chombo count that is not 0 to MAX_CHOMBOS. A file
with any problem imports nothing. A file may carry some tables of a session; tables it does not name are left as
they are, and a row without a score or a chombo (a line of the prefilled file not filled in) is left out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.limits import MAX_CHOMBOS, MAX_RAW_POINTS, MAX_SEATS, MAX_SESSIONS, MAX_TABLES
from scoring.table import WINDS, SeatInput, check_table
from tournament.display.numbers import parse_points, whole
from tournament.errors import DomainError
from tournament.formats.column_names import RESULTS_FILE, accepted, file_languages, wind_words
from tournament.models import Seat, Tournament
from tournament.readers.csv_encodings import Reading
from tournament.readers.seating_file import PlayerFinder, SeatRow, number_cell, wind_cell
from tournament.readers.spreadsheets import (
    FileRowsError,
    RowError,
    Table,
    cell_texts,
    good_rows,
    read_table,
    shown,
)
from tournament.selectors.results_import import ImportedSeat, ImportedTable

COLUMNS = accepted(RESULTS_FILE)  # every language's names (tournament.formats.column_names)
REQUIRED = ("session", "table", "wind", "player", "score")


class ResultsFileError(FileRowsError, file_code="bad_results_file"):
    """The results file has bad rows; ``errors`` lists every one of them."""


@dataclass(frozen=True)
class ResultRow(SeatRow):
    """A seat's row of the seating file (session, table, wind, player) with its raw points and chombos."""

    raw: int
    chombos: int | None  # None: the file has no chombo column


@dataclass(frozen=True)
class ResultsFile:
    tables: list[ImportedTable]  # in the order of their first row
    has_chombos: bool
    reading: Reading | None  # how a CSV file's bytes were read; None for a workbook


def read_results_file(tournament: Tournament, filename: str, content: bytes) -> ResultsFile:
    """The table results the file gives; ResultsFileError with every problem otherwise."""
    sheet = read_table(filename, content, COLUMNS, REQUIRED, ResultsFileError, max_rows=MAX_SEATS)
    winds = wind_words(file_languages(RESULTS_FILE, sheet.headers))
    results, errors, failed = _result_rows(tournament, sheet, winds)
    if not results and not errors:
        errors = [RowError(None, "file", _("There are no results below the first row."))]
    errors += _check_seating(tournament, results, failed)
    if errors:
        raise ResultsFileError(sorted(errors, key=lambda e: (e.row is None, e.row or 0)))
    return ResultsFile(_tables(results), "chombo" in sheet.columns, sheet.reading)


def _result_rows(
    tournament: Tournament, sheet: Table, winds: dict[str, str]
) -> tuple[list[ResultRow], list[RowError], set[tuple]]:
    """The good rows, the problems, and the (session, table) of each bad row that names them."""
    finder, columns = PlayerFinder(tournament), sheet.columns
    results, errors, failed = [], [], set()
    for number, raw in good_rows(sheet, errors):
        values, row_errors = cell_texts(raw), []
        if not values["score"] and not values.get("chombo"):
            continue  # a line of the prefilled file not filled in: that table is not in this file
        session = number_cell(values["session"], MAX_SESSIONS, number, "session", row_errors)
        table = number_cell(values["table"], MAX_TABLES, number, "table", row_errors)
        wind = wind_cell(values["wind"], number, row_errors, winds)
        registration = finder.find(values["player"], number, row_errors)
        points = _score(values["score"], number, row_errors)
        chombos = _chombos(values["chombo"], number, row_errors) if "chombo" in columns else None
        errors += row_errors
        if not row_errors:
            results.append(ResultRow(number, session, table, wind, registration, points, chombos))
        elif session and table:
            failed.add((session, table))
    return results, errors, failed


def _score(value: str, row: int, errors: list[RowError]) -> int | None:
    """Raw points as a referee types them (display.numbers.parse_points), within scoring's limit."""
    try:
        points = parse_points(value) if value else None
    except ValueError:
        points = None
    if points is not None and abs(points) <= MAX_RAW_POINTS:
        return points
    if not value:
        reason = _("empty")
    elif points is not None:
        reason = _("%(value)s: raw points are from %(lowest)s to %(limit)s.") % {
            "value": shown(value),
            "lowest": whole(-MAX_RAW_POINTS),
            "limit": whole(MAX_RAW_POINTS),
        }
    else:
        reason = _("%(value)r is not a whole number of points (for example 32500 or -4300).") % {
            "value": shown(value)
        }
    errors.append(RowError(row, "score", reason))
    return None


def _chombos(value: str, row: int, errors: list[RowError]) -> int | None:
    """A count from 0 to MAX_CHOMBOS; an empty cell is 0."""
    if not value:
        return 0
    if value.isascii() and value.isdigit() and int(value) <= MAX_CHOMBOS:
        return int(value)
    errors.append(
        RowError(
            row,
            "chombo",
            _("%(value)r is not a number of chombos from 0 to %(limit)s.")
            % {"value": shown(value), "limit": MAX_CHOMBOS},
        )
    )
    return None


def _check_seating(tournament: Tournament, results: list[ResultRow], failed: set[tuple]) -> list[RowError]:
    """Each row against the seating; then each table without a bad row: four rows, the rules' check."""
    seats = _seats(tournament, {r.session for r in results})
    errors, placed = [], []
    first_of_seat: dict[tuple, ResultRow] = {}
    for result in results:
        session_seats = seats.get(result.session)
        if session_seats is None:
            errors.append(_no_seating(result))
            continue
        problem = _seat_problem(result, session_seats) or _twice(result, first_of_seat)
        if problem:
            errors.append(problem)
            failed.add((result.session, result.table))
        else:
            placed.append(result)
    checked = [
        r for r in placed if (r.session, r.table) not in failed
    ]  # a table with a bad row is not summed
    return errors + _table_problems(tournament, checked)


def _seats(tournament: Tournament, sessions: set[int]) -> dict[int, dict[int, Seat]]:
    """Session number -> registration id -> seat, for the seated sessions among ``sessions``; a planned substitute
    from the start (a reserve) is found at the seat they play too."""
    found: dict[int, dict[int, Seat]] = defaultdict(dict)
    for seat in Seat.objects.filter(
        session__tournament=tournament, session__number__in=sessions
    ).select_related("session", "table", "registration__player"):
        found[seat.session.number][seat.registration_id] = seat
        if seat.substitute_reserve_id:
            found[seat.session.number][seat.substitute_reserve_id] = seat
    return dict(found)


def _no_seating(result: ResultRow) -> RowError:
    return RowError(
        result.row,
        "session",
        _("Session %(session)s has no seating; its results cannot be entered.") % {"session": result.session},
    )


def _seat_problem(result: ResultRow, seats: dict[int, Seat]) -> RowError | None:
    player, where = result.registration.player, {"session": result.session}
    seat = seats.get(result.registration.pk)
    if seat is None:
        return RowError(
            result.row,
            "player",
            _("%(player)s does not play in session %(session)s.") % {**where, "player": player},
        )
    where |= {"player": player, "table": seat.table.number, "wind": seat.wind}
    if seat.table.number != result.table:
        return RowError(
            result.row,
            "table",
            _("%(player)s sits at table %(table)s in session %(session)s, not at table %(given)s.")
            % {**where, "given": result.table},
        )
    if seat.wind != result.wind:
        return RowError(
            result.row,
            "wind",
            _("%(player)s sits at %(wind)s at table %(table)s in session %(session)s, not at %(given)s.")
            % {**where, "given": result.wind},
        )
    return None


def _twice(result: ResultRow, first_of_seat: dict) -> RowError | None:
    """A seat (session, table, wind) given a second time. A player given twice in a session is caught here too:
    each player has one seat in a session, and a row at another seat is refused against the seating first."""
    seat = first_of_seat.setdefault((result.session, result.table, result.wind), result)
    if seat is not result:
        return RowError(
            result.row,
            "wind",
            _("Session %(session)s, table %(table)s, %(wind)s is given already in row %(row)s.")
            % {"session": result.session, "table": result.table, "wind": result.wind, "row": seat.row},
        )
    return None


def _table_problems(tournament: Tournament, results: list[ResultRow]) -> list[RowError]:
    by_table: dict[tuple[int, int], list[ResultRow]] = defaultdict(list)
    for result in results:
        by_table[(result.session, result.table)].append(result)
    errors = []
    for (session, table), rows in by_table.items():
        where = {"session": session, "table": table}
        if len(rows) < 4:
            errors.append(
                RowError(
                    rows[0].row,
                    "table",
                    _("Session %(session)s, table %(table)s has %(count)s rows; a table has four seats.")
                    % {**where, "count": len(rows)},
                )
            )
        else:
            errors += _rules_problem(tournament, rows, where)
    return errors


def _rules_problem(tournament: Tournament, rows: list[ResultRow], where: dict) -> list[RowError]:
    """The rules engine's check of the table (scoring.table.check_table: the score unit, the sum), at the row of
    the seat it names, or the table's first row."""
    place = _("session %(session)s, table %(table)s") % where
    inputs = [SeatInput(r.wind, r.registration.pk, r.raw) for r in rows]
    try:
        check_table(tournament.rules, inputs, where=place)
    except ScoringError as error:
        at = next((r for r in rows if r.wind == error.params.get("wind")), rows[0])
        return [RowError(at.row, "score", DomainError.from_scoring(error).message)]
    return []


def _tables(results: list[ResultRow]) -> list[ImportedTable]:
    by_table: dict[tuple[int, int], list[ResultRow]] = defaultdict(list)
    for result in results:
        by_table[(result.session, result.table)].append(result)
    return [
        ImportedTable(
            session=session,
            table=table,
            seats=tuple(
                ImportedSeat(r.wind, r.registration.key, r.raw, r.chombos)
                for r in sorted(rows, key=lambda r: WINDS.index(r.wind))
            ),
            row=rows[0].row,
        )
        for (session, table), rows in by_table.items()
    ]
