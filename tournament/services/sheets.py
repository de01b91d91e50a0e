"""The digital score sheet: hands entered one by one at a table (by its referee, or by its players through the
sheet's printed link). Lines are only ever added: a hand, the time signal (5.9), or the undoing of the last hand.

Every hand is checked by replaying the whole sheet through the rules engine (scoring.hands) before it is written,
so the running scores are right by construction. Under rules where a chombo is a penalty after uma (2016 3.4.6)
a chombo hand also records that penalty, and undoing the hand cancels it.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.hands import GameResult, parse_log, score_game
from scoring.hands.log import CHOMBO
from scoring.limits import MAX_SHEET_LINES
from tournament import refusals
from tournament.models import Penalty, SheetEntry, Table
from tournament.services import audit
from tournament.services.errors import DomainError
from tournament.services.penalties import cancel_penalty, give_penalty


def _walk(entries) -> tuple[list[SheetEntry], int | None]:
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
    hands, signal = _walk(entries)
    log: dict = {"hands": [entry.hand for entry in hands]}
    if signal is not None and signal <= len(hands):  # the hand in progress is in the log once it is played
        log["time_signal"] = signal
    return log


def signal_sounded(entries) -> bool:
    return _walk(entries)[1] is not None


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
        raise DomainError("bad_hand", error.message, **error.params) from error


@transaction.atomic
def add_line(
    *,
    actor,
    table: Table,
    kind: str,
    expected_count: int,
    submission_key: str,
    hand: dict | None = None,
    label: str | None = None,
) -> SheetEntry:
    """Add a hand, the time signal or an undo. ``expected_count`` is the number of lines the sheet showed: a
    sheet changed meanwhile on another phone is refused (nothing is written), a re-post of the same key returns the
    line it created the first time."""
    table = (
        Table.objects.select_for_update(of=("self",)).select_related("session__tournament").get(pk=table.pk)
    )
    earlier = SheetEntry.objects.filter(submission_key=submission_key).first()
    if earlier is not None:
        if earlier.table_id != table.pk:
            raise DomainError("submission_reused", _("This form was already used for another table."))
        return earlier
    entries = list(table.sheet_entries.order_by("seq"))
    where = _("session %(session)s, table %(table)s") % {
        "session": table.session.number,
        "table": table.number,
    }
    if len(entries) != expected_count:
        raise DomainError(
            "stale_sheet",
            _(
                "%(where)s: the sheet changed on another device meanwhile; nothing was added. Check the hands shown now."
            )
            % {"where": where},
        )
    if len(entries) >= MAX_SHEET_LINES:
        raise DomainError(
            "sheet_full",
            _("%(where)s: the score sheet has %(count)s lines, the most one game has; nothing was added.")
            % {"where": where, "count": len(entries)},
        )
    before = play(table, sheet_log(entries))
    _check_line(kind, hand, before, entries, where)
    after = play(table, sheet_log([*entries, SheetEntry(kind=kind, hand=hand)]))
    entry = SheetEntry.objects.create(
        table=table,
        seq=len(entries) + 1,
        kind=kind,
        hand=hand,
        submission_key=submission_key,
        entered_by=actor,
        entered_by_label=label or audit.actor_label(actor),
    )
    _chombo_penalties(actor, table, entries, entry, after)
    audit.record(
        actor=actor,
        label=label,
        tournament=table.session.tournament,
        action=f"sheet.{kind}",
        summary=_("%(where)s: score sheet, %(kind)s") % {"where": where, "kind": entry.get_kind_display()},
        data={"session": table.session.number, "table": table.number, "seq": entry.seq, "hand": hand},
    )
    return entry


def _check_line(kind: str, hand: dict | None, before: GameResult, entries: list, where: str) -> None:
    if kind not in (SheetEntry.HAND, SheetEntry.SIGNAL, SheetEntry.UNDO):
        raise DomainError("bad_line", _("Unknown kind of line %(kind)s.") % {"kind": kind})
    if kind != SheetEntry.UNDO and before.finished:
        raise DomainError(
            "game_over", _("%(where)s: the game is over; nothing more can be added.") % {"where": where}
        )
    if kind == SheetEntry.SIGNAL and signal_sounded(entries):
        raise DomainError(
            "signal_twice", _("%(where)s: the time signal is on the sheet already.") % {"where": where}
        )
    if kind == SheetEntry.UNDO and not before.hands:
        raise DomainError("nothing_to_undo", _("%(where)s: there is no hand to undo.") % {"where": where})
    if kind == SheetEntry.HAND and not isinstance(hand, dict):
        raise DomainError("bad_hand", _("%(where)s: the hand is missing.") % {"where": where})


def _chombo_penalties(actor, table: Table, entries: list, entry: SheetEntry, after: GameResult) -> None:
    """Keep the chombo penalties after uma (2016 3.4.6) in step with the chombo hands on the sheet: a chombo hand
    records one (keyed by its line), undoing that hand cancels it."""
    if table.session.tournament.rules.chombo_points == 0:
        return
    if entry.kind == SheetEntry.HAND and CHOMBO in entry.hand:
        registration = table.seats.select_related("registration").get(wind=entry.hand[CHOMBO]).registration
        give_penalty(
            actor=actor,
            registration=registration,
            session=table.session,
            kind=CHOMBO,
            reason=_("score sheet, hand %(hand)s") % {"hand": len(after.hands)},
            submission_key=f"{entry.submission_key}-chombo",
        )
    elif entry.kind == SheetEntry.UNDO:
        undone = _walk(entries)[0][-1]  # the hand line this undo takes back
        penalty = Penalty.objects.filter(
            submission_key=f"{undone.submission_key}-chombo", cancelled=False
        ).first()
        if penalty is not None:
            cancel_penalty(actor=actor, penalty=penalty, reason=_("the hand was undone on the score sheet"))
