"""The value of one riichi hand from fan and minipoints (EMA 2016 4.1, 4.1.2, 4.1.3, section 6).

``hand_value`` checks the fan, the minipoints and the yakuman count, rounds the minipoints (4.1) and gives the
payments before counters and riichi bets. Amounts are integer points.
"""

from dataclasses import dataclass

from scoring.errors import ScoringError
from scoring.limits import MAX_FU
from scoring.ruleset import Ruleset

MANGAN = "mangan"
HANEMAN = "haneman"
BAIMAN = "baiman"
SANBAIMAN = "sanbaiman"
YAKUMAN = "yakuman"

# 4.1.2: the base figure of each limit (what a non-dealer pays on a non-dealer's self-draw).
LIMIT_BASE = {MANGAN: 2_000, HANEMAN: 3_000, BAIMAN: 4_000, SANBAIMAN: 6_000, YAKUMAN: 8_000}
SEVEN_PAIRS_FU = 25  # 4.1: seven pairs is 25 minipoints and is not rounded up
MIN_FU = 20  # the fewest a winning hand has (pinfu on a self-draw); the most after rounding: MAX_FU
ROUNDED_FU = (MIN_FU, SEVEN_PAIRS_FU, *range(30, MAX_FU + 1, 10))  # what a score sheet or calculator offers


@dataclass(frozen=True)
class HandValue:
    """What one win is worth before counters and riichi bets (4.1.3)."""

    fan: int  # 0 for a yakuman
    fu: int | None  # rounded minipoints; None when they do not matter (5 fan or more, yakuman)
    yakuman: int  # how many yakuman (0 for a hand scored by fan)
    dealer: bool
    tsumo: bool
    limit: str | None  # mangan ... yakuman, or None below the mangan limit
    ron: int  # what the discarder pays (0 on a self-draw)
    tsumo_from_dealer: int  # on a self-draw by a non-dealer: what East pays
    tsumo_from_others: int  # on a self-draw: what each non-dealer pays

    @property
    def total(self) -> int:
        if not self.tsumo:
            return self.ron
        if self.dealer:
            return 3 * self.tsumo_from_others
        return self.tsumo_from_dealer + 2 * self.tsumo_from_others


def hand_value(
    ruleset: Ruleset,
    *,
    fan: int = 0,
    fu: int | None = None,
    yakuman: int = 0,
    dealer: bool = False,
    tsumo: bool = False,
) -> HandValue:
    """The payments of one win; raises ScoringError (fan, fu or yakuman not valid) naming what was wrong."""
    yakuman = _yakuman_count(ruleset, fan, yakuman)
    if yakuman:
        return _payments(yakuman * LIMIT_BASE[YAKUMAN], YAKUMAN, 0, None, yakuman, dealer, tsumo)
    limit = limit_name(fan)
    if limit is not None:
        if fu is not None:
            check_fu(fu)
        return _payments(LIMIT_BASE[limit], limit, fan, None, 0, dealer, tsumo)
    fu = rounded_fu(fan, fu, tsumo)
    base = fu * 2 ** (fan + 2)
    capped = min(base, LIMIT_BASE[MANGAN])  # 4.1.2: never more than a mangan; 4 fan 30 is not rounded up
    return _payments(capped, MANGAN if base >= LIMIT_BASE[MANGAN] else None, fan, fu, 0, dealer, tsumo)


def limit_name(fan: int) -> str | None:
    """Section 6, limit hands: mangan 5, haneman 6-7, baiman 8-10, sanbaiman 11 and more."""
    if fan >= 11:
        return SANBAIMAN
    if fan >= 8:
        return BAIMAN
    if fan >= 6:
        return HANEMAN
    if fan == 5:
        return MANGAN
    return None


def check_fu(fu) -> None:
    """Raw minipoints: 25 (seven pairs) or an even number from 20; 110 at most after rounding up."""
    if not _is_int(fu) or not (fu == SEVEN_PAIRS_FU or (fu % 2 == 0 and MIN_FU <= fu <= MAX_FU)):
        raise ScoringError(
            "bad_fu",
            f"minipoints {fu!r} are not possible: 25 (seven pairs) or an even number from 20 to 110",
            fu=fu,
        )


def rounded_fu(fan: int, fu, tsumo: bool) -> int:
    """4.1: round up to the next 10, except seven pairs' 25; refuse the cells section 6 leaves empty."""
    if fu is None:
        raise ScoringError("missing_fu", f"a hand of {fan} fan needs its minipoints", fan=fan)
    check_fu(fu)
    rounded = fu if fu == SEVEN_PAIRS_FU else -(-fu // 10) * 10
    if rounded == 20 and (not tsumo or fan < 2):
        raise ScoringError(
            "impossible_fu_20",
            "20 minipoints is only a self-drawn pinfu, worth at least 2 fan (4.1.1, section 6)",
            fan=fan,
            fu=fu,
        )
    if rounded == SEVEN_PAIRS_FU and fan < (3 if tsumo else 2):
        raise ScoringError(
            "impossible_fu_25",
            "25 minipoints is seven pairs: at least 2 fan, or 3 on a self-draw (4.2.2, section 6)",
            fan=fan,
            fu=fu,
        )
    return rounded


def _yakuman_count(ruleset: Ruleset, fan, yakuman) -> int:
    for name, value in (("fan", fan), ("yakuman", yakuman)):
        if not _is_int(value) or value < 0:
            raise ScoringError(
                "bad_fan", f"{name} must be a whole number, got {value!r}", name=name, value=value
            )
    if fan and yakuman:
        raise ScoringError("fan_and_yakuman", "give either the fan or the yakuman count, not both", fan=fan)
    if not fan and not yakuman:
        raise ScoringError("no_fan", "a winning hand has at least 1 fan (4.1)", fan=fan)
    if yakuman > 1 and not ruleset.multiple_yakuman:
        raise ScoringError(
            "multiple_yakuman",
            f"{ruleset.key} does not count multiple yakuman (4.2: yakuman are not cumulative)",
            yakuman=yakuman,
            ruleset=ruleset.key,
        )
    if ruleset.counted_yakuman_fan and fan >= ruleset.counted_yakuman_fan:
        return 1
    return yakuman


def _payments(base, limit, fan, fu, yakuman, dealer, tsumo) -> HandValue:
    """4.1.2: East's figure is doubled; the discarder pays for all; every payment rounds up to 100."""
    if tsumo:
        from_others = _up(2 * base) if dealer else _up(base)
        from_dealer = 0 if dealer else _up(2 * base)
        return HandValue(fan, fu, yakuman, dealer, tsumo, limit, 0, from_dealer, from_others)
    return HandValue(fan, fu, yakuman, dealer, tsumo, limit, _up((6 if dealer else 4) * base), 0, 0)


def _up(points: int) -> int:
    return -(-points // 100) * 100


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
