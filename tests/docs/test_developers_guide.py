"""Every path the developers' guide (docs/developers.md) names exists, so the map stays true as the code moves.

- The map (the fenced block under "The map"): each entry is the first word of a line indented 0 or 2 spaces, a
  folder (``views/``) or a file (``errors.py``) inside the entry above it with less indentation; each must exist.
- A path in the map's descriptions (``access.py``, ``templates/public/_figure.html``) is read from the repository's
  root, or from the folder of the entry it describes or of one above it.
- A path in the guide's text (an inline code span with a ``/`` or a file name: ``scoring/limits.py``,
  ``services/staff.py::set_may_create``) is read from the root, or from ``tournament/`` or ``scoring/``; a bare
  file name (``value.py``) must be somewhere in the code.

Addresses (``/t/<slug>/...``), placeholders (``<code>``), globs and dotted names are not paths and are left out, and
so is what a run writes into a folder git ignores (``build/mutation-report.txt``, ``mutants/``)."""

import re

from tests.docs.guides import ROOT, fenced_blocks, prose, spans, text

EXTENSIONS = "py|html|css|js|md|toml|txt|sh|conf|service|yaml|yml|po|svg|ttf|ini|cfg"
WORD = re.compile(
    rf"(?<![\w/.-])(?:[\w.-]+/)+(?:[\w-]+\.(?:{EXTENSIONS}))?(?![\w/])|(?<![\w/.-])[\w-]+\.(?:{EXTENSIONS})\b"
)
CODE_ROOTS = (
    "tournament",
    "scoring",
    "tests",
    "scripts",
    "config",
    "templates",
    "static",
    "tools",
    "deploy",
    "bench",
)
ENTRY = re.compile(r"^( {0,2})(\S+)")


def the_map() -> str:
    guide = text("developers.md")
    section = guide[guide.index("## The map") :]
    return fenced_blocks(section)[0]


IGNORED = {
    line.strip("/") + "/"
    for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    if line.startswith("/") and line.endswith("/")
}


def is_path(token: str) -> bool:
    if token.startswith(("/", ".", "-")) or re.fullmatch(r"[\d/.]+", token) or token.count(".") > 1:
        return False
    return not any(token.startswith(folder) for folder in IGNORED)


def exists(token: str, bases) -> bool:
    token = token.split("::")[0]
    if "/" not in token and any(next(ROOT.glob(f"{root}/**/{token}"), None) for root in CODE_ROOTS):
        return True
    return any((ROOT / base / token).exists() for base in bases)


def map_entries() -> list[tuple[str, str]]:
    """(the entry's path, the text of its lines) for each entry of the map."""
    entries, parents = [], {}
    for line in the_map().splitlines():
        match = ENTRY.match(line)
        if match and len(match[1]) in (0, 2) and (match[2].endswith("/") or "." in match[2]):
            depth = len(match[1]) // 2
            parent = parents.get(depth - 1, "") if depth else ""
            path = parent + match[2]
            parents[depth] = path if path.endswith("/") else parent
            entries.append((path, line[match.end() :]))
        elif entries:
            entries[-1] = (entries[-1][0], entries[-1][1] + " " + line.strip())
    return entries


def test_the_map_has_the_top_folders():
    assert {"scoring/", "tournament/", "templates/", "static/", "tests/"} <= {
        path for path, _ in map_entries()
    }


def test_every_entry_of_the_map_exists():
    missing = [path for path, _ in map_entries() if not (ROOT / path).exists()]
    assert not missing, f"docs/developers.md's map names what is not in the tree: {missing}"


def test_every_path_in_the_maps_descriptions_exists():
    missing = []
    for path, description in map_entries():
        folder = path if path.endswith("/") else path.rsplit("/", 1)[0] + "/" if "/" in path else ""
        bases = [""] + [folder[: index + 1] for index, char in enumerate(folder) if char == "/"]
        for token in WORD.findall(description):
            if is_path(token) and not exists(token, bases):
                missing.append(f"{path}: {token}")
    assert not missing, "docs/developers.md's map describes paths that are not in the tree:\n" + "\n".join(
        missing
    )


def test_every_path_in_the_guides_text_exists():
    missing = []
    for span in spans(prose(text("developers.md"))):
        token = span.strip()
        if " " in token or "<" in token or "*" in token or not WORD.fullmatch(token.split("::")[0]):
            continue
        if is_path(token) and not exists(token, ("", "tournament", "scoring")):
            missing.append(token)
    assert not missing, f"docs/developers.md names paths that are not in the tree: {missing}"
