"""QR codes on paper: each schedule card opens the player's check-in page (which links their page), each score sheet the table's page for the referee.
The printed PDF is rendered to an image and decoded by zbarimg (Debian's zbar-tools) as a phone would read it."""

import shutil
import subprocess
from urllib.parse import urlparse

import pytest
from django.test import RequestFactory

from tournament.display.public_url import public_base
from tournament.printing.schedule_cards import ScheduleCards
from tournament.printing.score_sheets import ScoreSheets
from tournament.services.schedule import ensure_sessions
from tournament.services.tournaments import create_tournament

DECODER = shutil.which("zbarimg")
RENDERER = shutil.which("pdftoppm")
needs_decoder = pytest.mark.skipif(
    not (DECODER and RENDERER),
    reason="decoding needs zbarimg and pdftoppm (apt-get install zbar-tools poppler-utils)",
)


def decoded(pdf: bytes, tmp_path, page: int = 1) -> list[str]:
    """The QR codes on one page of the PDF printed at 300 dpi."""
    (tmp_path / "doc.pdf").write_bytes(pdf)
    subprocess.run(
        [
            RENDERER,
            "-r",
            "300",
            "-f",
            str(page),
            "-l",
            str(page),
            "-png",
            tmp_path / "doc.pdf",
            tmp_path / "page",
        ],
        check=True,
    )
    [image] = tmp_path.glob("page*.png")
    result = subprocess.run(
        [DECODER, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", image], capture_output=True, text=True
    )
    return sorted(result.stdout.split())


@needs_decoder
def test_a_printed_schedule_card_opens_the_players_check_in_page(demo, client, tmp_path):
    document = ScheduleCards(demo)
    first_page = [card for row in document.context()["pages"][0] for card in row]
    urls = decoded(document.pdf(), tmp_path)
    assert len(first_page) == 8
    assert urls == sorted(card.url for card in first_page)
    card = first_page[0]
    assert urls[0].startswith("http://localhost:8000/t/demo/check-in/")  # the command line's base
    page = client.get(urlparse(card.url).path)
    assert page.status_code == 200 and card.player.name in page.content.decode()


@needs_decoder
def test_a_printed_score_sheet_opens_the_tables_page_for_the_referee(
    demo, referee_client, tmp_path, settings
):
    settings.TENBOU_PUBLIC_URL = "http://192.168.1.10:8000/"
    urls = decoded(ScoreSheets(demo, session=6).pdf(), tmp_path, page=2)
    assert urls == ["http://192.168.1.10:8000/t/demo/referee/sessions/6/tables/2/"]
    page = referee_client.get(urlparse(urls[0]).path)
    assert page.status_code == 200


def test_blank_sheets_without_a_table_have_no_qr(db):
    event = create_tournament(actor=None, slug="blank", name="Blank Open")
    ensure_sessions(actor=None, tournament=event, count=1)
    [sheet] = ScoreSheets(event, session=1, blank=True).context()["sheets"]
    assert sheet.number is None and sheet.qr == ""


def test_the_address_base(settings):
    settings.TENBOU_PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["tenbou.local"]
    request = RequestFactory().get("/", HTTP_HOST="tenbou.local:8000")
    assert public_base(request) == "http://tenbou.local:8000"
    assert public_base() == "http://localhost:8000"
    settings.TENBOU_PUBLIC_URL = "https://mahjong.example/"
    assert public_base(request) == public_base() == "https://mahjong.example"


def test_cards_from_the_web_carry_the_requests_host(demo, organiser_client):
    """The organiser's PDF uses the address the organiser reached the server by (no setting)."""
    response = organiser_client.get("/t/demo/print/schedule-cards/")
    document = ScheduleCards(demo)
    document.public_base = "http://testserver"
    assert response.content.decode() == document.html()
    assert document.context()["pages"][0][0][0].url.startswith("http://testserver/t/demo/check-in/")
