"""Errors as codes: every refusal is a code with its sentence in the one table (tournament.errors.messages.
MESSAGES), translated in every language of settings.LANGUAGES, and made from the parameters its raise sites pass.

The rules engine's codes (scoring/) are in its area of the table (``SCORING_MESSAGES``); tournament/'s refusals are
``DomainError.coded(key, **params)``, never a ``DomainError(code, message)`` written inline (the idiom is checked
here too, by reading tournament/ with ``ast``).

The codes are found by reading scoring/ (``ast``), not by a list kept by hand, so a new code without a table entry
fails here. A code is found where it is raised (``ScoringError("code", ...)`` or a subclass such as
``ScheduleError``), at the call sites of a helper that passes its first argument on as the code (``clock._error``),
as a module constant, or as the values of a module-level dict it is looked up in (``clock._PHASE_CODES``); a
re-raise keeps the code of the error it caught (``error.code``). Any other way of naming a code is reported, so
that no code can hide from this test.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from scoring.errors import ScoringError
from tests.tournament.test_i18n_dutch import PO, parse_po
from tournament.errors import MESSAGES, SCORING_MESSAGES, scoring_message, scoring_text
from tournament.errors.parameters import Plural, made

ROOT = Path(__file__).resolve().parents[2]
SCORING = ROOT / "scoring"
TOURNAMENT = ROOT / "tournament"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
REFUSED = object()  # resolve(): a re-raise, whose code was found where it was first raised


@dataclass(frozen=True)
class Raised:
    code: str
    params: frozenset[str]
    at: str  # file:line


@dataclass(frozen=True)
class Unresolved:
    at: str
    source: str


def raised_codes(root: Path = SCORING) -> tuple[list[Raised], list[Unresolved]]:
    """Every (code, parameters) raised under ``root``, and the raise sites whose code could not be read."""
    modules = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py"))}
    classes = _error_classes(modules.values())
    raised, unresolved = [], []
    for path, tree in modules.items():
        module = _Module(f"{path.relative_to(root.parent)}", tree, classes)
        raised += module.raised
        unresolved += module.unresolved
    return raised, unresolved


def _error_classes(trees) -> set[str]:
    """ScoringError and the classes made from it (scoring.seating's ScheduleError)."""
    classes, grown = {"ScoringError"}, True
    while grown:
        before = len(classes)
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and any(_name(base) in classes for base in node.bases):
                    classes.add(node.name)
        grown = len(classes) > before
    return classes


def _name(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


class _Module:
    def __init__(self, path: str, tree: ast.Module, classes: set[str]):
        self.path, self.classes = path, classes
        self.raised: list[Raised] = []
        self.unresolved: list[Unresolved] = []
        self.constants, self.tables = _module_values(tree)
        self.forwarders = self._forwarders(tree)
        for function, call in _calls(tree):
            self._call(function, call)

    def _forwarders(self, tree) -> dict[str, tuple[frozenset[str], bool]]:
        """Helpers that raise their first argument as the code: the parameters they add, and whether they pass on
        their call site's keyword arguments (``**params``) too."""
        found = {}
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef) or not function.args.args:
                continue
            first = function.args.args[0].arg
            rest = function.args.kwarg.arg if function.args.kwarg else None
            for call in ast.walk(function):
                if self._is_error(call) and call.args and _name(call.args[0]) == first:
                    passed_on = any(k.arg is None and _name(k.value) == rest for k in call.keywords)
                    found[function.name] = (_keywords(call), passed_on)
        return found

    def _is_error(self, node) -> bool:
        return isinstance(node, ast.Call) and _name(node.func) in self.classes

    def _call(self, function, call: ast.Call) -> None:
        if not call.args:
            return
        if self._is_error(call):
            if self._forwarded(function, call):
                return  # the codes are at the helper's call sites
            self._note(call, _keywords(call))
        elif isinstance(call.func, ast.Name) and call.func.id in self.forwarders:
            params, passed_on = self.forwarders[call.func.id]
            self._note(call, params | _keywords(call) if passed_on else params)

    def _forwarded(self, function, call: ast.Call) -> bool:
        if function is None or function.name not in self.forwarders:
            return False
        return _name(call.args[0]) == function.args.args[0].arg

    def _note(self, call: ast.Call, params: frozenset[str]) -> None:
        at = f"{self.path}:{call.lineno}"
        codes = self._resolve(call.args[0])
        if codes is REFUSED:
            return
        if codes is None:
            self.unresolved.append(Unresolved(at, ast.unparse(call.args[0])))
            return
        self.raised += [Raised(code, params, at) for code in codes]

    def _resolve(self, node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.Attribute) and node.attr == "code":
            return REFUSED
        if isinstance(node, ast.Name) and node.id in self.constants:
            return [self.constants[node.id]]
        if isinstance(node, ast.Subscript) and _name(node.value) in self.tables:
            return self.tables[_name(node.value)]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and _name(node.func.value) in self.tables
        ):
            default = self._resolve(node.args[1]) if len(node.args) > 1 else []
            return None if default is None else self.tables[_name(node.func.value)] + default
        return None


