"""Packs (tournament.printing.packs): a session's or a day's score sheets, table stands and wall list as one PDF
whose pages are exactly the single documents' pages, made in the background, by print_document, from the exports
page."""

import io
import re
import zlib
from datetime import datetime
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from tests.tournament.factories import made_in_background, make_event, numbered_people
from tournament.models import Job
from tournament.printing import packs
from tournament.printing.documents import DocumentRequestError
from tournament.printing.packs import DayPack, SessionPack
from tournament.printing.pdf import in_chunks, laid_out, planned_pages
from tournament.printing.score_sheets import ScoreSheets
from tournament.printing.seating_lists import SeatingByName, SeatingByTable
from tournament.services.jobs import Progress, start_job
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
    """The pages of a PDF: its page objects (not the /Pages tree), also inside compressed object streams (read
    without pypdf, which the pack itself uses to join its parts)."""
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


def day_pack_job(day_event) -> Job:
    """The pack of 9 May made as a background job (the immediate task backend makes it at once in tests)."""
    job = start_job(
        actor=None,
        tournament=day_event,
        kind=Job.Kind.DOCUMENT,
        params=document_params(DayPack(day_event, day="2026-05-09")),
        title="day",
    )
    job.refresh_from_db()
    return job


def test_the_pack_is_made_in_the_background_with_the_right_pages(day_event):
    job = day_pack_job(day_event)
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


# --- made part by part: the progress in pages and the joined PDF (issue 33, item 5) -------------------------------


class Told:
    """What a pack tells as it goes (tournament.printing.packs.PageProgress)."""

    def __init__(self):
        self.calls = []

    def pages(self, stage, done, total, part):
        self.calls.append((stage, done, total, part.get("document"), part.get("session"), part.get("part")))


def printed_pages(pdf: bytes) -> list[tuple[str, int]]:
    """Each page of a PDF as (which document, which session), read from its text: the wall list asks "where do I
    sit?", the score sheet has its "Final raw points" row, a table stand neither."""
    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        text = page.extract_text()
        kind = "wall" if "where do I sit?" in text else "sheet" if "Final raw points" in text else "stands"
        pages.append((kind, int(re.search(r"Session (\d+)", text).group(1))))
    return pages


def test_a_day_pack_tells_its_pages_as_it_goes_and_joins_them_in_order(day_event):
    """Per session 2 score sheets, 1 page of stands, 1 wall list page (single_pages): 8 pages in 6 parts; each
    part's HTML is prepared (no total yet), then each part is laid out, written, and its pages counted done, with
    the total known from the first layout."""
    told = Told()
    pdf = DayPack(day_event, day="2026-05-09").pdf(told)
    assert told.calls[:6] == [
        ("prepare", 0, 0, "score-sheets", 1, 1),
        ("prepare", 0, 0, "seating-by-table", 1, 2),
        ("prepare", 0, 0, "seating-by-name", 1, 3),
        ("prepare", 0, 0, "score-sheets", 2, 4),
        ("prepare", 0, 0, "seating-by-table", 2, 5),
        ("prepare", 0, 0, "seating-by-name", 2, 6),
    ]
    assert told.calls[6:] == [
        ("layout", 0, 8, "score-sheets", 1, 1),
        ("pdf", 0, 8, "score-sheets", 1, 1),
        ("layout", 2, 8, "seating-by-table", 1, 2),
        ("pdf", 2, 8, "seating-by-table", 1, 2),
        ("layout", 3, 8, "seating-by-name", 1, 3),
        ("pdf", 3, 8, "seating-by-name", 1, 3),
        ("layout", 4, 8, "score-sheets", 2, 4),
        ("pdf", 4, 8, "score-sheets", 2, 4),
        ("layout", 6, 8, "seating-by-table", 2, 5),
        ("pdf", 6, 8, "seating-by-table", 2, 5),
        ("layout", 7, 8, "seating-by-name", 2, 6),
        ("pdf", 7, 8, "seating-by-name", 2, 6),
        ("join", 8, 8, None, None, None),
    ]
    assert printed_pages(pdf) == [("sheet", 1)] * 2 + [("stands", 1), ("wall", 1)] + [("sheet", 2)] * 2 + [
        ("stands", 2),
        ("wall", 2),
    ]
    metadata = PdfReader(io.BytesIO(pdf)).metadata
    assert (
        metadata.title
        == "Score sheets, table stands and wall list, Saturday\u00a09\u00a0May\u00a02026 · Event day"
    )


