"""A player's statistics from the digital score sheets (docs/formats.md, "Statistics"): hands played, wins (ron
and tsumo), deal-ins, riichi declared, chombos, the value of their wins, and their table places.

Fed plain rows: each table's recorded outcomes (``scoring.table.score_table``: the place of each seat, shared on
equal raw points) and, where the table was kept on a digital score sheet, its hand log (docs/formats.md, "The hand
log"). Counts are added up in a ``Tally``, which sums over sessions and over tournaments (each tournament's hands
valued under its own rules), so the rates of a person's history are made from the summed counts, never averaged.

- A seat a substitute played (from the start or during the session, 5.8) is not the registered player's: none of
  its hands and not its place count for them (nor for anybody: a substitute has no statistics of their own).
- A hand played is a ron, a tsumo or a draw; a chombo is a re-deal (3.4.6), not a hand played: it counts as the
  offender's chombo, and a riichi declared in it (returned) is not counted.
- A win's value is what the hand is worth (4.1.3, ``scoring.hands.value.hand_value``: the ron, or the three
  payments of a tsumo), before counters and riichi bets, with the dealer of that hand (a dealer's mangan 12,000).
- A deal-in is a ron on the player's discard: a double ron is one deal-in.
- A session's place is the seat's table place (shared on equal raw points: two level at the top are both 1st).
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from operator import add
from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.hands.game import score_game
from scoring.hands.log import CHOMBO, RON, SEATS, TSUMO, parse_log
from scoring.hands.value import hand_value
from scoring.limits import MAX_REMEMBERED_SHEETS
from scoring.ruleset import Ruleset
from scoring.side_rankings import PrizePlace
from scoring.standings import place_entries
from scoring.table import NOT_SUBSTITUTED, SeatOutcome

PLACES = 4
RATE_DECIMALS = 4  # machines: a rate as a fraction, 0.2500
PLACE_DECIMALS = 2  # machines: the average place, 2.50
# The figures of a row for machines (the statistics command, the export), in this order.
FIGURES = (
    "sessions",
    "sheets",
    "hands",
    "wins",
    "ron",
    "tsumo",
    "deal_ins",
    "riichi",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "average_win",
    "highest_win",
    "chombos",
    "average_place",
    *(f"places_{place}" for place in range(1, PLACES + 1)),
)


class TableSheet(NamedTuple):
    """One table's recorded result and, where it was kept on a digital score sheet, its hand log."""

    session: int
    table: int
    outcomes: Sequence[SeatOutcome]  # the four seats as score_table gave them (place shared on a tie)
    hands: object = None  # the hand log as read from JSON (a list, or {"hands": [...]}); None without a sheet


