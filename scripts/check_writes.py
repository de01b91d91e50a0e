"""Two checks of the map that the import contracts cannot see (run by `make lint` and scripts/test.sh):

1. Every write of a model happens in tournament/services/ (or a migration). An AST walk over tournament/ outside
   services/ and migrations/ names file:line of each call that writes: ``create``, ``update``, ``delete``,
   ``save``, ``bulk_create``, ``bulk_update``, ``get_or_create``, ``update_or_create`` and ``select_for_update`` on
   a queryset (a chain through ``.objects`` or a queryset method, a name assigned from one, a function of the
   same module that returns one), ``save()``/``delete()`` without positional arguments on anything (a model
   instance, a model form; ``save(commit=False)`` writes nothing), ``create``/``get_or_create``/... with keyword
   arguments only on an attribute (a related manager: ``tournament.sessions.create(number=1)``), and raw SQL that
   writes (``execute``/``executemany``/``executescript``/``raw`` of a string that starts with INSERT, UPDATE,
   DELETE, ...), and ``add``/``remove``/``clear``/``set`` on a public attribute of an object other than ``self``
   (a many-to-many manager: ``user.groups.add(group)``). A call through ``super()`` is the framework's own (a model's ``save`` override, the admin's
   ``save_model`` of a User) and not counted. The admin is checked like everything else: it saves through the
   services (tournament/admin/base.py).
2. No module of tournament/ or scoring/ (migrations excepted) is over MAX_LINES lines.

Usage: ``python scripts/check_writes.py`` (exit status 1 and one line per finding when something is wrong).
"""

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400

# Writes outside tournament/services/ that cannot go there, each with its reason: (path, line text) -> reason.
ALLOWED_WRITES: dict[tuple[str, str], str] = {}

# TEMPORARY: the modules over MAX_LINES lines when the check was added; the integrator removes this list.
QUERYSET_METHODS = {
    "all",
    "annotate",
    "defer",
    "distinct",
    "exclude",
    "filter",
    "get_queryset",
    "none",
    "only",
    "order_by",
    "prefetch_related",
    "reverse",
    "select_related",
    "select_for_update",
    "using",
    "values",
    "values_list",
}
QUERYSET_WRITES = {
    "bulk_create",
    "bulk_update",
    "create",
    "delete",
    "get_or_create",
    "save",
    "select_for_update",
    "update",
    "update_or_create",
}
MANAGER_WRITES = {"bulk_create", "bulk_update", "create", "get_or_create", "update_or_create"}
INSTANCE_WRITES = {"delete", "save"}
RELATION_WRITES = {"add", "clear", "remove", "set"}  # of a many-to-many manager: ``user.groups.add(group)``
SQL_CALLS = {"execute", "executemany", "executescript", "raw"}
WRITING_SQL = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|MERGE|UPSERT|TRUNCATE|DROP|ALTER|CREATE)\b", re.I)


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def _is_queryset(node: ast.AST, querysets: set[str], returning: set[str]) -> bool:
    """Whether an expression is (by its look) a queryset or a manager."""
    while True:
        if isinstance(node, ast.Attribute):
            if node.attr == "objects":
                return True
            node = node.value
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in QUERYSET_METHODS:
                return True
            if isinstance(func, ast.Name) and func.id in returning:
                return True
            node = func
        elif isinstance(node, ast.Name):
            return node.id in querysets
        elif isinstance(node, ast.Subscript):
            node = node.value
        else:
            return False


def _looks_like_relation(node: ast.AST) -> bool:
    """``person.groups``: a public attribute of something other than ``self`` (``self._stop.set()`` is an event's)."""
    if not isinstance(node, ast.Attribute) or node.attr.startswith("_"):
        return False
    root = node.value
    while isinstance(root, ast.Attribute):
        root = root.value
    return not (isinstance(root, ast.Name) and root.id in {"self", "cls"})


