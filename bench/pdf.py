"""Printing speed: the score sheets of a 100-table session and the seating lists of a 400-player event.

Usage: .venv/bin/python bench/pdf.py [--players N]   (a throw-away SQLite database unless DATABASE_URL is set)

Prints, per document, the pages, the seconds (HTML and PDF together), the pages per second and the CPU seconds.
Target: the 100 score sheets in under 20 s.
"""

import argparse
import random
import sys
import time

from _setup import django_with_scratch_database


def archive(players: int) -> dict:
    from tournament.services.demo import demo_people

    people = demo_people(players, random.Random(7))
    keys = [f"p{i:03d}" for i in range(players)]
    order = random.Random(8).sample(keys, players)
    return {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {"slug": "bench-print", "name": "Tenbou Print Bench Open", "short_name": "BENCH"},
        "players": [{"key": key, **person} for key, person in zip(keys, people, strict=True)],
        "sessions": [
            {
                "number": 1,
                "starts_at": "2026-05-09T10:00:00+02:00",
                "tables": [
                    {
                        "number": t + 1,
                        "seats": [{"wind": w, "player": order[4 * t + i]} for i, w in enumerate("ESWN")],
                    }
                    for t in range(players // 4)
                ],
            }
        ],
    }


def timed(document) -> tuple[int, float, float]:
    """Pages, wall-clock seconds and CPU seconds (the two differ when other work shares the machine)."""
    from tournament.printing.pdf import laid_out

    start, cpu = time.perf_counter(), time.process_time()
    rendered = laid_out(document.html())
    rendered.write_pdf()
    return len(rendered.pages), time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    players = parser.parse_args().players
    django_with_scratch_database()
    from tournament.printing.score_sheets import ScoreSheets
    from tournament.printing.seating_lists import SeatingByName, SeatingByTable
    from tournament.services.archive_import import import_archive

    tournament = import_archive(actor=None, data=archive(players), replace=True)
    print(f"{players} players, {players // 4} tables, session 1")
    print(f"{'document':<22}{'pages':>7}{'seconds':>10}{'pages/s':>10}{'cpu s':>8}")
    for document in (ScoreSheets, SeatingByTable, SeatingByName):
        pages, seconds, cpu = timed(document(tournament, session=1))
        print(f"{document.identifier:<22}{pages:>7}{seconds:>10.2f}{pages / seconds:>10.1f}{cpu:>8.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
