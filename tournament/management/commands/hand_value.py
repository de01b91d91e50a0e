import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from scoring.errors import ScoringError
from scoring.hands import nts
from scoring.hands.nts_tiles import NtsTilesHand, evaluate_nts
from scoring.hands.tiles import TilesHand, evaluate, winner_seat_wind
from scoring.hands.value import HandValue, hand_value
from scoring.ruleset import DEFAULT_PRESET, PRESETS, build_ruleset
from tournament.display.hand_words import yaku_label

WINDS = ["E", "S", "W", "N"]


class Command(BaseCommand):
    help = (
        "The value of one hand as JSON: from fan and minipoints (--fan/--fu or --yakuman), or from the tiles "
        "(--tiles/--win-tile: the yaku, fan and minipoints through the mahjong package, EMA 2016 options). "
        "With --ruleset nts: from the NTS points and doublings (--points/--doublings) or the tiles."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", default=DEFAULT_PRESET, choices=list(PRESETS))
        parser.add_argument("--fan", type=int, metavar="F")
        parser.add_argument("--fu", type=int, metavar="M", help="minipoints, rounded up to 10 (25 stays 25)")
        parser.add_argument(
            "--yakuman", type=int, metavar="N", help="a yakuman hand (N > 1 only under ema-2008)"
        )
        parser.add_argument("--dealer", action="store_true", help="the winner is East")
        parser.add_argument("--tsumo", action="store_true", help="won on a self-draw (otherwise ron)")
        tiles = parser.add_argument_group("by tiles")
        tiles.add_argument(
            "--tiles",
            metavar="TILES",
            help="the whole hand, e.g. 123456789s234m55p (z: 1-7 ESWN white green red)",
        )
        tiles.add_argument("--win-tile", metavar="TILE", help="e.g. 9s")
        tiles.add_argument(
            "--melds", nargs="*", default=[], metavar="MELD", help="chi:123m pon:555z kan:1111p ankan:9999s"
        )
        tiles.add_argument("--riichi", action="store_true")
        tiles.add_argument("--double-riichi", action="store_true")
        tiles.add_argument("--ippatsu", action="store_true")
        tiles.add_argument("--round-wind", default="E", choices=WINDS)
        tiles.add_argument("--seat-wind", choices=WINDS, help="E makes the winner the dealer")
        tiles.add_argument("--dora-indicators", nargs="*", default=[], metavar="TILE")
        tiles.add_argument("--ura-dora-indicators", nargs="*", default=[], metavar="TILE")
        tiles.add_argument("--last-tile", action="store_true", help="under the sea (haitei / houtei)")
        tiles.add_argument("--after-kong", action="store_true")
        tiles.add_argument("--robbing-kong", action="store_true")
        tiles.add_argument("--first-turn", action="store_true", help="blessing of heaven, earth or man")
        classical = parser.add_argument_group("nts (classical)")
        classical.add_argument("--points", type=int, metavar="P", help="the hand's points before doublings")
        classical.add_argument("--doublings", type=int, default=0, metavar="D")
        classical.add_argument("--limit-hand", choices=list(nts.LIMIT_HANDS), help="a limit hand (2.3)")
        classical.add_argument(
            "--waiting", action="store_true", help="a loser waiting on an irregular limit hand: half (2.3.2)"
        )
        classical.add_argument("--loser", action="store_true", help="the hand of a player who did not go out")
        classical.add_argument(
            "--others",
            nargs="*",
            default=[],
            metavar="SEAT:VALUE",
            help="the other players' values, e.g. E:16 W:8",
        )

    def handle(self, *args, **options):
        try:
            data = _answer(options)
        except ScoringError as error:
            raise CommandError(error.message) from error
        self.stdout.write(json.dumps(data, indent=2))


def _answer(options) -> dict:
    ruleset = build_ruleset(options["ruleset"])
    if options["ruleset"] == "nts":
        return _nts(options)
    if options["tiles"] is not None:
        return _by_tiles(ruleset, options)
    if options["win_tile"] is not None:
        raise ScoringError("usage", "--win-tile needs --tiles")
    if options["fan"] is None and options["yakuman"] is None:
        raise ScoringError(
            "usage", "give --fan (and --fu below 5 fan), --yakuman, or --tiles with --win-tile"
        )
    value = hand_value(
        ruleset,
        fan=options["fan"] or 0,
        fu=options["fu"],
        yakuman=options["yakuman"] or 0,
        dealer=options["dealer"],
        tsumo=options["tsumo"],
    )
    return {"ruleset": ruleset.key, **value_json(value)}


def value_json(value: HandValue) -> dict:
    """The limit name (or null) and the payments: ron, or tsumo_from_dealer (not for East) and tsumo_from_others."""
    data = {"fan": value.fan, "fu": value.fu, "yakuman": value.yakuman, "dealer": value.dealer}
    data.update({"tsumo": value.tsumo, "limit": value.limit})
    if not value.tsumo:
        data["ron"] = value.ron
    elif not value.dealer:
        data["tsumo_from_dealer"] = value.tsumo_from_dealer
    if value.tsumo:
        data["tsumo_from_others"] = value.tsumo_from_others
    data["total"] = value.total
    return data


def _by_tiles(ruleset, options) -> dict:
    if options["win_tile"] is None:
        raise ScoringError("usage", "--tiles needs --win-tile")
    result = evaluate(_tiles_hand(options), ruleset)
    with translation.override("en"):  # the book's English names (4.2), whatever the shell's language
        yaku = [{"code": code, "name": yaku_label(code), "fan": fan} for code, fan in result.yaku]
    data = {"ruleset": ruleset.key, "yaku": yaku}
    data["minipoints"] = [{"reason": reason, "fu": fu} for reason, fu in result.fu_details]
    return {**data, **value_json(result.value)}


def _tiles_hand(options) -> TilesHand:
    return TilesHand(
        tiles=options["tiles"],
        win_tile=options["win_tile"],
        tsumo=options["tsumo"],
        riichi=options["riichi"],
        double_riichi=options["double_riichi"],
        ippatsu=options["ippatsu"],
        dealer=options["dealer"],
        round_wind=options["round_wind"],
        seat_wind=options["seat_wind"],
        dora_indicators=tuple(options["dora_indicators"]),
        ura_dora_indicators=tuple(options["ura_dora_indicators"]),
        melds=tuple(options["melds"]),
        last_tile=options["last_tile"],
        after_kong=options["after_kong"],
        robbing_kong=options["robbing_kong"],
        first_turn=options["first_turn"],
    )


def _nts(options) -> dict:
    """NTS 2.1-2.4: the hand's value (limit 2,000) and the settlement between the four seats."""
    seat = winner_seat_wind(options["dealer"], options["seat_wind"])
    data = {"ruleset": "nts", "seat": seat, **_nts_value(options, seat)}
    if options["loser"]:
        return data  # the settlement needs the winner: ask for the winner's hand with --others
    values = _other_values(options["others"], seat)
    values[seat] = data["value"]
    settlement = nts.settle([values[w] for w in WINDS], WINDS.index(seat), east=0)
    data["settlement"] = dict(zip(WINDS, settlement, strict=True))
    return data


def _nts_value(options, seat) -> dict:
    if options["tiles"] is not None:
        if options["win_tile"] is None or options["loser"]:
            raise ScoringError("usage", "--tiles needs --win-tile, for the player who went out")
        score = evaluate_nts(_nts_tiles_hand(options, seat))
        return _nts_score_json(score)
    if options["limit_hand"]:
        value = nts.limit_value(options["limit_hand"], waiting=options["waiting"])
        return {"limit_hand": nts.LIMIT_HANDS[options["limit_hand"]][0], "value": value}
    if options["points"] is None:
        raise ScoringError(
            "usage", "nts: give --points (and --doublings), --limit-hand, or --tiles with --win-tile"
        )
    if not options["loser"]:
        nts.check_winner_doublings(options["doublings"])
    value = nts.hand_total(options["points"], options["doublings"])
    return {"points": options["points"], "doublings": options["doublings"], "value": value}


def _nts_score_json(score) -> dict:
    data = {"limit_hand": nts.LIMIT_HANDS[score.limit_hand][0] if score.limit_hand else None}
    data["points"] = [{"for": item.english, "points": item.value} for item in score.points]
    data["doublings"] = [{"for": item.english, "doublings": item.value} for item in score.doublings]
    return {**data, "value": score.total}


def _nts_tiles_hand(options, seat) -> NtsTilesHand:
    return NtsTilesHand(
        tiles=options["tiles"],
        win_tile=options["win_tile"],
        seat_wind=seat,
        round_wind=options["round_wind"],
        self_drawn=options["tsumo"],
        melds=tuple(options["melds"]),
        last_tile=options["last_tile"],
        after_kong=options["after_kong"],
        robbing_kong=options["robbing_kong"],
        first_turn=options["first_turn"],
    )


def _other_values(items, seat) -> dict:
    values = dict.fromkeys(WINDS, 0)
    for item in items:
        wind, _, value = item.partition(":")
        if wind not in WINDS or wind == seat or not (value.isascii() and value.isdigit() and len(value) <= 6):
            raise ScoringError("usage", f"--others {item!r}: write SEAT:VALUE for another seat, e.g. W:8")
        values[wind] = int(value)
    return values