def test_the_worker_writes_the_packs_progress_through_the_service(day_event, monkeypatch):
    """Every write of the job's row while it runs goes through services.jobs.Progress: the pages done never go
    back, the percentage follows them below 100, and the job ends with every page done (8 of 8) and 100 %."""
    writes = []
    write = Progress._write

    def recorded(self, **fields):
        writes.append(fields)
        write(self, **fields)

    monkeypatch.setattr(Progress, "_write", recorded)
    job = day_pack_job(day_event)
    told = [fields for fields in writes if "pages_done" in fields]
    assert [fields["stage"] for fields in told[:6]] == ["prepare"] * 6
    assert {fields["pages_total"] for fields in told[:6]} == {0} and told[5]["part"]["part"] == 6
    counted = told[6:]
    assert len(counted) == 13 and [fields["stage"] for fields in counted[:2]] == ["layout", "pdf"]
    done = [fields["pages_done"] for fields in counted]
    assert done == sorted(done) and done[0] == 0 and done[-1] == 8
    assert {fields["pages_total"] for fields in counted} == {8}
    percents = [fields["progress"] for fields in counted]
    assert percents == sorted(percents) and percents[-1] < 100 and percents[6] == 50  # 4 of 8 pages
    assert counted[6]["part"] == {"document": "score-sheets", "session": 2, "part": 4, "parts": 6}
    assert (job.state, job.progress, job.pages_done, job.pages_total) == (Job.State.DONE, 100, 8, 8)
    assert page_count(bytes(job.result_file)) == 8


def test_a_part_whose_pages_stand_alone_is_laid_out_a_few_pages_at_a_time(day_event, monkeypatch):
    """With PACK_CHUNK_PAGES at 1 the 2 score sheets of a session are laid out and written one by one (the pages
    done move after each), the stands and the wall list (page numbers "1 / 1": never cut) whole; the PDF is the
    same pages in the same order."""
    monkeypatch.setattr(packs, "PACK_CHUNK_PAGES", 1)
    told = Told()
    pdf = DayPack(day_event, day="2026-05-09").pdf(told)
    laid = told.calls[6:]  # after the 6 parts' HTML
    first_session = [(stage, done, part) for stage, done, _total, _document, _session, part in laid[:8]]
    assert first_session == [
        ("layout", 0, 1),
        ("pdf", 0, 1),
        ("layout", 1, 1),
        ("pdf", 1, 1),
        ("layout", 2, 2),
        ("pdf", 2, 2),
        ("layout", 3, 3),
        ("pdf", 3, 3),
    ]
    assert len(laid) == 2 * 8 + 1 and laid[-1][:3] == ("join", 8, 8)
    assert {total for _stage, _done, total, *_rest in laid} == {8}
    assert printed_pages(pdf) == [("sheet", 1)] * 2 + [("stands", 1), ("wall", 1)] + [("sheet", 2)] * 2 + [
        ("stands", 2),
        ("wall", 2),
    ]
    tables = [
        re.search(r"TABLE\n(\d+)", page.extract_text()).group(1)
        for page in PdfReader(io.BytesIO(pdf)).pages[:2]
    ]
    assert tables == ["1", "2"]


def test_a_documents_html_in_chunks_keeps_its_head_and_every_page_once():
    html = '<html><head><style>x</style></head><body>\n<section class="page a">1</section>\n<section class="page">2</section>\n<section class="page a">3</section>\n</body></html>'
    chunks = in_chunks(html, 2)
    assert chunks == [
        '<html><head><style>x</style></head><body>\n<section class="page a">1</section>\n<section class="page">2</section>\n\n</body></html>',
        '<html><head><style>x</style></head><body>\n<section class="page a">3</section>\n</body></html>',
    ]
    assert [planned_pages(chunk) for chunk in chunks] == [2, 1] and planned_pages(html) == 3
    assert in_chunks(html, 3) == in_chunks(html, None) == [html]
