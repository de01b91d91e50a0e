"""Nederlandse Toernooi Spelregels (NTS, Dutch classical mahjong), section 2: the value of a hand and the
settlement of a hand between all four players.

Tiles are 34-indices as in the ``mahjong`` package: 0-8 characters (tekens), 9-17 circles (kringen), 18-26 bamboo
(bamboes), 27-30 winds E S W N, 31-33 dragons white green red. A hand is its sets (chows, pungs, kongs, the pair)
and, for a player who did not go out, the loose tiles. ``score_sets`` gives the points (2.4.1) and doublings
(2.4.2), ``hand_total`` the value with the limit of 2,000 (2.2), ``settle`` the payments (2.1).

Each line of the breakdown is an ``Item``: a code of ``NTS_CODES`` with the tile it names, if any, and its points or
doublings; the words for people are in tournament.display.hand_words (English and the book's Dutch), and ``Item.english``
is the command line's.
"""

from dataclasses import dataclass
from typing import NamedTuple

from scoring.errors import ScoringError

LIMIT = 2_000  # 2.2
CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"
WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}
DRAGONS = (31, 32, 33)
ONE_CIRCLE, FIVE_CIRCLE = 9, 13
MIN_WINNER_DOUBLINGS = 2  # 1.8: mahjong only with at least two doublings (limit hands excepted)

# 2.4.1, the limit hands: key -> (Dutch name in the book, points, irregular?)
LIMIT_HANDS = {
    "nine-gates": ("Negen poorten", 2_000, True),
    "thirteen-orphans": ("Dertien wezen", 2_000, True),
    "honour-twins": ("Tweelingen van troefstenen", 2_000, True),
    "wind-snake": ("Windenslang", 1_000, True),
    "dragon-snake": ("Drakenslang", 1_000, True),
    "court-of-peking": ("Hof van Peking", 1_000, True),
    "pure-twins": ("Zuivere tweelingen", 1_000, True),
    "very-clean-twins": ("Zeer schone tweelingen", 1_000, True),
    "clean-twins": ("Schone tweelingen", 500, True),
    "seven-twins": ("Zeven tweelingen", 250, True),
    "four-winds": ("Vier winden", 2_000, False),
    "three-dragons": ("Drie draken", 2_000, False),
    "jade": ("Jade spel", 2_000, False),
    "heaven": ("Spel van de hemel", 2_000, False),
    "four-concealed-kongs": ("Vier dichte Kongs", 2_000, False),
    "head-and-tail": ("Kop en staart", 2_000, False),
    "earth": ("Spel van de aarde", 1_000, False),
    "winding-snake": ("Kronkelende slang", 1_000, False),
}


# 2.4.1 points and 2.4.2 doublings, by code (the limit hands are the keys of LIMIT_HANDS). A code ending in a set's
# kind names its tile (Item.tile).
POINT_CODES = (
    "mahjong",
    "open_pung",
    "concealed_pung",
    "open_kong",
    "concealed_kong",
    "valued_pair",
    "self_drawn",
    "only_possible_tile",
    "pair_completed",
    "pe_ling_eats_cake",
)
DOUBLING_CODES = (
    "valued_pung",
    "valued_kong",
    "three_concealed_pungs",
    "four_concealed_pungs",
    "three_concealed_kongs",
    "four_kongs",
    "clean",
    "very_clean",
    "pure",
    "four_chows",
    "four_pungs",
    "pure_simplicity",
    "little_four_winds",
    "little_three_dragons",
    "hidden_treasure",
    "bottom_of_the_sea",
    "moon_from_the_bottom_of_the_sea",
    "robbing_the_kong",
    "kong_with_blooming_flowers",
    "kong_on_kong",
    "plum_blossom_from_the_roof",
)
NTS_CODES = frozenset(POINT_CODES + DOUBLING_CODES + tuple(LIMIT_HANDS))


class Item(NamedTuple):
    """One line of a hand's breakdown: what (a code of NTS_CODES), its points or doublings, and the tile it names
    ("5s", "7z"; "" for the codes that name none)."""

    code: str
    value: int
    tile: str = ""

    @property
    def english(self) -> str:
        """The command line's words: the code with its tile ("open_pung 5s")."""
        return f"{self.code} {self.tile}" if self.tile else self.code


@dataclass(frozen=True)
class Set:
    kind: str  # chow (tile = the lowest), pung, kong, pair
    tile: int
    concealed: bool = False


@dataclass(frozen=True)
class Situation:
    """Who the player is and, for the player who went out, how (2.4.1 and 2.4.2 "voor de winnaar")."""

    seat_wind: str
    round_wind: str = "E"
    winner: bool = False
    self_drawn: bool = False
    only_possible_tile: bool = False  # "Mahjong met de enig mogelijke steen"
    pair_completed: bool = False  # the last tile completed the pair
    win_tile: int | None = None
    last_tile: bool = False  # the last tile of the wall, self-drawn
    after_kong: bool = False  # the loose tile after a kong
    kong_on_kong: bool = False  # ... after two kongs in one turn
    robbing_kong: bool = False


