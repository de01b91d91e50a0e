"""A riichi game as a sequence of hands (EMA 2016 3.3.14, 3.4, 3.5, 3.6, 5.9).

``score_game`` plays a parsed hand log from the starting points: riichi bets, the payments of each hand
(``scoring.hands.settle``), counters, dealer rotation through the east and south rounds, the end of the game
(south round over, or the hand after the time signal) and the riichi bets left on the table. ``replay`` gives
the final raw points of a finished game by seat, for checking a table result against its hands.
"""

from dataclasses import dataclass, replace

from scoring.errors import ScoringError
from scoring.hands import settle
from scoring.hands.log import CHOMBO, DRAW, RON, SEATS, TSUMO, Hand, HandLog, at_hand, parse_log
from scoring.ruleset import LEFTOVER_WINNER, RIICHI_DEBT_REFUSED, Ruleset

ROTATIONS_PER_GAME = 8  # 3.5: an east round and a south round, each dealer once per round at least
SOUTH_ROUND = "south_round"
TIME_SIGNAL = "time_signal"
_GAME_OVER = {
    SOUTH_ROUND: "game_over_south_round",
    TIME_SIGNAL: "game_over_time_signal",
}  # a hand after the end


@dataclass(frozen=True)
class TableState:
    """The table between hands. Seats are in the order E, S, W, N of the start of the game."""

    scores: tuple[int, int, int, int]
    dealer: int = 0  # the seat that is East now
    rotations: int = 0  # dealer rotations so far: 0-3 east round, 4-7 south round
    counters: int = 0  # 3.4.10
    sticks: int = 0  # riichi bets on the table (3.3.14, 3.4.4)

    @property
    def round_name(self) -> str:
        """E1 .. E4, S1 .. S4 (the round wind and the how-manieth dealer); "end" after the south round."""
        if self.rotations >= ROTATIONS_PER_GAME:
            return "end"
        return f"{'ES'[self.rotations // 4]}{self.rotations % 4 + 1}"


@dataclass(frozen=True)
class HandResult:
    hand: Hand
    before: TableState
    after: TableState
    deltas: tuple[int, int, int, int]  # the hand's points by seat, riichi bets paid and collected included
    description: str


@dataclass(frozen=True)
class GameResult:
    hands: tuple[HandResult, ...]
    final: tuple[int, int, int, int]  # raw points by seat, leftover bets given out if the game is over
    finished: bool
    ended_by: str | None  # south_round, time_signal, or None while the game goes on
    leftover: tuple[int, int, int, int]  # what each seat got from the bets left on the table at the end (3.6)
    sticks_left: int  # bets that stay on the table (game not over) or leave it (leftover_riichi "lost")
    chombos: tuple[tuple[int, str], ...]  # (hand number, seat): for the chombo penalty after uma (2016 3.4.6)

    def final_by_seat(self) -> dict[str, int]:
        return dict(zip(SEATS, self.final, strict=True))


def score_game(ruleset: Ruleset, log: HandLog) -> GameResult:
    """Play every hand of the log; raises ScoringError naming the hand for an impossible hand."""
    if ruleset.starting_points <= 0:
        raise ScoringError(
            "not_riichi",
            f"{ruleset.key} is not a riichi ruleset: hand logs are riichi only",
            ruleset=ruleset.key,
        )
    state = TableState(scores=(ruleset.starting_points,) * 4)
    results: list[HandResult] = []
    ended_by = None
    for hand in log.hands:
        if ended_by:
            raise ScoringError(
                _GAME_OVER[ended_by],
                f"hand {hand.number}: the game was over after hand {results[-1].hand.number} ({_ended(ended_by)})",
                hand=hand.number,
                last=results[-1].hand.number,
            )
        try:
            result = play_hand(ruleset, state, hand)
        except ScoringError as error:
            raise at_hand(hand.number, error) from error
        results.append(result)
        state = result.after
        ended_by = _game_over(state, log, results)
    return _finish(ruleset, state, tuple(results), ended_by)


def replay(ruleset: Ruleset, hands) -> dict[str, int]:
    """The final raw points by seat (E, S, W, N at the start) of a finished game given as a hand log.

    ``hands`` is the log as read from JSON: the list of hands, or ``{"hands": [...], "time_signal": N}``.
    Raises ScoringError when a hand is impossible or the game is not over (south round, or time signal).
    """
    return _finished(score_game(ruleset, parse_log(hands))).final_by_seat()


