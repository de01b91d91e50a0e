"""Entering and correcting table results. A correction is a new version; nothing is overwritten."""

from collections.abc import Sequence
from typing import NamedTuple

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.table import SeatInput, check_table
from tournament.models import SeatResult, Table, TableResult
from tournament.services import audit
from tournament.services.errors import DomainError


class SeatScore(NamedTuple):
    wind: str
    raw: int
    substitute: str = ""
    substitute_name: str = ""


@transaction.atomic
def enter_table_result(
    *,
    actor,
    table: Table,
    scores: Sequence[SeatScore],
    expected_version: int | None = None,
    submission_key: str | None = None,
    leftover_sticks: int = 0,
    note: str = "",
) -> TableResult:
    """Record a table's raw points as a new version.

    ``expected_version`` is the version the form showed (0 for none): if somebody changed the table since, the
    entry is refused as stale. ``submission_key`` makes a re-post of the same form (bad Wi-Fi) return the
    result it created the first time instead of creating another.
    """
    table = Table.objects.select_for_update().select_related("session__tournament").get(pk=table.pk)
    if submission_key:
        earlier = TableResult.objects.filter(submission_key=submission_key).first()
        if earlier is not None:
            if earlier.table_id != table.pk:
                raise DomainError("submission_reused", _("This form was already used for another table."))
            return earlier
    where = _("session %(session)s, table %(table)s") % {
        "session": table.session.number,
        "table": table.number,
    }
    seats = {seat.wind: seat for seat in table.seats.select_related("registration__player")}
    _check_scores(table, seats, scores, leftover_sticks, where)
    current = table.results.filter(is_current=True).first()
    _check_not_stale(current, expected_version, where)
    if current is not None and _same_content(current, scores, leftover_sticks):
        return current
    result = _new_version(actor, table, current, submission_key, leftover_sticks, note)
    SeatResult.objects.bulk_create(
        SeatResult(
            result=result,
            seat=seats[s.wind],
            raw_score=s.raw,
            substitute=s.substitute,
            substitute_name=s.substitute_name,
        )
        for s in scores
    )
    audit.record(
        actor=actor,
        tournament=table.session.tournament,
        action="result.enter",
        summary=_("%(where)s: result version %(version)s") % {"where": where, "version": result.version},
        data={
            "session": table.session.number,
            "table": table.number,
            "version": result.version,
            "scores": {s.wind: [s.raw, s.substitute] for s in scores},
            "leftover_sticks": leftover_sticks,
        },
    )
    return result


def _check_scores(
    table: Table, seats: dict, scores: Sequence[SeatScore], leftover_sticks: int, where: str
) -> None:
    if len(seats) != 4:
        raise DomainError("no_seating", _("%(where)s has no complete seating yet.") % {"where": where})
    if sorted(s.wind for s in scores) != sorted(seats):
        raise DomainError(
            "winds", _("%(where)s: give one score for each of the winds E, S, W and N.") % {"where": where}
        )
    inputs = [SeatInput(s.wind, seats[s.wind].registration_id, s.raw, s.substitute) for s in scores]
    try:
        check_table(table.session.tournament.rules, inputs, leftover_sticks=leftover_sticks, where=where)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error


def _check_not_stale(current: TableResult | None, expected_version: int | None, where: str) -> None:
    if expected_version is None:
        return
    actual = current.version if current else 0
    if actual != expected_version:
        raise DomainError(
            "stale_result",
            _(
                "%(where)s was changed by %(who)s at %(when)s (now version %(version)s) after you opened the form. "
                "Nothing was saved: check the result shown now and enter your correction again."
            )
            % {
                "where": where,
                "who": current.entered_by_label if current else "-",
                "when": f"{current.entered_at:%H:%M}" if current else "-",
                "version": actual,
            },
            version=actual,
        )


def _same_content(current: TableResult, scores: Sequence[SeatScore], leftover_sticks: int) -> bool:
    stored = {
        (r.seat.wind, r.raw_score, r.substitute, r.substitute_name)
        for r in current.seat_results.select_related("seat")
    }
    return stored == {tuple(s) for s in scores} and current.leftover_sticks == leftover_sticks


def _new_version(
    actor, table: Table, current: TableResult | None, submission_key, leftover_sticks, note
) -> TableResult:
    if current is not None:
        current.is_current = False
        current.save(update_fields=["is_current"])
    return TableResult.objects.create(
        table=table,
        version=(current.version + 1) if current else 1,
        is_current=True,
        leftover_sticks=leftover_sticks,
        entered_by=actor,
        entered_by_label=audit.actor_label(actor),
        submission_key=submission_key or None,
        note=note,
    )
