"""Every command and option the command reference (docs/commands.md) names exists: each table row's command is a
management command, and each option the row names (in its usage or its description) is in that command's argparse
parser. A command written as ``manage.py NAME --option`` anywhere in the guides is checked the same way. And each of
Tenbou's own commands has its row, so a new command is documented when it is added."""

import re
from functools import cache

import pytest
from django.core.management import get_commands, load_command_class

from tests.docs.guides import DOCS, ROOT, spans, table_rows, text

LONG = re.compile(r"(?<![\w-])--[a-z][\w-]*")
SHORT = re.compile(r"(?:^|(?<=[\s\[(]))-[a-zA-Z](?=[\s\])]|$)")
MANAGE = re.compile(r"^(?:\S*python\S* )?manage\.py (?P<name>[a-z_]+)(?P<rest>.*)$")


@cache
def parser_options(name: str) -> frozenset[str]:
    commands = get_commands()
    if name not in commands:
        return frozenset()
    command = load_command_class(commands[name], name)
    return frozenset(command.create_parser("manage.py", name)._option_string_actions)


def reference_rows() -> list[tuple[str, set[str], str]]:
    """(command, the options the row names, the row's usage) for each row of the reference's tables."""
    rows = []
    for usage, description in (row[:2] for row in table_rows(text("commands.md")) if row[0].startswith("`")):
        usages = spans(usage)
        names = {span.split()[0] for span in usages if span[0].isalpha()}  # not `--format` of a note
        options = set(LONG.findall(usage + " " + description))
        for span in usages:
            options.update(SHORT.findall(span))
        for name in names:
            rows.append((name, options, usage))
    return rows


def test_the_reference_has_rows():
    assert len(reference_rows()) >= 20


def _row_id(value) -> str:
    """A row's test id, the same in every process (pytest-xdist compares them): a set of options in order."""
    return " ".join(sorted(value)) if isinstance(value, set | frozenset) else str(value)[:40]


@pytest.mark.parametrize(("name", "options", "usage"), reference_rows(), ids=_row_id)
def test_every_command_and_option_of_the_reference_exists(name, options, usage):
    assert name in get_commands(), f"docs/commands.md names a command that does not exist: {name} ({usage})"
    missing = sorted(options - parser_options(name))
    assert not missing, f"docs/commands.md: {name} has no option {', '.join(missing)} (row {usage})"


def test_every_command_written_with_manage_py_in_the_guides_exists():
    problems = []
    for page in sorted(DOCS.glob("*.md")):
        for span in spans(page.read_text(encoding="utf-8")):
            match = MANAGE.match(span.strip())
            if not match:
                continue
            name, rest = match["name"], match["rest"]
            if name not in get_commands():
                problems.append(f"{page.name}: `{span}`: no command {name}")
                continue
            for option in LONG.findall(rest):
                if option not in parser_options(name):
                    problems.append(f"{page.name}: `{span}`: {name} has no option {option}")
    assert not problems, "\n".join(problems)


def test_each_of_tenbous_commands_is_in_the_reference():
    ours = {path.stem for path in (ROOT / "tournament" / "management" / "commands").glob("[!_]*.py")}
    named = {name for name, _, _ in reference_rows()}
    assert not ours - named, f"docs/commands.md has no row for {sorted(ours - named)}"
