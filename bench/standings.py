"""Standings speed: computing the standings from the database against one plain query of the same seat results.

Usage: .venv/bin/python bench/standings.py [--repeat N]   (DATABASE_URL may point at PostgreSQL; default a temp SQLite)

Prints, for events of growing size, the median time of the standings, of the plain query, their ratio (target
<= 2x) and the number of SQL queries the standings need (must not grow with players or sessions).
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
    return cold, median_seconds(standings, repeat), median_seconds(plain_query, repeat), len(queries)


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
    for players, sessions in ((100, 4), (200, 8), (400, 12)):
        cold, warm, plain, queries = measure(players, sessions, args.repeat)
        print(
            f"{players:>9} x {sessions:<6} {players * sessions:>10} {plain * 1000:>10.1f}ms {cold * 1000:>7.1f}ms "
            f"{cold / plain:>5.2f}x {warm * 1000:>7.1f}ms {warm / plain:>5.2f}x {queries:>8}"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