@dataclass(frozen=True)
class NtsScore:
    points: tuple[Item, ...]
    doublings: tuple[Item, ...]
    limit_hand: str | None = None  # key of LIMIT_HANDS

    @property
    def total(self) -> int:
        if self.limit_hand:
            return self.points[0].value
        return hand_total(sum(item.value for item in self.points), sum(item.value for item in self.doublings))


def hand_total(points: int, doublings: int) -> int:
    """2.4: the points are counted first, then doubled; 2.2: never more than 2,000."""
    if points < 0 or doublings < 0:
        raise ScoringError("bad_points", "points and doublings cannot be negative")
    return min(points * 2**doublings, LIMIT)


def limit_value(key: str, *, waiting: bool = False) -> int:
    """2.3: a limit hand's points; a player waiting on an irregular limit hand when another goes out gets half."""
    if key not in LIMIT_HANDS:
        raise ScoringError(
            "unknown_limit_hand",
            f"unknown limit hand {key!r}; one of {', '.join(LIMIT_HANDS)}",
            key=key,
            choices=", ".join(LIMIT_HANDS),
        )
    _, points, irregular = LIMIT_HANDS[key]
    if waiting and not irregular:
        raise ScoringError(
            "limit_hand_waiting", "2.3.1: a waiting regular limit hand counts its sets, not half the limit"
        )
    return points // 2 if waiting else points


def check_winner_doublings(doublings: int) -> None:
    if doublings < MIN_WINNER_DOUBLINGS:
        raise ScoringError(
            "nts_two_doublings",
            f"NTS 1.8: mahjong needs at least {MIN_WINNER_DOUBLINGS} doublings, this hand has {doublings}",
            doublings=doublings,
            minimum=MIN_WINNER_DOUBLINGS,
        )


def settle(values, winner: int | None, east: int) -> tuple[int, int, int, int]:
    """2.1: the winner receives his value from each of the three others and pays nothing; the three others
    settle with each other (each receives his value from the other two); East pays and receives double.
    The four changes add up to 0. Seats are 0-3; ``winner`` None is a draw: nothing is counted (1.8.5.2)."""
    deltas = [0, 0, 0, 0]
    if winner is None:
        return tuple(deltas)
    for payer in range(4):
        if payer == winner:
            continue  # the winner pays nobody
        for receiver in range(4):
            if receiver != payer:
                amount = values[receiver] * (2 if east in (payer, receiver) else 1)
                deltas[receiver] += amount
                deltas[payer] -= amount
    return tuple(deltas)


def score_sets(sets: tuple[Set, ...], situation: Situation, loose: tuple[int, ...] = ()) -> NtsScore:
    """Points and doublings of one player's sets (2.4.1, 2.4.2); ``loose`` are tiles in no set (a loser)."""
    points = [Item(_set_code(s), _set_points(s), tile_name(s.tile)) for s in sets if _set_points(s)]
    points += _pair_points(sets, situation)
    doublings = _doublings_for_all(sets, situation, loose)
    if situation.winner:
        points = [Item("mahjong", 20), *points, *_winner_points(situation, sets)]
        doublings += _doublings_for_winner(sets, situation, loose)
    return NtsScore(tuple(points), tuple(doublings))


def _is_honour(tile: int) -> bool:
    return tile >= 27


def _is_terminal_or_honour(tile: int) -> bool:
    return tile >= 27 or tile % 9 in (0, 8)


def _set_points(s: Set) -> int:
    """2.4.1 basispunten: pung simples 2 open / 4 concealed, kong 8 / 16; terminals and honours double that."""
    if s.kind in (CHOW, PAIR):
        return 0
    base = 2 if s.kind == PUNG else 8
    return base * (2 if s.concealed else 1) * (2 if _is_terminal_or_honour(s.tile) else 1)


def _set_code(s: Set) -> str:
    return f"{'concealed' if s.concealed else 'open'}_{s.kind}"


def _valued(tile: int, situation: Situation) -> int:
    """How often a tile is "valued": dragons once; own wind and round wind once each (2: counted twice)."""
    if tile in DRAGONS:
        return 1
    return (tile == WIND_INDEX[situation.seat_wind]) + (tile == WIND_INDEX[situation.round_wind])


def _pair_points(sets, situation) -> list[Item]:
    return [
        Item("valued_pair", 2 * _valued(s.tile, situation), tile_name(s.tile))
        for s in sets
        if s.kind == PAIR and _valued(s.tile, situation)
    ]


