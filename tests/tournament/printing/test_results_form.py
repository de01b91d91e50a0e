"""The blank results form of a session (print_document SLUG results-form --session N) and the prefilled file to
fill in (results-form-csv / -xlsx): one line per table and seat with the results file's columns, so the filled-in
file reads back with tournament.readers.results_file."""

import csv
import io
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from openpyxl import Workbook, load_workbook

from tests.tournament.factories import played_event
from tests.tournament.results_files import RAWS, seats
from tournament.exporters.catalogue import ExportRequestError, build_exporter
from tournament.printing.pdf import laid_out
from tournament.printing.results_form import ResultsForm
from tournament.readers.results_file import read_results_file


@pytest.fixture
def event(db):
    """Eight players, two sessions seated (two tables each), no results."""
    return played_event("paper", n_players=8, n_sessions=2, played=0)


def test_the_preview_has_every_seat_of_every_table(event, tmp_path):
    target = tmp_path / "form.html"
    call_command(
        "print_document",
        "paper",
        "results-form",
        "--session",
        "2",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    html = target.read_text(encoding="utf-8")
    assert "Results form · session 2" in html
    for table in (1, 2):
        for seat in seats(event, 2, table):
            line = (
                f'<td class="num">2</td><td class="num table-no">{table}</td><td class="wind">{seat.wind}</td>\n'
                f'        <td class="key">{seat.registration.key}</td>\n'
                f'        <td class="name">{seat.registration.player}'
            )
            assert line in html
    assert "Table 2: total 120,000" in html  # 4 x 30,000 (EMA 2016 3.6)


def test_the_pdf_renders_on_one_a4_page(event, tmp_path):
    document = ResultsForm(event, session=1)
    assert len(laid_out(document.html()).pages) == 1
    target = tmp_path / "form.pdf"
    call_command(
        "print_document", "paper", "results-form", "--session", "1", "-o", str(target), stdout=StringIO()
    )
    assert target.read_bytes().startswith(b"%PDF")


def test_the_form_needs_a_seated_session(event):
    with pytest.raises(CommandError, match="needs a session number"):
        call_command("print_document", "paper", "results-form", "--html", "-o", "-", stdout=StringIO())
    with pytest.raises(CommandError, match="paper has no session 7"):
        call_command("print_document", "paper", "results-form", "--session", "7", "--html", "-o", "-")


def test_the_prefilled_file_reads_back_once_filled_in(event):
    exporter = build_exporter("results-form-xlsx", event, session=1)
    assert exporter.filename() == "paper-results-form-session-1.xlsx"
    sheet = load_workbook(io.BytesIO(exporter.render())).active
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert rows[0] == ["session", "table", "wind", "player", "name", "score", "chombo"]
    assert [row[:4] for row in rows[1:5]] == [[1, 1, s.wind, s.registration.key] for s in seats(event, 1, 1)]
    assert all(row[5] is None and row[6] is None for row in rows[1:])
    for row in rows[1:5]:  # table 1 filled in; table 2 left as printed
        row[5] = RAWS[row[2]]
    filled = "\n".join(",".join("" if v is None else str(v) for v in row) for row in rows).encode()
    read = read_results_file(event, "filled.csv", filled)
    assert [(t.session, t.table, [s.raw for s in t.seats]) for t in read.tables] == [
        (1, 1, [45_000, 35_000, 25_000, 15_000])
    ]


def test_the_csv_file_and_its_session(event):
    text = build_exporter("results-form-csv", event, session=2).render().decode()
    assert text.splitlines()[0] == "session,table,wind,player,name,score,chombo"
    assert len(text.splitlines()) == 9
    with pytest.raises(ExportRequestError, match="needs a session of paper"):
        build_exporter("results-form-csv", event)


HEADERS_IN = {
    "en": ["session", "table", "wind", "player", "name", "score", "chombo"],
    "nl": ["sessie", "tafel", "wind", "speler", "naam", "punten", "chombo"],
    "de": ["Runde", "Tisch", "Wind", "Spieler", "Name", "Punkte", "Chombo"],
    "fr": ["session", "table", "vent", "joueur", "nom", "points", "chombo"],
}
LETTERS_IN = {"en": "ESWN", "nl": "OZWN", "de": "OSWN", "fr": "ESON"}


@pytest.mark.parametrize("language", ["en", "nl", "de", "fr"])
@pytest.mark.parametrize("file_format", ["csv", "xlsx"])
def test_the_prefilled_file_speaks_the_tournaments_language_and_reads_back_as_it_is(
    event, language, file_format
):
    """A German tournament's file has German headers and the winds as German prints them (O for Ost); filled in
    and uploaded as it is, it gives the same tables in every language (issue 28 item 4)."""
    event.language = language
    event.save()
    content = build_exporter(f"results-form-{file_format}", event, session=1).render()
    if file_format == "xlsx":
        rows = [list(row) for row in load_workbook(io.BytesIO(content)).active.iter_rows(values_only=True)]
    else:
        rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert rows[0] == HEADERS_IN[language]
    assert [row[2] for row in rows[1:5]] == list(LETTERS_IN[language])
    winds = dict(zip(LETTERS_IN[language], "ESWN", strict=True))
    for row in rows[1:5]:
        row[5], row[6] = RAWS[winds[row[2]]], 1 if winds[row[2]] == "W" else 0
    if file_format == "xlsx":
        workbook = Workbook()
        for row in rows:
            workbook.active.append(row)
        buffer = io.BytesIO()
        workbook.save(buffer)
        filled = buffer.getvalue()
    else:
        out = io.StringIO()
        csv.writer(out).writerows(rows)
        filled = out.getvalue().encode()
    read = read_results_file(event, f"filled.{file_format}", filled)
    assert [(t.session, t.table) for t in read.tables] == [(1, 1)]
    assert [(s.wind, s.player, s.raw, s.chombos) for s in read.tables[0].seats] == [
        (s.wind, s.registration.key, RAWS[s.wind], 1 if s.wind == "W" else 0) for s in seats(event, 1, 1)
    ]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_printed_form_has_the_files_columns_and_winds_in_its_language(event, tmp_path, language):
    target = tmp_path / "form.html"
    call_command(
        "print_document", "paper", "results-form", "--session", "1", "--language", language,
        "--html", "-o", str(target), stdout=StringIO(),
    )  # fmt: skip
    html = target.read_text(encoding="utf-8")
    headers = re.findall(r'<th class="[a-z]+">([^<]*)</th>', html.split("</thead>")[0])
    assert headers == HEADERS_IN[language]
    winds = re.findall(r'<td class="wind">([^<]*)</td>', html)[:4]
    assert winds == [LETTERS_IN[language]["ESWN".index(s.wind)] for s in seats(event, 1, 1)]