def _module_values(tree: ast.Module) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The module's string constants, and its dict literals whose values are all strings."""
    constants, tables = {}, {}
    for node in tree.body:
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in (t for t in targets if isinstance(t, ast.Name)):
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                constants[target.id] = value.value
            elif isinstance(value, ast.Dict) and all(
                isinstance(v, ast.Constant) and isinstance(v.value, str) for v in value.values
            ):
                tables[target.id] = [v.value for v in value.values]
    return constants, tables


def _calls(tree):
    """Every call with the function it is in (None at module level)."""

    def walk(node, function):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef) else function
            if isinstance(child, ast.Call):
                yield function, child
            yield from walk(child, inner)

    yield from walk(tree, None)


def _keywords(call: ast.Call) -> frozenset[str]:
    return frozenset(k.arg for k in call.keywords if k.arg is not None)


@pytest.fixture(scope="module")
def raised():
    found, unresolved = raised_codes()
    assert not unresolved, (
        "codes this test cannot read (write a literal, a module constant or a module dict): "
        f"{[(u.at, u.source) for u in unresolved]}"
    )
    return found


@pytest.fixture(scope="module")
def catalogue():
    return {entry["msgid"]: entry for entry in parse_po(PO)}


def english(template) -> str:
    with translation.override("en"):
        return str(template)


def sample(params) -> dict:
    return dict.fromkeys(params, 7)


def test_the_reader_finds_the_codes_of_every_kind_of_raise_site(raised):
    codes = {r.code for r in raised}
    assert {"table_sum", "penalty_reason"} <= codes  # literals
    assert {"clock_order", "clock_extra_minutes"} <= codes  # through clock._error
    assert {"clock_waiting", "clock_running", "clock_paused", "clock_ended"} <= codes  # clock._PHASE_CODES
    assert {"no_yaku", "not_a_win", "calculator_refused"} <= codes  # tiles: the calculator's refusals
    assert {"too_many_players", "fixed_player"} <= codes  # ScheduleError, a ScoringError
    assert len(codes) > 90


def test_every_code_scoring_raises_has_a_sentence(raised):
    missing = sorted({(r.code, r.at) for r in raised if r.code not in SCORING_MESSAGES})
    assert not missing, f"codes without an entry in tournament.errors.SCORING_MESSAGES: {missing}"


def test_the_table_has_no_code_scoring_does_not_raise(raised):
    unused = set(SCORING_MESSAGES) - {r.code for r in raised}
    assert not unused, f"entries for codes scoring never raises: {sorted(unused)}"


def test_each_sentence_is_made_from_the_parameters_of_each_raise_site(raised):
    """No KeyError: every parameter a sentence names is passed where the code is raised."""
    broken = []
    for r in raised:
        try:
            scoring_text(r.code, sample(r.params))
        except (KeyError, ValueError, TypeError) as error:
            broken.append((r.code, r.at, sorted(r.params), repr(error)))
    assert not broken, broken


def test_each_sentence_is_in_dutch_and_not_fuzzy(raised, catalogue):
    problems = []
    for code in sorted({r.code for r in raised}):
        msgid = english(SCORING_MESSAGES[code])
        entry = catalogue.get(msgid)
        if entry is None or not entry["msgstr"].get(0) or "fuzzy" in entry["flags"]:
            problems.append((code, "no Dutch entry, or an empty or fuzzy one"))
            continue
        with translation.override("nl"):
            dutch = str(SCORING_MESSAGES[code])
        if dutch == msgid:
            problems.append((code, "the Dutch is the English (django.mo not compiled?)"))
    assert not problems, problems


