"""Exhaustive check that 20 players cannot play 6 sessions without a repeated pair (no 4-RGDD of type 2^10).

Run from the repository root: python tools/seating/prove_20x6.py (under a second).

Without loss of generality session 1 is {0..3}, {4..7}, ..., {16..19} (groups g = 0..4).  A repeat-free session 2
seats at each table four players of four different groups, so each table misses exactly one group and each group
misses exactly one table; numbering the tables by the group they miss and the players of each group in the order
of their tables makes session 2 unique (table t = the k-th member of every group g != t, k the rank of t among the
tables != g).  Sessions 3..6 are then an exact cover problem (dlx.c): items (session, player), pairs not yet met
as secondary items.  dlx answers NONE, so every 20x6 schedule has at least one repeated pair.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from itertools import combinations
from pathlib import Path

from build import NODE_LIMIT, compile_solver


def first_two_sessions() -> list[list[int]]:
    """Sessions 1 and 2 in the canonical form described above (tables as sorted lists)."""
    one = [list(range(4 * g, 4 * g + 4)) for g in range(5)]
    two: list[list[int]] = [[] for _ in range(5)]
    for g in range(5):
        for k, t in enumerate(t for t in range(5) if t != g):
            two[t].append(4 * g + k)
    return one + [sorted(t) for t in two]


def problem(rounds: int = 4) -> str:
    """dlx input: the remaining sessions, each a partition into blocks of pairs not met in sessions 1 and 2."""
    met = {pq for table in first_two_sessions() for pq in combinations(table, 2)}
    free = [pq for pq in combinations(range(20), 2) if pq not in met]
    pid = {pq: i for i, pq in enumerate(free)}
    options = [
        [r * 20 + x for x in b] + [rounds * 20 + pid[pq] for pq in combinations(b, 2)]
        for r in range(rounds)
        for b in combinations(range(20), 4)
        if not any(pq in met for pq in combinations(b, 2))
    ]
    lines = [f"{rounds * 20} {len(free)} {len(options)}"] + [
        f"{len(o)} " + " ".join(map(str, o)) for o in options
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="seating-20x6-"))
    try:
        res = subprocess.run(
            [str(compile_solver(tmp)), "1", str(NODE_LIMIT), "0"],
            input=problem(),
            capture_output=True,
            text=True,
        )
        print(res.stdout.strip())
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
