"""Importing a results file (the paper fallback): every table through the referee's own write path.

Each table of the file (tournament.readers.results_file, checked row by row already) is entered with
services.results.enter_table_result, so versions, audit entries and a planned substitute from the start behave as
when a referee types it, and each chombo is a penalty given through services.penalties. In one transaction:

- a table without a result gets one (version 1), and the chombos the file counts beyond those recorded already;
- a table whose current result has the same raw points (and, with a chombo column, the same chombo counts) is left
  as it is: importing the same file again writes nothing and adds no audit entry;
- a table whose current result has the same raw points and a chombo count above the recorded one (a chombo the
  referee forgot on the phone) gets the missing chombos, without ``correct`` and without a new version;
- a table with a different result is refused, every such table named, unless ``correct``: then the raw points are
  a new version (a correction, audited like a referee's) when they differ, and each player's chombos in that session
  are made what the file counts: the missing ones given, the surplus ones (the latest first) cancelled with the
  file as reason. Raw points that are the same are never written again: a table whose only change is its chombos
  is counted as such (``chombos_only``), not as corrected.

The recorded chombos of a player in a session are every chombo not cancelled, whoever gave it (selectors.
results_import): a chombo a referee recorded on the day and wrote on the paper form is one chombo, not two.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.limits import MAX_SOURCE_NAME
from scoring.penalties import CHOMBO
from tournament.display.counts import results_file_written
from tournament.errors import DomainError
from tournament.models import Registration, Seat, Tournament
from tournament.selectors.penalties import active_penalties
from tournament.selectors.results_import import (
    CHOMBOS,
    DIFFERENT,
    NEW,
    UNCHANGED,
    ImportedTable,
    TableChange,
    registrations_by_key,
    table_changes,
)
from tournament.services import audit
from tournament.services.locking import locked_tournament
from tournament.services.penalties import cancel_penalty, give_penalty
from tournament.services.results import SeatScore, enter_table_result


@dataclass
class ImportOutcome:
    entered: list[ImportedTable] = field(default_factory=list)  # the tables given their first result
    corrected: list[ImportedTable] = field(default_factory=list)  # a new version of the raw points written
    chombos_only: list[ImportedTable] = field(
        default_factory=list
    )  # the same raw points; chombos given/cancelled
    unchanged: list[ImportedTable] = field(default_factory=list)
    chombos_given: int = 0
    chombos_cancelled: int = 0

    @property
    def wrote_anything(self) -> bool:
        return bool(self.entered or self.corrected or self.chombos_given or self.chombos_cancelled)

    def tables_by_label(self) -> list[tuple[str, list[ImportedTable]]]:
        """The command's label of each kind of table written ("entered", "corrected", "chombos")."""
        return [("entered", self.entered), ("corrected", self.corrected), ("chombos", self.chombos_only)]


def outcome_summary(outcome: ImportOutcome) -> str:
    """What was written, and only that, in the active language: "2 tables entered; 1 chombo given"."""
    return results_file_written(
        entered=len(outcome.entered),
        corrected=len(outcome.corrected),
        chombos_only=len(outcome.chombos_only),
        unchanged=len(outcome.unchanged),
        given=outcome.chombos_given,
        cancelled=outcome.chombos_cancelled,
    )


def where(table: ImportedTable) -> str:
    return _("session %(session)s, table %(table)s") % {"session": table.session, "table": table.table}


@transaction.atomic
def import_results(
    *, actor, tournament: Tournament, tables: list[ImportedTable], correct: bool = False, source: str = ""
) -> ImportOutcome:
    """Write the file's tables as described above; DomainError ``results_differ`` (nothing written) when a table
    has a different result and ``correct`` is not given, ``results_seating_changed`` when the seating changed
    since the file was checked."""
    tournament = locked_tournament(tournament)  # one import at a time
    changes = table_changes(tournament, tables)
    different = [change for change in changes if change.state == DIFFERENT]
    if different and not correct:
        raise different_results(different)
    players = registrations_by_key(tournament, [s.player for t in tables for s in t.seats])
    outcome = ImportOutcome()
    for change in changes:
        _check_seats(change, players)
        if change.state == UNCHANGED:
            outcome.unchanged.append(change.imported)
            continue
        _write(actor, change, players, source, outcome)
    if outcome.wrote_anything:
        _record(actor, tournament, source, outcome)
    return outcome


def different_results(different: list[TableChange]) -> DomainError:
    return DomainError.coded(
        "results_differ", tables="; ".join(where(change.imported) for change in different)
    )


def _check_seats(change: TableChange, players: dict[str, Registration]) -> None:
    """Each player of the file still plays the seat the file gives (the seating may change after the check)."""
    seats = {seat.wind: seat for seat in Seat.objects.filter(table=change.table)}
    for imported in change.imported.seats:
        seat, player = seats.get(imported.wind), players.get(imported.player)
        if (
            seat is None
            or player is None
            or player.pk not in (seat.registration_id, seat.substitute_reserve_id)
        ):
            raise DomainError.coded(
                "results_seating_changed", where=where(change.imported), wind=imported.wind
            )


def _write(actor, change: TableChange, players: dict, source: str, outcome: ImportOutcome) -> None:
    imported = change.imported
    if change.state == NEW or not change.same_raws:
        enter_table_result(
            actor=actor,
            table=change.table,
            scores=[SeatScore(seat.wind, seat.raw) for seat in imported.seats],
            expected_version=change.version,
        )
        (outcome.entered if change.state == NEW else outcome.corrected).append(imported)
    else:
        outcome.chombos_only.append(imported)
    for seat in imported.seats:
        if seat.chombos is not None:
            _set_chombos(actor, change, players[seat.player], seat.chombos, source, outcome)


def _set_chombos(
    actor, change: TableChange, registration: Registration, wanted: int, source: str, outcome: ImportOutcome
) -> None:
    recorded = change.recorded_chombos[registration.key]
    session = change.table.session
    reason = _("results file %(source)s") % {"source": source[:MAX_SOURCE_NAME]}
    for _count in range(wanted - recorded):
        give_penalty(actor=actor, registration=registration, session=session, kind=CHOMBO, reason=reason)
        outcome.chombos_given += 1
    if wanted >= recorded:
        return
    surplus = list(
        active_penalties(session=session, registrations=[registration.pk])
        .filter(kind=CHOMBO)
        .order_by("-created_at", "-pk")[: recorded - wanted]
    )
    for penalty in surplus:
        cancel_penalty(
            actor=actor, penalty=penalty, reason=_("corrected by the %(reason)s") % {"reason": reason}
        )
        outcome.chombos_cancelled += 1


def _record(actor, tournament: Tournament, source: str, outcome: ImportOutcome) -> None:
    audit.record(
        actor=actor,
        tournament=tournament,
        action="results.import",
        summary=_("Results file %(source)s: %(written)s")
        % {"source": source, "written": outcome_summary(outcome)},
        data={
            "source": source,
            "entered": [[t.session, t.table] for t in outcome.entered],
            "corrected": [[t.session, t.table] for t in outcome.corrected],
            "chombos_only": [[t.session, t.table] for t in outcome.chombos_only],
            "unchanged": len(outcome.unchanged),
            "chombos_given": outcome.chombos_given,
            "chombos_cancelled": outcome.chombos_cancelled,
        },
    )


__all__ = [
    "CHOMBOS",
    "DIFFERENT",
    "NEW",
    "UNCHANGED",
    "ImportOutcome",
    "different_results",
    "import_results",
    "outcome_summary",
]
