"""The second check of a result (optional per tournament): a second person confirms the current version of a
table's result, or disputes it with a reason. Never the person who entered that version."""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models import ResultCheck, Table, TableResult
from tournament.services import audit
from tournament.services.locking import lock_table
from tournament.services.validation import check_length, check_submission_key

# The audit log's action of each verdict (tournament.display.audit_words says it in the reader's language).
ACTIONS = {ResultCheck.CONFIRMED: "result.confirmed", ResultCheck.DISPUTED: "result.disputed"}


@transaction.atomic
def check_result(
    *, actor, table: Table, version: int, verdict: str, reason: str = "", submission_key: str | None = None
) -> ResultCheck:
    """Confirm or dispute version ``version`` of the table's result; refused if that is no longer the current one.

    ``submission_key`` makes a re-post of the same form (bad Wi-Fi, a double tap) return the check it recorded the
    first time, as a re-posted result does (services.results); the table's row is locked, so two identical posts
    at once record one check. The same person's same verdict and reason again records nothing either."""
    check_submission_key(submission_key)
    table = lock_table(table)
    if submission_key:
        earlier = _earlier_check(submission_key, table, verdict)
        if earlier is not None:
            return earlier
    where = _("session %(session)s, table %(table)s") % {
        "session": table.session.number,
        "table": table.number,
    }
    result = _current(table, version, where)
    _check_allowed(actor, table, result, verdict, reason, where)
    latest = result.checks.order_by("-id").first()
    if latest is not None and _same_check(latest, actor, verdict, reason):
        return latest
    check = _create(actor, table, result, verdict, reason, submission_key)
    audit.record(
        actor=actor,
        tournament=table.session.tournament,
        action=ACTIONS[verdict],
        summary=_("%(where)s: version %(version)s %(verdict)s")
        % {"where": where, "version": version, "verdict": check.get_verdict_display()},
        data={
            "session": table.session.number,
            "table": table.number,
            "version": version,
            "verdict": verdict,
            "reason": check.reason,
        },
    )
    return check


def _earlier_check(submission_key: str, table: Table, verdict: str) -> ResultCheck | None:
    """The check this form recorded already (a re-post), None if it is new; refused when it was another table's or
    another verdict's."""
    earlier = ResultCheck.objects.filter(submission_key=submission_key).select_related("result").first()
    if earlier is not None and (earlier.result.table_id, earlier.verdict) != (table.pk, verdict):
        raise DomainError.coded("submission_reused")
    return earlier


def _same_check(check: ResultCheck, actor, verdict: str, reason: str) -> bool:
    by = actor.pk if actor is not None else None
    return (check.checked_by_id, check.verdict, check.reason) == (by, verdict, reason.strip())


def _create(
    actor, table: Table, result: TableResult, verdict: str, reason: str, submission_key
) -> ResultCheck:
    try:
        with transaction.atomic():  # a savepoint: the key may be taken meanwhile by a check at another table
            return ResultCheck.objects.create(
                result=result,
                verdict=verdict,
                reason=reason.strip(),
                checked_by=actor,
                checked_by_label=audit.actor_label(actor),
                submission_key=submission_key or None,
            )
    except IntegrityError:
        if submission_key:  # taken by a check at another table that committed meanwhile: the clean refusal
            _earlier_check(submission_key, table, verdict)
        raise


def _current(table: Table, version: int, where: str) -> TableResult:
    result = table.results.filter(is_current=True).first()
    if result is None:
        raise DomainError.coded("no_result", where=where)
    if result.version != version:
        raise DomainError.coded(
            "stale_result",
            where=where,
            who=result.entered_by_label,
            when=f"{timezone.localtime(result.entered_at):%H:%M}",
            version=result.version,
        )
    return result


def _check_allowed(actor, table: Table, result: TableResult, verdict: str, reason: str, where: str) -> None:
    if not table.session.tournament.confirmation_required:
        raise DomainError.coded("checks_off")
    if verdict not in (ResultCheck.CONFIRMED, ResultCheck.DISPUTED):
        raise DomainError.coded("bad_verdict", verdict=verdict)
    if actor is not None and result.entered_by_id == actor.pk:
        raise DomainError.coded("own_result", where=where)
    if verdict == ResultCheck.DISPUTED and not reason.strip():
        raise DomainError.coded("dispute_reason", where=where)
    check_length(reason.strip(), model=ResultCheck, field="reason", where=where)
