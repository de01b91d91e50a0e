"""Packs (tournament.printing.packs): a session's or a day's score sheets, table stands and wall list as one PDF
whose pages are exactly the single documents' pages, made in the background, by print_document, from the exports
page."""

import re
import zlib
from datetime import datetime
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.tournament.factories import made_in_background, make_event, numbered_people
from tournament.models import Job
from tournament.printing.documents import DocumentRequestError
from tournament.printing.packs import DayPack, SessionPack
from tournament.printing.pdf import laid_out
from tournament.printing.score_sheets import ScoreSheets
from tournament.printing.seating_lists import SeatingByName, SeatingByTable
from tournament.services.jobs import start_job
from tournament.worker.tasks import document_params

HALL = ZoneInfo("Europe/Amsterdam")
TABLES = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]


@pytest.fixture
def day_event(db):
    """8 players at 2 tables; sessions 1 and 2 seated on Saturday 9 May 2026 (10:00, 14:00), session 3 on Sunday,
    not seated; session 4 without a start time."""
    event = make_event("day", numbered_people(8), [TABLES, [TABLES[0][::-1], TABLES[1][::-1]]])
    from tournament.services import schedule

    schedule.ensure_sessions(actor=None, tournament=event, count=4)
    starts = {1: datetime(2026, 5, 9, 10), 2: datetime(2026, 5, 9, 14), 3: datetime(2026, 5, 10, 0, 30)}
    for number, start in starts.items():  # the set-up only: the session times are not what is tested
        event.sessions.filter(number=number).update(starts_at=start.replace(tzinfo=HALL))
    return event


def page_count(pdf: bytes) -> int:
    """The pages of a PDF: its page objects (not the /Pages tree), also inside compressed object streams (pypdf
    is not installed)."""
    streams = re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, flags=re.DOTALL)
    inflated = [pdf]
    for stream in streams:
        try:
            inflated.append(zlib.decompress(stream))
        except zlib.error:
            continue
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", b"\n".join(inflated)))


def single_pages(event, session: int) -> int:
    """What the three documents print alone for the session: 2 score sheets (one per table), 1 page of table
    stands (two stands per page), 1 wall list page (8 names, 50 to a page)."""
    documents = (ScoreSheets, SeatingByTable, SeatingByName)
    return sum(len(laid_out(document(event, session=session).html()).pages) for document in documents)


def test_a_session_pack_has_the_pages_of_its_three_documents(day_event):
    assert single_pages(day_event, 1) == 2 + 1 + 1
    pack = SessionPack(day_event, session=1)
    pdf = pack.pdf()
    assert pdf.startswith(b"%PDF") and page_count(pdf) == 4
    assert pack.filename() == "day-session-pack-session-1.pdf"
    html = pack.html()  # the preview: the parts' pages in order, each naming the session
    assert html.count("<!doctype html>") == 1 and html.count("</html>") == 1
    sheet, stand, wall = (
        html.index(mark) for mark in ('class="page sheet"', 'class="page stands"', 'class="page wall"')
    )
    assert sheet < stand < wall
    assert "Session 1: where do I sit?" in html and html.count("Session 1") >= 4


def test_a_day_pack_has_every_session_of_the_day_in_order(day_event):
    pack = DayPack(day_event, day="2026-05-09")
    assert [session.number for session in pack.sessions()] == [1, 2]
    pdf = pack.pdf()
    assert page_count(pdf) == single_pages(day_event, 1) + single_pages(day_event, 2) == 8
    assert pack.filename() == "day-day-pack-2026-05-09.pdf"
    assert (
        pack.laid_out().metadata.title
        == "Score sheets, table stands and wall list, Saturday\u00a09\u00a0May\u00a02026 · Event day"
    )
    html = pack.html()
    assert html.index("Session 1: where do I sit?") < html.index("Session 2: where do I sit?")


def test_pack_refusals_name_what(day_event):
    with pytest.raises(DocumentRequestError, match="day has no session 9"):
        SessionPack(day_event, session=9)
    with pytest.raises(DocumentRequestError, match="needs a session"):
        SessionPack(day_event)
    with pytest.raises(DocumentRequestError, match="session 3 of day has no seating yet"):
        SessionPack(day_event, session=3).pdf()
    with pytest.raises(
        DocumentRequestError, match=r"no session on 2026-05-11 \(days with sessions: 2026-05-09, 2026-05-10\)"
    ):
        DayPack(day_event, day="2026-05-11")
    with pytest.raises(DocumentRequestError, match="YYYY-MM-DD, not '9 May'"):
        DayPack(day_event, day="9 May")
    with pytest.raises(DocumentRequestError, match="needs a day"):
        DayPack(day_event)
    with pytest.raises(DocumentRequestError, match="does not take day"):
        ScoreSheets(day_event, session=1, day="2026-05-09")


