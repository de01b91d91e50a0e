"""The digital score sheet: hands entered one by one at a table (by its referee, or by its players through the
sheet's printed link). Lines are only ever added: a hand, the time signal (5.9), or the undoing of the last hand.

Every hand is checked by replaying the whole sheet through the rules engine (scoring.hands) before it is written,
so the running scores are right by construction. Under rules where a chombo is a penalty after uma (2016 3.4.6)
a chombo hand the referee enters also records that penalty, and undoing the hand cancels it.

The players keep the sheet until their table has a result; then it is the referee's alone. A chombo they enter is
a proposal: it is on the sheet (the re-deal), and the penalty is recorded only when the referee records it
(``record_sheet_chombo``). They undo only lines they entered themselves, never a chombo the referee recorded.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.hands import GameResult
from scoring.hands.log import CHOMBO
from scoring.limits import MAX_SHEET_LINES
from tournament.display.actors import players_of_table
from tournament.display.sentences import sentence
from tournament.errors import DomainError
from tournament.models import Penalty, SheetEntry, Table
from tournament.selectors.penalties import active_penalties
from tournament.selectors.sheets import (
    by_the_players,
    chombo_key,
    play,
    sheet_hands,
    sheet_log,
    signal_sounded,
)
from tournament.services import audit
from tournament.services.locking import lock_table
from tournament.services.penalties import cancel_penalty, give_penalty
from tournament.services.validation import check_submission_key

# The audit log's action of each line of the sheet (tournament.display.audit_words says it in the reader's language).
ACTIONS = {SheetEntry.HAND: "sheet.hand", SheetEntry.SIGNAL: "sheet.signal", SheetEntry.UNDO: "sheet.undo"}


@transaction.atomic
def add_line(
    *,
    actor,
    table: Table,
    kind: str,
    expected_count: int,
    submission_key: str,
    hand: dict | None = None,
    by_players: bool = False,
) -> SheetEntry:
    """Add a hand, the time signal or an undo; ``by_players``: through the players' printed link (no login).
    ``expected_count`` is the number of lines the sheet showed: a sheet changed meanwhile on another phone is
    refused (nothing is written), a re-post of the same key returns the line it created the first time."""
    check_submission_key(submission_key)
    table = lock_table(table)
    earlier = SheetEntry.objects.filter(submission_key=submission_key).first()
    if earlier is not None:
        if earlier.table_id != table.pk:
            raise DomainError.coded("submission_reused")
        return earlier
    entries = list(table.sheet_entries.order_by("seq"))
    where = _where(table)
    if by_players:
        actor = None
        _check_players_may(table, kind, entries, where)
    _check_count(entries, expected_count, where)
    before = play(table, sheet_log(entries))
    _check_line(kind, hand, before, entries, where)
    after = play(table, sheet_log([*entries, SheetEntry(kind=kind, hand=hand)]))
    label = players_of_table(table.number) if by_players else audit.actor_label(actor)
    entry = SheetEntry.objects.create(
        table=table,
        seq=len(entries) + 1,
        kind=kind,
        hand=hand,
        submission_key=submission_key,
        entered_by=actor,
        entered_by_label=label,
    )
    if not by_players:
        _chombo_penalties(actor, table, entries, entry, after)
    audit.record(
        actor=actor,
        label=label,
        tournament=table.session.tournament,
        action=ACTIONS[kind],
        summary=_("%(where)s: score sheet, %(kind)s") % {"where": where, "kind": entry.get_kind_display()},
        data={"session": table.session.number, "table": table.number, "seq": entry.seq, "hand": hand},
    )
    return entry


def _where(table: Table) -> str:
    """The table as this module's sentences start with it: "Session 1, table 2"."""
    return sentence(
        _("session %(session)s, table %(table)s") % {"session": table.session.number, "table": table.number}
    )


def _check_count(entries: list, expected_count: int, where: str) -> None:
    if len(entries) != expected_count:
        raise DomainError.coded("stale_sheet", where=where)
    if len(entries) >= MAX_SHEET_LINES:
        raise DomainError.coded("sheet_full", where=where, count=len(entries))


def _check_players_may(table: Table, kind: str, entries: list, where: str) -> None:
    """The players' link: nothing once the table has a result (any version); an undo only of a hand they
    entered themselves, and not of a chombo the referee has recorded."""
    if table.results.exists():
        raise DomainError.coded("sheet_closed", where=where)
    hands = sheet_hands(entries)[0]
    if kind != SheetEntry.UNDO or not hands:
        return
    undone = hands[-1]
    if not by_the_players(undone, table):
        raise DomainError.coded("not_yours", where=where, hand=len(hands))
    if _recorded_chombo(undone) is not None:
        raise DomainError.coded("chombo_recorded", where=where, hand=len(hands))


def _check_line(kind: str, hand: dict | None, before: GameResult, entries: list, where: str) -> None:
    if kind not in (SheetEntry.HAND, SheetEntry.SIGNAL, SheetEntry.UNDO):
        raise DomainError.coded("bad_line", kind=kind)
    if kind != SheetEntry.UNDO and before.finished:
        raise DomainError.coded("game_over", where=where)
    if kind == SheetEntry.SIGNAL and signal_sounded(entries):
        raise DomainError.coded("signal_twice", where=where)
    if kind == SheetEntry.UNDO and not before.hands:
        raise DomainError.coded("nothing_to_undo", where=where)
    if kind == SheetEntry.HAND and not isinstance(hand, dict):
        raise DomainError.coded("bad_hand/missing", where=where)


def _chombo_penalties(actor, table: Table, entries: list, entry: SheetEntry, after: GameResult) -> None:
    """Keep the chombo penalties after uma (2016 3.4.6) in step with the referee's chombo hands on the sheet: a
    chombo hand records one (keyed by its line), undoing that hand cancels it."""
    if table.session.tournament.rules.chombo_points == 0:
        return
    if entry.kind == SheetEntry.HAND and CHOMBO in entry.hand:
        _give_chombo(actor, table, entry, len(after.hands))
    elif entry.kind == SheetEntry.UNDO:
        penalty = _recorded_chombo(sheet_hands(entries)[0][-1])  # the hand line this undo takes back
        if penalty is not None:
            cancel_penalty(actor=actor, penalty=penalty, reason=_("the hand was undone on the score sheet"))


def _recorded_chombo(entry: SheetEntry) -> Penalty | None:
    return active_penalties().filter(submission_key=chombo_key(entry)).first()


def _give_chombo(actor, table: Table, entry: SheetEntry, number: int) -> Penalty:
    registration = table.seats.select_related("registration").get(wind=entry.hand[CHOMBO]).registration
    return give_penalty(
        actor=actor,
        registration=registration,
        session=table.session,
        kind=CHOMBO,
        reason=_("score sheet, hand %(hand)s") % {"hand": number},
        submission_key=chombo_key(entry),
    )


@transaction.atomic
def record_sheet_chombo(*, actor, table: Table, line: int) -> Penalty:
    """The referee records the chombo the players entered on sheet line ``line`` as its penalty (3.4.6); a
    second tap returns the same penalty. Refused when that line is no chombo on the sheet (any more)."""
    table = lock_table(table)
    where = _where(table)
    if table.session.tournament.rules.chombo_points == 0:
        raise DomainError.coded("chombo_at_table", where=where)
    hands = sheet_hands(table.sheet_entries.order_by("seq"))[0]
    for number, entry in enumerate(hands, start=1):
        if entry.seq == line and CHOMBO in entry.hand:
            return _give_chombo(actor, table, entry, number)
    raise DomainError.coded("no_such_chombo", where=where, line=line)