def test_the_dutch_sentences_take_the_same_parameters(raised):
    with translation.override("nl"):
        broken = []
        for r in raised:
            try:
                scoring_text(r.code, sample(r.params))
            except (KeyError, ValueError, TypeError) as error:
                broken.append((r.code, r.at, repr(error)))
    assert not broken, broken


def test_a_new_code_without_an_entry_is_found(tmp_path):
    """The reader is not a list kept by hand: a code added to scoring is seen, and it has no sentence."""
    package = tmp_path / "scoring"
    package.mkdir()
    (package / "errors.py").write_text("class ScoringError(ValueError):\n    pass\n")
    (package / "rule.py").write_text(
        "from scoring.errors import ScoringError\n"
        "class RuleError(ScoringError):\n    pass\n"
        "CODES = {1: 'odd_code'}\n"
        "def check(value):\n"
        "    if value:\n"
        "        raise RuleError('brand_new_code', 'a new rule', value=value)\n"
        "    raise ScoringError(CODES[value], 'odd')\n"
        "def other(value):\n"
        "    raise ScoringError(f'code_{value}', 'hidden')\n"
    )
    found, unresolved = raised_codes(package)
    assert {(r.code, r.params) for r in found} == {
        ("brand_new_code", frozenset({"value"})),
        ("odd_code", frozenset()),
    }
    assert [u.source for u in unresolved] == ["f'code_{value}'"]
    assert "brand_new_code" not in SCORING_MESSAGES


def test_pages_get_the_sentence_of_the_table_in_the_readers_language():
    error = ScoringError(
        "hands_mismatch", "English", where="Session 2, table 3", seat="S", raw=31_000, final=30_000
    )
    assert (
        scoring_message(error)
        == "Session 2, table 3: seat South has 31,000 raw points but its hands give 30,000"
    )
    with translation.override("nl"):
        assert scoring_message(error) == (
            "Session 2, table 3: plaats Zuid heeft 31.000 ruwe punten, maar de handen geven 30.000"
        )


def test_the_hand_and_the_place_are_put_in_front():
    """A rule of one hand says which hand (scoring.hands.log.at_hand) and which table (check_table_hands)."""
    error = ScoringError("impossible_fu_20", "English", fan=1, fu=20, hand=4, where="Session 2, table 3")
    message = scoring_message(error)
    assert message.startswith("Session 2, table 3: hand 4: 20 minipoints")
    with translation.override("nl"):
        assert scoring_message(error).startswith("Session 2, table 3: hand 4: 20 minipunten")


def test_a_round_is_named_with_the_readers_wind_letter():
    """scoring.hands.game names rounds E1 .. S4 (3.4.11); in Dutch the south round is Zuid: S2 is Z2."""
    error = ScoringError("game_not_over", "English", hands=6, round="S2")
    assert "(S2)" in scoring_message(error)
    with translation.override("nl"):
        assert "(Z2)" in scoring_message(error) and "S2" not in scoring_message(error)


# tournament/'s refusals: DomainError.coded(key, **params), the one idiom


@dataclass(frozen=True)
class Refusal:
    key: str | None  # None: not a literal
    params: frozenset[str] | None  # None: passed on (``**params``), not known here
    at: str


