"""Exhaustive proof that every 20x6 schedule (tables of 4) has at least 6 excess meetings.

Run from the repository root: python tools/seating/prove_20x6_min.py (about 5 minutes, one core, gcc).

The run-time search and simulated annealing reach E = 6; prove_20x6.py shows E > 0.  This script shows E >= 6,
so 6 is optimal.  Suppose E <= 5.  Call two sessions *in conflict* when some pair meets in both; a pair meeting m
times puts its m sessions in conflict with each other (a clique K_m) and adds m - 1 to E.

* A pair meeting in all 6 sessions costs E = 5, so no other pair repeats; its 2 players see only 12 others, and
  each of the 6 players never seated with them needs 18 distinct partners among the 17 remaining: impossible.
* ``configurations_ok`` checks every other set of cliques with sum(m - 1) <= 5 on 6 sessions: either (case H)
  some pair meets m >= 3 times and one of its sessions has a conflict-free partner session, or (case L) every
  pair meets at most twice and three sessions are pairwise conflict-free.

Two conflict-free sessions are, up to relabelling, the canonical sessions 1 and 2 of prove_20x6.py: player
(g, t) with g != t in 0..4 (player 4g + rank of t) sits at table g in session 1 and at table t in session 2.  The
group of 240 permutations (g, t) -> (pi g, pi t) or (pi t, pi g) preserves them.

* Case H: the heavy pair sits in session 1, so it is {0, 1} (the group is transitive on these pairs), and it
  meets again in two of sessions 3..6, which we number 3 and 4.  budget20.c: sessions 3..6 with at most 5 waste,
  players 0 and 1 together in sessions 3 and 4.
* Case L: session 3 is one of the 9408 partitions that repeat no pair of sessions 1-2; up to the group, 72 of
  them.  For each, budget20.c: sessions 4..6 with at most 5 waste and no pair meeting 3 times.

All searches answer NONE.  Controls: with budget 0 and sessions 3..6 free the search answers NONE (as dlx in
prove_20x6.py); with budget 6 in case L it finds an E = 6 schedule, which is checked independently.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections import Counter
from itertools import combinations, permutations
from pathlib import Path

from prove_20x6 import first_two_sessions

SRC = Path(__file__).resolve().parent / "budget20.c"
N = 20
# index of a case-L representative with an E = 6 completion (found by scanning the representatives with budget 6)
CONTROL_REP = 12


def configurations_ok() -> None:
    """The case split above covers every multiset of conflict cliques with sum(m - 1) <= 5 except K_6."""
    sessions = range(6)
    subsets = [frozenset(c) for k in range(2, 7) for c in combinations(sessions, k)]

    def check(chosen: list[frozenset]) -> None:
        edges = {frozenset(e) for s in chosen for e in combinations(s, 2)}
        free = [e for e in combinations(sessions, 2) if frozenset(e) not in edges]
        heavy = [s for s in chosen if len(s) >= 3]
        if heavy:
            ok = any(i in s or j in s for i, j in free for s in heavy)
        else:
            ok = any(
                all(frozenset(e) not in edges for e in combinations(t, 2)) for t in combinations(sessions, 3)
            )
        assert ok or chosen == [frozenset(sessions)], chosen

    def rec(start: int, budget: int, chosen: list[frozenset]) -> None:
        if chosen:
            check(chosen)
        for k in range(start, len(subsets)):
            if len(subsets[k]) - 1 <= budget:
                rec(k, budget - len(subsets[k]) + 1, chosen + [subsets[k]])

    rec(0, 5, [])


def group() -> list[tuple[int, ...]]:
    """The 240 permutations of the players that preserve sessions 1 and 2 (as a pair)."""
    code = {}
    for g in range(5):
        for k, t in enumerate(t for t in range(5) if t != g):
            code[4 * g + k] = (g, t)
    index = {v: p for p, v in code.items()}
    out = []
    for pi in permutations(range(5)):
        out.append(tuple(index[pi[code[p][0]], pi[code[p][1]]] for p in range(N)))
        out.append(tuple(index[pi[code[p][1]], pi[code[p][0]]] for p in range(N)))
    met = {pq for table in first_two_sessions() for pq in combinations(table, 2)}
    assert all(tuple(sorted((g[p], g[q]))) in met for g in out for p, q in met)
    return out


def canonical(session, g) -> tuple:
    return tuple(sorted(tuple(sorted(g[x] for x in table)) for table in session))


def third_sessions(grp) -> list[tuple]:
    """Orbit representatives (least image) of the sessions that repeat no pair of sessions 1-2."""
    met = {pq for table in first_two_sessions() for pq in combinations(table, 2)}
    found = []

    def rec(rest: frozenset, tables: list) -> None:
        if not rest:
            found.append(tables)
            return
        p = min(rest)
        for abc in combinations(sorted(rest - {p}), 3):
            block = (p, *abc)
            if not any(pq in met for pq in combinations(block, 2)):
                rec(rest - set(block), tables + [block])

    rec(frozenset(range(N)), [])
    assert len(found) == 9408, len(found)
    return sorted({min(canonical(s, g) for g in grp) for s in found})


def run(exe: Path, budget: int, maxm: int, fixed, classes, forced: int, stab) -> tuple[str, list]:
    words = [budget, maxm, len(fixed), len(classes)]
    words += [x for session in fixed for table in session for x in table]
    words += list(classes) + [forced, len(stab)] + [x for g in stab for x in g]
    res = subprocess.run([str(exe)], input=" ".join(map(str, words)) + "\n", capture_output=True, text=True)
    head, *rows = res.stdout.strip().splitlines()
    assert res.returncode in (0, 1) and head.split()[0] in ("FOUND", "NONE"), res.stdout
    free = [[list(map(int, row.split()))[i : i + 4] for i in range(0, N, 4)] for row in rows]
    return head, free


def excess(sessions) -> int:
    for tables in sessions:
        assert sorted(p for t in tables for p in t) == list(range(N))
    count = Counter(pq for tables in sessions for t in tables for pq in combinations(sorted(t), 2))
    return sum(m - 1 for m in count.values())


def main() -> None:
    configurations_ok()
    print("case split: every configuration with E <= 5 is case H or case L (K_6 excluded by counting)")
    grp = group()
    two = [first_two_sessions()[:5], first_two_sessions()[5:]]
    fix0 = [g for g in grp if g[0] == 0]
    tmp = Path(tempfile.mkdtemp(prefix="seating-20x6-min-"))
    try:
        exe = tmp / "budget20"
        subprocess.run(["gcc", "-O2", "-Wall", "-o", str(exe), str(SRC)], check=True)
        head, _ = run(exe, 0, 0, two, [0, 0, 0, 0], 0, fix0)
        assert head.startswith("NONE")
        print(f"control, E = 0 (sessions 3..6 free): {head}")
        head, _ = run(exe, 5, 0, two, [0, 0, 1, 1], 2, [g for g in fix0 if g[1] == 1])
        print(f"case H, E <= 5 (pair 0-1 meets 3 times or more): {head}")
        assert head.startswith("NONE")
        reps = third_sessions(grp)
        total = 0
        for i, rep in enumerate(reps):
            stab = [g for g in fix0 if canonical(rep, g) == rep]
            head, _ = run(exe, 5, 2, two + [rep], [0, 0, 0], 0, stab)
            assert head.startswith("NONE"), (i, head)
            total += int(head.split()[-1])
        print(
            f"case L, E <= 5 (no pair meets 3 times): NONE for all {len(reps)} third sessions, {total} nodes"
        )
        head, free = run(exe, 6, 2, two + [reps[CONTROL_REP]], [0, 0, 0], 0, [])
        e = excess(two + [reps[CONTROL_REP]] + free)
        assert head.startswith("FOUND") and e == 6
        print(f"control, E <= 6 in case L: {head}, independent count E = {e}")
        print("every 20x6 schedule has at least 6 excess meetings")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
