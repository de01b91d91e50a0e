"""The tournament's header line on every public and staff page: where, when and the rules, with one separator
between the parts that are there (a tournament without dates read "Leiden (NED) · · EMA ...")."""

import pytest

from tournament.services.tournaments import create_tournament, update_tournament


@pytest.mark.parametrize(
    ("details", "line"),
    [
        ({"city": "Leiden", "country": "NED"}, "Leiden (NED) · EMA Riichi Competition Rules 2016"),
        ({}, "EMA Riichi Competition Rules 2016"),
        (
            {"city": "Leiden", "start_date": "2026-06-13", "end_date": "2026-06-14"},
            "Leiden · 13 June 2026 – 14 June 2026 · EMA Riichi Competition Rules 2016",
        ),
    ],
)
def test_the_header_line_has_one_separator_between_parts(client, db, details, line):
    tournament = create_tournament(actor=None, slug="open", name="Open")
    if details:
        update_tournament(actor=None, tournament=tournament, **details)
    html = client.get("/t/open/").content.decode()
    meta = html.split('<p class="meta">', 1)[1].split("</p>", 1)[0]
    assert " ".join(meta.split()) == line
