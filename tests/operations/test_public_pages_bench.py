"""The pages bench/public_pages.py measures: each public page of the event it builds (the demo with its teams,
countries, newcomers and prizes: ``manage.py demo``), and each answers 200 with something to show, so no row of its
table measures a 404 or an empty page."""

import importlib.util
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tournament.models import HallDisplay
from tournament.services.demo import create_demo

BENCH = Path(settings.BASE_DIR) / "bench" / "public_pages.py"
SLUG, PLAYED = "side-demo", 3


@pytest.fixture(scope="module")
def bench():
    """The bench as a module; the folders it puts on sys.path taken off again (bench/ has a standings.py)."""
    saved = list(sys.path)
    try:
        spec = importlib.util.spec_from_file_location("public_pages_bench", BENCH)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module


@pytest.fixture
def event(db):
    """What `manage.py demo` builds (side rankings and prizes on), small: 16 players, 4 sessions, 3 played."""
    return create_demo(slug=SLUG, n_players=16, n_sessions=4, played=PLAYED, seed=7, side_rankings=True)


def test_the_bench_measures_each_public_page_and_the_hall_displays_fragments(bench):
    pages = bench.public_pages(SLUG, PLAYED)
    assert pages == {
        "standings": f"/t/{SLUG}/standings/",  # first: the 304 row revalidates it
        "tournament": f"/t/{SLUG}/",
        "player": f"/t/{SLUG}/players/p01/",
        "session": f"/t/{SLUG}/sessions/{PLAYED}/",
        "team ranking": f"/t/{SLUG}/rankings/team/",
        "newcomer ranking": f"/t/{SLUG}/rankings/category/newcomer/",
        "prizes": f"/t/{SLUG}/prizes/",
        "display pages": f"/t/{SLUG}/display/pages/",
        "display.json": f"/t/{SLUG}/display.json",
    }
    assert bench.public_pages(bench.SLUG, bench.PLAYED) == bench.PAGES


def test_each_page_the_bench_measures_answers_200_on_the_demo(bench, event, client):
    pages = bench.public_pages(SLUG, PLAYED)
    answers = {kind: client.get(path, HTTP_ACCEPT_LANGUAGE="en") for kind, path in pages.items()}
    assert {kind: answer.status_code for kind, answer in answers.items()} == dict.fromkeys(pages, 200)
    # the hall screen as the demo leaves it (no choice saved: every page, selectors.hall.hall_display) shows each
    # kind of slide, the clock aside (the clock is display.html's own, not a slide of the fragment)
    fragment = answers["display pages"].content.decode()
    shown = {kind for kind in HallDisplay.PAGES if f'data-page="{kind}"' in fragment}
    assert shown == set(HallDisplay.PAGES) - {HallDisplay.CLOCK}
    assert answers["display.json"].json()["pages"] == list(HallDisplay.PAGES)
