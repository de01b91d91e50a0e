"""The hand-worked EVENT of tests/scoring/test_side_rankings.py as a tournament (archive import; no tests here):
twelve players a..l, one session of three tables, i's chombo, h withdrawn, i disqualified, with the teams,
countries, clubs and categories of those tests set on the registrations.

Standings: 1 a 30,000 | 2= e 20,000 | 2= f 20,000 | 4 b 10,000 | 5 j 5,000 | 6 c -10,000 | 7 k -11,000
| 8 g -13,000 | 9 l -29,000 | 10 d -30,000 | 11 i 15,000 (disqualified).
Teams, best 2: 1 Bamboo 9,000 (f, k) | 2 Dragons 7,000 (e, g) | 3= Circles 0 | 3= Winds 0 | 5 Flowers 5,000 (short).
Countries, best 3: 1 NED 60,000 | 2 GER -3,000 | 3 FRA -9,000. Clubs: 1 Lotus 21,000 | 2 Tsumo 20,000 | 3 Riichi
-30,000. Newcomers: 1= e (2=) | 1= f (2=) | 3 j (5) | 4 c (6) | 5 i (11).
"""

from tournament.models import Registration, Tournament
from tournament.services.archive_import import import_archive

SLUG = "side-event"
RAW = {"a": 45_000, "b": 35_000, "c": 25_000, "d": 15_000, "e": 40_000, "f": 40_000, "g": 22_000, "h": 18_000}
RAW |= {"i": 50_000, "j": 30_000, "k": 24_000, "l": 16_000}
STATUS = {"h": "withdrawn", "i": "disqualified"}
COUNTRY = (
    dict.fromkeys("abek", "NED") | dict.fromkeys("cdfg", "GER") | dict.fromkeys("ijl", "FRA") | {"h": "DEN"}
)
CLUB = dict.fromkeys("afl", "Lotus") | dict.fromkeys("bec", "Tsumo") | {"d": "Riichi", "h": "Riichi"}
TEAM = dict.fromkeys("ad", "Winds") | dict.fromkeys("bc", "Circles") | dict.fromkeys("egl", "Dragons")
TEAM |= dict.fromkeys("fki", "Bamboo") | dict.fromkeys("jh", "Flowers")
CATEGORIES = {key: ["newcomer"] for key in "ejcih"} | {"f": ["Newcomer", "ladies"], "a": ["ladies"]}
FIRST = dict(
    zip(
        "abcdefghijkl",
        ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fleur", "Gijs", "Hans", "Ids", "Joke", "Kees", "Lot"],
        strict=True,
    )
)


def archive() -> dict:
    players = [
        {
            "key": key,
            "first_name": FIRST[key],
            "last_name": key.upper() * 3,
            "ema_id": None,
            "country": COUNTRY[key],
            "club": CLUB.get(key, ""),
            "status": STATUS.get(key, "active"),
        }
        for key in "abcdefghijkl"
    ]
    tables = [
        {
            "number": number,
            "seats": [{"wind": w, "player": k, "score": RAW[k]} for w, k in zip("ESWN", keys, strict=True)],
        }
        for number, keys in ((1, "abcd"), (2, "efgh"), (3, "ijkl"))
    ]
    return {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": SLUG, "name": "Side Event", "ruleset": "ema-2016"},
        "players": players,
        "sessions": [{"number": 1, "tables": tables}],
        "penalties": [{"player": "i", "session": 1, "kind": "chombo", "reason": "false ron"}],
    }


def side_event(*, team_best: int | None = 2) -> Tournament:
    tournament = import_archive(actor=None, data=archive())
    for key in "abcdefghijkl":
        Registration.objects.filter(tournament=tournament, key=key).update(
            team=TEAM.get(key, ""), categories=CATEGORIES.get(key, [])
        )
    Tournament.objects.filter(pk=tournament.pk).update(team_best=team_best)
    tournament.refresh_from_db()
    return tournament


# TIE of tests/scoring/test_side_rankings.py: p and q tie first at 60,000 (p: best session 45,000, one first, no
# fourth, 9,000 in the last session; q: 44,000, two firsts, one fourth, 44,000 in the last session).
TIE_SLUG = "tie-event"
TIE_RAW = [
    {"p": 60_000, "q": 17_000, "r": 23_000, "s": 20_000},
    {"p": 31_000, "q": 59_000, "r": 16_000, "s": 14_000},
    {"p": 34_000, "q": 59_000, "r": 13_500, "s": 13_500},
]


def tie_event() -> Tournament:
    players = [
        {"key": key, "first_name": first, "last_name": "Tie", "ema_id": ema, "country": "NED"}
        for key, first, ema in (("p", "Piet", "08000001"), ("q", "Quinta", "08000002"))
        + (("r", "Rob", "08000003"), ("s", "Sanne", "08000004"))
    ]
    sessions = [
        {
            "number": number,
            "tables": [
                {
                    "number": 1,
                    "seats": [
                        {"wind": w, "player": k, "score": raw[k]} for w, k in zip("ESWN", "pqrs", strict=True)
                    ],
                }
            ],
        }
        for number, raw in enumerate(TIE_RAW, start=1)
    ]
    tournament = {
        "slug": TIE_SLUG,
        "name": "Tie Open",
        "short_name": "TIE26",
        "city": "Utrecht",
        "country": "NED",
        "start_date": "2026-05-09",
        "end_date": "2026-05-09",
        "ruleset": "ema-2016",
        "qualification": False,
    }
    data = {"format": "riichi-tournament-archive", "version": 1, "tournament": tournament, "players": players}
    return import_archive(actor=None, data=data | {"sessions": sessions, "penalties": []})
