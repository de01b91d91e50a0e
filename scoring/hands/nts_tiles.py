"""The NTS value of a winning hand from its tiles (NTS section 2): every way to split the hand into sets
(through the ``mahjong`` package's divider) and every limit hand it makes; the best one counts.

Readings of the book (docs/rules.md, "Hand-by-hand scoring"): a pung completed with a discarded tile is open; "the
only possible tile" means the hand waited on that one tile alone; a concealed kong counts as a concealed pung; seven
pairs may hold four of a tile as two pairs; Pe-ling eet cake is going out on 1 circles completing the pair with a
pung or kong of 1 bamboo in the hand.
"""

from dataclasses import dataclass, replace

from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from scoring.errors import ScoringError
from scoring.hands import nts
from scoring.hands.nts import CHOW, DRAGONS, KONG, PAIR, PUNG, WIND_INDEX, Item, NtsScore, Set, Situation
from scoring.hands.tiles import parse_tiles

GREEN = frozenset({19, 20, 21, 23, 25, 32})  # bamboo 2, 3, 4, 6, 8 and the green dragon
WINDING_SNAKES = ((3, 2, 1, 1, 1, 1, 1, 1, 3), (3, 1, 1, 1, 2, 1, 1, 1, 3), (3, 1, 1, 1, 1, 1, 1, 2, 3))


@dataclass(frozen=True)
class NtsTilesHand:
    tiles: str  # the whole hand, melded tiles and the winning tile included
    win_tile: str
    seat_wind: str = "S"
    round_wind: str = "E"
    self_drawn: bool = False
    melds: tuple[str, ...] = ()  # chi:123m pon:555z kan:1111p ankan:9999s
    last_tile: bool = False
    after_kong: bool = False
    kong_on_kong: bool = False
    robbing_kong: bool = False
    first_turn: bool = False  # heaven (East on the deal) or earth (on East's first discard)


def evaluate_nts(hand: NtsTilesHand) -> NtsScore:
    """The best score of the winning hand; raises ScoringError when it is not a hand that may go out."""
    _check_wind("unknown_seat_wind", hand.seat_wind)
    _check_wind("unknown_round_wind", hand.round_wind)
    tiles, win, melds = parse_tiles(hand.tiles, hand.win_tile, hand.melds)
    counts = TilesConverter.to_34_array(tiles)
    win34 = win // 4
    candidates = [_limit_score(key) for key in _limit_hands(hand, counts, melds)]
    regular = _regular_scores(hand, counts, melds, win34)
    candidates += [score for score in regular if _doublings(score) >= nts.MIN_WINNER_DOUBLINGS]
    if not candidates:
        if regular:
            nts.check_winner_doublings(max(_doublings(score) for score in regular))
        raise ScoringError("nts_not_a_win", "the tiles are not a winning hand under NTS")
    return max(candidates, key=lambda score: score.total)


def _check_wind(code: str, wind: str) -> None:
    if wind not in WIND_INDEX:
        raise ScoringError(code, f"winds are E, S, W or N, got {wind!r}", wind=wind)


def _doublings(score: NtsScore) -> int:
    return sum(item.value for item in score.doublings)


def _limit_score(key: str) -> NtsScore:
    _, points, _ = nts.LIMIT_HANDS[key]
    return NtsScore((Item(key, points),), (), key)


def _regular_scores(hand, counts, melds, win34) -> list[NtsScore]:
    situation = Situation(
        seat_wind=hand.seat_wind,
        round_wind=hand.round_wind,
        winner=True,
        self_drawn=hand.self_drawn,
        only_possible_tile=_waits(counts, melds, win34) == [win34],
        win_tile=win34,
        last_tile=hand.last_tile,
        after_kong=hand.after_kong,
        kong_on_kong=hand.kong_on_kong,
        robbing_kong=hand.robbing_kong,
    )
    scores = []
    for division in HandDivider.divide_hand(counts, melds):
        if len(division) != 5:  # seven pairs is a limit hand under NTS, not a regular one
            continue
        for sets, completed in _readings(division, melds, win34, hand.self_drawn):
            pair_done = completed.kind == PAIR
            scores.append(nts.score_sets(sets, replace(situation, pair_completed=pair_done)))
    return scores


def _readings(division, melds, win34, self_drawn):
    """Each way the winning tile can complete a concealed set: (sets, the set it completed)."""
    concealed = [list(block) for block in division]
    declared = []
    for meld in melds:
        block = sorted(meld.tiles_34)
        concealed.remove(block)
        kind = CHOW if meld.type == Meld.CHI else (KONG if meld.type == Meld.KAN else PUNG)
        declared.append(Set(kind, block[0], concealed=not meld.opened))
    readings = []
    for index, block in enumerate(concealed):
        if win34 not in block:
            continue
        sets = [_block_set(b, concealed=True) for b in concealed]
        if not self_drawn and sets[index].kind == PUNG:
            sets[index] = Set(PUNG, block[0], concealed=False)  # completed with a discard: open
        readings.append((tuple(declared + sets), sets[index]))
    return readings


