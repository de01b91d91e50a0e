"""Every limit has one name and one definition: scoring/limits.py (issue 29, "Limits, really once").

The rule, read from the source (AST) of every module of tournament/, scoring/ and config/:
1. no module but scoring/limits.py assigns, at module level, a name that scoring/limits.py defines;
2. no module but scoring/limits.py assigns, at module level, a name starting with MAX_ (a MAX_ name is a limit);
   the one exception is tournament/models/lengths.py's MAX_LENGTH, the columns' max_length read from the model
   fields (the database's own limits, which plain Python cannot read);
3. no module renames a limit: no ``from scoring.limits import X as Y`` and no module-level ``Y = X`` or
   ``Y = limits.X`` for a name X of scoring/limits.py.
Module level includes the bodies of module-level if, try and with statements (config/settings.py), not functions
or classes.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMITS = ROOT / "scoring" / "limits.py"
PACKAGES = ("tournament", "scoring", "config")
ALLOWED = {Path("tournament/models/lengths.py"): {"MAX_LENGTH"}}


def _module_level(body):
    """The statements of a module's body, descending into if/try/with but not into functions or classes."""
    for node in body:
        yield node
        if isinstance(node, ast.If | ast.Try | ast.With):
            for field in ("body", "orelse", "finalbody"):
                yield from _module_level(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                yield from _module_level(handler.body)


def _targets(node) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, ast.AnnAssign | ast.AugAssign):
        return [node.target]
    return []


def _names(target: ast.expr):
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _names(element)
    elif isinstance(target, ast.Starred):
        yield from _names(target.value)


def assigned(tree: ast.Module) -> list[tuple[str, int, ast.AST]]:
    """(name, line, statement) of every module-level assignment."""
    return [
        (name, node.lineno, node)
        for node in _module_level(tree.body)
        for target in _targets(node)
        for name in _names(target)
    ]


def limit_names() -> set[str]:
    return {name for name, _line, _node in assigned(ast.parse(LIMITS.read_text()))}


def problems(path: Path, source: str, limits: set[str]) -> list[str]:
    """What breaks the rule in one module (its path relative to the repository)."""
    if path == Path("scoring/limits.py"):
        return []
    tree = ast.parse(source)
    found = []
    for name, line, node in assigned(tree):
        if name in limits:
            found.append(f"{path}:{line}: {name} is defined in scoring/limits.py; import it from there")
        elif name.startswith("MAX_") and name not in ALLOWED.get(path, ()):
            found.append(f"{path}:{line}: {name} is a limit: define it in scoring/limits.py and import it")
        value = getattr(node, "value", None)
        if isinstance(value, ast.Name) and value.id in limits:
            found.append(f"{path}:{line}: {name} renames the limit {value.id}: use {value.id}")
        if isinstance(value, ast.Attribute) and value.attr in limits and name != value.attr:
            found.append(f"{path}:{line}: {name} renames the limit {value.attr}: use {value.attr}")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "scoring.limits":
            for alias in node.names:
                if alias.asname not in (None, alias.name):
                    found.append(f"{path}:{node.lineno}: {alias.name} imported as {alias.asname}")
    return found


def modules():
    for package in PACKAGES:
        for file in sorted((ROOT / package).rglob("*.py")):
            yield file.relative_to(ROOT), file.read_text()


def test_every_limit_is_defined_once_in_scoring_limits():
    limits = limit_names()
    found = [problem for path, source in modules() for problem in problems(path, source, limits)]
    assert found == []


def test_the_rule_sees_a_second_definition_a_max_name_and_a_renamed_limit():
    """The check itself: each way of defining a limit outside scoring/limits.py is named with its line."""
    limits = limit_names()
    source = (
        "from scoring.limits import MAX_SEATED_PLAYERS, MAX_SESSIONS as SESSIONS\n"
        "from scoring import limits\n"
        "MAX_PLAYERS = 2_000\n"
        "if True:\n"
        "    MAX_FOUND = 30\n"
        "PLAYERS = MAX_SEATED_PLAYERS\n"
        "TABLES = limits.MAX_TABLES\n"
        "def inside():\n"
        "    MAX_LOCAL = 1\n"
    )
    path = Path("tournament/selectors/example.py")
    assert problems(path, source, limits) == [
        f"{path}:3: MAX_PLAYERS is defined in scoring/limits.py; import it from there",
        f"{path}:5: MAX_FOUND is a limit: define it in scoring/limits.py and import it",
        f"{path}:6: PLAYERS renames the limit MAX_SEATED_PLAYERS: use MAX_SEATED_PLAYERS",
        f"{path}:7: TABLES renames the limit MAX_TABLES: use MAX_TABLES",
        f"{path}:1: MAX_SESSIONS imported as SESSIONS",
    ]
    assert problems(Path("tournament/models/lengths.py"), "MAX_LENGTH = {}\n", limits) == []
    assert problems(Path("scoring/limits.py"), "MAX_PLAYERS = 1\n", limits) == []


def test_the_limits_are_plain_names_in_sections():
    """scoring/limits.py defines names only (no functions or classes) and imports nothing but the standard library."""
    tree = ast.parse(LIMITS.read_text())
    assert not [node for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
    imports = {alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
    assert imports <= {"csv"}
    # mutmut's copy of the module (make mutation) starts with its own trampoline import: not the module's
    assert not [
        node
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and not (node.module or "").startswith("mutmut.")
    ]
