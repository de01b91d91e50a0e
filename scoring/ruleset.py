"""Ruleset parameters and the presets (rules-interpretation.md, section 6).

A tournament stores a preset key plus overrides; ``build_ruleset`` turns them into one frozen ``Ruleset``.
"""

from dataclasses import dataclass, replace

from scoring.errors import ScoringError
from scoring.limits import MAX_RULE_POINTS, MAX_SESSION_MINUTES

LEFTOVER_WINNER = "winner"  # riichi bets left on the table go to the winner (EMA 2016, 3.6)
LEFTOVER_LOST = "lost"  # leftover bets leave the game: the table sum is short by 1,000 per stick
TIE_SPLIT = "split"  # tied players split the uma of the places they occupy (3.6.1)
RIICHI_DEBT_ALLOWED = (
    "allowed"  # a player below 1,000 may still declare riichi, borrowing the stick (2016 3.6)
)
RIICHI_DEBT_REFUSED = "refused"  # riichi needs 1,000 points in hand at the start of the hand


@dataclass(frozen=True)
class Ruleset:
    key: str
    name: str
    starting_points: int = 30_000
    uma: tuple[int, int, int, int] = (15_000, 5_000, -5_000, -15_000)
    score_unit: int = 100  # every raw score is a multiple of this
    chombo_points: int = 20_000  # deducted after uma (3.4.6); 0 where chombo is paid at the table
    lateness_points_per_minute: int = 1_000  # 5.7
    lateness_max_minutes: int = 10  # 5.7: later than this is a substitution, not a penalty
    substitute_score: int = -15_000  # 5.8: recorded score of a substituted seat (raw - start)
    substitute_uma: int = -15_000  # 5.8: recorded uma of a substituted seat
    leftover_riichi: str = LEFTOVER_WINNER
    tie_policy: str = TIE_SPLIT
    riichi_stick: int = 1_000
    # Hand-by-hand scoring (scoring.hands). The defaults are the 2016 book's.
    counter_points: int = 300  # 3.4.10: each counter adds 300 to a win (100 from each payer on a self-draw)
    noten_total: int = (
        3_000  # 3.4.2: paid by the noten players to the tenpai players after an exhaustive draw
    )
    riichi_debt: str = RIICHI_DEBT_ALLOWED  # 3.6: no bankruptcy, the player borrows sticks and notes the debt
    multiple_yakuman: bool = False  # 4.2: "Yakuman are not cumulative"
    counted_yakuman_fan: int = (
        0  # fan from which yaku count as a yakuman; 0: never (2016 4.2, 13+ is sanbaiman)
    )
    chombo_at_table: bool = False  # True: chombo is a reverse mangan in the raw points (2008 3.4.6)
    # A uma that does not add up to 0 (the books' do) is a house rule the organiser confirms (check_new_ruleset).
    uma_sum_confirmed: bool = False

    @property
    def table_sum(self) -> int:
        """What the four raw scores of a table add up to (with leftover sticks added back, if they are lost)."""
        return 4 * self.starting_points


EMA_2016 = Ruleset(key="ema-2016", name="EMA Riichi Competition Rules 2016")
EMA_2008 = Ruleset(
    key="ema-2008",
    name="EMA Riichi Rules 2008",
    uma=(9_000, 3_000, -3_000, -9_000),  # 2008 book, 3.6.1
    chombo_points=0,  # 2008 book, 3.4.6: a reverse mangan paid at the table, already in the raw points
    chombo_at_table=True,  # 2008 book, 3.4.6
    multiple_yakuman=True,  # 2008 book, 4.2.5: double yakuman (thirteen orphans on a pair wait, big four winds)
    counted_yakuman_fan=13,  # 2008 book, 4.2: "Bij Yakuman (13 fan) worden geen extra Yaku opgeteld"
)
NTS = Ruleset(
    key="nts",
    name="Nederlandse Toernooi Spelregels (classical)",
    starting_points=0,  # NTS 2.1: every hand is settled between all players, a table sums to 0
    uma=(0, 0, 0, 0),  # no uma
    score_unit=1,
)

PRESETS: dict[str, Ruleset] = {ruleset.key: ruleset for ruleset in (EMA_2016, EMA_2008, NTS)}
DEFAULT_PRESET = EMA_2016.key

