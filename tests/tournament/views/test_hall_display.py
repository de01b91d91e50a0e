"""The hall display: the organiser's choice (pages, seconds, the clock alone), the next session's seating and the
standings cut into pages, display.json for the open displays, and the settings page."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.models import AuditEntry, HallDisplay, Tournament
from tournament.presenters.hall import seating_pages, standings_pages
from tournament.selectors.hall import hall_display, next_seating_session
from tournament.services import DomainError
from tournament.services.clock import start_clock
from tournament.services.hall_display import set_hall_display


def slides(html: str) -> list[tuple[str, str, str]]:
    """(kind, title, page count) of every page section of the fragment, in order."""
    return re.findall(
        r'<section class="slide slide-[\w-]+" data-page="([\w-]+)" data-title="([^"]*)" data-count="([^"]*)"',
        html,
    )


def test_before_any_choice_every_page_shows(demo):
    display = hall_display(demo)
    assert display.pages == list(HallDisplay.PAGES) and display.page_seconds == 15 and display.version == 0


def test_the_next_seating_is_the_first_published_session_not_started(demo):
    assert next_seating_session(demo).number == 6  # 1-5 have results
    start_clock(actor=None, session=demo.sessions.get(number=6), at=timezone.now() - timedelta(minutes=5))
    assert next_seating_session(demo).number == 7
    demo.sessions.filter(number=7).update(seating_published=False)
    assert next_seating_session(demo).number == 8


def test_seating_pages_by_table_and_by_name(demo):
    by_table, by_name = seating_pages(demo.sessions.get(number=6))
    # 32 players at 8 tables: 6 tables a page, so two pages, shared 4 + 4 (not 6 + 2); 33 names fit one page of 36
    assert [(page.number, page.count, len(page.items)) for page in by_table] == [(1, 2, 4), (2, 2, 4)]
    assert [len(page.items) for page in by_name] == [
        33
    ]  # the reserve from the start under their own name too
    names = [seat.listed for seat in by_name[0].items]
    # "van den Berg" files under B, between Bakker and Brändli
    assert names.index("Bakker, Maartje") < names.index("Berg, Joris van den") < names.index("Brändli, Reto")
    assert names[0].startswith("Ångström")  # Å files with A (tournament.display.names)
    assert names.index("Vries, Anna de") > names.index("Smith, Oliver")  # "de Vries" under V


def test_standings_pages_at_most_twenty_a_page_shared_evenly(demo):
    after, pages = standings_pages(demo)
    assert after == 5
    # 32 players, 20 a page: two pages, 16 + 16 (not 20 + 12), each in 2 columns of 8
    assert [(page.number, len(page.items)) for page in pages] == [(1, 16), (2, 16)]
    assert [len(column) for column in pages[1].columns] == [8, 8]
    first = pages[0].items[0]
    assert first.rank == "1" and first.name == "Joris van den Berg" and first.total == "+83.5"


def test_the_display_page_and_its_fragment(client, demo):
    html = client.get("/t/demo/display/").content.decode()
    assert "Tenbou Demo Open 2026" in html and 'class="site-header"' not in html
    shown = slides(client.get("/t/demo/display/pages/").content.decode())
    assert shown == [
        ("seating-tables", "Session 6: seating by table", "1/2"),
        ("seating-tables", "Session 6: seating by table", "2/2"),
        ("seating-names", "Session 6: seating by name", ""),
        ("standings", "Standings after session 5", "1/2"),
        ("standings", "Standings after session 5", "2/2"),
    ]
    assert re.findall(r"<script\b(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", html) == []


def test_display_json_follows_the_organisers_choice(client, demo, make_user):
    assert client.get("/t/demo/display.json").json() == {
        "version": 0,
        "pages": list(HallDisplay.PAGES),
        "page_seconds": 15,
        "clock_alone": False,
        "announcing": False,
    }
    set_hall_display(
        actor=make_user("boss"),
        tournament=demo,
        pages=["standings", "clock"],
        page_seconds=8,
        clock_alone=True,
    )
    data = client.get("/t/demo/display.json").json()
    assert data == {
        "version": 2,
        "pages": ["clock", "standings"],
        "page_seconds": 8,
        "clock_alone": True,
        "announcing": False,
    }
    assert [
        kind for kind, _title, _count in slides(client.get("/t/demo/display/pages/").content.decode())
    ] == [
        "standings",
        "standings",
    ]
    entry = AuditEntry.objects.get(action="display.settings")
    assert (
        entry.actor_label == "boss" and entry.summary == "Hall display: clock, standings, 8 seconds per page"
    )


@pytest.mark.parametrize(
    ("pages", "seconds", "code"), [(["weather"], 15, "display_page"), (["clock"], 4, "display_seconds")]
)
def test_bad_display_choices_are_refused(demo, pages, seconds, code):
    with pytest.raises(DomainError) as refused:
        set_hall_display(actor=None, tournament=demo, pages=pages, page_seconds=seconds, clock_alone=False)
    assert refused.value.code == code
    assert (
        not HallDisplay.objects.exists() and not AuditEntry.objects.filter(action="display.settings").exists()
    )


def test_the_settings_page(organiser_client, demo):
    page = organiser_client.get("/t/demo/organise/display/").content.decode()
    assert "the next session&#x27;s seating, by name" in page or "the next session's seating, by name" in page
    response = organiser_client.post(
        "/t/demo/organise/display/", {"pages": ["clock", "seating-names"], "page_seconds": "20"}
    )
    assert response.status_code == 302
    saved = HallDisplay.objects.get(tournament=demo)
    assert (saved.pages, saved.page_seconds, saved.clock_alone) == (["clock", "seating-names"], 20, False)
    response = organiser_client.post("/t/demo/organise/display/", {"pages": ["clock"], "page_seconds": "2"})
    assert response.status_code == 200 and "greater than or equal to 5" in response.content.decode()
    assert HallDisplay.objects.get(tournament=demo).page_seconds == 20


def test_the_settings_page_is_for_organisers(client, demo, make_user):
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    assert (
        client.post("/t/demo/organise/display/", {"pages": ["clock"], "page_seconds": "20"}).status_code
        == 403
    )
    assert not HallDisplay.objects.exists()


def test_the_display_in_dutch(client, demo):
    Tournament.objects.filter(pk=demo.pk).update(language="nl")  # the hall speaks the tournament's language
    html = client.get("/t/demo/display/pages/", headers={"accept-language": "nl"}).content.decode()
    assert "Sessie 6: tafelindeling per tafel" in html and "Klassement na sessie 5" in html
    assert '<span class="wind">O</span>' in html  # Oost


# --- the hall's paging has one home (tournament/display/hall_pages.py) ---------------------------------------


def test_every_page_is_a_grid_of_columns_and_rows(demo):
    from tournament.display.hall_pages import LAYOUTS

    # the page sizes are the grids, so the rows of a column always divide a page (36 names: 3 columns of 12)
    assert {kind: (layout.columns, layout.rows, layout.per_page) for kind, layout in LAYOUTS.items()} == {
        HallDisplay.SEATING_TABLES: (3, 2, 6),
        HallDisplay.SEATING_NAMES: (3, 12, 36),
        HallDisplay.STANDINGS: (2, 10, 20),
        HallDisplay.RANKINGS: (2, 10, 20),
    }


def test_a_new_grid_changes_the_pages_and_what_the_screen_is_told(client, demo, monkeypatch):
    from tournament.display import hall_pages

    monkeypatch.setitem(hall_pages.LAYOUTS, HallDisplay.STANDINGS, hall_pages.PageLayout(columns=3, rows=4))
    _after, pages = standings_pages(demo)
    assert [len(page.items) for page in pages] == [11, 11, 10]  # 32 players, at most 12 a page: 3 pages
    html = client.get("/t/demo/display/pages/").content.decode()
    standings = html[html.index('data-page="standings"') :]
    section = standings[: standings.index("</section>")]
    # the screen lays the page out from the numbers it is given (display.js hands them to display.css)
    assert 'data-columns="3" data-rows="4"' in html
    assert [len(re.findall(r"<li\b", column)) for column in section.split("</ol>")[:-1]] == [4, 4, 3]


def test_the_css_and_the_template_hold_no_count_of_columns_or_rows():
    from pathlib import Path

    from django.conf import settings

    css = (Path(settings.BASE_DIR) / "static/css/display.css").read_text()
    template = (Path(settings.BASE_DIR) / "templates/display/_pages.html").read_text()
    assert re.findall(r"repeat\(\s*\d", css) == []  # grid-template-columns: repeat(var(--columns), 1fr)
    assert "repeat(var(--columns)" in css and "var(--rows)" in css
    assert re.findall(r"columns-\d", css + template) == []


def test_a_substitutes_line_is_marked_so_it_wraps_rather_than_losing_for_whom(client, demo):
    """The hall's cards cut a long name with an ellipsis; a substitute's line (5.8, "Jan Jansen (for ...)") is
    marked so the screen wraps it instead: cut, it would hide whose seat it is (by table and by name)."""
    from scoring.standings import RESERVE
    from tournament.services import players
    from tournament.services.substitutes import substitute

    players.register_player(
        actor=None, tournament=demo, key="r91", first_name="Jan", last_name="Jansen", status=RESERVE
    )
    seat = demo.sessions.get(number=6).seats.select_related("registration__player").first()
    substitute(
        tournament=demo, session_number=6, player_key=seat.registration.key, reserve_key="r91", actor=None
    )
    html = client.get("/t/demo/display/pages/").content.decode()
    full = f'<li class="substituted"><span class="wind">{seat.wind}</span><span class="name">Jan Jansen (for '
    assert full in html
    # by table and twice by name (the player's line and the substitute's own), for this substitute and the
    # demo's own (reserve r01 in session 6)
    assert html.count('<li class="substituted">') == 2 * 3


def test_slide_titles_and_the_provisional_line_wrap_rather_than_being_cut():
    """At 1280 px a French or German title ("Classement après la session 7") was cut with an ellipsis: the slide's
    title and the standings' provisional line wrap instead (display.css)."""
    from pathlib import Path

    from django.conf import settings

    css = (Path(settings.BASE_DIR) / "static/css/display.css").read_text()
    for selector in (".display-slide-title {", ".slide .provisional {"):
        rule = css[css.index(selector) :]
        rule = rule[: rule.index("}")]
        assert "nowrap" not in rule and "ellipsis" not in rule, selector
