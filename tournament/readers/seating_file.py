"""Reading a seating file (CSV or XLSX) into a plan, checking every row first.

Columns (header names in English, Dutch, German or French, any order, any case: tournament.formats.column_names):
session / sessie / Runde, table / tafel / Tisch, wind / vent (optional: without it the rows of a table are taken in
the order E, S, W, N; the letters as the file's language writes them, "O" being West in a French file and East in
any other), player / speler / Spieler / joueur (the player's key or EMA number). Row numbers are the spreadsheet's, the header being row 1. Every problem is reported with its row and
column; when there is any, nothing is imported. Session numbers run from 1 to scoring.limits.MAX_SESSIONS and
table numbers from 1 to MAX_TABLES; a file over 5 MB or with more than MAX_SEATS rows is refused unread.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.limits import MAX_SEATS, MAX_SESSIONS, MAX_TABLES
from scoring.standings import ACTIVE, RESERVE, WITHDRAWN
from scoring.table import WINDS
from tournament.formats.column_names import SEATING_FILE, accepted, file_languages, simple, wind_words
from tournament.models import Registration, Tournament
from tournament.readers.spreadsheets import (
    FileRowsError,
    RowError,
    Table,
    cell_texts,
    good_rows,
    read_table,
    shown,
)
from tournament.selectors.progress import sessions_with_results
from tournament.selectors.seating_plan import SeatingPlan, existing_sessions, session_number_problem

COLUMNS = accepted(SEATING_FILE)  # every language's names (tournament.formats.column_names)
REQUIRED = ("session", "table", "player")
TOO_LARGE = {
    "session": gettext_lazy("%(value)s: a tournament has at most %(limit)s sessions."),
    "table": gettext_lazy("%(value)s: a session has at most %(limit)s tables."),
}


class SeatingFileError(FileRowsError, file_code="bad_seating_file"):
    """The seating file has bad rows; ``errors`` lists every one of them."""


@dataclass(frozen=True)
class SeatRow:
    row: int
    session: int
    table: int
    wind: str | None
    registration: Registration


def read_seating_file(tournament: Tournament, filename: str, content: bytes) -> SeatingPlan:
    """The plan the file describes; SeatingFileError with every bad row otherwise."""
    sheet = read_table(filename, content, COLUMNS, REQUIRED, SeatingFileError, max_rows=MAX_SEATS)
    columns = sheet.columns
    seats, errors = _seat_rows(tournament, sheet, wind_words(file_languages(SEATING_FILE, sheet.headers)))
    if not seats and not errors:
        errors = [RowError(None, "file", _("There are no seats below the first row."))]
    elif not errors:
        errors = _check_sessions(tournament, seats, has_wind="wind" in columns)
    if errors:
        raise SeatingFileError(errors)
    return SeatingPlan(_seating(seats, has_wind="wind" in columns), source="imported")


def _seat_rows(
    tournament: Tournament, sheet: Table, winds: dict[str, str]
) -> tuple[list[SeatRow], list[RowError]]:
    finder, columns = PlayerFinder(tournament), sheet.columns
    seats, errors = [], []
    for number, raw in good_rows(sheet, errors):
        values, row_errors = cell_texts(raw), []
        session = number_cell(values["session"], MAX_SESSIONS, number, "session", row_errors)
        table = number_cell(values["table"], MAX_TABLES, number, "table", row_errors)
        wind = wind_cell(values["wind"], number, row_errors, winds) if "wind" in columns else None
        registration = finder.find(values["player"], number, row_errors)
        errors += row_errors
        if not row_errors:
            seats.append(SeatRow(number, session, table, wind, registration))
    return seats, errors


def number_cell(value: str, limit: int, row: int, column: str, errors: list[RowError]) -> int | None:
    """A whole number from 1 to ``limit`` written in ASCII digits ("²" is a digit to Python, not to a list)."""
    significant = value.lstrip("0") if value.isascii() and value.isdigit() else None
    if significant and len(significant) <= 6 and int(significant) <= limit:
        return int(significant)
    if not value:
        reason = _("empty")
    elif significant:
        reason = TOO_LARGE[column] % {"value": shown(value), "limit": limit}
    else:
        reason = _("%(value)r is not a number of 1 or more.") % {"value": shown(value)}
    errors.append(RowError(row, column, reason))
    return None


def wind_cell(value: str, row: int, errors: list[RowError], winds: dict[str, str]) -> str | None:
    """A wind as the file's language writes it (``column_names.wind_words``: "O" is West in a French file)."""
    wind = winds.get(simple(value))
    if wind is None:
        letters = [next(word for word, w in winds.items() if w == wind) for wind in WINDS]
        errors.append(
            RowError(
                row,
                "wind",
                _("%(value)r is not a wind; use %(letters)s.")
                % {"value": shown(value), "letters": ", ".join(letter.upper() for letter in letters)},
            )
        )
    return wind


