"""Complete hanchans worked out by hand from the EMA Riichi Competition Rules 2016 (and one under 2008).

Each game: the ruleset key, the hand log (seats named by their wind at the start), the scores E S W N after
every hand (riichi sticks on the table not included) and the final raw points. The arithmetic is in the
comments, citing the section and the section 6 table cell; the code under test computed none of it. Shared by
the engine test (tests/scoring/hands/test_hanchans.py) and the score_game command test.
"""

# fmt: off
HANCHAN_1 = {
    "name": "double ron, liability, chombo, draws with counters",
    "ruleset": "ema-2016",
    "log": {"hands": [
        # 1. E1, dealer E, 0 counters. S declares riichi (29,000, 1 stick on the table). Exhaustive draw, E and S
        #    tenpai: W and N pay 1,500 each, 750 to each tenpai player (3.4.2). E 31,500 S 30,500 W 28,500
        #    N 28,500. East tenpai stays East; a counter (3.4.2, 3.4.11): 1 counter, 1 stick.
        {"draw": {"tenpai": ["E", "S"]}, "riichi": ["S"]},
        # 2. E1, 1 counter, 1 stick. N declares riichi. W discards; E (dealer, 2 fan 40 = 3,900, section 6 East
        #    ron) and N (3 fan 30 = 3,900, Other ron) both win. Each gets 300 for the counter from W (4.1).
        #    First winner after the discarder W is N (3.3.14): N gets its own bet back and the stick left from
        #    hand 1. W -8,400 = 20,100; E +4,200 = 35,700; N -1,000 +1,000 +1,000 +4,200 = 33,700.
        #    East won: stays, 2 counters (3.4.9).
        {"ron": [{"seat": "E", "fan": 2, "fu": 40}, {"seat": "N", "fan": 3, "fu": 30}], "from": "W",
         "riichi": ["N"]},
        # 3. Chombo by S (3.4.6): re-deal, W's riichi bet goes back, no counter, East stays. Under 2016 nothing
        #    changes at the table; the 20,000 comes after uma.
        {"chombo": "S", "riichi": ["W"]},
        # 4. E1, 2 counters. S tsumo 1 fan 30: 300 / 500 (Other tsumo) plus 100 per counter from each (3.4.10).
        #    E (dealer) pays 700, W and N 500: S +1,700 = 32,200; E 35,000; W 19,600; N 33,200.
        #    Counters removed, deal passes to S (3.4.11).
        {"tsumo": {"seat": "S", "fan": 1, "fu": 30}},
        # 5. E2, dealer S. Draw, nobody tenpai: no payments (3.4.2); 1 counter; S noten, deal passes to W.
        {"draw": {"tenpai": []}},
        # 6. E3, dealer W, 1 counter. W riichi (18,600); draw, only W tenpai: 1,000 from each (3.4.2).
        #    E 34,000 S 31,200 W 21,600 N 32,200; 1 stick; W stays, 2 counters.
        {"draw": {"tenpai": ["W"]}, "riichi": ["W"]},
        # 7. E3, 2 counters, 1 stick. N wins big three dragons (yakuman, Other ron 32,000) on E's discard; S fed
        #    the third dragon pung: E and S pay 16,000 each, only the discarder E pays the counters (3.3.9):
        #    E -16,600 = 17,400; S 15,200; N +32,000 +600 +1,000 (stick) = 65,800. Deal passes to N.
        {"ron": [{"seat": "N", "yakuman": 1, "liable": "S"}], "from": "E"},
        # 8. E4, dealer N. E tsumo 4 fan 30: 2,000 / 3,900 (Other tsumo; not rounded up to mangan).
        #    N pays 3,900, S and W 2,000: E +7,900 = 25,300; S 13,200; W 19,600; N 61,900. Deal passes to E:
        #    the south round begins (3.5).
        {"tsumo": {"seat": "E", "fan": 4, "fu": 30}},
        # 9. S1, dealer E. E ron from N, seven pairs 2 fan 25: 2,400 (East ron). E 27,700, N 59,500;
        #    1 counter.
        {"ron": [{"seat": "E", "fan": 2, "fu": 25}], "from": "N"},
        # 10. S1, 1 counter. E and W riichi; draw, E S W tenpai: N pays 1,000 to each (3.4.2).
        #     E 27,700 S 14,200 W 19,600 N 56,500; 2 sticks; E stays, 2 counters.
        {"draw": {"tenpai": ["E", "S", "W"]}, "riichi": ["E", "W"]},
        # 11. S1, 2 counters, 2 sticks. W tsumo 3 fan 40: 1,300 / 2,600 (Other tsumo) + 200 each:
        #     E pays 2,800, S and N 1,500; W +5,800 +2,000 (sticks) = 27,400; E 24,900 S 12,700 N 55,000.
        #     Deal passes to S.
        {"tsumo": {"seat": "W", "fan": 3, "fu": 40}},
        # 12. S2, dealer S. S ron from W, mangan 5 fan: 12,000 (East limit). S 24,700, W 15,400; 1 counter.
        {"ron": [{"seat": "S", "fan": 5}], "from": "W"},
        # 13. S2, 1 counter. S ron from E, 1 fan 30: 1,500 (East ron) + 300 = 1,800. S 26,500, E 23,100;
        #     2 counters.
        {"ron": [{"seat": "S", "fan": 1, "fu": 30}], "from": "E"},
        # 14. S2, 2 counters. N tsumo haneman 6 fan: 3,000 / 6,000 + 200 each. S pays 6,200, E and W 3,200:
        #     N +12,600 = 67,600; E 19,900 S 20,300 W 12,200. Deal passes to W.
        {"tsumo": {"seat": "N", "fan": 6}},
        # 15. S3, dealer W. Draw, all four tenpai: no payments; W stays, 1 counter.
        {"draw": {"tenpai": ["E", "S", "W", "N"]}},
        # 16. S3, 1 counter. Draw, nobody tenpai: 2 counters, deal passes to N.
        {"draw": {"tenpai": []}},
        # 17. S4, dealer N, 2 counters. S riichi. E ron from N, 2 fan 30: 2,000 (Other ron) + 600; S's stick
        #     to E. E 23,500 S 19,300 N 65,000. Deal passes to E, who began the game as East, after the south
        #     round: the game is over (3.5).
        {"ron": [{"seat": "E", "fan": 2, "fu": 30}], "from": "N", "riichi": ["S"]},
    ]},
    "running": [
        (31_500, 30_500, 28_500, 28_500),
        (35_700, 30_500, 20_100, 33_700),
        (35_700, 30_500, 20_100, 33_700),
        (35_000, 32_200, 19_600, 33_200),
        (35_000, 32_200, 19_600, 33_200),
        (34_000, 31_200, 21_600, 32_200),
        (17_400, 15_200, 21_600, 65_800),
        (25_300, 13_200, 19_600, 61_900),
        (27_700, 13_200, 19_600, 59_500),
        (27_700, 14_200, 19_600, 56_500),
        (24_900, 12_700, 27_400, 55_000),
        (24_900, 24_700, 15_400, 55_000),
        (23_100, 26_500, 15_400, 55_000),
        (19_900, 20_300, 12_200, 67_600),
        (19_900, 20_300, 12_200, 67_600),
        (19_900, 20_300, 12_200, 67_600),
        (23_500, 19_300, 12_200, 65_000),
    ],
    "rounds": ["E1", "E1", "E1", "E1", "E2", "E3", "E3", "E4", "S1", "S1", "S1", "S2", "S2", "S2", "S3", "S3",
               "S4"],
    "final": {"E": 23_500, "S": 19_300, "W": 12_200, "N": 65_000},  # 120,000 in all
    "chombos": [(3, "S")],
}

