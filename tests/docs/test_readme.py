"""The README is the front door (issue 29): what Tenbou is, a screenshot, the two commands and the guides, in at most
about 150 lines; every file it links (a guide, the screenshot) exists. MkDocs checks the links between the guides
(`make docs`, --strict); the README is outside the site, so its links are checked here."""

import re

from tests.docs.guides import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
LINK = re.compile(r"\]\((?!https?://)([^)#\s]+)(?:#[^)]*)?\)")


def test_the_readme_is_a_front_door():
    assert len(README.splitlines()) <= 150
    assert "make run" in README and "make test" in README
    assert re.search(r"!\[[^\]]+\]\(docs/img/[\w-]+\.png\)", README)  # a screenshot, described


def test_every_file_the_readme_links_exists():
    links = LINK.findall(README)
    assert {"docs/organisers.md", "docs/referees.md", "docs/operators.md", "docs/developers.md"} <= set(links)
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, f"README.md links files that do not exist: {missing}"
