"""Reading the guides (docs/*.md) for their checks: the inline code spans outside fenced blocks, the fenced blocks,
the tables' rows, and the anchors MkDocs makes of the headings."""

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"`([^`\n]+)`")
CELL = re.compile(r"(?<!\\)\|")


def text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def prose(markdown: str) -> str:
    """The page without its fenced blocks (the map's block is read on its own)."""
    return FENCE.sub("", markdown)


def fenced_blocks(markdown: str) -> list[str]:
    return [block.split("\n", 1)[1].rsplit("\n", 1)[0] for block in FENCE.findall(markdown)]


def spans(markdown: str) -> list[str]:
    return SPAN.findall(markdown)


def table_rows(markdown: str) -> list[list[str]]:
    """Each row of each table as its cells (an escaped ``\\|`` stays in its cell), the header and rule left out."""
    rows = []
    for line in prose(markdown).splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [cell.strip().replace("\\|", "|") for cell in CELL.split(line.strip())[1:-1]]
        rows.append(cells)
    return rows


def anchors(markdown: str) -> set[str]:
    """The ids MkDocs gives the headings (Python-Markdown's toc slugify: ASCII, lower case, words joined by -)."""
    found = set()
    for heading in re.findall(r"^#{1,6} (.+?)\s*$", prose(markdown), flags=re.MULTILINE):
        plain = re.sub(r"<[^>]+>", "", heading).replace("`", "")
        plain = unicodedata.normalize("NFKD", plain).encode("ascii", "ignore").decode()
        plain = re.sub(r"[^\w\s-]", "", plain).strip().lower()
        found.add(re.sub(r"[-\s]+", "-", plain))
    return found
