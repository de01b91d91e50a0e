"""Every shipped seating design is a valid schedule whose recorded quality matches an independent count."""

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from scoring.seating import designs
from scoring.seating.designs import best_design, design_info, shipped_sizes

DATA = Path(designs.__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("*.json"))


def pair_counts(schedule):
    counts = Counter()
    for tables in schedule:
        for table in tables:
            for p, q in combinations(sorted(table), 2):
                counts[p, q] += 1
    return counts


def excess(counts):
    return sum(m - 1 for m in counts.values() if m > 1)


def test_there_are_files():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_is_valid_and_metadata_matches(path):
    data = json.loads(path.read_text())
    n, s = data["players"], data["sessions"]
    assert path.stem == f"{n}x{s}"
    schedule = data["schedule"]
    assert len(schedule) == s
    for tables in schedule:
        assert len(tables) == n // 4
        assert all(len(t) == 4 for t in tables)
        assert sorted(p for t in tables for p in t) == list(range(n))
    for key in ("method", "generator", "seed", "command"):
        assert data[key] not in (None, "")
    for k in range(1, s + 1):
        counts = pair_counts(schedule[:k])
        assert excess(counts) == data["prefix_excess_meetings"][k - 1]
        assert max(counts.values()) == data["prefix_max_pair_meetings"][k - 1]
    counts = pair_counts(schedule)
    assert excess(counts) == data["excess_meetings"]
    assert max(counts.values()) == data["max_pair_meetings"]
    bound = max(0, 3 * n * s // 2 - n * (n - 1) // 2)
    assert data["counting_lower_bound"] == bound
    assert data["excess_meetings"] >= bound


@pytest.mark.parametrize(
    ("n", "s", "expected"),
    [
        (24, 7, 0),
        (24, 8, 18),
        (28, 9, 0),
        (28, 10, 42),
        (32, 10, 0),  # the 8-4-10 social golfer problem
        (32, 11, 32),  # the counting bound: 32 * 33 / 2 meetings - 496 pairs
        (32, 12, 80),  # 32 * 36 / 2 - 496
        (36, 11, 0),
        (36, 12, 27),
        (40, 13, 0),
        (40, 14, 60),
        # Z_11 x 4 levels: 2 rounds fixed by sigma + 11 developed, a packing of 78 of the 86 pair orbits
        (44, 12, 0),
        (44, 13, 0),
        # the 13 rounds leave a 4-regular graph of unmet pairs; the extra round gets a triangle at every table
        (44, 14, 33),
        (48, 15, 0),
        (48, 16, 36),
        (52, 17, 0),
        # Z_14 x 4 levels: 3 rounds fixed by sigma + 14 developed, a packing (no pair twice) of 17 rounds
        (56, 13, 0),
        (56, 14, 0),
        (56, 15, 0),
        (56, 16, 0),
        (56, 17, 0),
        (60, 19, 0),
        (28, 5, 0),
    ],
)
def test_best_design_quality(n, s, expected):
    schedule = best_design(n, s)
    assert schedule is not None and len(schedule) >= s
    assert excess(pair_counts(schedule[:s])) == expected
    assert design_info(n, s)["excess_meetings_for_request"] == expected


@pytest.mark.parametrize(("n", "s"), [(16, 5), (20, 6), (24, 30), (30, 4), (1000, 10), (28, 0)])
def test_best_design_none_for_sizes_not_shipped(n, s):
    assert best_design(n, s) is None
    assert design_info(n, s) is None


def test_design_info_is_metadata_only():
    info = design_info(32, 10)
    assert info["file"] == "32x12.json"
    assert (info["excess_meetings_for_request"], info["max_pair_meetings_for_request"]) == (0, 1)
    assert "schedule" not in info and "base_rounds" not in info


def test_best_design_returns_a_fresh_copy():
    first = best_design(24, 7)
    first[0][0][0] = -1
    assert best_design(24, 7)[0][0][0] != -1


def test_shipped_sizes_lists_the_files():
    assert shipped_sizes() == sorted(tuple(map(int, p.stem.split("x"))) for p in FILES)
