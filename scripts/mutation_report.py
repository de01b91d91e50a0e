"""The report of `make mutation` (docs/developers.md, "Running the tests"): read mutmut's results in mutants/, set
the survivors against the reviewed list of equivalent mutants (tests/scoring/equivalent_mutants.md) and write
build/mutation-report.txt. Exit status 1 when the kill ratio is under the target or an entry of the list no longer
matches a surviving mutant (the list is reviewed, not grown by habit). A survivor the list does not explain is a
rule case no test pins: write its test (or, when nothing can tell it apart, list it with the reason).

The kill ratio counts as killed what a test noticed: a failed test, a timeout (the change made a loop run for
ever) or a crash. Equivalent mutants are counted apart: listed with their reason, they are neither killed nor
survivors. Run from the repository's root, after `mutmut run`.
"""

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tests" / "scoring" / "equivalent_mutants.md"
REPORT = ROOT / "build" / "mutation-report.txt"
TARGET = 0.95
DETECTED = {"killed", "timeout", "segfault", "caught by type check"}

# One entry of equivalent_mutants.md: a heading with the mutant's name, then the lines was/now/why.
ENTRY = re.compile(
    r"^### (?P<name>scoring\.\S+__mutmut_\d+)\n"
    r"- was: `(?P<was>.+)`\n"
    r"- now: `(?P<now>.+)`\n"
    r"- why: (?P<why>.+(?:\n  .+)*)$",
    re.MULTILINE,
)


def equivalents(text: str) -> dict[str, dict]:
    """The entries of the list by mutant name; a heading that does not parse as an entry is an error."""
    found = {match["name"]: match.groupdict() for match in ENTRY.finditer(text)}
    headings = re.findall(r"^### (.*)$", text, re.MULTILINE)
    broken = [heading for heading in headings if heading not in found]
    if broken or len(headings) != len(found):
        raise SystemExit(
            f"{EQUIVALENTS}: entries not in the form '### name / - was: / - now: / - why:': {broken}"
        )
    return found


def changed_lines(diff: str) -> tuple[str, str]:
    """The removed and the added lines of a mutant's diff, stripped and joined."""
    lines = diff.splitlines()[2:]  # past the ---/+++ header
    removed = " ".join(line[1:].strip() for line in lines if line.startswith("-"))
    added = " ".join(line[1:].strip() for line in lines if line.startswith("+"))
    return removed, added


def main() -> int:
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.file_utils import walk_mutatable_files

    listed = equivalents(EQUIVALENTS.read_text(encoding="utf-8"))
    statuses: dict[str, str] = {}
    paths: dict[str, Path] = {}
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        for name, exit_code in data.exit_code_by_key.items():
            statuses[name], paths[name] = status_by_exit_code[exit_code], path
    if not statuses:
        print("no mutmut results in mutants/: run `make mutation`", file=sys.stderr)
        return 2

    counts = Counter(statuses.values())
    survivors, explained, unexplained, stale = [], [], [], []
    unchecked = [name for name, status in statuses.items() if status == "not checked"]
    for name, status in sorted(statuses.items()):
        if status == "not checked":
            continue
        if status in DETECTED:
            if name in listed:
                stale.append((name, f"listed as equivalent but {status}"))
            continue
        removed, added = changed_lines(get_diff_for_mutant(name, path=paths[name]))
        entry = listed.get(name)
        if entry is not None and (entry["was"], entry["now"]) == (removed, added):
            explained.append((name, status, entry))
        else:
            if entry is not None:
                stale.append(
                    (name, "listed, but the change is another now (mutmut renumbered it): review it")
                )
            unexplained.append((name, status, removed, added))
        survivors.append(name)
    stale += [(name, "listed but mutmut made no such mutant") for name in listed if name not in statuses]

    judged = len(statuses) - len(explained)
    detected = sum(1 for status in statuses.values() if status in DETECTED)
    ratio = detected / judged if judged else 1.0
    out = [
        "Mutation testing of scoring/ against tests/scoring (mutmut; pyproject.toml [tool.mutmut])",
        "",
        f"mutants: {len(statuses)}  "
        + "  ".join(f"{status}: {count}" for status, count in sorted(counts.items())),
        f"equivalent (listed in {EQUIVALENTS.relative_to(ROOT)}, with the reason): {len(explained)}",
        f"kill ratio: {detected} of {judged} = {100 * ratio:.1f} % (target {100 * TARGET:.0f} %; "
        "killed = a test failed, timed out or crashed; equivalents left out)",
        "",
        f"survivors no test notices and the list does not explain: {len(unexplained)}",
    ]
    if unchecked:
        out[6:6] = [f"not checked (the run was stopped): {len(unchecked)}", ""]
    for name, status, removed, added in unexplained:
        out += [f"  {name} ({status})", f"    was: {removed}", f"    now: {added}"]
    if stale:
        out += ["", f"entries of the list to review: {len(stale)}"]
        out += [f"  {name}: {why}" for name, why in stale]
    out += ["", f"equivalent mutants: {len(explained)}"]
    for name, status, entry in explained:
        out += [f"  {name} ({status})", f"    was: {entry['was']}", f"    now: {entry['now']}"]
        out += [f"    why: {' '.join(entry['why'].split())}"]
    REPORT.parent.mkdir(exist_ok=True)
    REPORT.write_text("\n".join(out) + "\n", encoding="utf-8")
    print("\n".join(out[:7]))
    print(f"(the whole report: {REPORT.relative_to(ROOT)})")
    return 0 if ratio >= TARGET and not stale and not unchecked else 1


if __name__ == "__main__":
    sys.exit(main())