def test_a_session_after_midnight_is_on_the_day_of_the_hall(day_event):
    """Session 3 starts at 00:30 in Amsterdam, 22:30 UTC the day before: it is on Sunday."""
    assert [session.number for session in DayPack(day_event, day="2026-05-10").sessions()] == [3]


def test_the_pack_is_made_in_the_background_with_the_right_pages(day_event):
    document = DayPack(day_event, day="2026-05-09")
    job = start_job(
        actor=None,
        tournament=day_event,
        kind=Job.Kind.DOCUMENT,
        params=document_params(document),
        title="day",
    )
    job.refresh_from_db()
    assert job.state == Job.State.DONE, job.error
    assert (job.filename, job.content_type) == ("day-day-pack-2026-05-09.pdf", "application/pdf")
    assert page_count(bytes(job.result_file)) == 8


def test_print_document_kinds_and_refusals(day_event, tmp_path):
    target = tmp_path / "pack.pdf"
    call_command(
        "print_document", "day", "session-pack", "--session", "2", "-o", str(target), stdout=StringIO()
    )
    assert page_count(target.read_bytes()) == 4
    call_command(
        "print_document", "day", "day-pack", "--day", "2026-05-09", "-o", str(target), stdout=StringIO()
    )
    assert page_count(target.read_bytes()) == 8
    preview = tmp_path / "pack.html"
    call_command(
        "print_document",
        "day",
        "session-pack",
        "--session",
        "1",
        "--html",
        "-o",
        str(preview),
        stdout=StringIO(),
    )
    assert "Session 1: where do I sit?" in preview.read_text(encoding="utf-8")
    with pytest.raises(CommandError, match="day has no session 7"):
        call_command("print_document", "day", "session-pack", "--session", "7", "-o", str(target))
    with pytest.raises(CommandError, match="no session on 2026-06-01"):
        call_command("print_document", "day", "day-pack", "--day", "2026-06-01", "-o", str(target))


def test_the_exports_page_prints_the_session_and_the_day(day_event, client, make_user):
    client.force_login(make_user("org", tournament=day_event, role="organiser"))
    page = client.get(reverse("exports", args=["day"])).content.decode()
    session_pack = reverse("print_pdf", args=["day", "session-pack"])
    day_pack = reverse("print_pdf", args=["day", "day-pack"])
    # each print in the language chosen on the page (the interface's until another is chosen)
    assert f'action="{session_pack}?session=1&amp;language=en"' in page
    assert f'action="{day_pack}?day=2026-05-09&amp;language=en"' in page
    assert f'action="{day_pack}?day=2026-05-10' not in page  # session 3 is not seated: nothing to print yet
    assert "Print the session" in page and "Print the day" in page
    pdf = made_in_background(client, day_pack + "?day=2026-05-09")
    assert pdf["Content-Disposition"] == 'inline; filename="day-day-pack-2026-05-09.pdf"'
    assert page_count(pdf.content) == 8
    jobs = client.get(reverse("jobs", args=["day"])).content.decode()
    assert "Score sheets, table stands and wall list, Saturday\u00a09\u00a0May\u00a02026" in jobs
    preview = client.get(reverse("print_preview", args=["day", "session-pack"]) + "?session=2")
    assert preview.status_code == 200 and "Session 2: where do I sit?" in preview.content.decode()
    assert (
        client.get(reverse("print_preview", args=["day", "session-pack"]) + "?session=9").status_code == 404
    )
    assert (
        client.get(reverse("print_preview", args=["day", "day-pack"]) + "?day=2026-06-01").status_code == 404
    )
    assert client.get(reverse("print_preview", args=["day", "day-pack"]) + "?day=tomorrow").status_code == 404


def test_the_day_pack_is_named_in_dutch(day_event, client, make_user):
    from django.utils import translation

    from tournament.printing.packs import day_title

    with translation.override("nl"):
        assert day_title(DayPack(day_event, day="2026-05-09").day) == (
            "Scoreformulieren, tafelbordjes en lijst voor de muur, zaterdag\u00a09\u00a0mei\u00a02026"
        )
    client.force_login(make_user("org", tournament=day_event, role="organiser"))
    page = client.get(reverse("exports", args=["day"]), headers={"accept-language": "nl"}).content.decode()
    assert "De dag afdrukken" in page and "De sessie afdrukken" in page
