"""The hand log: a game as a list of hands, parsed into frozen records (docs/formats.md, "The hand log").

Seats are named by their wind at the start of the game (E, S, W, N). A hand is exactly one of::

    {"ron": [{"seat": "S", "fan": 3, "fu": 40}, ...], "from": "W", "riichi": ["S", "N"]}
    {"tsumo": {"seat": "E", "fan": 2, "fu": 30}}
    {"draw": {"tenpai": ["E", "N"]}}
    {"chombo": "W"}

with an optional ``riichi`` list on any of them; a win is ``fan`` (and ``fu`` below 5 fan) or ``yakuman``, and
may name the seat ``liable`` for it (3.3.9). The log may carry ``time_signal``: the number of the hand in
progress when the 15-minute signal sounded (5.9). Structure is checked here; the values (fan, minipoints,
points for riichi) are checked by ``scoring.hands.game`` when the hand is played.
"""

from dataclasses import dataclass

from scoring.errors import ScoringError
from scoring.limits import MAX_HANDS

SEATS = ("E", "S", "W", "N")
RON, TSUMO, DRAW, CHOMBO = "ron", "tsumo", "draw", "chombo"
KINDS = (RON, TSUMO, DRAW, CHOMBO)
_HAND_KEYS = {RON: {RON, "from", "riichi"}, TSUMO: {TSUMO, "riichi"}, DRAW: {DRAW, "riichi"}}
_HAND_KEYS[CHOMBO] = {CHOMBO, "riichi"}
_WIN_KEYS = {"seat", "fan", "fu", "yakuman", "liable"}


@dataclass(frozen=True)
class Win:
    seat: int  # index into SEATS
    fan: int = 0
    fu: int | None = None
    yakuman: int = 0
    liable: int | None = None  # 3.3.9: the seat that fed the third dragon / fourth wind set


@dataclass(frozen=True)
class Hand:
    number: int  # 1-based position in the log
    kind: str  # ron, tsumo, draw or chombo
    wins: tuple[Win, ...] = ()  # ron: one to three winners; tsumo: one
    discarder: int | None = None  # ron only
    tenpai: tuple[int, ...] = ()  # draw only
    offender: int | None = None  # chombo only
    riichi: tuple[int, ...] = ()  # seats that declared riichi (and paid 1,000) in this hand


@dataclass(frozen=True)
class HandLog:
    hands: tuple[Hand, ...]
    time_signal: int | None = None


def parse_log(data) -> HandLog:
    """The log as records; raises ScoringError whose message starts with the hand number."""
    if isinstance(data, list):
        data = {"hands": data}
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise ScoringError("bad_log", 'a hand log is an object {"hands": [...]}')
    unknown = sorted(set(data) - {"hands", "time_signal"})
    if unknown:
        raise ScoringError(
            "bad_log_key", f"unknown key {unknown[0]!r} in the hand log (hands, time_signal)", key=unknown[0]
        )
    if len(data["hands"]) > MAX_HANDS:
        raise ScoringError(
            "too_many_hands",
            f"{len(data['hands']):,} hands; a game has at most {MAX_HANDS} (chombo re-deals included)",
            count=len(data["hands"]),
            limit=MAX_HANDS,
        )
    hands = tuple(parse_hand(number, raw) for number, raw in enumerate(data["hands"], start=1))
    signal = data.get("time_signal")
    if signal is not None and (not _is_int(signal) or not 1 <= signal <= len(hands)):
        raise ScoringError(
            "bad_time_signal",
            f"time_signal must be the number of a hand in the log (1 to {len(hands)}), got {signal!r}",
            hands=len(hands),
            value=signal,
        )
    return HandLog(hands, signal)


def parse_hand(number: int, raw) -> Hand:
    try:
        return _hand(number, raw)
    except ScoringError as error:
        raise at_hand(number, error) from error


def at_hand(number: int, error: ScoringError) -> ScoringError:
    """The same error with its message starting "hand N: "."""
    if error.params.get("hand") is not None:
        return error
    return ScoringError(error.code, f"hand {number}: {error.message}", **{**error.params, "hand": number})