HANCHAN_2 = {
    "name": "double ron of two riichi, liable tsumo, riichi in debt, leftover bets to the leader",
    "ruleset": "ema-2016",
    "log": {"hands": [
        # 1. E1, dealer E. E tsumo 3 fan 30: 2,000 from each (East tsumo). E 36,000, others 28,000; 1 counter.
        {"tsumo": {"seat": "E", "fan": 3, "fu": 30}},
        # 2. E1, 1 counter. W and N riichi. S discards; W (2 fan 40 = 2,600) and N (1 fan 30 = 1,000) win,
        #    300 each for the counter. Both get their own bets back (4.1); no other sticks. S -4,200 = 23,800;
        #    W +2,900 = 30,900; N +1,300 = 29,300. East did not win: counters removed, deal to S.
        {"ron": [{"seat": "N", "fan": 1, "fu": 30}, {"seat": "W", "fan": 2, "fu": 40}], "from": "S",
         "riichi": ["W", "N"]},
        # 3. E2, dealer S. N tsumo big four winds (yakuman) on W's fourth wind pung: W pays the whole hand,
        #    16,000 + 8,000 + 8,000 = 32,000 (3.3.9). W -1,100; N 61,300. Deal to W.
        {"tsumo": {"seat": "N", "yakuman": 1, "liable": "W"}},
        # 4. E3, dealer W. W, below zero, declares riichi borrowing the stick (3.6: no bankruptcy): -2,100.
        #    Draw, only W tenpai: +3,000 = 900; E 35,000 S 22,800 N 60,300; 1 stick; W stays, 1 counter.
        {"draw": {"tenpai": ["W"]}, "riichi": ["W"]},
        # 5. E3, 1 counter, 1 stick. E ron from W, 3 fan 40: 5,200 (Other ron) + 300 + the stick.
        #    E 41,500; W -4,600. Deal to N.
        {"ron": [{"seat": "E", "fan": 3, "fu": 40}], "from": "W"},
        # 6. E4, dealer N. S ron from E, 2 fan 30: 2,000. S 24,800; E 39,500. Deal to E: south round.
        {"ron": [{"seat": "S", "fan": 2, "fu": 30}], "from": "E"},
        # 7. S1, dealer E. Draw, only N tenpai: 1,000 from each. E 38,500 S 23,800 W -5,600 N 63,300.
        #    E noten: deal to S, 1 counter.
        {"draw": {"tenpai": ["N"]}},
        # 8. S2, dealer S, 1 counter. S tsumo pinfu 2 fan 20: 700 from each (East tsumo) + 100:
        #    S +2,400 = 26,200; E 37,700 W -6,400 N 62,500; 2 counters.
        {"tsumo": {"seat": "S", "fan": 2, "fu": 20}},
        # 9. S2, 2 counters. W ron from N, seven pairs 4 fan 25: 6,400 (Other ron) + 600. W 600; N 55,500.
        #    Deal to W.
        {"ron": [{"seat": "W", "fan": 4, "fu": 25}], "from": "N"},
        # 10. S3, dealer W. N ron from S, baiman 8 fan: 16,000. N 71,500; S 10,200. Deal to N.
        {"ron": [{"seat": "N", "fan": 8}], "from": "S"},
        # 11. S4, dealer N. E and S riichi; draw, E and S tenpai: W and N pay 1,500 (3.4.2).
        #     E 38,200 S 10,700 W -900 N 70,000; 2 sticks. N noten: the deal passes to E, the game is over.
        #     The 2 sticks go to the leader N (3.6): N 72,000.
        {"draw": {"tenpai": ["E", "S"]}, "riichi": ["E", "S"]},
    ]},
    "running": [
        (36_000, 28_000, 28_000, 28_000),
        (36_000, 23_800, 30_900, 29_300),
        (36_000, 23_800, -1_100, 61_300),
        (35_000, 22_800, 900, 60_300),
        (41_500, 22_800, -4_600, 60_300),
        (39_500, 24_800, -4_600, 60_300),
        (38_500, 23_800, -5_600, 63_300),
        (37_700, 26_200, -6_400, 62_500),
        (37_700, 26_200, 600, 55_500),
        (37_700, 10_200, 600, 71_500),
        (38_200, 10_700, -900, 70_000),
    ],
    "rounds": ["E1", "E1", "E2", "E3", "E3", "E4", "S1", "S2", "S2", "S3", "S4"],
    "final": {"E": 38_200, "S": 10_700, "W": -900, "N": 72_000},
    "chombos": [],
}

