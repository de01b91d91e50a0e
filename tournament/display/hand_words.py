"""A played hand told in the reader's language, for the score sheet's list of hands ("Ron from W: S 3 fan 40
minipoints", in Dutch "Ron op de steen van W: Z 3 fan 40 minipunten"), with the seat letters the page uses
(tournament.display.winds), and a round ("E2", in Dutch "O2"). The rules engine's own description (scoring.hands)
stays English for the command line.

The hand calculator's words are here too: each yaku (scoring.hands.tiles.YAKU_CODES) and each minipoint item
(MINIPOINT_CODES) by its code, with the names of the 2016 book (4.1.1, 4.2) and of its Dutch edition; and each line
of an NTS hand's breakdown (scoring.hands.nts.NTS_CODES, with the tile it names) with the names of the NTS (2.4)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.hands.log import CHOMBO, DRAW, RON, SEATS, TSUMO, Hand, Win
from tournament.display.winds import WIND_LETTERS


def describe_hand(hand: Hand, *, chombo_at_table: bool) -> str:
    if hand.kind == RON:
        return _("Ron from %(discarder)s: %(wins)s") % {
            "discarder": _letter(hand.discarder),
            "wins": "; ".join(_win(win) for win in hand.wins),
        }
    if hand.kind == TSUMO:
        return _("Tsumo: %(win)s") % {"win": _win(hand.wins[0])}
    if hand.kind == DRAW:
        if not hand.tenpai:
            return _("Exhaustive draw, nobody tenpai")
        return _("Exhaustive draw, tenpai: %(seats)s") % {"seats": " ".join(_letter(s) for s in hand.tenpai)}
    if hand.kind == CHOMBO and chombo_at_table:
        return _("Chombo: %(seat)s (reverse mangan at the table)") % {"seat": _letter(hand.offender)}
    return _("Chombo: %(seat)s") % {"seat": _letter(hand.offender)}


def _win(win: Win) -> str:
    if win.yakuman:
        value = _("yakuman") if win.yakuman == 1 else _("%(count)s yakuman") % {"count": win.yakuman}
    elif win.fu:
        value = _("%(fan)s fan %(fu)s minipoints") % {"fan": win.fan, "fu": win.fu}
    else:
        value = _("%(fan)s fan") % {"fan": win.fan}
    told = f"{_letter(win.seat)} {value}"
    if win.liable is not None:
        told = _("%(win)s, %(seat)s liable") % {"win": told, "seat": _letter(win.liable)}
    return told


def round_label(name: str) -> str:
    """A round as scoring.hands.game names it (E1 .. S4: the round wind and the how-manieth dealer, 3.4.11; "end"
    after the south round) with the wind's letter in the reader's language."""
    if name[:1] in WIND_LETTERS and name[1:].isdigit():
        return f"{WIND_LETTERS[name[:1]]}{name[1:]}"
    return str(_("after the south round")) if name == "end" else name


def _letter(seat: int) -> str:
    return str(WIND_LETTERS[SEATS[seat]])


YAKU_LABELS = {
    "riichi": gettext_lazy("Riichi"),
    "double_riichi": gettext_lazy("Double Riichi"),
    "ippatsu": gettext_lazy("Ippatsu"),
    "fully_concealed_hand": gettext_lazy("Fully Concealed Hand"),
    "pinfu": gettext_lazy("Pinfu"),
    "pure_double_chow": gettext_lazy("Pure Double Chow"),
    "all_simples": gettext_lazy("All Simples"),
    "mixed_triple_chow": gettext_lazy("Mixed Triple Chow"),
    "pure_straight": gettext_lazy("Pure Straight"),
    "dragon_pung_white": gettext_lazy("Dragon Pung (white)"),
    "dragon_pung_green": gettext_lazy("Dragon Pung (green)"),
    "dragon_pung_red": gettext_lazy("Dragon Pung (red)"),
    "seat_wind": gettext_lazy("Seat Wind"),
    "prevalent_wind": gettext_lazy("Prevalent Wind"),
    "outside_hand": gettext_lazy("Outside Hand"),
    "after_a_kong": gettext_lazy("After a Kong"),
    "robbing_a_kong": gettext_lazy("Robbing a Kong"),
    "under_the_sea": gettext_lazy("Under the Sea"),
    "under_the_sea_discard": gettext_lazy("Under the Sea (discard)"),
    "seven_pairs": gettext_lazy("Seven Pairs"),
    "triple_pung": gettext_lazy("Triple Pung"),
    "three_concealed_pungs": gettext_lazy("Three Concealed Pungs"),
    "three_kongs": gettext_lazy("Three Kongs"),
    "all_pungs": gettext_lazy("All Pungs"),
    "half_flush": gettext_lazy("Half Flush"),
    "little_three_dragons": gettext_lazy("Little Three Dragons"),
    "all_terminals_and_honours": gettext_lazy("All Terminals and Honours"),
    "terminals_in_all_sets": gettext_lazy("Terminals in All Sets"),
    "twice_pure_double_chow": gettext_lazy("Twice Pure Double Chow"),
    "full_flush": gettext_lazy("Full Flush"),
    "blessing_of_man": gettext_lazy("Blessing of Man"),
    "thirteen_orphans": gettext_lazy("Thirteen Orphans"),
    "nine_gates": gettext_lazy("Nine Gates"),
    "blessing_of_heaven": gettext_lazy("Blessing of Heaven"),
    "blessing_of_earth": gettext_lazy("Blessing of Earth"),
    "four_concealed_pungs": gettext_lazy("Four Concealed Pungs"),
    "four_kongs": gettext_lazy("Four Kongs"),
    "all_green": gettext_lazy("All Green"),
    "all_terminals": gettext_lazy("All Terminals"),
    "all_honours": gettext_lazy("All Honours"),
    "big_three_dragons": gettext_lazy("Big Three Dragons"),
    "little_four_winds": gettext_lazy("Little Four Winds"),
    "big_four_winds": gettext_lazy("Big Four Winds"),
    "dora": gettext_lazy("Dora"),
    "ura_dora": gettext_lazy("Ura Dora"),
}
MINIPOINT_LABELS = {
    "base": gettext_lazy("for winning"),
    "penchan": gettext_lazy("edge wait"),
    "kanchan": gettext_lazy("closed wait"),
    "pair_wait": gettext_lazy("pair wait"),
    "valued_pair": gettext_lazy("pair of dragons, seat wind or prevalent wind"),
    "double_valued_pair": gettext_lazy("pair of the seat wind that is also the prevalent wind"),
    "tsumo": gettext_lazy("self-draw"),
    "hand_without_fu": gettext_lazy("open pinfu"),
    "open_pon": gettext_lazy("open pung of simples"),
    "closed_pon": gettext_lazy("concealed pung of simples"),
    "open_terminal_pon": gettext_lazy("open pung of terminals or honours"),
    "closed_terminal_pon": gettext_lazy("concealed pung of terminals or honours"),
    "open_kan": gettext_lazy("open kong of simples"),
    "closed_kan": gettext_lazy("concealed kong of simples"),
    "open_terminal_kan": gettext_lazy("open kong of terminals or honours"),
    "closed_terminal_kan": gettext_lazy("concealed kong of terminals or honours"),
}


def yaku_label(code: str) -> str:
    """A yaku's name in the reader's language (tests prove every code scoring gives has one)."""
    return str(YAKU_LABELS.get(code, code))


def minipoint_label(code: str) -> str:
    """A minipoint item's name in the reader's language (4.1.1)."""
    return str(MINIPOINT_LABELS.get(code, code))


def tile_label(code: str) -> str:
    """A tile ("5s", "7z") in words: the number and the suit, or the honour (NTS 1.2, EMA 1.1, 1.2)."""
    honours = {
        "1z": _("East wind"),
        "2z": _("South wind"),
        "3z": _("West wind"),
        "4z": _("North wind"),
        "5z": _("White dragon"),
        "6z": _("Green dragon"),
        "7z": _("Red dragon"),
    }
    if code in honours:
        return honours[code]
    suit = {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}[code[1]]
    return f"{code[0]} {suit}"


# NTS 2.4.1 (points, limit hands) and 2.4.2 (doublings); "%(tile)s" is the set's or pair's tile (tile_label).
NTS_LABELS = {
    "mahjong": pgettext_lazy("NTS", "Mahjong"),
    "open_pung": pgettext_lazy("NTS", "open pung of %(tile)s"),
    "concealed_pung": pgettext_lazy("NTS", "concealed pung of %(tile)s"),
    "open_kong": pgettext_lazy("NTS", "open kong of %(tile)s"),
    "concealed_kong": pgettext_lazy("NTS", "concealed kong of %(tile)s"),
    "valued_pair": pgettext_lazy("NTS", "pair of %(tile)s (dragons, own wind or round wind)"),
    "self_drawn": pgettext_lazy("NTS", "mahjong with a tile drawn from the wall"),
    "only_possible_tile": pgettext_lazy("NTS", "mahjong with the only possible tile"),
    "pair_completed": pgettext_lazy("NTS", "mahjong by completing a pair with the last tile"),
    "pe_ling_eats_cake": pgettext_lazy("NTS", "Pe-ling eats cake"),
    "valued_pung": pgettext_lazy("NTS", "pung of %(tile)s (dragons, own wind or round wind)"),
    "valued_kong": pgettext_lazy("NTS", "kong of %(tile)s (dragons, own wind or round wind)"),
    "three_concealed_pungs": pgettext_lazy("NTS", "3 concealed pungs"),
    "four_concealed_pungs": pgettext_lazy("NTS", "4 concealed pungs"),
    "three_concealed_kongs": pgettext_lazy("NTS", "3 concealed kongs"),
    "four_kongs": pgettext_lazy("NTS", "4 kongs"),
    "clean": pgettext_lazy("NTS", "Clean hand"),
    "very_clean": pgettext_lazy("NTS", "Very clean hand"),
    "pure": pgettext_lazy("NTS", "Pure hand"),
    "four_chows": pgettext_lazy("NTS", "Four chows"),
    "four_pungs": pgettext_lazy("NTS", "Four pungs"),
    "pure_simplicity": pgettext_lazy("NTS", "Pure simplicity"),
    "little_four_winds": pgettext_lazy("NTS", "Little four winds"),
    "little_three_dragons": pgettext_lazy("NTS", "Little three dragons"),
    "hidden_treasure": pgettext_lazy("NTS", "Hidden treasure"),
    "bottom_of_the_sea": pgettext_lazy("NTS", "Winning from the bottom of the sea"),
    "moon_from_the_bottom_of_the_sea": pgettext_lazy("NTS", "Fishing the moon from the bottom of the sea"),
    "robbing_the_kong": pgettext_lazy("NTS", "Robbing the kong"),
    "kong_with_blooming_flowers": pgettext_lazy("NTS", "Kong with blooming flowers"),
    "kong_on_kong": pgettext_lazy("NTS", "Kong on kong"),
    "plum_blossom_from_the_roof": pgettext_lazy("NTS", "Plucking the plum blossom from the roof"),
    "nine-gates": pgettext_lazy("NTS", "Nine gates"),
    "thirteen-orphans": pgettext_lazy("NTS", "Thirteen orphans"),
    "honour-twins": pgettext_lazy("NTS", "Twins of honours"),
    "wind-snake": pgettext_lazy("NTS", "Wind snake"),
    "dragon-snake": pgettext_lazy("NTS", "Dragon snake"),
    "court-of-peking": pgettext_lazy("NTS", "Court of Peking"),
    "pure-twins": pgettext_lazy("NTS", "Pure twins"),
    "very-clean-twins": pgettext_lazy("NTS", "Very clean twins"),
    "clean-twins": pgettext_lazy("NTS", "Clean twins"),
    "seven-twins": pgettext_lazy("NTS", "Seven twins"),
    "four-winds": pgettext_lazy("NTS", "Four winds"),
    "three-dragons": pgettext_lazy("NTS", "Three dragons"),
    "jade": pgettext_lazy("NTS", "Jade hand"),
    "heaven": pgettext_lazy("NTS", "Hand of heaven"),
    "four-concealed-kongs": pgettext_lazy("NTS", "Four concealed kongs"),
    "head-and-tail": pgettext_lazy("NTS", "Head and tail"),
    "earth": pgettext_lazy("NTS", "Hand of earth"),
    "winding-snake": pgettext_lazy("NTS", "Winding snake"),
}


def nts_label(code: str, tile: str = "") -> str:
    """A line of an NTS hand's breakdown in the reader's language (tests prove every code has its words)."""
    label = str(NTS_LABELS.get(code, code))
    return label % {"tile": tile_label(tile)} if tile else label
