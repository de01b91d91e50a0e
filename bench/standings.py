"""Standings speed: computing the standings from the database against one plain query of the same seat results,
and the side rankings (team, country, club, a category, prize places) beside them.

Usage: .venv/bin/python bench/standings.py [--repeat N]   (DATABASE_URL may point at PostgreSQL; default a temp SQLite)

Prints, for events of growing size, the median time of the standings, of the plain query, their ratio (target
<= 2x) and the number of SQL queries the standings need (must not grow with players or sessions). Then, for the
same events (players in teams of 4, 16 countries, 40 clubs, a fifth of them newcomers, every tie-break on), the
median time of each side ranking read from the standings, and all of them together against the standings
themselves (target: less; a side ranking never scores a table again).
"""

import argparse
import random
import statistics
import sys
import time

from _setup import django_with_scratch_database


def archive(players: int, sessions: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    keys = [f"p{i:04d}" for i in range(players)]
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": f"bench-{players}x{sessions}", "name": f"Bench {players} x {sessions}"},
        "players": [
            {"key": k, "first_name": "Player", "last_name": k, "ema_id": None, "country": "NED"} for k in keys
        ],
        "sessions": [],
        "penalties": [],
    }
    for number in range(1, sessions + 1):
        order = rng.sample(keys, players)
        tables = []
        for t in range(players // 4):
            raws = [30_000 + rng.randrange(-150, 150) * 100 for _ in range(3)]
            raws.append(120_000 - sum(raws))
            tables.append(
                {
                    "number": t + 1,
                    "seats": [
                        {"wind": w, "player": p, "score": r}
                        for w, p, r in zip("ESWN", order[4 * t : 4 * t + 4], raws, strict=True)
                    ],
                }
            )
        data["sessions"].append({"number": number, "tables": tables})
        data["penalties"].append({"player": rng.choice(keys), "session": number, "kind": "chombo"})
    return data


def median_seconds(function, repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def measure(players: int, sessions: int, repeat: int) -> tuple:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament import selectors
    from tournament.models import SeatResult
    from tournament.services.archive_import import import_archive

    tournament = import_archive(actor=None, data=archive(players, sessions))

    def plain_query():
        return list(
            SeatResult.objects.filter(
                result__is_current=True, result__table__session__tournament=tournament
            ).values_list(
                "result__table__session__number",
                "result__table__number",
                "result__leftover_sticks",
                "seat__wind",
                "seat__registration_id",
                "raw_score",
                "substitute",
            )
        )

    def standings():
        return selectors.standings(tournament)

    assert len(plain_query()) == players * sessions
    with CaptureQueriesContext(connection) as queries:
        cold = median_seconds(standings, 1)  # nothing scored yet in this process
    warm = median_seconds(standings, repeat)
    return cold, warm, median_seconds(plain_query, repeat), len(queries), side_rankings(tournament, repeat)


COUNTRIES = [
    "NED",
    "GER",
    "FRA",
    "DEN",
    "POL",
    "HUN",
    "CZE",
    "SWE",
    "GBR",
    "ITA",
    "ESP",
    "AUT",
    "BEL",
    "FIN",
    "RUS",
    "UKR",
]


def with_groups(tournament) -> None:
    """Teams of 4, 16 countries, 40 clubs, every fifth player a newcomer; every tie-break on."""
    from scoring.side_rankings import TIE_BREAKS
    from tournament.models import Player, Registration

    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player").order_by("key")
    )
    for i, registration in enumerate(registrations):
        registration.team = f"Team {i // 4:03d}"
        registration.club = f"Club {i % 40:02d}"
        registration.categories = ["newcomer"] if i % 5 == 0 else []
        registration.player.country = COUNTRIES[i % len(COUNTRIES)]
    Registration.objects.bulk_update(registrations, ["team", "club", "categories"])
    Player.objects.bulk_update([r.player for r in registrations], ["country"])
    tournament.tie_breaks = list(TIE_BREAKS)
    tournament.save(update_fields=["tie_breaks"])


def side_rankings(tournament, repeat: int) -> dict[str, float]:
    """The median time of each side ranking, read from the (warm) standings."""
    from tournament import selectors
    from tournament.selectors.side_rankings import category_ranking, group_ranking, prize_places

    with_groups(tournament)
    standings = selectors.standings(tournament)
    rankings = {
        "team": lambda: group_ranking(standings, "team"),
        "country": lambda: group_ranking(standings, "country"),
        "club": lambda: group_ranking(standings, "club"),
        "category": lambda: category_ranking(standings, "newcomer"),
        "prizes": lambda: prize_places(standings),
    }
    assert len(rankings["team"]()) == len(standings.rows) // 4 and rankings["category"]()
    return {name: median_seconds(ranking, repeat) for name, ranking in rankings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    django_with_scratch_database()
    from django.db import connection

    print(f"database: {connection.vendor}; median of {args.repeat} runs")
    print(
        "cold = first standings of the event in this process; warm = the standings again (tables already scored)"
    )
    print(
        f"{'players x sessions':>18} {'seat rows':>10} {'plain query':>12} {'cold':>9} {'ratio':>6} "
        f"{'warm':>9} {'ratio':>6} {'queries':>8}"
    )
    sides = []
    for players, sessions in ((100, 4), (200, 8), (400, 12)):
        cold, warm, plain, queries, side = measure(players, sessions, args.repeat)
        sides.append((players, sessions, warm, side))
        print(
            f"{players:>9} x {sessions:<6} {players * sessions:>10} {plain * 1000:>10.1f}ms {cold * 1000:>7.1f}ms "
            f"{cold / plain:>5.2f}x {warm * 1000:>7.1f}ms {warm / plain:>5.2f}x {queries:>8}"
        )
    print()
    print(
        "side rankings read from the standings (all = team + country + club + category + prizes; target < warm)"
    )
    names = list(sides[0][3])
    print(
        f"{'players x sessions':>18} "
        + " ".join(f"{name:>9}" for name in names)
        + f" {'all':>9} {'warm':>9} {'share':>6}"
    )
    for players, sessions, warm, side in sides:
        every = sum(side.values())
        print(
            f"{players:>9} x {sessions:<6} "
            + " ".join(f"{side[name] * 1000:>7.2f}ms" for name in names)
            + f" {every * 1000:>7.2f}ms {warm * 1000:>7.1f}ms {every / warm:>5.2f}x"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