# The parameters a tournament may override, and the values each accepts.
OVERRIDABLE = (
    "starting_points",
    "uma",
    "score_unit",
    "chombo_points",
    "lateness_points_per_minute",
    "lateness_max_minutes",
    "substitute_score",
    "substitute_uma",
    "leftover_riichi",
    "tie_policy",
    "riichi_debt",
    "uma_sum_confirmed",
)
_CHOICES = {
    "leftover_riichi": (LEFTOVER_WINNER, LEFTOVER_LOST),
    "tie_policy": (TIE_SPLIT,),
    "riichi_debt": (RIICHI_DEBT_ALLOWED, RIICHI_DEBT_REFUSED),
}
# The whole numbers each parameter accepts (scoring.limits): an uma is each of its four numbers.
OVERRIDE_RANGES = {
    "starting_points": (0, MAX_RULE_POINTS),
    "uma": (-MAX_RULE_POINTS, MAX_RULE_POINTS),
    "score_unit": (1, MAX_RULE_POINTS),
    "chombo_points": (0, MAX_RULE_POINTS),
    "lateness_points_per_minute": (0, MAX_RULE_POINTS),
    # 5.7: at least a minute (0 would make every late arrival a substitution); the longest session at most
    "lateness_max_minutes": (1, MAX_SESSION_MINUTES),
    "substitute_score": (-MAX_RULE_POINTS, MAX_RULE_POINTS),
    "substitute_uma": (-MAX_RULE_POINTS, MAX_RULE_POINTS),
}


def build_ruleset(preset: str, overrides: dict | None = None) -> Ruleset:
    """The preset with the overrides applied, each one checked; raises ScoringError naming the bad key."""
    if preset not in PRESETS:
        raise ScoringError(
            "unknown_ruleset",
            f"unknown ruleset {preset!r}; choose one of {', '.join(PRESETS)}",
            ruleset=preset,
            choices=", ".join(PRESETS),
        )
    changes = {key: _checked_override(key, value) for key, value in (overrides or {}).items()}
    return replace(PRESETS[preset], **changes)


def check_new_ruleset(preset: str, overrides: dict | None = None) -> Ruleset:
    """The rules an organiser sets (the settings and new-tournament pages, the services, the archive import, any
    command): ``build_ruleset``'s checks, and a uma that does not add up to 0 only when confirmed as a house rule
    (``uma_sum_confirmed``). Reading a stored tournament's rules uses ``build_ruleset`` alone, so a tournament saved
    before this check still opens."""
    ruleset = build_ruleset(preset, overrides)
    total = sum(ruleset.uma)
    if total != 0 and not ruleset.uma_sum_confirmed:
        raise ScoringError(
            "uma_sum",
            f"uma adds up to {total:,}, not 0; confirm it as a house rule (uma_sum_confirmed) to keep it",
            key="uma",
            total=total,
        )
    return ruleset


def _checked_override(key: str, value):
    if key not in OVERRIDABLE:
        raise ScoringError(
            "unknown_ruleset_parameter",
            f"unknown ruleset parameter {key!r}; allowed: {', '.join(OVERRIDABLE)}",
            key=key,
            allowed=", ".join(OVERRIDABLE),
        )
    if key == "uma":
        return _checked_uma(value)
    if key == "uma_sum_confirmed":
        if not isinstance(value, bool):
            raise ScoringError("bad_ruleset_flag", f"{key} must be true or false", key=key)
        return value
    if key in _CHOICES:
        if value not in _CHOICES[key]:
            choices = ", ".join(_CHOICES[key])
            raise ScoringError(
                "bad_ruleset_choice", f"{key} must be one of {choices}", key=key, choices=choices
            )
        return value
    _check_range(key, value)
    return value


def _check_range(key: str, value) -> None:
    low, high = OVERRIDE_RANGES[key]
    if not _is_int(value) or not low <= value <= high:
        raise ScoringError(
            "bad_ruleset_value",
            f"{key} must be a whole number from {low:,} to {high:,}",
            key=key,  # not the value: it may have thousands of digits
            low=low,
            high=high,
        )


def _checked_uma(value) -> tuple[int, int, int, int]:
    if not isinstance(value, list | tuple) or len(value) != 4 or not all(_is_int(v) for v in value):
        raise ScoringError("bad_uma", "uma must be a list of four whole numbers", key="uma")
    for number in value:
        _check_range("uma", number)
    if list(value) != sorted(value, reverse=True):
        raise ScoringError("uma_order", "uma must not increase from 1st to 4th place", key="uma", value=value)
    return tuple(value)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
