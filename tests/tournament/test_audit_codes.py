"""The audit log as codes: every action the services and the admin write (``audit.record(action=...)``, or
``AuditEntry(action=...)`` built to be written many at once) has its
sentence in the one table (tournament.display.audit_words.AUDIT_MESSAGES), in English and in Dutch.

The actions are found by reading the source (``ast``), as tests/tournament/test_error_codes.py finds the rules
engine's codes: a literal, either branch of ``a if present else b``, or the values of a module dict it is looked up
in (``ACTIONS[kind]``). Any other way of naming an action is reported, so that none can hide from this test.
"""

import ast
from pathlib import Path

import pytest
from django.utils import translation

from tests.tournament.test_error_codes import _module_values
from tests.tournament.test_i18n_dutch import PO, parse_po
from tournament.display.audit_words import AUDIT_MESSAGES, VARIANTS, sentence

ROOT = Path(__file__).resolve().parents[2] / "tournament"
WRITERS = [ROOT / "services", ROOT / "admin"]
WRITES = ("audit.record", "record", "AuditEntry")  # an entry written, or built to be written many at once


def written_actions(roots=WRITERS) -> tuple[set[str], list[str]]:
    """Every action code passed to ``audit.record``, and the call sites whose action could not be read."""
    actions, unresolved = set(), []
    for path in sorted(p for root in roots for p in root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants, tables = _module_values(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and ast.unparse(node.func) in WRITES):
                continue
            action = next((k.value for k in node.keywords if k.arg == "action"), None)
            codes = _resolve(action, constants, tables)
            if codes is None:
                unresolved.append(f"{path.name}:{node.lineno}: {ast.unparse(action) if action else '?'}")
            else:
                actions |= set(codes)
    return actions, unresolved


def _resolve(node, constants, tables):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        both = _resolve(node.body, constants, tables), _resolve(node.orelse, constants, tables)
        return None if None in both else both[0] + both[1]
    if isinstance(node, ast.Name) and node.id in constants:
        return [constants[node.id]]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in tables:
        return tables[node.value.id]
    return None


@pytest.fixture(scope="module")
def actions():
    found, unresolved = written_actions()
    assert not unresolved, f"actions this test cannot read (a literal or a module dict): {unresolved}"
    return found


def test_the_reader_finds_the_actions_of_every_kind_of_call(actions):
    assert {"penalty.give", "tournament.update"} <= actions  # literals
    assert {"attendance.present", "attendance.absent"} <= actions  # a if b else c
    assert {"clock.start", "clock.extra", "result.disputed", "sheet.undo", "tournament.is_public"} <= actions
    assert {"admin.delete", "user.privileges"} <= actions  # the admin
    assert len(actions) > 45


def test_every_action_has_a_sentence(actions):
    missing = sorted(actions - set(AUDIT_MESSAGES))
    assert not missing, (
        f"actions without a sentence in tournament.display.audit_words.AUDIT_MESSAGES: {missing}"
    )


def test_the_table_has_no_action_nobody_writes(actions):
    unused = {code.split("/")[0] for code in AUDIT_MESSAGES} - actions
    assert not unused, sorted(unused)
    assert all(code.split("/")[0] in AUDIT_MESSAGES for code in VARIANTS)


def test_each_sentence_is_in_dutch_and_not_fuzzy():
    catalogue = {entry["msgid"]: entry for entry in parse_po(PO)}
    problems = []
    for code, template in sorted(AUDIT_MESSAGES.items()):
        plural = getattr(template, "_kw", {})  # ngettext_lazy: its singular and plural, chosen by a count
        with translation.override("en"):
            msgid = plural.get("singular") or str(template)
        entry = catalogue.get(msgid)
        if entry is None or not entry["msgstr"].get(0) or "fuzzy" in entry["flags"]:
            problems.append((code, "no Dutch entry, or an empty or fuzzy one"))
            continue
        with translation.override("nl"):
            dutch = translation.ngettext(msgid, plural["plural"], 2) if plural else str(template)
            if dutch == (plural.get("plural") or msgid):
                problems.append((code, "the Dutch is the English (django.mo not compiled?)"))
    assert not problems, problems


def test_a_new_action_is_found(tmp_path):
    (tmp_path / "thing.py").write_text(
        "ACTIONS = {1: 'thing.one'}\n"
        "def do(kind):\n"
        "    audit.record(action='thing.new')\n"
        "    audit.record(action=ACTIONS[kind])\n"
        "    audit.record(action=f'thing.{kind}')\n"
        "    AuditEntry(action='thing.built')\n"
    )
    found, unresolved = written_actions([tmp_path])
    assert found == {"thing.new", "thing.one", "thing.built"}
    assert unresolved == ["thing.py:5: f'thing.{kind}'"]


@pytest.mark.parametrize(
    ("action", "data", "english", "dutch"),
    [
        (
            "attendance.present",
            {"session": 2, "name": "Anna de Vries", "late": 5, "proposed": 5_000},
            "Session 2: Anna de Vries present, 5 minutes late: a lateness penalty of 5,000 proposed (5.7)",
            "Sessie 2: Anna de Vries aanwezig, 5 minuten te laat: een straf voor te laat komen van 5.000 "
            "voorgesteld (5.7)",
        ),
        (
            "clock.extra",
            {"session": 1, "minutes": -3, "table": 12},
            "Session 1: −3 minutes for table 12",
            "Sessie 1: −3 minuten voor tafel 12",
        ),
        (
            "seating.swap",
            {
                "session": 2,
                "first": "A",
                "first_table": 1,
                "first_wind": "E",
                "second": "B",
                "second_table": 2,
                "second_wind": "S",
            },
            "Session 2: A (table 1, East) and B (table 2, South) swapped",
            "Sessie 2: A (tafel 1, Oost) en B (tafel 2, Zuid) omgewisseld",
        ),
        (
            "player.status",
            {"name": "Bram", "before": "active", "after": "withdrawn"},
            "Bram: active → withdrawn",
            "Bram: van actief naar teruggetrokken",
        ),
    ],
)
def test_the_data_is_said_in_the_readers_words(action, data, english, dutch):
    with translation.override("en"):
        assert sentence(action, data) == english
    with translation.override("nl"):
        assert sentence(action, data) == dutch
