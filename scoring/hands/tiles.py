"""Yaku, fan and minipoints from the tiles, through the ``mahjong`` package (EMA 2016, 4.1 and 4.2).

The package is plain Python without dependencies, so the adapter lives in ``scoring`` next to the rules it
feeds: it only reads the hand (yaku, fan, minipoints) and ``scoring.hands.value`` prices it, so the tiles and
the fan/minipoints routes give the same payments.

Configured for the 2016 book: open tanyao (All Simples is not in italics in the yaku list), no red fives,
13 or more fan is sanbaiman (not a counted yakuman), no double yakuman, 4 fan 30 (and 3 fan 60) not rounded up
to mangan, 2 minipoints for open pinfu, none for a self-drawn pinfu, and Blessing of Man (renhou) a mangan that
does not add up with other yaku or dora (4.2.4): the hand takes the better of the two. Renhou is won "before the
player has had his first turn", so never by East, who discards first (refused: ``renhou_dealer``).

Tiles are written ``123m456p789s11z`` (m characters, p circles, s bamboo, z honours 1-7 = E S W N white green
red); ``--tiles`` is the whole hand, melded tiles and the winning tile included.
"""

import re
from collections import Counter
from dataclasses import dataclass, replace

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from scoring.errors import ScoringError
from scoring.hands.value import HandValue, hand_value, limit_name
from scoring.ruleset import EMA_2016, Ruleset

WIND_TILES = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_KINDS = {
    "chi": (Meld.CHI, True),
    "pon": (Meld.PON, True),
    "kan": (Meld.KAN, True),
    "ankan": (Meld.KAN, False),
}
_TILES = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")
_GROUP = re.compile(r"([1-9]+)([mpsz])")
RENHOU_FAN = 5

EMA_OPTIONS = OptionalRules(
    has_open_tanyao=True,
    has_aka_dora=False,
    has_double_yakuman=False,
    kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
    kiriage=False,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
    renhou_as_yakuman=False,
)

# The package's yaku names -> the yaku's code (its English name in the 2016 book, 4.2, in snake case). People read
# them through tournament.display.hand_words (YAKU_LABELS), in their language; tests prove every code has a label.
YAKU_CODES = {
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Menzen Tsumo": "fully_concealed_hand",
    "Pinfu": "pinfu",
    "Iipeiko": "pure_double_chow",
    "Tanyao": "all_simples",
    "Sanshoku Doujun": "mixed_triple_chow",
    "Ittsu": "pure_straight",
    "Yakuhai (haku)": "dragon_pung_white",
    "Yakuhai (hatsu)": "dragon_pung_green",
    "Yakuhai (chun)": "dragon_pung_red",
    "Yakuhai (seat wind east)": "seat_wind",
    "Yakuhai (seat wind south)": "seat_wind",
    "Yakuhai (seat wind west)": "seat_wind",
    "Yakuhai (seat wind north)": "seat_wind",
    "Yakuhai (round wind east)": "prevalent_wind",
    "Yakuhai (round wind south)": "prevalent_wind",
    "Yakuhai (round wind west)": "prevalent_wind",
    "Yakuhai (round wind north)": "prevalent_wind",
    "Chantai": "outside_hand",
    "Rinshan Kaihou": "after_a_kong",
    "Chankan": "robbing_a_kong",
    "Haitei Raoyue": "under_the_sea",
    "Houtei Raoyui": "under_the_sea_discard",
    "Chiitoitsu": "seven_pairs",
    "Sanshoku Doukou": "triple_pung",
    "San Ankou": "three_concealed_pungs",
    "San Kantsu": "three_kongs",
    "Toitoi": "all_pungs",
    "Honitsu": "half_flush",
    "Shou Sangen": "little_three_dragons",
    "Honroutou": "all_terminals_and_honours",
    "Junchan": "terminals_in_all_sets",
    "Ryanpeikou": "twice_pure_double_chow",
    "Chinitsu": "full_flush",
    "Renhou": "blessing_of_man",
    "Kokushi Musou": "thirteen_orphans",
    "Kokushi Musou Juusanmen Matchi": "thirteen_orphans",
    "Chuuren Poutou": "nine_gates",
    "Daburu Chuuren Poutou": "nine_gates",
    "Tenhou": "blessing_of_heaven",
    "Chiihou": "blessing_of_earth",
    "Suu Ankou": "four_concealed_pungs",
    "Suu Ankou Tanki": "four_concealed_pungs",
    "Suu Kantsu": "four_kongs",
    "Ryuuiisou": "all_green",
    "Chinroutou": "all_terminals",
    "Tsuu Iisou": "all_honours",
    "Daisangen": "big_three_dragons",
    "Shousuushii": "little_four_winds",
    "Dai Suushii": "big_four_winds",
    "Dora": "dora",
    "Ura Dora": "ura_dora",
}
BLESSING_OF_MAN = YAKU_CODES["Renhou"]
# The package's yaku the 2016 options never give: red fives, open riichi, local yakuman, renhou as a yakuman,
# nagashi mangan (4.2.6: no longer used).
NOT_IN_EMA_2016 = frozenset(
    {
        "Aka Dora",
        "Open Riichi",
        "Double Open Riichi",
        "Renhou (yakuman)",
        "Daichisei",
        "Daisharin",
        "Paarenchan",
        "Sashikomi",
        "Nagashi Mangan",
    }
)
# The minipoint items (4.1.1) are the package's reasons (FuCalculator.BASE, .PAIR_WAIT, ...), codes as they are.
MINIPOINT_CODES = frozenset(
    value for name, value in vars(FuCalculator).items() if name.isupper() and isinstance(value, str)
)