def _finished(result: GameResult) -> GameResult:
    if result.finished:
        return result
    if not result.hands:
        raise ScoringError("game_without_hands", "the game is not over without hands: the hand log is empty")
    raise ScoringError(
        "game_not_over",
        f"the game is not over after hand {len(result.hands)} ({result.hands[-1].after.round_name}): the south "
        "round is not finished and no time_signal ends it (5.9)",
        hands=len(result.hands),
        round=result.hands[-1].after.round_name,
    )


def check_table_hands(
    ruleset: Ruleset, hands, raw_by_wind: dict[str, int], *, leftover_sticks: int = 0, where: str = "table"
) -> None:
    """Refuse a table whose raw points (by starting wind) or leftover sticks are not what its hands give.

    For the archive's optional ``hands`` list of a table: ``raw_by_wind`` maps each seat's wind to its score.
    """
    try:
        result = _finished(score_game(ruleset, parse_log(hands)))
    except ScoringError as error:
        raise ScoringError(
            error.code, f"{where}: {error.message}", **{**error.params, "where": where}
        ) from error
    final = result.final_by_seat()
    for seat in SEATS:
        if raw_by_wind.get(seat) != final[seat]:
            raise ScoringError(
                "hands_mismatch",
                f"{where}: seat {seat} has {raw_by_wind.get(seat)} raw points but its hands give {final[seat]}",
                where=where,
                seat=seat,
                raw=raw_by_wind.get(seat),
                final=final[seat],
            )
    if result.sticks_left != leftover_sticks:
        raise ScoringError(
            "hands_sticks_mismatch",
            f"{where}: {leftover_sticks} leftover stick(s) recorded but the hands leave {result.sticks_left}",
            where=where,
            sticks=leftover_sticks,
            left=result.sticks_left,
        )


def play_hand(ruleset: Ruleset, state: TableState, hand: Hand) -> HandResult:
    _check_riichi(ruleset, state, hand)
    scores = [
        score - (ruleset.riichi_stick if seat in hand.riichi else 0)
        for seat, score in enumerate(state.scores)
    ]
    sticks = state.sticks + len(hand.riichi)
    if hand.kind == RON:
        after, description = _ron(ruleset, state, hand, scores, sticks)
    elif hand.kind == TSUMO:
        after, description = _tsumo(ruleset, state, hand, scores, sticks)
    elif hand.kind == DRAW:
        after, description = _draw(ruleset, state, hand, scores, sticks)
    else:
        after, description = _chombo(ruleset, state, hand)
    deltas = tuple(a - b for a, b in zip(after.scores, state.scores, strict=True))
    return HandResult(hand, state, after, deltas, description)


def _check_riichi(ruleset: Ruleset, state: TableState, hand: Hand) -> None:
    if ruleset.riichi_debt != RIICHI_DEBT_REFUSED:
        return
    for seat in hand.riichi:
        if state.scores[seat] < ruleset.riichi_stick:
            raise ScoringError(
                "riichi_without_points",
                f"{SEATS[seat]} declared riichi with {state.scores[seat]:,} points; {ruleset.key} does not "
                f"allow riichi without {ruleset.riichi_stick:,} points (riichi_debt {RIICHI_DEBT_REFUSED})",
                seat=SEATS[seat],
                points=state.scores[seat],
                ruleset=ruleset.key,
                stick=ruleset.riichi_stick,
            )


def _ron(ruleset, state, hand, scores, sticks):
    winners = settle.after_discarder(hand.discarder, [win.seat for win in hand.wins])
    for win in hand.wins:
        _add(scores, settle.ron_deltas(ruleset, win, hand.discarder, state.dealer, state.counters))
    _collect_sticks(ruleset, scores, sticks, hand, winners[0])
    after = _next_state(state, scores, dealer_won=state.dealer in winners, draw=False)
    wins = "; ".join(
        settle.describe_win(win) for win in sorted(hand.wins, key=lambda w: winners.index(w.seat))
    )
    return after, f"ron {wins} from {SEATS[hand.discarder]}"


def _tsumo(ruleset, state, hand, scores, sticks):
    win = hand.wins[0]
    _add(scores, settle.tsumo_deltas(ruleset, win, state.dealer, state.counters))
    _collect_sticks(ruleset, scores, sticks, hand, win.seat)
    after = _next_state(state, scores, dealer_won=win.seat == state.dealer, draw=False)
    return after, f"tsumo {settle.describe_win(win)}"


