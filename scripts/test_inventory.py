"""Nothing less tested: the test ids each run of `make test` collects, against every test of the suite.

`make test` (scripts/test.sh) runs pytest twice, with TENBOU_TEST_SCOPE=sqlite on SQLite and
TENBOU_TEST_SCOPE=postgresql on PostgreSQL (tests/conftest.py ``in_scope``), and no longer every test on both.
This script collects (``pytest --collect-only``, nothing runs, no database is opened) the ids of the whole suite on
each database, as a plain ``pytest`` run takes them, and the ids of the two runs, and fails when an id of the
whole suite is in neither run, or when a test of a module that asks for the database vendor or races writers (VENDOR_SPECIFIC) is not in both.

    .venv/bin/python scripts/test_inventory.py [--before DIR]

``--before DIR`` collects the whole suite from another checkout (e.g. the commit before the runs were split) instead
of this one. Not part of `make test` (it collects four times); run it when you change ``in_scope``.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.conftest import VENDOR_SPECIFIC  # noqa: E402  (what makes a module run on both databases)

POSTGRES = "postgres://tenbou@127.0.0.1:1/tenbou"  # never connected to: collecting opens no database
SQLITE = "sqlite://:memory:"


def collect(checkout: Path, database: str, scope: str | None) -> set[str]:
    env = {key: value for key, value in os.environ.items() if key != "TENBOU_TEST_SCOPE"}
    env["DATABASE_URL"] = database
    if scope is not None:
        env["TENBOU_TEST_SCOPE"] = scope
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "--collect-only",
        "-q",
        "-o",
        "addopts=",
    ]
    done = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"collecting in {checkout} ({database}, scope {scope}) failed:\n{done.stdout}{done.stderr}")
    return {line for line in done.stdout.splitlines() if "::" in line}


def vendor_specific(ids: set[str]) -> set[str]:
    modules = {test_id.split("::", 1)[0] for test_id in ids}
    asking = {
        module
        for module in modules
        if any(mark in (ROOT / module).read_text(encoding="utf-8") for mark in VENDOR_SPECIFIC)
    }
    return {test_id for test_id in ids if test_id.split("::", 1)[0] in asking}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--before", type=Path, default=ROOT, help="the checkout whose whole suite is compared"
    )
    before_dir = parser.parse_args().before.resolve()
    whole_scope = None if before_dir != ROOT else "all"
    before = {
        "SQLite": collect(before_dir, SQLITE, whole_scope),
        "PostgreSQL": collect(before_dir, POSTGRES, whole_scope),
    }
    runs = {"SQLite": collect(ROOT, SQLITE, "sqlite"), "PostgreSQL": collect(ROOT, POSTGRES, "postgresql")}
    everything = before["SQLite"] | before["PostgreSQL"]
    both = runs["SQLite"] & runs["PostgreSQL"]
    for name, ids in before.items():
        print(f"whole suite on {name} ({before_dir}): {len(ids)} tests")
    print(
        f"before: {len(before['SQLite']) + len(before['PostgreSQL'])} test runs (each whole suite once per database)"
    )
    for name, ids in runs.items():
        print(f"make test, the {name} run: {len(ids)} tests")
    print(
        f"after: {len(runs['SQLite']) + len(runs['PostgreSQL'])} test runs; {len(both)} tests on both databases,"
    )
    print(
        f"  {len(runs['SQLite'] - both)} on SQLite only, {len(runs['PostgreSQL'] - both)} on PostgreSQL only"
    )
    lost = sorted(everything - runs["SQLite"] - runs["PostgreSQL"])
    unknown = sorted((runs["SQLite"] | runs["PostgreSQL"]) - everything)
    one_vendor = sorted(vendor_specific(everything) - both)
    for test_id in lost:
        print(f"LOST (in neither run): {test_id}")
    for test_id in one_vendor:
        print(f"ONE DATABASE ONLY (its module asks for the vendor or races writers): {test_id}")
    for test_id in unknown:
        print(f"new (not in the whole suite before): {test_id}")
    print(
        f"{len(vendor_specific(everything))} tests of modules asking for the vendor or racing writers, all on both databases"
        if not one_vendor
        else f"{len(one_vendor)} vendor-specific tests on one database only"
    )
    print("no test lost" if not lost else f"{len(lost)} tests lost")
    return 1 if lost or one_vendor else 0


if __name__ == "__main__":
    sys.exit(main())
