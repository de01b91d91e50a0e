"""Entering and correcting table results. A correction is a new version; nothing is overwritten."""

from collections.abc import Sequence
from typing import NamedTuple

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.hands import check_table_hands
from scoring.table import FROM_START, NOT_SUBSTITUTED, SeatInput, check_table
from tournament.display.winds import WIND_NAMES
from tournament.errors import DomainError
from tournament.models import SeatResult, Table, TableResult
from tournament.services import audit, clock
from tournament.services.locking import lock_table
from tournament.services.validation import check_length, check_submission_key


class SeatScore(NamedTuple):
    wind: str
    raw: int
    # None: as planned, i.e. substituted from the start when the seat has a planned substitute
    # (services.substitutes), else not substituted; "" (NOT_SUBSTITUTED) says the registered player played
    substitute: str | None = None
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
    hands: dict | None = None,
) -> TableResult:
    """Record a table's raw points as a new version.

    ``hands`` is the table's hand log when it was kept on the digital score sheet: the raw points must be what
    the hands give (scoring.hands), and the log is kept with the version.

    ``expected_version`` is the version the form showed (0 for none): if somebody changed the table since, the
    entry is refused as stale. ``submission_key`` makes a re-post of the same form (bad Wi-Fi) return the
    result it created the first time instead of creating another.
    """
    check_submission_key(submission_key)
    table = lock_table(table, share_parents=True)  # entries at other tables go on (services/locking.py)
    if submission_key:
        earlier = _earlier_submission(submission_key, table)
        if earlier is not None:
            return earlier
    where = _("session %(session)s, table %(table)s") % {
        "session": table.session.number,
        "table": table.number,
    }
    seats = {
        seat.wind: seat
        for seat in table.seats.select_related("registration__player", "substitute_reserve__player")
    }
    scores = as_planned(scores, seats)
    _check_scores(table, seats, scores, leftover_sticks, where)
    _check_texts(scores, note, where)
    if hands is not None:
        _check_hands(table, hands, scores, leftover_sticks, where)
    current = table.results.filter(is_current=True).first()
    _check_not_stale(current, expected_version, where)
    if current is not None and current.hands == hands and _same_content(current, scores, leftover_sticks):
        return current
    result = _new_version(actor, table, current, submission_key, leftover_sticks, note, hands=hands)
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
    if current is None:  # the table's first result: the session's last one ends its clock (issue 28)
        clock.end_when_complete(actor=actor, session=table.session)
    return result


def as_planned(scores: Sequence[SeatScore], seats: dict) -> list[SeatScore]:
    """Each score with its substitution decided: one given as None is the seat's plan (5.8: a substitute chosen
    before play plays from the start, under their own name), the others as given."""
    return [_planned(score, seats.get(score.wind)) for score in scores]


def _planned(score: SeatScore, seat) -> SeatScore:
    if score.substitute is not None:
        return score
    name = seat.substitute_label if seat is not None else ""
    if not name:
        return score._replace(substitute=NOT_SUBSTITUTED)
    return score._replace(substitute=FROM_START, substitute_name=score.substitute_name or name)


def _earlier_submission(submission_key: str, table: Table) -> TableResult | None:
    """The result this form created already (a re-post), None if it is new; refused when it was another table's."""
    earlier = TableResult.objects.filter(submission_key=submission_key).first()
    if earlier is not None and earlier.table_id != table.pk:
        raise DomainError.coded("submission_reused")
    return earlier


def _check_scores(
    table: Table, seats: dict, scores: Sequence[SeatScore], leftover_sticks: int, where: str
) -> None:
    if len(seats) != 4:
        raise DomainError.coded("no_seating", where=where)
    if sorted(s.wind for s in scores) != sorted(seats):
        raise DomainError.coded("winds/scores", where=where)
    inputs = [SeatInput(s.wind, seats[s.wind].registration_id, s.raw, s.substitute) for s in scores]
    try:
        check_table(table.session.tournament.rules, inputs, leftover_sticks=leftover_sticks, where=where)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error


def _check_texts(scores: Sequence[SeatScore], note: str, where: str) -> None:
    check_length(note, model=TableResult, field="note", where=where)
    for score in scores:
        seat = _("%(where)s, seat %(wind)s") % {
            "where": where,
            "wind": WIND_NAMES.get(score.wind, score.wind),
        }
        check_length(score.substitute_name, model=SeatResult, field="substitute_name", where=seat)


def _check_not_stale(current: TableResult | None, expected_version: int | None, where: str) -> None:
    if expected_version is None:
        return
    actual = current.version if current else 0
    if actual != expected_version:
        raise DomainError.coded(
            "stale_result/correction",
            where=where,
            who=current.entered_by_label if current else "-",
            when=f"{timezone.localtime(current.entered_at):%H:%M}" if current else "-",
            version=actual,
        )


def _same_content(current: TableResult, scores: Sequence[SeatScore], leftover_sticks: int) -> bool:
    stored = {
        (r.seat.wind, r.raw_score, r.substitute, r.substitute_name)
        for r in current.seat_results.select_related("seat")
    }
    return stored == {tuple(s) for s in scores} and current.leftover_sticks == leftover_sticks


def _check_hands(
    table: Table, hands: dict, scores: Sequence[SeatScore], leftover_sticks: int, where: str
) -> None:
    raws = {score.wind: score.raw for score in scores}
    try:
        check_table_hands(
            table.session.tournament.rules, hands, raws, leftover_sticks=leftover_sticks, where=where
        )
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error


def _new_version(
    actor, table: Table, current: TableResult | None, submission_key, leftover_sticks, note, *, hands=None
) -> TableResult:
    if current is not None:
        current.is_current = False
        current.save(update_fields=["is_current"])
    try:
        with transaction.atomic():  # a savepoint: the key may be taken meanwhile by an entry at another table
            return TableResult.objects.create(
                table=table,
                version=(current.version + 1) if current else 1,
                is_current=True,
                leftover_sticks=leftover_sticks,
                entered_by=actor,
                entered_by_label=audit.actor_label(actor),
                submission_key=submission_key or None,
                note=note,
                hands=hands,
            )
    except IntegrityError:
        if submission_key:  # taken by an entry at another table that committed meanwhile: the clean refusal
            _earlier_submission(submission_key, table)
        raise
