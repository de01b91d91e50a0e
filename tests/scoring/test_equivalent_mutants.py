"""The list of equivalent mutants (tests/scoring/equivalent_mutants.md, read by `make mutation`'s report): each
entry is in the form the report reads, names a function of scoring/ that exists, and its `was` line is still in
that file (an entry whose code is gone is stale: the list is reviewed, not grown by habit). Cheap: no mutant is
made here."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIST = Path(__file__).with_name("equivalent_mutants.md")


def report_module():
    spec = importlib.util.spec_from_file_location("mutation_report", ROOT / "scripts" / "mutation_report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_entry_has_the_form_the_report_reads_and_its_code_still_exists():
    entries = report_module().equivalents(LIST.read_text(encoding="utf-8"))
    for name, entry in entries.items():
        module, _, mutant = name.rpartition(".")
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        # x_f__mutmut_1 for a function f, xǁClassǁf__mutmut_1 for a method
        function = re.fullmatch(r"x(?:_|ǁ\w+ǁ)(\w+)__mutmut_\d+", mutant)
        assert function, f"{name}: not a mutmut name"
        assert re.search(rf"def {re.escape(function[1])}\(", source), f"{name}: no function {function[1]}"
        assert entry["was"] != entry["now"], name
        assert entry["why"].strip(), name
        flat = " ".join(source.split())
        assert " ".join(entry["was"].split()) in flat, f"{name}: the line `{entry['was']}` is gone"


def test_the_report_refuses_an_entry_it_cannot_read():
    module = report_module()
    good = "### scoring.uma.x_places__mutmut_1\n- was: `a`\n- now: `b`\n- why: c\n"
    assert list(module.equivalents(good)) == ["scoring.uma.x_places__mutmut_1"]
    try:
        module.equivalents(good + "\n### scoring.uma.x_places__mutmut_2\n- was: `a`\n")
    except SystemExit as refused:
        assert "scoring.uma.x_places__mutmut_2" in str(refused)
    else:
        raise AssertionError("a broken entry was read")
