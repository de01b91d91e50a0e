"""The code cites the guides by section, and every citation resolves (issue 29: the README's sections moved to
docs/): a comment or docstring that says ``(docs/operators.md, "Production")`` names a guide that exists and a
heading of it (the cited words are the heading or its start: ``"Caching"`` for "Caching (browsers, proxies,
CDNs)"), and none cites a section of the README (``README "Production"``, ``(README, "Side rankings and prizes")``),
which now only links the guides.

Read: the code, templates, scripts, tests and deployment files, and the top-level build files. A cited heading may
run over a line break (a comment's ``#`` and a docstring's indentation are left out). The sentences people read in
the catalogues are not code and are left as they are (a translated sentence that names the README is resolved by the
README's own table "Where the README's sections went")."""

import re

from tests.docs.guides import DOCS, ROOT, anchors, prose

FOLDERS = ("tournament", "scoring", "config", "scripts", "templates", "tests", "deploy", "bench", "tools")
TOP = ("Makefile", "pyproject.toml", "Dockerfile", "compose.yaml", "mkdocs.yml", ".ci/run")
SUFFIXES = {
    ".py",
    ".html",
    ".txt",
    ".sh",
    ".toml",
    ".md",
    ".conf",
    ".service",
    ".yml",
    ".yaml",
    ".js",
    ".css",
}
CITATION = re.compile(r"docs/([\w-]+\.md),\s+\"([^\"]+)\"")
README_SECTION = re.compile(r"README,?\s+\"")
BREAK = re.compile(r"\s*\n\s*(?:#+\s*)?")
SELF = ROOT / "tests" / "docs" / "test_code_citations.py"  # its examples are wrong on purpose


def sources():
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "migrations" not in path.parts and path != SELF:
                yield path
    for name in TOP:
        if (ROOT / name).is_file():
            yield ROOT / name


def headings(guide: str) -> list[str]:
    found = re.findall(r"^#{1,6} (.+?)\s*$", prose((DOCS / guide).read_text(encoding="utf-8")), re.MULTILINE)
    return [heading.replace("`", "") for heading in found]


def citations(text: str) -> list[tuple[str, str]]:
    return [(guide, BREAK.sub(" ", words)) for guide, words in CITATION.findall(text)]


def unresolved(found: list[tuple[str, str]]) -> list[str]:
    missing = []
    for guide, words in found:
        if not (DOCS / guide).is_file():
            missing.append(f"docs/{guide} (no such guide)")
        elif not any(heading.startswith(words) for heading in headings(guide)):
            missing.append(f'docs/{guide}, "{words}" (no such heading)')
    return missing


def test_every_cited_section_of_a_guide_exists():
    missing = []
    for path in sources():
        text = path.read_text(encoding="utf-8", errors="replace")
        missing += [f"{path.relative_to(ROOT)}: {what}" for what in unresolved(citations(text))]
    assert not missing, "the code cites sections the guides do not have:\n" + "\n".join(missing)


def test_nothing_cites_a_section_of_the_readme():
    cited = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sources()
        for number, line in enumerate(
            path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1
        )
        if README_SECTION.search(line)
    ]
    assert not cited, (
        f'cite the guide that holds the section (docs/<guide>.md, "Section"), not the README: {cited}'
    )


def test_a_wrong_citation_is_found():
    found = citations(
        '# see docs/operators.md, "Caching" and docs/operators.md, "Kaching"\n"""docs/nope.md, "X"'
    )
    assert unresolved(found) == [
        'docs/operators.md, "Kaching" (no such heading)',
        "docs/nope.md (no such guide)",
    ]
    wrapped = citations('"""the rankings (docs/formats.md, "The rankings\'\n    settings in the archive")"""')
    assert wrapped == [("formats.md", "The rankings' settings in the archive")] and not unresolved(wrapped)
    assert "production" in anchors("## Production")  # the guides' anchors come from the same headings
    assert README_SECTION.search('(README "Production")') and README_SECTION.search('(README, "Side rankings')
    assert not README_SECTION.search("(see README.md)")
