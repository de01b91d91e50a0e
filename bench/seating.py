"""Seating generator quality and speed on the target cases of the seating issue.

Usage: python bench/seating.py [--case 32x10] [--seed K]   (from the repository root; pure Python, no database)

Prints one row per case: players x sessions, excess meetings, the counting lower bound, the largest number of
meetings of one pair, the wind spread (largest difference between a player's most and least frequent wind), the
most visits of one player to one table number, where the pairings came from, and the seconds taken.
Targets: excess = lower bound (24x8: as close as possible), wind spread 0 when 4 divides the sessions,
under 10 s per case except the tight ones (28x9, 32x10, 40x13), 400x12 under 60 s.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.seating import generate_schedule, quality_report  # noqa: E402
from scoring.seating.constructions import repeat_free_rounds  # noqa: E402
from scoring.seating.designs import best_design  # noqa: E402
from scoring.seating.generator import known_rounds  # noqa: E402

CASES = [
    (16, 5),
    (16, 8),
    (24, 8),
    (28, 8),
    (28, 9),
    (32, 8),
    (32, 10),
    (40, 8),
    (40, 13),
    (48, 8),
    (64, 8),
    (80, 10),
    (100, 10),
    (128, 10),
    (200, 12),
    (400, 12),
]


def source(players: int, sessions: int) -> str:
    """Where generate_schedule takes the pairings from (the same order of preference)."""
    if best_design(players, sessions) is not None:
        return "design"
    if len(repeat_free_rounds(players, sessions)) >= sessions:
        return "construction"
    return f"search+{len(known_rounds(players, sessions))}"  # the sessions known without repeats, kept or not


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", help="one case, e.g. 32x10")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cases = CASES
    if args.case:
        players, sessions = (int(x) for x in args.case.lower().split("x"))
        cases = [(players, sessions)]
    print(
        f"{'case':>7} {'excess':>6} {'bound':>5} {'pair':>4} {'winds':>5} {'tables':>6} {'source':>12} {'seconds':>7}"
    )
    for players, sessions in cases:
        start = time.perf_counter()
        schedule = generate_schedule(players, sessions, seed=args.seed)
        seconds = time.perf_counter() - start
        report = quality_report(schedule, n_players=players)
        print(
            f"{players:>3}x{sessions:<3} {report.excess_meetings:>6} {report.lower_bound:>5} "
            f"{report.max_pair_meetings:>4} {report.wind_spread:>5} {report.max_table_visits:>6} "
            f"{source(players, sessions):>12} {seconds:>7.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