@dataclass(frozen=True)
class TilesHand:
    """The situation of a win, as the calculator is asked about it."""

    tiles: str  # the whole hand, e.g. 123456789s234m55p
    win_tile: str  # e.g. 9s
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    dealer: bool = False
    round_wind: str = "E"
    seat_wind: str | None = None  # E when dealer, S otherwise
    dora_indicators: tuple[str, ...] = ()
    ura_dora_indicators: tuple[str, ...] = ()
    melds: tuple[str, ...] = ()  # chi:123m pon:555z kan:1111p ankan:9999s
    last_tile: bool = False  # under the sea: haitei on a self-draw, houtei on a discard
    after_kong: bool = False
    robbing_kong: bool = False
    first_turn: bool = False  # blessing of heaven (East, self-draw), earth (self-draw), man (discard)


@dataclass(frozen=True)
class TilesResult:
    yaku: tuple[tuple[str, int], ...]  # (code of YAKU_CODES, fan); a yakuman counts 13
    fan: int  # 0 for a yakuman
    fu: int | None
    fu_details: tuple[tuple[str, int], ...]  # (code of MINIPOINT_CODES, minipoints)
    yakuman: int
    value: HandValue


def evaluate(hand: TilesHand, ruleset: Ruleset = EMA_2016) -> TilesResult:
    """The yaku, fan, minipoints and payments; raises ScoringError for a hand that is not a valid win."""
    if ruleset.key != EMA_2016.key:
        raise ScoringError(
            "tiles_ruleset",
            f"the tile calculator follows the 2016 rules only, not {ruleset.key}",
            ruleset=ruleset.key,
        )
    hand = replace(hand, seat_wind=_seat_wind(hand))
    hand = replace(hand, dealer=hand.seat_wind == "E")
    tiles, win_tile, melds = parse_tiles(hand.tiles, hand.win_tile, hand.melds)
    dora = [one_tile("bad_dora", t, "dora indicator") for t in hand.dora_indicators]
    ura = [one_tile("bad_ura_dora", t, "ura dora indicator") for t in hand.ura_dora_indicators]
    renhou = hand.first_turn and not hand.tsumo
    if renhou and hand.dealer:
        raise ScoringError(
            "renhou_dealer",
            "blessing of man is never East's: East discards first, so he has had his first turn before any "
            "discard he could win on (4.2.4); East winning on the first go-around is blessing of heaven, a "
            "self-draw (4.2.5)",
        )
    if renhou and melds:
        raise _refusal(HandCalculator.ERR_RENHOU_WITH_MELD)
    response = _estimate(hand, tiles, win_tile, melds, dora, ura)
    no_yaku = response.error == HandCalculator.ERR_NO_YAKU
    if renhou and (no_yaku or (not response.error and _is_below(response, RENHOU_FAN))):
        return _result(ruleset, hand, ((BLESSING_OF_MAN, RENHOU_FAN),), RENHOU_FAN, None, (), 0)
    if response.error:
        raise _refusal(response.error)
    yakuman = 1 if any(y.is_yakuman for y in response.yaku) else 0
    names = tuple((YAKU_CODES[y.name], 13 if y.is_yakuman else _fan(y, response)) for y in response.yaku)
    details = tuple((d["reason"], d["fu"]) for d in response.fu_details or ())
    fan = 0 if yakuman else response.han
    fu = None if yakuman or limit_name(fan) else response.fu
    return _result(ruleset, hand, names, fan, fu, details, yakuman)


