"""Issue 20, item 3: every place that shows a seat shows its planned substitute (5.8), marked as substituting for the
registered player, in English and Dutch (tournament.display.names.seat_name): the public session page, the hall
display, "find my table", the referee's table form (pre-set to substitute from the start), the score sheets and
table stands (the HTML preview and ``print_document --html``)."""

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.tournament.substitute_event import substitute_event
from tournament.presenters.hall import seating_pages
from tournament.services.substitutes import substitute

JAN = "Jan Jansen (for First02 Last02)"
PIET = "Piet Gast (for First07 Last07)"


@pytest.fixture
def event(db):
    tournament = substitute_event()
    substitute(tournament=tournament, session_number=1, player_key="p02", reserve_key="r01", actor=None)
    substitute(tournament=tournament, session_number=1, player_key="p07", guest="Piet Gast", actor=None)
    return tournament


def on_paper(name: str) -> str:
    """'Jan Jansen (for Anna)' as the prints write it: who plays, then "for Anna" on a smaller line of its own."""
    plays, owner = name.removesuffix(")").split(" (for ")
    return f'<span class="name">{plays}</span><span class="seat-for"><span class="note-line substitute-note">for {owner}</span>'


def page(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return html.unescape(response.content.decode())


def test_the_public_session_page(client, event):
    shown = page(client, "/t/day/sessions/1/")
    assert JAN in shown and PIET in shown
    assert "Jan Jansen" not in page(client, "/t/day/sessions/2/")  # only the session they substitute in


def players_a_to_z(shown: str) -> list[str]:
    """The names of the session page's "Players A-Z" list, in its order."""
    listed = shown.split('<table class="seat-list">')[1].split("</table>")[0]
    return re.findall(r'<td class="name"><a href="[^"]*">([^<]*)</a>', listed)


def test_the_public_session_pages_a_to_z_list_has_each_substitute_under_their_own_name(client, event):
    """Issue 28's review: the list a player scans for their table had the reserve only under the absent player's
    name ("Jan Jansen (for Last02, First02)" among the L's); like the wall list, each substitute has a line of
    their own too, under their own name (a reserve by surname, a guest as typed), the player's line staying."""
    names = players_a_to_z(page(client, "/t/day/sessions/1/"))
    assert names[0] == "Jansen, Jan (for Last02, First02)"  # J before every LastNN
    assert names[-1] == "Piet Gast (for Last07, First07)"  # a guest as typed: P after every LastNN
    assert "Jan Jansen (for Last02, First02)" in names  # the player's line, among the L's
    assert names.count("Piet Gast (for Last07, First07)") == 2  # the player's line and the guest's own
    assert len(names) == 8 + 2  # 8 seats, 2 of them substituted


def test_the_public_session_page_in_dutch(client, event):
    shown = page(client, "/t/day/sessions/1/", HTTP_ACCEPT_LANGUAGE="nl")
    assert "Jan Jansen (reservespeler voor First02 Last02)" in shown


def test_the_hall_display_seating_pages(client, event):
    by_table, by_name = seating_pages(event.sessions.get(number=1))
    names = [seat.name for page in by_table for _number, seats in page.items for seat in seats]
    assert JAN in names and PIET in names
    assert "Jan Jansen (for Last02, First02)" in [seat.listed for page in by_name for seat in page.items]
    assert JAN in page(client, "/t/day/display/pages/")


def test_the_hall_displays_seating_by_name_has_each_substitute_under_their_own_name(event):
    """Issue 28's review: as the wall list and the session page, the hall's seating by name lists a substitute from
    the start under their own name too ("for" the player), the player's line staying where the player looks."""
    _by_table, by_name = seating_pages(event.sessions.get(number=1))
    listed = [seat.listed for page in by_name for seat in page.items]
    assert listed[0] == "Jansen, Jan (for Last02, First02)"  # J before every LastNN
    assert "Jan Jansen (for Last02, First02)" in listed  # the player's line, among the L's
    assert listed.count("Piet Gast (for Last07, First07)") == 2 and len(listed) == 8 + 2


def test_find_my_table_by_the_substitutes_name(client, event):
    guest = page(client, "/t/day/find/?q=piet")
    assert PIET in guest and "table 2 W" in guest
    reserve = page(client, "/t/day/find/?q=jansen")  # the reserve's own registration and the seat
    assert JAN in reserve and "table 1 S" in reserve


def test_the_absent_player_finds_they_are_substituted(client, event):
    response = client.get("/t/day/find/?q=first02")
    assert response.status_code == 200  # not sent straight to their page: the substitution is shown first
    assert JAN in html.unescape(response.content.decode())
    assert client.get("/t/day/find/?q=first03").status_code == 302  # one match, nothing to say: their page


def test_the_referees_form_is_pre_set(client, event, make_user):
    client.force_login(make_user("rita", tournament=event, role="referee"))
    shown = page(client, "/t/day/referee/sessions/1/tables/1/")
    assert JAN in shown
    assert (
        '<option value="from_start" selected>' in shown.split('name="S-substitute"')[1].split("</select>")[0]
    )
    assert 'name="S-substitute_name" value="Jan Jansen"' in shown
    assert '<option value="" selected>' in shown.split('name="E-substitute"')[1].split("</select>")[0]
    assert JAN in page(client, "/t/day/referee/sessions/1/")


def test_the_score_sheet_and_table_stand_previews(client, event, make_user):
    client.force_login(make_user("olga", tournament=event, role="organiser"))
    for document in ("score-sheets", "seating-by-table"):
        shown = page(client, reverse("print_preview", args=["day", document]) + "?session=1")
        # on paper "for ..." is a line of its own under who plays (print/_seat_name.html, issue 28)
        assert on_paper(JAN) in shown and on_paper(PIET) in shown, document


def test_print_document_html(event, tmp_path):
    target = tmp_path / "stands.html"
    call_command(
        "print_document",
        "day",
        "seating-by-table",
        "--session",
        "1",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    assert on_paper(JAN) in html.unescape(target.read_text(encoding="utf-8"))


def test_the_wall_list_names_the_substitutes_under_their_own_names(event, tmp_path):
    """The printed wall list (seating by name): a guest or reserve finds their table under their own name, "for"
    the player whose seat they take; the player's own line says who plays it."""
    target = tmp_path / "wall.html"
    call_command(
        "print_document",
        "day",
        "seating-by-name",
        "--session",
        "1",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    rows = [row for row in html.unescape(target.read_text(encoding="utf-8")).split("<tr>") if "</td>" in row]
    names = [row.split("<strong>")[1].split("</strong>")[0] for row in rows]
    # name_sort_key order: Jansen (J) before the Last.. players; the guest, typed "Piet Gast", under P.
    assert names == ["Jansen", *[f"Last0{n}" for n in range(1, 9)], "Piet Gast"]
    jan = rows[0]
    assert "for First02 Last02" in jan and '<td class="table-no">1</td>' in jan and ">S <" in jan
    assert "for First07 Last07" in rows[-1] and '<td class="table-no">2</td>' in rows[-1]
    # Last02's own line, without "in session 1" (the page is the session's; the line stays one line on paper)
    assert "Substituted by Jan Jansen</span>" in rows[2]