@dataclass(frozen=True)
class Tally:
    """A player's counts over some sessions; ``a + b`` is both together."""

    sessions: int = 0  # sessions played in their own seat, with a result
    sheets: int = 0  # of which kept on a digital score sheet (the hands below are theirs)
    hands: int = 0
    wins: int = 0
    ron: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    chombos: int = 0
    win_points: int = 0  # the value of every win added up
    highest_win: int = 0  # the most valuable win; 0 without a win
    places: tuple[int, ...] = field(default=(0,) * PLACES)  # how many 1st, 2nd, 3rd, 4th places

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(
            *map(add, self._counts(), other._counts()),
            highest_win=max(self.highest_win, other.highest_win),
            places=tuple(map(add, self.places, other.places)),
        )

    def _counts(self) -> tuple[int, ...]:
        """The fields that add up, in their order (every field before ``highest_win``)."""
        return (
            self.sessions,
            self.sheets,
            self.hands,
            self.wins,
            self.ron,
            self.tsumo,
            self.deal_ins,
            self.riichi,
            self.chombos,
            self.win_points,
        )

    @property
    def win_rate(self) -> Fraction | None:
        return _ratio(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> Fraction | None:
        return _ratio(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> Fraction | None:
        return _ratio(self.riichi, self.hands)

    @property
    def average_win(self) -> Fraction | None:
        return _ratio(self.win_points, self.wins)

    @property
    def average_place(self) -> Fraction | None:
        placed = sum(self.places)
        return _ratio(sum(place * count for place, count in enumerate(self.places, start=1)), placed)


def _ratio(part: int, whole: int) -> Fraction | None:
    return Fraction(part, whole) if whole else None


def tally_tables(ruleset: Ruleset, tables: Iterable[TableSheet]) -> dict[Hashable, Tally]:
    """Each player's tally over the tables (a player who played none of them is not in it)."""
    sessions: dict[Hashable, list[Tally]] = {}
    for table in tables:
        for player, tally in table_tallies(ruleset, table).items():
            sessions.setdefault(player, []).append(tally)
    return {player: sum(tallies, Tally()) for player, tallies in sessions.items()}


def table_tallies(ruleset: Ruleset, table: TableSheet) -> dict[Hashable, Tally]:
    """The tally of one session for each player who played their own seat at the table."""
    counts = _sheet_counts(ruleset, table.hands)
    tallies = {}
    for outcome in table.outcomes:
        if outcome.substitute != NOT_SUBSTITUTED or outcome.place is None:
            continue
        places = tuple(int(place == outcome.place) for place in range(1, PLACES + 1))
        hands = counts.get(SEATS.index(outcome.wind))
        tallies[outcome.player] = (
            Tally(sessions=1, places=places) if hands is None else replace(hands, sessions=1, places=places)
        )
    return tallies


def _sheet_counts(ruleset: Ruleset, hands) -> dict[int, Tally]:
    """Each seat's counts from a hand log; none without a log (or with one the rules cannot play: not a sheet).
    Remembered by the log's content and the rules (a pure function of both, never of a row's id): after a change
    only the tables not seen yet are played again (1,000 sheets of 9 hands: some 0.6 s to play, 0.1 s remembered)."""
    if hands is None:
        return {}
    key = (ruleset, repr(hands))
    found = _REMEMBERED.get(key)
    if found is None:
        if len(_REMEMBERED) >= MAX_REMEMBERED_SHEETS:
            _REMEMBERED.clear()
        found = _REMEMBERED[key] = _counts_of_log(ruleset, hands)
    return found


_REMEMBERED: dict[tuple[Ruleset, str], dict[int, Tally]] = {}  # (rules, the log's repr) -> its seats' counts


def forget_sheets() -> None:
    """Drop every hand log's counts kept (the tests start each with none: a count must come from the code)."""
    _REMEMBERED.clear()


def _counts_of_log(ruleset: Ruleset, hands) -> dict[int, Tally]:
    try:
        game = score_game(ruleset, parse_log(hands))
    except ScoringError:
        return {}
    counts = {seat: _Counts() for seat in range(len(SEATS))}
    for result in game.hands:
        hand = result.hand
        if hand.kind == CHOMBO:
            counts[hand.offender].chombos += 1
            continue
        for seat in range(len(SEATS)):
            counts[seat].hands += 1
        for seat in hand.riichi:
            counts[seat].riichi += 1
        if hand.kind == RON:
            counts[hand.discarder].deal_ins += 1
        for win in hand.wins:
            value = hand_value(
                ruleset,
                fan=win.fan,
                fu=win.fu,
                yakuman=win.yakuman,
                dealer=win.seat == result.before.dealer,
                tsumo=hand.kind == TSUMO,
            ).total
            counts[win.seat].win(hand.kind, value)
    return {seat: count.tally() for seat, count in counts.items()}


@dataclass
class _Counts:
    hands: int = 0
    ron: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    chombos: int = 0
    win_points: int = 0
    highest_win: int = 0

    def win(self, kind: str, value: int) -> None:
        if kind == RON:
            self.ron += 1
        else:
            self.tsumo += 1
        self.win_points += value
        self.highest_win = max(self.highest_win, value)

    def tally(self) -> Tally:
        return Tally(
            sheets=1,
            hands=self.hands,
            wins=self.ron + self.tsumo,
            ron=self.ron,
            tsumo=self.tsumo,
            deal_ins=self.deal_ins,
            riichi=self.riichi,
            chombos=self.chombos,
            win_points=self.win_points,
            highest_win=self.highest_win,
        )


# -- for machines -------------------------------------------------------------------------------------------------


def machine_figures(tally: Tally) -> dict[str, object]:
    """The figures of ``FIGURES`` for files and programs: counts as integers; the rates as fractions of the hands
    with 4 decimals (0.2500, not 25 %), the average win in whole points and the average place with 2 decimals,
    each rounded half up; None where there is nothing to divide by (no hands, no win, no session). Never
    localised."""
    figures: dict[str, object] = {
        "sessions": tally.sessions,
        "sheets": tally.sheets,
        "hands": tally.hands,
        "wins": tally.wins,
        "ron": tally.ron,
        "tsumo": tally.tsumo,
        "deal_ins": tally.deal_ins,
        "riichi": tally.riichi,
        "win_rate": fixed(tally.win_rate, RATE_DECIMALS),
        "deal_in_rate": fixed(tally.deal_in_rate, RATE_DECIMALS),
        "riichi_rate": fixed(tally.riichi_rate, RATE_DECIMALS),
        "average_win": fixed(tally.average_win, 0),
        "highest_win": tally.highest_win if tally.wins else None,
        "chombos": tally.chombos,
        "average_place": fixed(tally.average_place, PLACE_DECIMALS),
    }
    for place, count in enumerate(tally.places, start=1):
        figures[f"places_{place}"] = count
    return figures


def fixed(value: Fraction | None, decimals: int) -> Decimal | None:
    """``value`` rounded half up to ``decimals`` places (an exact Decimal: 0.2500 keeps its zeros); None stays."""
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(10) ** -decimals, rounding=ROUND_HALF_UP)


# -- prizes from the statistics ----------------------------------------------------------------------------------


def most_wins_places(tallies: Mapping[Hashable, Tally]) -> dict[Hashable, PrizePlace]:
    """The places for the prize for the most wins: more wins first; equal counts share the place (no tie-break:
    the same number of wins is the same achievement); players without a win are not placed."""
    return _places({player: tally.wins for player, tally in tallies.items() if tally.wins})


def highest_hand_places(tallies: Mapping[Hashable, Tally]) -> dict[Hashable, PrizePlace]:
    """The places for the prize for the highest hand: the most valuable win first (its value as ``Tally``
    counts it, with the dealer's payments for a dealer); equal values share the place; no win, no place."""
    return _places({player: tally.highest_win for player, tally in tallies.items() if tally.wins})


def _places(measure: Mapping[Hashable, int]) -> dict[Hashable, PrizePlace]:
    players = list(measure)
    placed = place_entries([(False, (-measure[player],)) for player in players])
    return {players[index]: PrizePlace(rank, tied) for index, rank, tied in placed}