def _result(ruleset, hand, names, fan, fu, details, yakuman) -> TilesResult:
    value = hand_value(ruleset, fan=fan, fu=fu, yakuman=yakuman, dealer=hand.dealer, tsumo=hand.tsumo)
    return TilesResult(names, fan, fu, details, yakuman, value)


def _is_below(response, fan: int) -> bool:
    return not any(y.is_yakuman for y in response.yaku) and response.han <= fan


def _fan(yaku, response) -> int:
    return yaku.han_open if response.is_open_hand and yaku.han_open else yaku.han_closed


def _estimate(hand, tiles, win_tile, melds, dora, ura):
    config = HandConfig(
        is_tsumo=hand.tsumo,
        is_riichi=hand.riichi or hand.double_riichi,
        is_daburu_riichi=hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=hand.after_kong,
        is_chankan=hand.robbing_kong,
        is_haitei=hand.last_tile and hand.tsumo,
        is_houtei=hand.last_tile and not hand.tsumo,
        is_tenhou=hand.first_turn and hand.tsumo and hand.dealer,
        is_chiihou=hand.first_turn and hand.tsumo and not hand.dealer,
        player_wind=WIND_TILES[hand.seat_wind],
        round_wind=_wind("unknown_round_wind", hand.round_wind, "round wind"),
        options=EMA_OPTIONS,
    )
    return HandCalculator.estimate_hand_value(tiles, win_tile, melds, dora, config, ura_dora_indicators=ura)


def _seat_wind(hand: TilesHand) -> str:
    seat = winner_seat_wind(hand.dealer, hand.seat_wind)
    _wind("unknown_seat_wind", seat, "seat wind")
    return seat


def winner_seat_wind(dealer: bool, seat_wind: str | None) -> str:
    """The winner's seat wind: the one given, else East for the dealer and South otherwise. The dealer is East
    (2.1: "East is the starting player"; 3.4.11), so the dealer with another seat wind is refused."""
    seat = seat_wind or ("E" if dealer else "S")
    if dealer and seat != "E":
        raise ScoringError("bad_seat_wind", f"the dealer's seat wind is East, not {seat}", seat=seat)
    return seat


def _wind(code: str, name: str, what: str) -> int:
    """The wind's tile; ``code`` is the refusal of a name that is not a wind (which wind: ``what``)."""
    if name not in WIND_TILES:
        raise ScoringError(code, f"{what} must be E, S, W or N, got {name!r}", wind=name)
    return WIND_TILES[name]