def refusals_in(root: Path = TOURNAMENT) -> tuple[list[Refusal], list[str]]:
    """Every ``DomainError.coded(...)`` under ``root`` with its key and parameters, and every refusal written any
    other way (``DomainError(code, message)``, a message given to ``coded``): the idiom's breaches."""
    found, breaches = [], []
    for path in sorted(root.rglob("*.py")):
        if path.is_relative_to(root / "errors"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            at = f"{path.relative_to(root.parent)}:{node.lineno}"
            if _name(node.func) == "DomainError":
                breaches.append(f"{at}: {ast.unparse(node)[:80]}")
            elif isinstance(node.func, ast.Attribute) and node.func.attr == "coded":
                if _name(node.func.value) != "DomainError":
                    continue
                if len(node.args) != 1:
                    breaches.append(f"{at}: {ast.unparse(node)[:80]}")
                    continue
                key = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
                passed_on = any(k.arg is None for k in node.keywords)
                found.append(Refusal(key, None if passed_on else _keywords(node), at))
    return found, breaches


def keys_named(root: Path = TOURNAMENT) -> set[str]:
    """The table's keys written as a string anywhere under ``root`` but the table itself (a key chosen by a
    helper, like selectors.seating_plan.session_number_refusal)."""
    named = set()
    for path in root.rglob("*.py"):
        if path.is_relative_to(root / "errors"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in MESSAGES:
                named.add(node.value)
    return named


@pytest.fixture(scope="module")
def refusals():
    found, breaches = refusals_in()
    assert not breaches, (
        "refusals not made as DomainError.coded(key, **params) with the sentence in "
        f"tournament/errors/messages: {breaches}"
    )
    return found


def test_every_refusal_is_a_code_of_the_table(refusals):
    assert len(refusals) > 100
    missing = sorted({(r.key, r.at) for r in refusals if r.key is not None and r.key not in MESSAGES})
    assert not missing, f"keys without an entry in tournament/errors/messages: {missing}"
    unread = [r.at for r in refusals if r.key is None and r.params is not None]
    assert not unread, (
        f"a key that is no literal comes with its parameters (**params) from a helper: {unread}"
    )


def test_the_table_has_no_entry_nobody_raises(raised, refusals):
    used = {r.code for r in raised} | {r.key for r in refusals} | keys_named()
    unused = set(MESSAGES) - used
    assert not unused, f"entries for codes nobody raises: {sorted(unused)}"


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_each_refusal_is_made_from_the_parameters_it_is_given(refusals, language):
    """In every language: no KeyError, every parameter a sentence (or its translation) names is passed."""
    broken = []
    with translation.override(language):
        for r in refusals:
            if r.key in MESSAGES and r.params is not None:
                try:
                    made(MESSAGES[r.key], sample(r.params))
                except (KeyError, ValueError, TypeError) as error:
                    broken.append((r.key, r.at, sorted(r.params), repr(error)))
    assert not broken, broken


def _msgids(entry) -> tuple[str, str | None]:
    if isinstance(entry, Plural):
        return english(entry.text % 1), english(entry.text % 2)
    return english(entry), None


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_code_has_its_sentence_in_every_language(language):
    """Every entry of the table (scoring's and the services') is translated, not fuzzy, and compiled."""
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    catalogue = {(e["msgid"], e.get("msgid_plural")): e for e in parse_po(po)}
    problems = []
    for key, entry in sorted(MESSAGES.items()):
        found = catalogue.get(_msgids(entry))
        forms = (
            [found["msgstr"].get(n) for n in range(2 if isinstance(entry, Plural) else 1)] if found else []
        )
        if not found or not all(forms) or "fuzzy" in found["flags"]:
            problems.append((key, "no entry, or an empty or fuzzy one"))
            continue
        with translation.override(language):
            shown = [str(entry.text % 1), str(entry.text % 2)] if isinstance(entry, Plural) else [str(entry)]
        if shown[0] != forms[0]:
            problems.append((key, "the catalogue is not compiled (django.mo)"))
    assert not problems, f"{language}: {problems}"


def test_an_inline_refusal_is_found(tmp_path):
    """The idiom is read, not listed: a DomainError with its message written inline is a breach."""
    package = tmp_path / "tournament"
    (package / "errors").mkdir(parents=True)
    (package / "errors" / "__init__.py").write_text("class DomainError(Exception):\n    pass\n")
    (package / "views.py").write_text(
        "from django.utils.translation import gettext as _\n"
        "from tournament.errors import DomainError\n"
        "def refuse(where):\n"
        "    raise DomainError('no_way', _('%(where)s: no way.') % {'where': where})\n"
        "def coded(where):\n"
        "    raise DomainError.coded('no_way', _('No way.'))\n"
        "def fine(where):\n"
        "    raise DomainError.coded('no_way', where=where)\n"
    )
    found, breaches = refusals_in(package)
    assert [r.key for r in found] == ["no_way"] and found[0].params == frozenset({"where"})
    assert [b.split(": ")[0] for b in breaches] == ["tournament/views.py:4", "tournament/views.py:6"]
