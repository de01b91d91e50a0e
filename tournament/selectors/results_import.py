"""A results file's tables (the paper fallback: tournament.readers.results_file reads them, services.results_import
writes them) and what each would change: a new result, the same result as now, or a different one (a correction).

A table's chombo counts belong to its state when the file has a chombo column: the recorded chombos of a player in
that session are every chombo penalty not cancelled, whoever gave it (a chombo a referee recorded on a phone and
again on the paper form is the same chombo). Without the column the chombos are neither compared nor changed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass

from scoring.penalties import CHOMBO
from tournament.display.seats import seat_holder
from tournament.models import Registration, Seat, Table, Tournament
from tournament.selectors.penalties import active_penalties

NEW, UNCHANGED, DIFFERENT = "new", "unchanged", "different"
CHOMBOS = "chombos"  # the same raw points and more chombos than recorded: the missing ones are given (no correction)


@dataclass(frozen=True)
class ImportedSeat:
    wind: str
    player: str  # the key of the registration who plays the seat as the file names it
    raw: int
    chombos: int | None  # None: the file has no chombo column


@dataclass(frozen=True)
class ImportedTable:
    session: int
    table: int
    seats: tuple[ImportedSeat, ...]  # in the order E, S, W, N
    row: int  # the file's first row of the table

    def as_data(self) -> dict:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict) -> ImportedTable:
        return cls(**{**data, "seats": tuple(ImportedSeat(**seat) for seat in data["seats"])})

    @property
    def has_chombos(self) -> bool:
        return any(seat.chombos is not None for seat in self.seats)


@dataclass(frozen=True)
class SeatLine:
    """One seat as the preview shows it: the file's figures beside the recorded ones."""

    wind: str
    key: str
    name: str
    raw: int
    current_raw: int | None
    chombos: int | None
    recorded_chombos: int


@dataclass(frozen=True)
class TableChange:
    imported: ImportedTable
    table: Table
    state: str  # NEW, UNCHANGED or DIFFERENT
    current_raws: dict[str, int]  # wind -> raw points of the current result; empty without one
    recorded_chombos: dict[str, int]  # player key -> chombos recorded in the session (not cancelled)

    def lines(self, names: dict[str, str]) -> list[SeatLine]:
        return [
            SeatLine(
                seat.wind,
                seat.player,
                names.get(seat.player, seat.player),
                seat.raw,
                self.current_raws.get(seat.wind),
                seat.chombos,
                self.recorded_chombos.get(seat.player, 0),
            )
            for seat in self.imported.seats
        ]

    @property
    def same_raws(self) -> bool:
        """The file's raw points are the current result's (a change of this table is then one of chombos only)."""
        return self.current_raws == {seat.wind: seat.raw for seat in self.imported.seats}

    @property
    def version(self) -> int:
        current = self.table.current_result()
        return current.version if current else 0


def table_changes(tournament: Tournament, tables: list[ImportedTable]) -> list[TableChange]:
    """What importing each table would change, in the file's order. Every table must exist (the reader checked)."""
    stored = {
        (t.session.number, t.number): t
        for t in Table.objects.filter(session__tournament=tournament).select_related("session")
    }
    chombos = recorded_chombos(tournament)
    return [_change(imported, stored[(imported.session, imported.table)], chombos) for imported in tables]


def recorded_chombos(tournament: Tournament) -> Counter:
    """(session number, player key) -> chombo penalties not cancelled."""
    rows = active_penalties(tournament=tournament).filter(kind=CHOMBO)
    return Counter(rows.values_list("session__number", "registration__key"))


def _change(imported: ImportedTable, table: Table, chombos: Counter) -> TableChange:
    current = table.current_result()
    raws = {}
    if current is not None:
        raws = {r.seat.wind: r.raw_score for r in current.seat_results.select_related("seat")}
    keys = [seat.player for seat in imported.seats]
    recorded = {key: chombos[(imported.session, key)] for key in keys}
    same_raws = raws == {seat.wind: seat.raw for seat in imported.seats}
    same_chombos = not imported.has_chombos or all(
        recorded[seat.player] == seat.chombos for seat in imported.seats
    )
    if current is None and all(
        recorded[s.player] <= (s.chombos or 0) for s in imported.seats if s.chombos is not None
    ):
        state = NEW
    elif same_raws and same_chombos:
        state = UNCHANGED
    elif same_raws and all(recorded[s.player] <= s.chombos for s in imported.seats if s.chombos is not None):
        state = CHOMBOS
    else:
        state = DIFFERENT
    return TableChange(imported, table, state, raws, recorded)


def registrations_by_key(tournament: Tournament, keys) -> dict[str, Registration]:
    return {
        r.key: r
        for r in Registration.objects.filter(tournament=tournament, key__in=set(keys)).select_related(
            "player"
        )
    }


def preview(tournament: Tournament, tables: list[ImportedTable]) -> list[dict]:
    """Each table's change and its seat lines with the players' names, for the organiser's preview."""
    changes = table_changes(tournament, tables)
    names = {key: str(r.player) for key, r in registrations_by_key(tournament, _keys(tables)).items()}
    return [{"change": change, "lines": change.lines(names)} for change in changes]


def _keys(tables: list[ImportedTable]) -> list[str]:
    return [seat.player for table in tables for seat in table.seats]


@dataclass(frozen=True)
class FormRow:
    """One seat of the blank results form and of the file to fill in: the file's columns, prefilled."""

    session: int
    table: int
    wind: str
    player: str  # the registration's key
    name: str  # for reading only: who plays the seat, "Jan Jansen (for Anna de Vries)" (display.seats)
    substitute: str  # the substitute from the start, for reading ("" when the player plays)
    player_name: str = ""  # the registered player, whom the substitute plays for


def results_form_rows(session) -> list[FormRow]:
    """Every seat of a session in the order table, E, S, W, N."""
    seats = Seat.objects.filter(session=session).select_related(
        "table", "registration__player", "substitute_reserve__player"
    )
    return [_form_row(session, seat, seat_holder(seat)) for seat in seats.order_by("table__number", "order")]


def _form_row(session, seat: Seat, holder) -> FormRow:
    return FormRow(
        session.number,
        seat.table.number,
        seat.wind,
        seat.registration.key,
        holder.name,
        holder.substitute,
        holder.player,
    )