def _winner_points(situation: Situation, sets) -> list[Item]:
    points = []
    if situation.self_drawn:
        points.append(Item("self_drawn", 2))
    if situation.only_possible_tile:
        points.append(Item("only_possible_tile", 2))
    if situation.pair_completed:
        points.append(Item("pair_completed", 2))
        bamboo_one = any(s.tile == 18 and s.kind != CHOW for s in sets)
        if situation.win_tile == ONE_CIRCLE and bamboo_one:
            points.append(Item("pe_ling_eats_cake", 10))
    return points


def _doublings_for_all(sets, situation, loose) -> list[Item]:
    doublings = [
        Item(f"valued_{s.kind}", _valued(s.tile, situation), tile_name(s.tile))
        for s in sets
        if s.kind in (PUNG, KONG) and _valued(s.tile, situation)
    ]
    doublings += _best(_concealed_doublings(sets))
    doublings += _best(_suit_doublings(_tiles(sets) + list(loose)))
    return doublings


def _concealed_doublings(sets) -> list[Item]:
    """* not added together: 3 / 4 concealed pungs (a concealed kong counts), 3 concealed kongs, 4 kongs."""
    concealed = sum(1 for s in sets if s.kind in (PUNG, KONG) and s.concealed)
    concealed_kongs = sum(1 for s in sets if s.kind == KONG and s.concealed)
    kongs = sum(1 for s in sets if s.kind == KONG)
    found = []
    if concealed >= 3:
        found.append(Item("three_concealed_pungs", 1))
    if concealed == 4:
        found.append(Item("four_concealed_pungs", 2))
    if concealed_kongs >= 3:
        found.append(Item("three_concealed_kongs", 2))
    if kongs == 4:
        found.append(Item("four_kongs", 3))
    return found


def _suit_doublings(tiles: list[int]) -> list[Item]:
    """** not added together: clean (one suit with honours; or ones/nines with honours) 1, very clean (ones
    and/or nines of one suit with honours) 2, pure (one suit only; or honours only) 3."""
    if not tiles:
        return []
    suits = {tile // 9 for tile in tiles if not _is_honour(tile)}
    honours = any(_is_honour(tile) for tile in tiles)
    if len(suits) == 1 and not honours or not suits:
        return [Item("pure", 3)]
    terminals_only = all(_is_terminal_or_honour(tile) for tile in tiles)
    if len(suits) == 1 and terminals_only:
        return [Item("very_clean", 2)]
    if len(suits) == 1 or terminals_only:
        return [Item("clean", 1)]
    return []


def _doublings_for_winner(sets, situation, loose) -> list[Item]:
    full = [s for s in sets if s.kind != PAIR]
    pairs = [s for s in sets if s.kind == PAIR]
    found = []
    if len(full) == 4 and all(s.kind == CHOW for s in full):
        found.append(Item("four_chows", 1))
    if len(full) == 4 and all(s.kind != CHOW for s in full):
        found.append(Item("four_pungs", 1))
    if all(not _is_terminal_or_honour(tile) for tile in _tiles(sets)):
        found.append(Item("pure_simplicity", 1))
    honour_pungs = [s.tile for s in full if s.kind != CHOW and _is_honour(s.tile)]
    if sum(t in WIND_INDEX.values() for t in honour_pungs) == 3 and any(
        p.tile in WIND_INDEX.values() for p in pairs
    ):
        found.append(Item("little_four_winds", 1))
    if sum(t in DRAGONS for t in honour_pungs) == 2 and any(p.tile in DRAGONS for p in pairs):
        found.append(Item("little_three_dragons", 1))
    found += _best(_special_wins(situation))
    if situation.self_drawn and all(s.concealed for s in sets if s.kind != PAIR) and not loose:
        found.append(Item("hidden_treasure", 2))
    return found


def _special_wins(situation) -> list[Item]:
    found = []
    if situation.last_tile and situation.self_drawn:
        found.append(Item("bottom_of_the_sea", 1))
        if situation.win_tile == ONE_CIRCLE:
            found.append(Item("moon_from_the_bottom_of_the_sea", 3))
    if situation.robbing_kong:
        found.append(Item("robbing_the_kong", 1))
    if situation.after_kong:
        found.append(Item("kong_with_blooming_flowers", 1))
        if situation.kong_on_kong:
            found.append(Item("kong_on_kong", 2))
        if situation.win_tile == FIVE_CIRCLE:
            found.append(Item("plum_blossom_from_the_roof", 3))
    return found


def _best(found):
    return [max(found, key=lambda item: item.value)] if found else []


def _tiles(sets) -> list[int]:
    tiles = []
    for s in sets:
        if s.kind == CHOW:
            tiles += [s.tile, s.tile + 1, s.tile + 2]
        else:
            tiles += [s.tile] * {PUNG: 3, KONG: 4, PAIR: 2}[s.kind]
    return tiles


def tile_name(tile: int) -> str:
    if tile >= 27:
        return f"{tile - 26}z"
    return f"{tile % 9 + 1}{'mps'[tile // 9]}"