def _through_super(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _sql_text(node: ast.AST, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return str(node.values[0].value)
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    return None


class _Walker(ast.NodeVisitor):
    def __init__(self, path: str, tree: ast.Module):
        self.path = path
        self.findings: list[Finding] = []
        self.constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name) and isinstance(node.value.value, str)
        }
        self.querysets: set[str] = set()
        self.returning = self._functions_returning_querysets(tree)

    def _functions_returning_querysets(self, tree: ast.Module) -> set[str]:
        found: set[str] = set()
        for _round in range(3):  # a function returning another's queryset
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name not in found:
                    returns = [
                        sub.value for sub in ast.walk(node) if isinstance(sub, ast.Return) and sub.value
                    ]
                    if any(_is_queryset(value, set(), found) for value in returns):
                        found.add(node.name)
        return found

    def visit_Assign(self, node: ast.Assign) -> None:
        if _is_queryset(node.value, self.querysets, self.returning):
            self.querysets.update(target.id for target in node.targets if isinstance(target, ast.Name))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        what = self._write(node)
        if what:
            self.findings.append(Finding(self.path, node.lineno, what))
        self.generic_visit(node)

    def _write(self, node: ast.Call) -> str | None:
        func = node.func
        if not isinstance(func, ast.Attribute) or _through_super(func.value):
            return None
        method, receiver = func.attr, func.value
        if method in SQL_CALLS and node.args:
            sql = _sql_text(node.args[0], self.constants)
            if sql is not None and WRITING_SQL.match(sql):
                return f"raw SQL that writes ({method}: {sql.strip().split()[0].upper()} ...)"
            return None
        if method == "select_for_update":  # only a queryset or a manager has it
            return "queryset .select_for_update()"
        if method in QUERYSET_WRITES and _is_queryset(receiver, self.querysets, self.returning):
            return f"queryset .{method}()"
        if method in INSTANCE_WRITES and not node.args:
            if method == "save" and any(
                keyword.arg == "commit"
                and isinstance(keyword.value, ast.Constant)
                and keyword.value.value is False
                for keyword in node.keywords
            ):
                return None
            return f"model .{method}()"
        if (
            method in MANAGER_WRITES
            and isinstance(receiver, ast.Attribute)
            and not node.args
            and node.keywords
        ):
            return f"manager .{method}()"
        if method in RELATION_WRITES and _looks_like_relation(receiver):
            return f"many-to-many .{method}()"
        return None


def writes_in_source(source: str, path: str) -> list[Finding]:
    """The writes a module's source makes (path is only for the findings' names)."""
    tree = ast.parse(source, filename=path)
    walker = _Walker(path, tree)
    walker.visit(tree)
    lines = source.splitlines()
    return [
        finding
        for finding in walker.findings
        if (path, lines[finding.line - 1].strip()) not in ALLOWED_WRITES
    ]


def _modules(*packages: str, root: Path = ROOT):
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if "/migrations/" not in relative:
                yield relative, path


def write_findings(root: Path = ROOT) -> list[Finding]:
    findings = []
    for relative, path in _modules("tournament", root=root):
        if relative.startswith("tournament/services/"):
            continue
        findings.extend(writes_in_source(path.read_text(encoding="utf-8"), relative))
    return findings


def size_findings(root: Path = ROOT) -> list[str]:
    """The modules over MAX_LINES lines, each as "path: N lines (more than MAX_LINES)"."""
    failing = []
    for relative, path in _modules("tournament", "scoring", root=root):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MAX_LINES:
            failing.append(f"{relative}: {count} lines (more than {MAX_LINES})")
    return failing


def main() -> int:
    writes = write_findings()
    for finding in writes:
        print(f"{finding}: a write outside tournament/services/ (move it into a service)")
    too_long = size_findings()
    for line in too_long:
        print(f"{line}: split it")
    if writes or too_long:
        return 1
    print("writes: all in tournament/services/; modules: none over the limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
