"""The payments of one hand, seat by seat (EMA 2016 3.3.9, 3.3.14, 3.4.2, 3.4.6, 3.4.10, 4.1).

Each function returns the change of the four seats' points (seats in the order E, S, W, N of the start of the
game), riichi sticks not included: ``scoring.hands.game`` moves the sticks.
"""

from scoring.hands.log import SEATS, Win
from scoring.hands.value import LIMIT_BASE, MANGAN, HandValue, hand_value
from scoring.ruleset import Ruleset

Deltas = list[int]


def win_value(ruleset: Ruleset, win: Win, *, dealer: bool, tsumo: bool) -> HandValue:
    return hand_value(ruleset, fan=win.fan, fu=win.fu, yakuman=win.yakuman, dealer=dealer, tsumo=tsumo)


def ron_deltas(ruleset: Ruleset, win: Win, discarder: int, dealer: int, counters: int) -> Deltas:
    """4.1: the discarder pays the hand and 300 per counter to this winner (each winner of a multiple ron).

    3.3.9: with a liable seat other than the discarder, the two share the hand equally and the discarder
    alone pays the counters.
    """
    value = win_value(ruleset, win, dealer=win.seat == dealer, tsumo=False)
    deltas = [0, 0, 0, 0]
    payers = [discarder] if win.liable in (None, discarder) else [discarder, win.liable]
    for payer in payers:
        deltas[payer] -= value.ron // len(payers)
    deltas[discarder] -= counters * ruleset.counter_points
    deltas[win.seat] = value.ron + counters * ruleset.counter_points
    return deltas


def tsumo_deltas(ruleset: Ruleset, win: Win, dealer: int, counters: int) -> Deltas:
    """4.1.3: each opponent pays (East double) plus 100 per counter (3.4.10).

    3.3.9: a liable seat pays the whole hand, counters included, and the two others pay nothing.
    """
    value = win_value(ruleset, win, dealer=win.seat == dealer, tsumo=True)
    per_counter = ruleset.counter_points // 3
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat != win.seat:
            share = value.tsumo_from_dealer if seat == dealer else value.tsumo_from_others
            deltas[seat] = -(share + counters * per_counter)
    if win.liable is not None:
        total = -sum(deltas)
        deltas = [0, 0, 0, 0]
        deltas[win.liable] = -total
    deltas[win.seat] = -sum(deltas)
    return deltas


def draw_deltas(ruleset: Ruleset, tenpai: tuple[int, ...]) -> Deltas:
    """3.4.2: the noten players pay 3,000 in all to the tenpai players; nothing if none or all are tenpai."""
    deltas = [0, 0, 0, 0]
    if len(tenpai) in (0, 4):
        return deltas
    noten = [seat for seat in range(4) if seat not in tenpai]
    each = ruleset.noten_total // (len(noten) * len(tenpai))  # one noten player to one tenpai player
    for payer in noten:
        for receiver in tenpai:
            deltas[payer] -= each
            deltas[receiver] += each
    return deltas


def chombo_deltas(ruleset: Ruleset, offender: int, dealer: int) -> Deltas:
    """2008 3.4.6: a reverse mangan at the table (4,000 to East, 2,000 to the others; East pays 4,000 each).

    Under 2016 (``chombo_at_table`` off) nothing changes at the table: the 20,000 penalty comes after uma.
    """
    deltas = [0, 0, 0, 0]
    if not ruleset.chombo_at_table:
        return deltas
    for seat in range(4):
        if seat != offender:
            deltas[seat] = 2 * LIMIT_BASE[MANGAN] if dealer in (seat, offender) else LIMIT_BASE[MANGAN]
    deltas[offender] = -sum(deltas)
    return deltas


def after_discarder(discarder: int, seats) -> list[int]:
    """Seats in turn order from the discarder's right (3.3.14: the first winner after the discarder)."""
    return sorted(seats, key=lambda seat: (seat - discarder) % 4)


def describe_win(win: Win) -> str:
    value = (
        f"{win.yakuman} yakuman" if win.yakuman else f"{win.fan} fan" + (f" {win.fu} fu" if win.fu else "")
    )
    liable = f", {SEATS[win.liable]} liable" if win.liable is not None else ""
    return f"{SEATS[win.seat]} {value}{liable}"