def _draw(ruleset, state, hand, scores, sticks):
    """3.4.2, 3.4.4: noten payments, a counter, the bets stay; East stays when tenpai (3.4.11)."""
    _add(scores, settle.draw_deltas(ruleset, hand.tenpai))
    after = _next_state(state, scores, dealer_won=state.dealer in hand.tenpai, draw=True)
    tenpai = " ".join(SEATS[seat] for seat in hand.tenpai) or "nobody"
    return replace(after, sticks=sticks), f"draw, tenpai {tenpai}"


def _chombo(ruleset, state, hand):
    """3.4.6: re-deal; the riichi bets go back, no counter, East stays; a reverse mangan only under 2008."""
    scores = list(state.scores)
    _add(scores, settle.chombo_deltas(ruleset, hand.offender, state.dealer))
    at_table = " (reverse mangan at the table)" if ruleset.chombo_at_table else ""
    return replace(state, scores=tuple(scores)), f"chombo {SEATS[hand.offender]}{at_table}"


def _collect_sticks(ruleset, scores, sticks, hand, first_winner) -> None:
    """3.3.14, 4.1: a winner who declared riichi gets their bet back; the rest go to the first winner after
    the discarder (with the bets left from earlier draws: docs/rules.md, "Hand-by-hand scoring", decision 2)."""
    winners = {win.seat for win in hand.wins}
    own = [seat for seat in hand.riichi if seat in winners]
    for seat in own:
        scores[seat] += ruleset.riichi_stick
    scores[first_winner] += (sticks - len(own)) * ruleset.riichi_stick


def _next_state(state, scores, *, dealer_won: bool, draw: bool) -> TableState:
    """3.4.10 counters and 3.4.11 dealer rotation; the riichi bets have been collected (none left)."""
    counters = state.counters + 1 if (dealer_won or draw) else 0
    if dealer_won:
        return TableState(tuple(scores), state.dealer, state.rotations, counters, 0)
    return TableState(tuple(scores), (state.dealer + 1) % 4, state.rotations + 1, counters, 0)


def _game_over(state: TableState, log: HandLog, results: list[HandResult]) -> str | None:
    """3.5: over when the first East is East again after the south round; 5.9: after the signal the hand in
    progress is finished and one more is played; a chombo re-deal is not a hand played."""
    if state.rotations >= ROTATIONS_PER_GAME:
        return SOUTH_ROUND
    if log.time_signal is not None:
        played = [r for r in results[log.time_signal - 1 :] if r.hand.kind != CHOMBO]
        if len(played) >= 2:
            return TIME_SIGNAL
    return None


def _finish(ruleset: Ruleset, state: TableState, results, ended_by) -> GameResult:
    leftover = [0, 0, 0, 0]
    sticks_left = state.sticks
    if ended_by and ruleset.leftover_riichi == LEFTOVER_WINNER and state.sticks:
        leftover = leftover_shares(state.scores, state.sticks * ruleset.riichi_stick, ruleset.score_unit)
        sticks_left = 0
    final = tuple(score + extra for score, extra in zip(state.scores, leftover, strict=True))
    chombos = tuple((r.hand.number, SEATS[r.hand.offender]) for r in results if r.hand.kind == CHOMBO)
    return GameResult(results, final, ended_by is not None, ended_by, tuple(leftover), sticks_left, chombos)


def leftover_shares(scores, points: int, unit: int) -> list[int]:
    """3.6: the bets left on the table go to the player with the most points, split on a tie.

    A split that is not a whole number of 100s (three tied players) gives the odd 100s one each to the tied
    players in seat order from the first East (docs/rules.md, "Hand-by-hand scoring", decision 6).
    """
    top = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == top]
    units, odd = divmod(points // unit, len(tied))
    shares = [0, 0, 0, 0]
    for rank, seat in enumerate(tied):
        shares[seat] = (units + (1 if rank < odd else 0)) * unit
    return shares


def _add(scores: list[int], deltas) -> None:
    for seat, delta in enumerate(deltas):
        scores[seat] += delta


def _ended(ended_by: str) -> str:
    return "end of the south round, 3.5" if ended_by == SOUTH_ROUND else "the hand after the time signal, 5.9"