def _block_set(block, concealed: bool) -> Set:
    if len(block) == 2:
        return Set(PAIR, block[0], concealed)
    if len(block) == 4:
        return Set(KONG, block[0], concealed)
    return Set(PUNG if block[0] == block[1] else CHOW, block[0], concealed)


def _waits(counts, melds, win34) -> list[int]:
    """The tiles that would have completed the hand without its winning tile (regular hands)."""
    before = list(counts)
    before[win34] -= 1
    open_sets = [meld.tiles_34 for meld in melds]
    waits = []
    for tile in range(34):
        if before[tile] >= 4:
            continue
        before[tile] += 1
        if Agari.is_agari(before, open_sets):
            waits.append(tile)
        before[tile] -= 1
    return waits


def _limit_hands(hand, counts, melds) -> list[str]:
    return (_irregular(counts) if not melds else []) + _regular_limits(hand, counts, melds)


def _irregular(counts) -> list[str]:
    """2.3.2 / 2.4.1: the irregular limit hands, concealed (the last tile may be a discard)."""
    found = []
    suits = [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]
    honours = counts[27:]
    orphans = [counts[i] for i in (0, 8, 9, 17, 18, 26, *range(27, 34))]
    if all(orphans) and sum(orphans) == 14:
        found.append("thirteen-orphans")
    if len(suits) == 1 and not any(honours):
        suit = counts[suits[0] * 9 : suits[0] * 9 + 9]
        if all(have >= need for have, need in zip(suit, (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True)):
            found.append("nine-gates")
    if len(suits) == 1:
        suit = counts[suits[0] * 9 : suits[0] * 9 + 9]
        found += _snakes(suit, honours)
    if all(count in (0, 2, 4) for count in counts):
        found.append(_twins(counts, suits))
    return found


def _snakes(suit, honours) -> list[str]:
    winds, dragons = honours[:4], honours[4:]
    if all(suit) and sum(suit) + sum(honours) == 14:
        if all(winds) and not any(dragons):
            return ["wind-snake"]
        if all(count == 1 for count in suit) and list(dragons) == [1, 1, 1] and sorted(winds) == [0, 0, 0, 2]:
            return ["dragon-snake"]
    if all(count == 1 for count in suit[:7]) and not any(suit[7:]) and all(count == 1 for count in honours):
        return ["court-of-peking"]
    return []


def _twins(counts, suits) -> str:
    honours = any(counts[27:])
    if not suits:
        return "honour-twins"
    if len(suits) == 1 and not honours:
        return "pure-twins"
    if len(suits) == 1:
        suit = counts[suits[0] * 9 : suits[0] * 9 + 9]
        return "very-clean-twins" if not any(suit[1:8]) else "clean-twins"
    return "seven-twins"


def _regular_limits(hand, counts, melds) -> list[str]:
    """2.3.1: the regular limit hands (they may be open)."""
    found = []
    divisions = [d for d in HandDivider.divide_hand(counts, melds) if len(d) == 5]
    if not divisions:
        return found
    tiles = [tile for tile, count in enumerate(counts) for _ in range(count)]
    dealer = hand.seat_wind == "E"
    for division in divisions:
        sets = [b for b in division if len(b) >= 3]
        pungs = [b[0] for b in sets if b[0] == b[1]]
        if sum(tile in WIND_INDEX.values() for tile in pungs) == 4:
            found.append("four-winds")
        if sum(tile in DRAGONS for tile in pungs) == 3:
            found.append("three-dragons")
        if len(pungs) == 4 and all(tile % 9 in (0, 8) and tile < 27 for tile in tiles):
            found.append("head-and-tail")
    if all(tile in GREEN for tile in tiles):
        found.append("jade")
    if sum(1 for m in melds if m.type == Meld.KAN and not m.opened) == 4:
        found.append("four-concealed-kongs")
    suits = [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]
    if (
        len(suits) == 1
        and not any(counts[27:])
        and tuple(counts[suits[0] * 9 : suits[0] * 9 + 9]) in WINDING_SNAKES
    ):
        found.append("winding-snake")
    if hand.first_turn and dealer:
        found.append("heaven")
    if hand.first_turn and not hand.self_drawn and not dealer:
        found.append("earth")
    return found