def parse_tiles(text: str, win_text: str, meld_texts) -> tuple[list[int], int, list[Meld]]:
    """The hand (136-format), the winning tile (a concealed copy) and the melds; refuses what cannot be."""
    if not isinstance(text, str) or not _TILES.fullmatch(text):
        raise ScoringError(
            "bad_tiles", f"tiles {text!r}: write them like 123m456p789s11z (z: 1-7)", tiles=text
        )
    if (
        max(Counter(_tile_names(text)).values()) > 4
    ):  # counted in the text: the package reads a fifth 1s as 2s
        raise ScoringError("five_of_a_tile", f"tiles {text!r}: more than four of one tile", tiles=text)
    tiles = TilesConverter.one_line_string_to_136_array(text)
    pool = list(tiles)
    melds = [_meld(meld, pool) for meld in meld_texts]
    kongs = sum(1 for meld in melds if meld.type == Meld.KAN)
    if len(tiles) != 14 + kongs:
        raise ScoringError(
            "tile_count",
            f"a winning hand has 14 tiles plus one per kong; got {len(tiles)} with {kongs} kong(s)",
            count=len(tiles),
            kongs=kongs,
        )
    win = one_tile("bad_win_tile", win_text, "winning tile")
    matching = [t for t in pool if t // 4 == win // 4]
    if not matching:
        raise ScoringError(
            "win_tile_missing", f"the winning tile {win_text} is not among the concealed tiles", tile=win_text
        )
    return tiles, matching[-1], melds


def _tile_names(text: str) -> list[str]:
    """123m55z as 1m 2m 3m 5z 5z."""
    return [digit + suit for digits, suit in _GROUP.findall(text) for digit in digits]


def _meld(text: str, pool: list[int]) -> Meld:
    kind, _, tiles_text = str(text).partition(":")
    if kind not in MELD_KINDS or not _TILES.fullmatch(tiles_text):
        raise ScoringError(
            "bad_meld", f"meld {text!r}: write chi:123m, pon:555z, kan:1111p or ankan:9999s", meld=str(text)
        )
    meld_type, opened = MELD_KINDS[kind]
    wanted = TilesConverter.to_34_array(TilesConverter.one_line_string_to_136_array(tiles_text))
    taken = []
    for index, count in enumerate(wanted):
        copies = [t for t in pool if t // 4 == index][:count]
        if len(copies) < count:
            raise ScoringError(
                "meld_not_in_hand", f"meld {text!r} is not among the tiles of the hand", meld=text
            )
        taken += copies
    for tile in taken:
        pool.remove(tile)
    if not _meld_shape_ok(meld_type, wanted):
        raise ScoringError("meld_shape", f"meld {text!r} is not a {kind}", meld=text, kind=kind)
    return Meld(meld_type=meld_type, tiles=sorted(taken), opened=opened)


def _meld_shape_ok(meld_type: str, counts: list[int]) -> bool:
    used = [index for index, count in enumerate(counts) if count]
    if meld_type == Meld.CHI:
        same_suit = len({index // 9 for index in used}) == 1 and used[0] < 27
        return len(used) == 3 and same_suit and used[2] - used[0] == 2 and max(counts) == 1
    size = 3 if meld_type == Meld.PON else 4
    return len(used) == 1 and counts[used[0]] == size


def one_tile(code: str, text: str, what: str) -> int:
    """One tile (``what``: the winning tile, a dora indicator); ``code`` is the refusal of anything else."""
    if not isinstance(text, str) or not _TILES.fullmatch(text) or len(text) != 2:
        raise ScoringError(code, f"{what} {text!r}: one tile, like 9s or 5z", tile=str(text))
    return TilesConverter.one_line_string_to_136_array(text)[0]


def _refusal(reason: str) -> ScoringError:
    """The package's refusal (``HandCalculator.ERR_...``) as a code of its own; one this adapter never causes
    (East's blessing of earth, ...) as ``calculator_refused`` with the package's reason."""
    return ScoringError(
        _CODES.get(reason, "calculator_refused"),
        _ENGLISH.get(reason, f"the calculator refuses the hand ({reason})"),
        reason=reason,
    )


_CODES = {
    HandCalculator.ERR_HAND_NOT_WINNING: "not_a_win",
    HandCalculator.ERR_NO_YAKU: "no_yaku",
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi_open_hand",
    HandCalculator.ERR_OPEN_HAND_DABURI: "double_riichi_open_hand",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "ippatsu_without_riichi",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "robbing_kong_self_drawn",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "after_kong_on_discard",
    HandCalculator.ERR_TENHOU_WITH_MELD: "heaven_with_kong",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "earth_with_call",
    HandCalculator.ERR_RENHOU_WITH_MELD: "man_with_call",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "under_the_sea_after_kong",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "under_the_sea_robbing_kong",
}
_ENGLISH = {
    HandCalculator.ERR_HAND_NOT_WINNING: "the tiles are not a winning hand",
    HandCalculator.ERR_NO_YAKU: "the hand has no yaku (4.1: at least one yaku is needed)",
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi needs a concealed hand (3.3.14)",
    HandCalculator.ERR_OPEN_HAND_DABURI: "double riichi needs a concealed hand (3.3.14)",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "ippatsu needs riichi",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "robbing a kong is a win on a discard",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "after a kong is a self-draw",
    HandCalculator.ERR_TENHOU_WITH_MELD: "blessing of heaven allows no kong",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "blessing of earth allows no call or kong",
    HandCalculator.ERR_RENHOU_WITH_MELD: "blessing of man allows no call or kong",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "under the sea and after a kong do not combine",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "under the sea on a discard and robbing a kong do not combine",
}
