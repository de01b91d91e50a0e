"""The tournament page: which sessions are played, which one runs now (its start time plus its length) and which
is next; and the figures of the public pages in the page's language."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.timezone import localtime

from tests.tournament.views.public.conftest import enter
from tournament.display.numbers import points, points_full
from tournament.presenters.schedule import ENTERING, NEXT, PLANNED, PLAYED, RUNNING
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import overview
from tournament.views.public.schedule import schedule_fragment


def states(tournament, now) -> dict[int, str]:
    html = schedule_fragment(tournament, overview(tournament, change_stamp(tournament)), now)["body"]
    return {int(number): state for state, number in re.findall(r'<tr class="(\w+)"><td>.*?(\d+)</', html)}


def test_session_states_by_results_and_clock(hand_worked):
    session_3 = hand_worked.sessions.get(number=3)
    start = timezone.now().replace(microsecond=0)
    session_3.starts_at = start
    session_3.save()
    assert states(hand_worked, start - timedelta(minutes=1)) == {1: PLAYED, 2: PLAYED, 3: NEXT}
    assert states(hand_worked, start) == {1: PLAYED, 2: PLAYED, 3: RUNNING}
    assert states(hand_worked, start + timedelta(minutes=89)) == {1: PLAYED, 2: PLAYED, 3: RUNNING}
    assert states(hand_worked, start + timedelta(minutes=90)) == {1: PLAYED, 2: PLAYED, 3: PLANNED}
    enter(hand_worked, 3, 1, {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000})
    assert states(hand_worked, start + timedelta(minutes=95)) == {1: PLAYED, 2: PLAYED, 3: ENTERING}
    enter(hand_worked, 3, 2, {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000})
    assert states(hand_worked, start + timedelta(minutes=60)) == {1: PLAYED, 2: PLAYED, 3: PLAYED}


def test_the_tournament_page_says_what_runs_now_and_what_is_next(client, hand_worked):
    now = timezone.now()
    hand_worked.sessions.filter(number=3).update(starts_at=now - timedelta(minutes=30))
    html = client.get("/t/hand-worked/").content.decode()
    start, end = localtime(now - timedelta(minutes=30)), localtime(now + timedelta(minutes=60))
    assert "Now:</strong> " in html and f"{start:%H:%M} to {end:%H:%M}" in html
    assert "Played:</strong> 2 of 3 sessions" in html and "playing now" in html


def test_the_next_session(client, hand_worked):
    later = timezone.now() + timedelta(hours=2)
    hand_worked.sessions.filter(number=3).update(starts_at=later)
    html = client.get("/t/hand-worked/").content.decode()
    assert "Next:</strong>" in html and "Now:" not in html
    assert localtime(later).strftime("%H:%M") in html.split("Next:", 1)[1].split("</li>", 1)[0]


def test_the_tournament_page_in_dutch(client, hand_worked):
    html = client.get("/t/hand-worked/", headers={"accept-language": "nl"}).content.decode()
    assert "Gespeeld:</strong> 2 van 3 sessies" in html and "gespeeld" in html


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_page_that_names_its_language_writes_points_as_the_active_language_does(language):
    """The public rows name the page's language once (tournament.display.numbers, the one formatter)."""
    with translation.override(language):
        for value in (None, 0, 100, -100, 1_250, 23_400, -8_300, 41_200, 1_234_500, -150_000):
            assert points(value, language=language) == points(value)
            assert points_full(value, language=language) == points_full(value)
            assert points_full(value, sign=False, language=language) == points_full(value, sign=False)
    with translation.override("en"):
        assert points(1_234_500, language="nl") == "+1.234,5" and points(1_234_500) == "+1,234.5"


def now_and_next(client, language="en") -> tuple[str, str]:
    """The words of the page's "Now" and "Next" lines ('' for a line not shown)."""
    html = client.get("/t/demo/", headers={"accept-language": language}).content.decode()
    box = html.split('<ul class="now-next">', 1)[1].split("</ul>", 1)[0]
    lines = {
        kind: " ".join(re.sub(r"<[^>]+>", "", text).split())
        for kind, text in re.findall(r'<li class="(running|next)">(.*?)</li>', box, re.S)
    }
    return lines.get("running", ""), lines.get("next", "")


@pytest.fixture
def session_6_late(demo):
    """The demo (sessions 1-5 played) with session 6 planned three hours ago, so its planned time is over, and
    session 7 in an hour."""
    now = timezone.now()
    demo.sessions.filter(number=6).update(starts_at=now - timedelta(hours=3))
    demo.sessions.filter(number=7).update(starts_at=now + timedelta(hours=1))
    return demo


def test_next_while_nothing_is_playing(client, session_6_late):
    now_line, next_line = now_and_next(client)
    assert now_line == "" and next_line.startswith("Next: Session 7, ")


def test_now_while_the_clock_of_a_session_runs(client, session_6_late):
    """Issue 21, item 9: session 6 started late, its clock runs: it is playing now, whatever its planned time."""
    from tournament.services.clock import start_clock

    start_clock(
        actor=None, session=session_6_late.sessions.get(number=6), at=timezone.now() - timedelta(minutes=20)
    )
    now_line, next_line = now_and_next(client)
    assert now_line == "Now: Session 6" and next_line == ""  # not its planned times: the page's clock has it
    assert now_and_next(client, "nl") == ("Nu: Sessie 6", "")


def test_now_while_results_come_in(client, session_6_late):
    """Results of one table of session 6 entered, the others still playing: session 6 is on now, not 7."""
    from tournament.models import Table
    from tournament.services.results import SeatScore, enter_table_result

    table = Table.objects.get(session__tournament=session_6_late, session__number=6, number=1)
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (40_000, 30_000, 30_000, 20_000), strict=True)]
    enter_table_result(actor=None, table=table, scores=scores)
    assert now_and_next(client) == ("Now: Session 6, 1 of 8 tables entered", "")
