"""Hand-by-hand riichi scoring: the value of a hand, a game as a sequence of hands, the hand log.

- ``value``: fan and minipoints to payments (4.1, section 6)
- ``log``: the hand log format, parsed into frozen records
- ``settle``: the payments of one hand
- ``game``: counters, riichi bets, dealer rotation, the end of the game; ``replay`` for a table's hands
- ``tiles``: yaku, fan and minipoints from tiles through the ``mahjong`` package (EMA 2016 options)
- ``nts``: the Dutch classical (NTS) hand value and settlement
"""

from scoring.hands.game import GameResult, HandResult, TableState, check_table_hands, replay, score_game
from scoring.hands.log import HandLog, parse_log
from scoring.hands.value import HandValue, hand_value

__all__ = [
    "GameResult",
    "HandLog",
    "HandResult",
    "HandValue",
    "TableState",
    "check_table_hands",
    "hand_value",
    "parse_log",
    "replay",
    "score_game",
]
