"""The hand calculator (public, no login): what a hand pays from fan and minipoints, and from the tiles the yaku,
fan, minipoints and payment. Everything is computed by scoring.hands; the page only reads and shows."""

from django.shortcuts import render

from scoring.errors import ScoringError
from scoring.hands.nts import LIMIT as NTS_LIMIT
from scoring.hands.nts_tiles import NtsTilesHand, evaluate_nts
from scoring.hands.tiles import TilesHand, evaluate, winner_seat_wind
from scoring.hands.value import hand_value
from scoring.ruleset import build_ruleset
from tournament.display.hand_words import minipoint_label, nts_label, tile_label, yaku_label
from tournament.display.tiles import ALL_TILES, tile_svg
from tournament.errors import scoring_message
from tournament.forms.calculator import FanForm, TilesForm


def calculator(request):
    fan_form = FanForm(request.GET if "fan_form" in request.GET else None)
    tiles_form = TilesForm(
        _with_defaults(request.GET, round_wind="E", seat_wind="E" if request.GET.get("dealer") else "S")
        if "tiles_form" in request.GET
        else None
    )
    context = {
        "fan_form": fan_form,
        "tiles_form": tiles_form,
        "by_fan": _by_fan(fan_form) if fan_form.is_bound else None,
        "by_tiles": _by_tiles(tiles_form) if tiles_form.is_bound else None,
        "tiles": [(code, tile_svg(code, tile_label(code))) for code in ALL_TILES],
    }
    refused = any(form.is_bound and form.errors for form in (fan_form, tiles_form))
    return render(request, "public/calculator.html", context, status=400 if refused else 200)


def _with_defaults(query, **defaults):
    """The query with the form's defaults for what it leaves out, so the page shows what was computed."""
    data = query.copy()
    for name, value in defaults.items():
        data.setdefault(name, value)
    return data


def _by_fan(form: FanForm) -> dict | None:
    if not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        value = hand_value(
            build_ruleset(data["ruleset"] or "ema-2016"),
            fan=0 if data["yakuman"] else data["fan"],
            fu=int(data["fu"]) if data["fu"] else None,
            yakuman=1 if data["yakuman"] else 0,
            dealer=data["dealer"],
            tsumo=data["tsumo"],
        )
    except ScoringError as error:
        form.add_error(None, scoring_message(error))
        return None
    return {"value": value}


def _by_tiles(form: TilesForm) -> dict | None:
    if not form.is_valid():
        return None
    try:
        seat_wind = winner_seat_wind(form.cleaned_data["dealer"], form.cleaned_data["seat_wind"] or None)
    except ScoringError as error:
        form.add_error("seat_wind", scoring_message(error))  # the message names the dealer box as well
        return None
    if form.cleaned_data["rules"] == "nts":
        return _by_nts_tiles(form, seat_wind)
    data = form.cleaned_data
    hand = TilesHand(
        tiles=data["tiles"].replace(" ", ""),
        win_tile=data["win_tile"].strip(),
        tsumo=data["tsumo"],
        riichi=data["riichi"],
        dealer=data["dealer"],
        round_wind=data["round_wind"] or "E",
        seat_wind=seat_wind,
        dora_indicators=tuple(data["dora"].split()),
        melds=tuple(data["melds"].split()),
        first_turn=data["first_turn"],
    )
    try:
        result = evaluate(hand)
    except ScoringError as error:
        form.add_error(None, scoring_message(error))
        return None
    yaku = [(yaku_label(code), fan) for code, fan in result.yaku]
    minipoints = [(minipoint_label(code), fu) for code, fu in result.fu_details]
    return {"result": result, "yaku": yaku, "minipoints": minipoints, "value": result.value}


def _by_nts_tiles(form: TilesForm, seat_wind: str) -> dict | None:
    """The NTS value of a winning hand (2: points for sets and pairs, doublings, limit 2,000)."""
    data = form.cleaned_data
    hand = NtsTilesHand(
        tiles=data["tiles"].replace(" ", ""),
        win_tile=data["win_tile"].strip(),
        seat_wind=seat_wind,
        round_wind=data["round_wind"] or "E",
        self_drawn=data["tsumo"],
        melds=tuple(data["melds"].split()),
        first_turn=data["first_turn"],
    )
    try:
        score = evaluate_nts(hand)
    except ScoringError as error:
        form.add_error(None, scoring_message(error))
        return None
    return {
        "nts": score,
        "points": [(nts_label(item.code, item.tile), item.value) for item in score.points],
        "doublings": [(nts_label(item.code, item.tile), item.value) for item in score.doublings],
        "limit_name": nts_label(score.limit_hand) if score.limit_hand else "",
        "limit": NTS_LIMIT,  # 2.2: the book's limit, no rule set changes it
    }