HANCHAN_3 = {
    "name": "ended by the time signal after a chombo, leftover bet split between three tied leaders",
    "ruleset": "ema-2016",
    "log": {"time_signal": 4, "hands": [
        # 1. E1, dealer E. S ron from E, 1 fan 30: 1,000. E 29,000, S 31,000. Deal to S.
        {"ron": [{"seat": "S", "fan": 1, "fu": 30}], "from": "E"},
        # 2. E2, dealer S. W ron from E, 1 fan 30: 1,000. E 28,000, W 31,000. Deal to W.
        {"ron": [{"seat": "W", "fan": 1, "fu": 30}], "from": "E"},
        # 3. E3, dealer W. N ron from E, 1 fan 30: 1,000. E 27,000, N 31,000. Deal to N.
        {"ron": [{"seat": "N", "fan": 1, "fu": 30}], "from": "E"},
        # 4. E4, dealer N. The time signal sounds; this hand ends in a chombo by E: a re-deal, which is not a
        #    hand played (5.9), so the re-dealt hand is the hand in progress and one more is played.
        {"chombo": "E"},
        # 5. E4 again. E riichi (26,000); draw, all four tenpai: no payments; 1 stick, 1 counter.
        {"draw": {"tenpai": ["E", "S", "W", "N"]}, "riichi": ["E"]},
        # 6. The one more hand (5.9). Draw, all tenpai. The game ends. S, W and N lead with 31,000: the stick
        #    is split (3.6), 300 each, and the odd 100 goes to S, first in seat order from the first East
        #    (README decision). E 26,000 S 31,400 W 31,300 N 31,300 = 120,000.
        {"draw": {"tenpai": ["E", "S", "W", "N"]}},
    ]},
    "running": [
        (29_000, 31_000, 30_000, 30_000),
        (28_000, 31_000, 31_000, 30_000),
        (27_000, 31_000, 31_000, 31_000),
        (27_000, 31_000, 31_000, 31_000),
        (26_000, 31_000, 31_000, 31_000),
        (26_000, 31_000, 31_000, 31_000),
    ],
    "rounds": ["E1", "E2", "E3", "E4", "E4", "E4"],
    "final": {"E": 26_000, "S": 31_400, "W": 31_300, "N": 31_300},
    "chombos": [(4, "E")],
}

