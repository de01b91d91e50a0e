"""The hand-worked event of the finals tests (issue 31): 32 players p01..p32, six sessions, top 8 halved, one final
session. Every regular session seats the same tables: table t has p(4t-3), p(4t-2), p(4t-1), p(4t) in the winds E,
S, W, N. Worked by hand (EMA 2016: the score is raw - 30,000, 3.6; uma 15,000 / 5,000 / -5,000 / -15,000, 3.6.1;
tied players split the uma of their places):

Sessions 1 to 4: every seat 30,000, a four-way tie: score 0, uma (15 + 5 - 5 - 15) / 4 = 0: everyone 0.
Pattern A, raw 45,000 / 35,000 / 25,000 / 15,000: +15,000 + 15,000 = +30,000 | +5,000 + 5,000 = +10,000 |
    -5,000 - 5,000 = -10,000 | -15,000 - 15,000 = -30,000.
Pattern C, raw 40,000 / 32,000 / 28,000 / 20,000: +10,000 + 15,000 = +25,000 | +2,000 + 5,000 = +7,000 |
    -2,000 - 5,000 = -7,000 | -10,000 - 15,000 = -25,000.
Pattern B: every seat 30,000: 0 each.

            session 5 (E, S, W, N)        session 6 (E, S, W, N)          total after 6
table 1     A  +30 +10 -10 -30           A  +30 -10 +10 -30  (E45 S25 W35 N15)   p01 +60 p02 0 p03 0 p04 -60
table 2     C  +25  +7  -7 -25           C  +25  +7  -7 -25                      p05 +50 p06 +14 p07 -14 p08 -50
table 3     A  +30 +10 -10 -30           C  +25  +7  -7 -25                      p09 +55 p10 +17 p11 -17 p12 -55
table 4     C  +25  +7  -7 -25           A  +10 +30 -10 -30  (E35 S45 W25 N15)   p13 +35 p14 +37 p15 -17 p16 -55
table 5     B                            A  +30 +10 -10 -30                      p17 +30 p18 +10 p19 -10 p20 -30
table 6     A  +30 +10 -10 -30           A  -10 +10 -30 +30  (E25 S35 W15 N45)   p21 +20 p22 +20 p23 -40 p24 0
table 7     B                            C  +25  +7  -7 -25                      p25 +25 p26 +7 p27 -7 p28 -25
table 8     B                            B                                       p29 p30 p31 p32 0

(in thousands). The standings after session 6: 1 p01 60,000 | 2 p09 55,000 | 3 p05 50,000 | 4 p14 37,000 |
5 p13 35,000 | 6 p17 30,000 | 7 p25 25,000 | 8= p21 20,000 | 8= p22 20,000 | 10 p10 17,000 | 11 p06 14,000 |
12 p18 10,000 | 13 p26 7,000 | 14= p02 p03 p24 p29 p30 p31 p32 0 | 21 p27 -7,000 | 22 p19 -10,000 |
23 p07 -14,000 | 24= p11 p15 -17,000 | 26 p28 -25,000 | 27 p20 -30,000 | 28 p23 -40,000 | 29 p08 -50,000 |
30= p12 p16 -55,000 | 32 p04 -60,000.

The tie at places 8 and 9: p21 and p22 both 20,000. best_session: p21's best is session 5's +30,000, p22's
+10,000 (both sessions): p21 goes through. fewest_fourths does not break it (neither was ever fourth; in sessions
1-4 everyone shares first place), so with that tie-break alone the organiser decides.
"""

A = (45_000, 35_000, 25_000, 15_000)
C = (40_000, 32_000, 28_000, 20_000)
B = (30_000, 30_000, 30_000, 30_000)
REGULAR = {
    **{session: [B] * 8 for session in (1, 2, 3, 4)},
    5: [A, C, A, C, B, A, B, B],
    6: [
        (45_000, 25_000, 35_000, 15_000),
        C,
        C,
        (35_000, 45_000, 25_000, 15_000),
        A,
        (25_000, 35_000, 15_000, 45_000),
        C,
        B,
    ],
}
KEYS = [f"p{n:02d}" for n in range(1, 33)]
TABLES = [KEYS[i : i + 4] for i in range(0, 32, 4)]  # every regular session

# The final (session 7), seated by place with p21 through on best_session: table 1 p01 p09 p05 p14, table 2 p13
# p17 p25 p21 (E, S, W, N). p25 is absent: a guest substitutes from the start (5.8), the seat is recorded as the
# substitute's score and uma, -15,000 and -15,000 = -30,000, and the guest's raw places the others.
FINAL_TABLES = [["p01", "p09", "p05", "p14"], ["p13", "p17", "p25", "p21"]]
FINAL_RAW = [(25_000, 45_000, 35_000, 15_000), (45_000, 35_000, 25_000, 15_000)]
# table 1: p01 -5,000 - 5,000 = -10,000 | p09 +15,000 + 15,000 = +30,000 | p05 +5,000 + 5,000 = +10,000 |
#          p14 -15,000 - 15,000 = -30,000
# table 2: p13 +30,000 | p17 +10,000 | p25 substituted: -15,000 - 15,000 = -30,000 | p21 -30,000
# Halved (20,000 / 2 ...) carry plus the final: p09 27,500 + 30,000 = 57,500 | p13 17,500 + 30,000 = 47,500 |
# p05 25,000 + 10,000 = 35,000 | p17 15,000 + 10,000 = 25,000 | p01 30,000 - 10,000 = 20,000 |
# p14 18,500 - 30,000 = -11,500 | p25 12,500 - 30,000 = -17,500 | p21 10,000 - 30,000 = -20,000.
CARRY = {
    "p01": 30_000,
    "p09": 27_500,
    "p05": 25_000,
    "p14": 18_500,
    "p13": 17_500,
    "p17": 15_000,
    "p25": 12_500,
    "p21": 10_000,
}
# The final ranking: the finalists by their final totals, then everyone else in their order at the cut (p22 9th,
# the seven at 0 share 14th, ...).
FINAL_RANKING = [
    (1, False, "p09", 57_500),
    (2, False, "p13", 47_500),
    (3, False, "p05", 35_000),
    (4, False, "p17", 25_000),
    (5, False, "p01", 20_000),
    (6, False, "p14", -11_500),
    (7, False, "p25", -17_500),
    (8, False, "p21", -20_000),
    (9, False, "p22", 20_000),
    (10, False, "p10", 17_000),
    (11, False, "p06", 14_000),
    (12, False, "p18", 10_000),
    (13, False, "p26", 7_000),
    *((14, True, key, 0) for key in ("p02", "p03", "p24", "p29", "p30", "p31", "p32")),
    (21, False, "p27", -7_000),
    (22, False, "p19", -10_000),
    (23, False, "p07", -14_000),
    (24, True, "p11", -17_000),
    (24, True, "p15", -17_000),
    (26, False, "p28", -25_000),
    (27, False, "p20", -30_000),
    (28, False, "p23", -40_000),
    (29, False, "p08", -50_000),
    (30, True, "p12", -55_000),
    (30, True, "p16", -55_000),
    (32, False, "p04", -60_000),
]