def _hand(number: int, raw) -> Hand:
    if not isinstance(raw, dict):
        raise ScoringError("bad_hand", "a hand is an object with one of ron, tsumo, draw, chombo")
    kinds = [kind for kind in KINDS if kind in raw]
    if len(kinds) != 1:
        raise ScoringError("hand_kinds", "a hand has exactly one of ron, tsumo, draw, chombo")
    kind = kinds[0]
    if kind == TSUMO and "from" in raw:
        raise ScoringError("tsumo_with_discarder", 'a tsumo is a self-draw: it has no discarder ("from")')
    unknown = sorted(set(raw) - _HAND_KEYS[kind])
    if unknown:
        raise ScoringError(
            "bad_hand_key", f"unknown key {unknown[0]!r} in a {kind} hand", key=unknown[0], kind=kind
        )
    riichi = _seat_list(raw.get("riichi", []), "riichi")
    if kind == RON:
        return _ron(number, raw, riichi)
    if kind == TSUMO:
        if not isinstance(raw[TSUMO], dict):
            raise ScoringError("bad_tsumo", 'tsumo is one winner, e.g. {"seat": "E", "fan": 2, "fu": 30}')
        return Hand(number, TSUMO, wins=(_win(raw[TSUMO]),), riichi=riichi)
    if kind == DRAW:
        return Hand(number, DRAW, tenpai=_tenpai(raw[DRAW]), riichi=riichi)
    return Hand(number, CHOMBO, offender=seat_index(raw[CHOMBO], "chombo"), riichi=riichi)


def _ron(number: int, raw, riichi) -> Hand:
    if "from" not in raw:
        raise ScoringError("ron_without_discarder", 'a ron needs the discarder: "from"')
    discarder = seat_index(raw["from"], "from")
    if not isinstance(raw[RON], list) or not 1 <= len(raw[RON]) <= 3:
        raise ScoringError("bad_ron", "ron is a list of one to three winners")
    wins = tuple(_win(item) for item in raw[RON])
    seats = [win.seat for win in wins]
    if len(set(seats)) != len(seats):
        twice = next(seat for seat in seats if seats.count(seat) > 1)
        raise ScoringError("ron_seat_twice", f"{SEATS[twice]} wins twice in one ron", seat=SEATS[twice])
    if discarder in seats:
        raise ScoringError(
            "discarder_wins",
            f"the discarder {SEATS[discarder]} cannot win on their own discard",
            seat=SEATS[discarder],
        )
    return Hand(number, RON, wins=wins, discarder=discarder, riichi=riichi)


def _win(raw) -> Win:
    if not isinstance(raw, dict) or "seat" not in raw:
        raise ScoringError("bad_win", 'a winner is an object with "seat" and "fan"/"fu" or "yakuman"')
    unknown = sorted(set(raw) - _WIN_KEYS)
    if unknown:
        raise ScoringError(
            "bad_win_key",
            f"unknown key {unknown[0]!r} in a winner (seat, fan, fu, yakuman, liable)",
            key=unknown[0],
        )
    seat = seat_index(raw["seat"], "seat")
    liable = seat_index(raw["liable"], "liable") if "liable" in raw else None
    if liable == seat:
        raise ScoringError(
            "liable_winner", f"the winner {SEATS[seat]} cannot be liable for their own hand", seat=SEATS[seat]
        )
    fan, yakuman = raw.get("fan", 0), raw.get("yakuman", 0)
    for name, value in (("fan", fan), ("yakuman", yakuman)):
        if not _is_int(value) or value < 0:
            raise ScoringError(
                "bad_fan", f"{name} must be a whole number, got {value!r}", name=name, value=value
            )
    if not fan and not yakuman:
        raise ScoringError(
            "winner_without_fan",
            f"winner {SEATS[seat]}: a winning hand has at least 1 fan (4.1)",
            seat=SEATS[seat],
        )
    if liable is not None and not yakuman:
        raise ScoringError(
            "bad_liable", "liability (3.3.9) is for big three dragons or big four winds: give yakuman"
        )
    return Win(seat, fan, raw.get("fu"), yakuman, liable)


def _tenpai(raw) -> tuple[int, ...]:
    if not isinstance(raw, dict) or set(raw) != {"tenpai"}:
        raise ScoringError("bad_draw", 'a draw is {"tenpai": [...]}, the seats that showed a waiting hand')
    return _seat_list(raw["tenpai"], "tenpai")


def _seat_list(raw, name: str) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise ScoringError("bad_seats", f"{name} must be a list of seats (E, S, W, N)", name=name)
    seats = tuple(seat_index(item, name) for item in raw)
    if len(set(seats)) != len(seats):
        raise ScoringError("seat_named_twice", f"{name} names a seat twice", name=name)
    return tuple(sorted(seats))


def seat_index(raw, name: str) -> int:
    if raw not in SEATS:
        raise ScoringError(
            "unknown_seat", f"{name}: unknown seat {raw!r}; seats are E, S, W, N", name=name, value=raw
        )
    return SEATS.index(raw)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
