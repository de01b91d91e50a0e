"""Offline builder for the shipped seating designs (scoring/seating/designs/data/*.json).

Run from the repository root:

    python tools/seating/build.py             # rebuild every design in SPECS
    python tools/seating/build.py 24x7 40x14  # rebuild only these

It compiles tools/seating/gsearch.c with gcc into a temporary directory (offline only: nothing is compiled at
run time or in CI), describes a point set with a prescribed automorphism group (``levels_structure`` or
``cyclic_structure``), lets gsearch find one base round whose orbit is a resolvable design, develops it,
appends the requested extra rounds (seeded local search, ``extra_round``), validates the result independently
(partition of 0..N-1 in every session, excess meetings, max pair meetings, per prefix) and writes compact JSON.
Everything is deterministic for the seeds in SPECS.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "tools" / "seating" / "gsearch.c"
OUT = ROOT / "scoring" / "seating" / "designs" / "data"
GENERATOR = "tools/seating/build.py"

Perm = list[int]


def power(p: Perm, e: int) -> Perm:
    r = list(range(len(p)))
    for _ in range(e):
        r = [p[x] for x in r]
    return r


def levels_structure(m: int, n_inf: int, kind: str, use_k: bool) -> tuple[int, list[Perm], list[Perm], list]:
    """Points (x, a) in Z_m x {0,1,2} (player a*m + x) plus n_inf fixed points (players 3m..3m+n_inf-1).

    Rounds: sigma^t (t < m), sigma(x, a) = (x + 1, a).  K = <tau> with tau(x, a) = (x, a + 1) (tau also rotates
    three infinite points) must fix the base round, or K = {id} when use_k is False.
    kind: "rbibd" (no groups), "rgdd2" (groups {(x,a),(x+m/2,a)} and the infinite points),
    "rgdd3" (groups {(x,0),(x,1),(x,2)} and the infinite points),
    "cover" (no groups; the short orbits {(x,a),(x+m/2,a)} may meet twice).
    """
    n = 3 * m + n_inf
    fin = 3 * m
    sigma = [(i // m) * m + (i % m + 1) % m if i < fin else i for i in range(n)]
    tau = [
        ((i // m + 1) % 3) * m + i % m if i < fin else (fin + (i - fin + 1) % 3 if n_inf == 3 else i)
        for i in range(n)
    ]
    rounds = [power(sigma, t) for t in range(m)]
    k = [power(tau, j) for j in range(3)] if use_k else [list(range(n))]
    caps = []
    for p, q in combinations(range(n), 2):
        v = None
        if p >= fin and q >= fin:
            v = 0
        elif q < fin:
            (a, x), (b, y) = divmod(p, m), divmod(q, m)
            if kind == "rgdd3" and x == y:
                v = 0
            elif kind in ("rgdd2", "cover") and a == b and (y - x) % m == m // 2 and m % 2 == 0:
                v = 0 if kind == "rgdd2" else 2
        if v is not None:
            caps.append((p, q, v))
    return n, rounds, k, caps


def cyclic_structure(n: int, n_inf: int, r: int, kind: str) -> tuple[int, list[Perm], list[Perm], list]:
    """Points Z_{n-n_inf} (players 0..) plus n_inf infinite points; sigma = x -> x + 1 (and rotates 3 infinite
    points).  Rounds sigma^t (t < r); K = <sigma^r> must fix the base round.  kind as in levels_structure, the
    groups being the cosets of the subgroup of order 3 (rgdd3) or 2 (rgdd2)."""
    f = n - n_inf
    sigma = [(i + 1) % f if i < f else f + (i - f + (1 if n_inf == 3 else 0)) % n_inf for i in range(n)]
    rounds = [power(sigma, t) for t in range(r)]
    k = [power(sigma, j * r) for j in range(f // r)]
    caps = []
    for p, q in combinations(range(n), 2):
        v = None
        if p >= f and q >= f:
            v = 0
        elif q < f:
            d = (q - p) % f
            if kind == "rgdd3" and d % (f // 3) == 0:
                v = 0
            elif kind in ("rgdd2", "cover") and 2 * d == f:
                v = 0 if kind == "rgdd2" else 2
        if v is not None:
            caps.append((p, q, v))
    return n, rounds, k, caps


RBIBD = "resolvable BIBD(v,4,1)"
RGDD2 = "4-RGDD of type 2^(v/2)"
RGDD3 = "4-RGDD of type 3^(v/3)"
LEVELS = " developed from one base round over Z_m x {0,1,2} + infinite points, sigma:(x,a)->(x+1,a)"
LEVELS_K = LEVELS + ", base round fixed by tau:(x,a)->(x,a+1)"
EXTRA = "; extra rounds appended by a seeded local search (build.py extra_round)"

# structure: ("levels", m, n_inf, kind, use_k) or ("cyclic", n, n_inf, r, kind)
SPECS = {
    "24x7": {"structure": ("levels", 7, 3, "rgdd3", True), "extra": 0, "method": RGDD3 + LEVELS_K},
    "28x10": {"structure": ("levels", 9, 1, "rbibd", False), "extra": 1, "method": RBIBD + LEVELS + EXTRA},
    "36x11": {"structure": ("levels", 11, 3, "rgdd3", True), "extra": 0, "method": RGDD3 + LEVELS_K},
    "40x14": {"structure": ("levels", 13, 1, "rbibd", True), "extra": 1, "method": RBIBD + LEVELS_K + EXTRA},
    "48x15": {"structure": ("levels", 15, 3, "rgdd3", True), "extra": 0, "method": RGDD3 + LEVELS_K},
}
SEED = 1
NODE_LIMIT = 200_000
MAX_RESTARTS = 1000


def compile_search(tmp: Path) -> Path:
    exe = tmp / "gsearch"
    subprocess.run(["gcc", "-O2", "-Wall", "-o", str(exe), str(SRC)], check=True)
    return exe


def run_search(exe: Path, structure: tuple, seed: int) -> tuple[list[list[int]], list[Perm]]:
    if structure[0] == "levels":
        n, rounds, k, caps = levels_structure(*structure[1:])
    else:
        n, rounds, k, caps = cyclic_structure(*structure[1:])
    lines = [str(n), str(len(rounds))]
    lines += [" ".join(map(str, g)) for g in rounds]
    lines += [str(len(k))] + [" ".join(map(str, g)) for g in k]
    lines += [str(len(caps))] + [f"{p} {q} {v}" for p, q, v in caps]
    args = [str(exe), str(seed), str(NODE_LIMIT), str(MAX_RESTARTS)]
    res = subprocess.run(args, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=3600)
    if res.returncode != 0:
        raise RuntimeError(f"gsearch failed for {structure}: {res.stderr.strip()[-300:]}")
    base = [[int(v) for v in line.split()[1:]] for line in res.stdout.splitlines() if line.startswith("B ")]
    return base, rounds


def meetings(n: int, sessions) -> list[list[int]]:
    meet = [[0] * n for _ in range(n)]
    for tables in sessions:
        for t in tables:
            for p, q in combinations(t, 2):
                meet[p][q] += 1
                meet[q][p] += 1
    return meet


def check_partition(n: int, sessions) -> None:
    for tables in sessions:
        assert all(len(t) == 4 for t in tables), "table size"
        assert sorted(p for t in tables for p in t) == list(range(n)), "not a partition"


def excess_and_max(n: int, sessions) -> tuple[int, int]:
    meet = meetings(n, sessions)
    e = sum(max(0, meet[p][q] - 1) for p in range(n) for q in range(p + 1, n))
    mx = max(meet[p][q] for p in range(n) for q in range(p + 1, n))
    return e, mx


def extra_round(
    n: int, sessions, rng: random.Random, restarts: int = 20, steps: int = 20000
) -> list[list[int]]:
    """One more round minimising (new excess meetings, then the sum of squared earlier meeting counts).

    Cost of a pair at a table = 0 if the pair has not met, else 1000 + m^2 (m = earlier meetings): the excess
    increment dominates; among equal excess, fewer pairs reach 3 meetings.  Swap local search with a little
    random walk, best of several seeded restarts.
    """
    meet = meetings(n, sessions)

    def tcost(t):
        return sum(0 if meet[p][q] == 0 else 1000 + meet[p][q] ** 2 for p, q in combinations(t, 2))

    best, best_cost = None, None
    for _ in range(restarts):
        perm = list(range(n))
        rng.shuffle(perm)
        tables = [perm[i : i + 4] for i in range(0, n, 4)]
        costs = [tcost(t) for t in tables]
        cur = sum(costs)
        if best_cost is None or cur < best_cost:
            best_cost, best = cur, [t[:] for t in tables]
        for _ in range(steps):
            a, b = rng.sample(range(len(tables)), 2)
            i, j = rng.randrange(4), rng.randrange(4)
            ta, tb = tables[a][:], tables[b][:]
            ta[i], tb[j] = tb[j], ta[i]
            ca, cb = tcost(ta), tcost(tb)
            delta = ca + cb - costs[a] - costs[b]
            if delta <= 0 or rng.random() < 0.002:
                tables[a], tables[b], costs[a], costs[b] = ta, tb, ca, cb
                cur += delta
                if cur < best_cost:
                    best_cost, best = cur, [t[:] for t in tables]
    return sorted(sorted(t) for t in best)


def build(name: str, exe: Path) -> dict:
    spec = SPECS[name]
    base, rounds = run_search(exe, spec["structure"], SEED)
    n = len(rounds[0])
    sessions = [sorted(sorted(g[p] for p in block) for block in base) for g in rounds]
    check_partition(n, sessions)
    rng = random.Random(f"{name}-{SEED}")
    for _ in range(spec["extra"]):
        sessions.append(extra_round(n, sessions, rng))
    check_partition(n, sessions)
    s = len(sessions)
    assert f"{n}x{s}" == name, (name, n, s)
    prefix = [excess_and_max(n, sessions[:k]) for k in range(1, s + 1)]
    e, mx = prefix[-1]
    return {
        "players": n,
        "sessions": s,
        "excess_meetings": e,
        "max_pair_meetings": mx,
        "counting_lower_bound": max(0, 3 * n * s // 2 - n * (n - 1) // 2),
        "prefix_excess_meetings": [p[0] for p in prefix],
        "prefix_max_pair_meetings": [p[1] for p in prefix],
        "method": spec["method"],
        "structure": list(spec["structure"]),
        "generator": GENERATOR,
        "command": f"python {GENERATOR} {name}",
        "seed": SEED,
        "base_round": sorted(sorted(b) for b in base),
        "schedule": sessions,
    }


def main(argv: list[str]) -> None:
    names = argv or list(SPECS)
    tmp = Path(tempfile.mkdtemp(prefix="seating-designs-"))
    try:
        exe = compile_search(tmp)
        OUT.mkdir(parents=True, exist_ok=True)
        for name in names:
            data = build(name, exe)
            (OUT / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
            print(
                f"{name}: E={data['excess_meetings']} (LB {data['counting_lower_bound']}) "
                f"max m={data['max_pair_meetings']} prefix E={data['prefix_excess_meetings']}"
            )
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main(sys.argv[1:])