class PlayerFinder:
    """A registration by its key or by the player's EMA number."""

    def __init__(self, tournament: Tournament):
        registrations = list(Registration.objects.filter(tournament=tournament).select_related("player"))
        self.by_key = {r.key.casefold(): r for r in registrations}
        self.by_ema = {r.player.ema_id: r for r in registrations if r.player.ema_id}

    def find(self, value: str, row: int, errors: list[RowError]) -> Registration | None:
        if not value:
            errors.append(RowError(row, "player", _("empty")))
            return None
        registration = self.by_key.get(value.casefold()) or self.by_ema.get(
            value.zfill(8) if value.isascii() and value.isdigit() else value
        )
        if registration is None:
            errors.append(
                RowError(
                    row,
                    "player",
                    _("No player with the key or EMA number %(value)r.") % {"value": shown(value)},
                )
            )
        elif registration.status == WITHDRAWN:
            errors.append(
                RowError(row, "player", _("%(player)s has withdrawn.") % {"player": registration.player})
            )
            return None
        elif registration.status == RESERVE:
            errors.append(
                RowError(
                    row,
                    "player",
                    _("%(player)s is a reserve; a reserve is not seated.") % {"player": registration.player},
                )
            )
            return None
        return registration


def _check_sessions(tournament: Tournament, seats: list[SeatRow], *, has_wind: bool) -> list[RowError]:
    by_session: dict[int, list[SeatRow]] = defaultdict(list)
    for seat in seats:
        by_session[seat.session].append(seat)
    played = sessions_with_results(tournament)
    active = list(Registration.objects.filter(tournament=tournament, status=ACTIVE).select_related("player"))
    errors = []
    existing = existing_sessions(tournament)
    for session, session_seats in sorted(by_session.items()):
        problem = session_number_problem(session, existing, set(by_session))
        if problem:
            errors.append(RowError(session_seats[0].row, "session", problem))
            continue
        if session in played:
            errors.append(
                RowError(
                    session_seats[0].row,
                    "session",
                    _("Session %(session)s has results; its seating cannot change.") % {"session": session},
                )
            )
            continue
        errors += _players_once(session, session_seats)
        errors += _tables(session, session_seats, has_wind=has_wind)
        errors += _everybody_seated(session, session_seats, active)
    return errors


def _players_once(session: int, seats: list[SeatRow]) -> list[RowError]:
    first_row: dict[int, SeatRow] = {}
    errors = []
    for seat in seats:
        earlier = first_row.setdefault(seat.registration.pk, seat)
        if earlier is not seat:
            errors.append(
                RowError(
                    seat.row,
                    "player",
                    _("Session %(session)s: %(player)s is seated already (row %(row)s, table %(table)s).")
                    % {
                        "session": session,
                        "player": seat.registration.player,
                        "row": earlier.row,
                        "table": earlier.table,
                    },
                )
            )
    return errors


def _tables(session: int, seats: list[SeatRow], *, has_wind: bool) -> list[RowError]:
    by_table: dict[int, list[SeatRow]] = defaultdict(list)
    for seat in seats:
        by_table[seat.table].append(seat)
    errors = []
    for table, table_seats in sorted(by_table.items()):
        where = {"session": session, "table": table}
        if len(table_seats) != 4:
            errors.append(
                RowError(
                    table_seats[0].row,
                    "table",
                    _("Session %(session)s, table %(table)s has %(count)s players; a table seats four.")
                    % {**where, "count": len(table_seats)},
                )
            )
        elif has_wind and len({seat.wind for seat in table_seats}) != 4:
            errors.append(
                RowError(
                    table_seats[0].row,
                    "wind",
                    _("Session %(session)s, table %(table)s: every wind (E, S, W, N) must appear once.")
                    % where,
                )
            )
    expected = list(range(1, len(by_table) + 1))
    if sorted(by_table) != expected:
        errors.append(
            RowError(
                None,
                "table",
                _(
                    "Session %(session)s: number the tables 1 to %(count)s without gaps (the file has %(numbers)s)."
                )
                % {
                    "session": session,
                    "count": len(by_table),
                    "numbers": ", ".join(map(str, sorted(by_table))),
                },
            )
        )
    return errors


def _everybody_seated(session: int, seats: list[SeatRow], active: list[Registration]) -> list[RowError]:
    seated = {seat.registration.pk for seat in seats}
    return [
        RowError(
            None,
            "player",
            _("Session %(session)s: %(player)s (%(key)s) has no seat.")
            % {"session": session, "player": registration.player, "key": registration.key},
        )
        for registration in active
        if registration.pk not in seated
    ]


def _seating(seats: list[SeatRow], *, has_wind: bool) -> dict[int, list[list[int]]]:
    """Session number -> tables in number order -> registration ids in seat order E, S, W, N."""
    tables: dict[int, dict[int, list[SeatRow]]] = defaultdict(lambda: defaultdict(list))
    for seat in seats:
        tables[seat.session][seat.table].append(seat)
    order = WINDS.index
    return {
        session: [
            [s.registration.pk for s in (sorted(rows, key=lambda s: order(s.wind)) if has_wind else rows)]
            for _number, rows in sorted(by_table.items())
        ]
        for session, by_table in sorted(tables.items())
    }
