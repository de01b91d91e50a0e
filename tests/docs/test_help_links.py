"""The help link of each organiser's and referee's page (``{% block help_page %}`` in templates/, the layouts'
defaults included) names a guide that exists and a section of it: the anchor MkDocs makes of one of its headings."""

import re

from tests.docs.guides import DOCS, ROOT, anchors, text

HELP_PAGE = re.compile(r"{% block help_page %}(?P<page>[\w-]+)\.html#(?P<anchor>[\w-]+){% endblock %}")


def help_links() -> list[tuple[str, str, str]]:
    return [
        (str(path.relative_to(ROOT)), match["page"], match["anchor"])
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for match in HELP_PAGE.finditer(path.read_text(encoding="utf-8"))
    ]


def test_the_layouts_and_pages_name_their_sections():
    templates = {template for template, _, _ in help_links()}
    assert {"templates/layouts/staff.html", "templates/layouts/referee.html"} <= templates
    assert len(templates) >= 20


def test_every_help_link_names_a_section_of_a_guide():
    broken = []
    for template, page, anchor in help_links():
        if not (DOCS / f"{page}.md").exists():
            broken.append(f"{template}: no guide docs/{page}.md")
        elif anchor not in anchors(text(f"{page}.md")):
            broken.append(f"{template}: docs/{page}.md has no section #{anchor}")
    assert not broken, "\n".join(broken)