HANCHAN_2008 = {
    "name": "ema-2008: chombo as a reverse mangan, double yakuman, 13 fan counted as yakuman, time signal",
    "ruleset": "ema-2008",
    "log": {"time_signal": 3, "hands": [
        # 1. E1, dealer E. Chombo by S (2008 3.4.6): 4,000 to East, 2,000 to the others. S 22,000,
        #    E 34,000, W 32,000, N 32,000. No counter, East stays.
        {"chombo": "S"},
        # 2. Chombo by East: 4,000 to each. E 22,000, S 26,000, W 36,000, N 36,000.
        {"chombo": "E"},
        # 3. The time signal sounds. W tsumo big four winds, two yakuman (2008 4.2.5): East pays 2 x 16,000,
        #    the others 2 x 8,000. W 100,000; E -10,000; S 10,000; N 20,000. Deal to S.
        {"tsumo": {"seat": "W", "yakuman": 2}},
        # 4. One more hand. N ron from E, 13 fan: a yakuman (2008 4.2), 32,000. N 52,000, E -42,000. Over.
        {"ron": [{"seat": "N", "fan": 13}], "from": "E"},
    ]},
    "running": [
        (34_000, 22_000, 32_000, 32_000),
        (22_000, 26_000, 36_000, 36_000),
        (-10_000, 10_000, 100_000, 20_000),
        (-42_000, 10_000, 100_000, 52_000),
    ],
    "rounds": ["E1", "E1", "E1", "E2"],
    "final": {"E": -42_000, "S": 10_000, "W": 100_000, "N": 52_000},
    "chombos": [(1, "S"), (2, "E")],
}
# fmt: on

HANCHANS = [HANCHAN_1, HANCHAN_2, HANCHAN_3, HANCHAN_2008]
