"""The printed prize list and the certificates (tournament/printing/prizes_document.py), on the event of
tests/tournament/prize_event.py (winners worked by hand there): the text of the PDF (pdftotext) holds each prize and
its winner, one landscape A4 certificate per winner (two for the tie nobody can break), in the language asked for;
the prize page makes them in the background."""

import re
import shutil
import subprocess
from datetime import date

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.tournament.factories import made_in_background
from tests.tournament.prize_event import prize_event
from tournament.printing.prizes_document import CertificatesDocument, PrizeListDocument
from tournament.services.prizes import add_prize

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")


@pytest.fixture
def event(db):
    return prize_event(
        name="Leiden Riichi Open",
        city="Leiden",
        country="NED",
        start_date=date(2026, 6, 13),
        end_date=date(2026, 6, 14),
    )


def text_of(pdf: bytes, tmp_path) -> list[str]:
    """Each page's text, its lines joined by single spaces."""
    path = tmp_path / "document.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True
    ).stdout
    return [" ".join(page.split()) for page in out.split("\f") if page.strip()]


def page_sizes(pdf: bytes, tmp_path) -> set[str]:
    path = tmp_path / "sizes.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(
        ["pdfinfo", "-l", "100", str(path)], capture_output=True, check=True, text=True
    ).stdout
    return {
        line.split(":", 1)[1].split("pts")[0].strip()
        for line in info.splitlines()
        if re.match(r"Page +\d+ size:", line)
    }


def test_the_prize_list_names_each_prize_and_its_winner(event, tmp_path):
    (page,) = text_of(PrizeListDocument(event).pdf(), tmp_path)
    assert "Leiden Riichi Open" in page and "Prize list" in page
    assert "Leiden (NED) · 13 June 2026 – 14 June 2026" in page
    for title, winner in [
        ("First place", "First01 Last01"),
        ("Second place", "First02 Last02"),
        ("Best newcomer", "First02 Last02"),
        ("Best junior", "First01 Last01"),
        ("Best team", "Dragons"),
    ]:
        assert title in page and winner in page
    assert "Tie between First07 Last07 and First08 Last08" in page
    assert "place decided by the tie-break: the higher best single session" in page


def test_one_landscape_certificate_per_winner(event, tmp_path):
    """Six prizes, the sixth place held by two (p07 and p08, level on every tie-break): seven certificates."""
    pdf = CertificatesDocument(event).pdf()
    pages = text_of(pdf, tmp_path)
    assert len(pages) == 7
    assert page_sizes(pdf, tmp_path) == {"841.89 x 595.276"}  # A4 landscape
    first = pages[0]
    for words in (
        "Leiden Riichi Open",
        "CERTIFICATE",
        "awarded to",
        "First01 Last01",
        "First place",
        "Organiser",
    ):
        assert words in first
    assert "First07 Last07" in pages[2] and "shared with First08 Last08" in pages[2]
    assert "First08 Last08" in pages[3] and "shared with First07 Last07" in pages[3]
    assert "Dragons" in pages[6] and "First01 Last01, First05 Last05" in pages[6]


def test_a_prize_nobody_holds_yet_gets_a_certificate_to_fill_in(event, tmp_path):
    add_prize(actor=None, tournament=event, title="Ninth place", ranking="overall", place=9)
    last = text_of(CertificatesDocument(event).pdf(), tmp_path)[-1]
    assert "Ninth place" in last and "Place 9 of the standings" in last and "Last" not in last


def test_the_certificates_in_dutch(event, tmp_path):
    pages = text_of(CertificatesDocument(event, language="nl").pdf(), tmp_path)
    assert (
        "OORKONDE" in pages[0] and "uitgereikt aan" in pages[0] and "13 juni 2026 – 14 juni 2026" in pages[0]
    )
    assert "Plaats 1 van het klassement" in pages[0] and "Hoofdscheidsrechter" in pages[0]


def test_print_document_writes_both(event, tmp_path):
    for kind in ("prize-list", "certificates"):
        target = tmp_path / f"{kind}.pdf"
        call_command("print_document", "prizes", kind, "--language", "nl", "-o", str(target), stdout=None)
        assert target.read_bytes().startswith(b"%PDF")
    assert "Prijzenlijst" in text_of((tmp_path / "prize-list.pdf").read_bytes(), tmp_path)[0]


def test_the_prize_page_offers_both_in_the_tournaments_language(client, event, make_user, tmp_path):
    client.force_login(make_user("olga", tournament=event, role="organiser"))
    event.language = "nl"
    event.save()
    client.cookies["django_language"] = (
        "en"  # the organiser reads English; the papers are the tournament's Dutch
    )
    html = client.get("/t/prizes/organise/prizes/").content.decode()
    url = reverse("print_pdf", args=["prizes", "certificates"]) + "?language=nl"
    assert f'action="{url}"' in html
    pdf = made_in_background(client, url).content
    assert "OORKONDE" in text_of(pdf, tmp_path)[0]
    preview = client.get(reverse("print_preview", args=["prizes", "prize-list"]) + "?language=nl")
    assert preview.status_code == 200 and "Prijzenlijst" in preview.content.decode()


def test_the_certificates_with_production_static_files_use_the_vendored_serif(manifest_static, event):
    """The collected print.<hash>.css names DejaVuSerif.<hash>.ttf and its bold and italic: all from the storage."""
    written = CertificatesDocument(event).laid_out().write_pdf(uncompressed_pdf=True)
    fonts = set(re.findall(rb"/BaseFont\s*/[A-Z]{6}\+([^\s/]+)", written))
    assert {b"Tenbou-Serif", b"Tenbou-Serif-Bold", b"Tenbou-Serif-Italic"} <= fonts, fonts
    assert all(font.startswith(b"Tenbou-") for font in fonts), fonts
