"""Uploading a player list: checked with the import_players rules, every bad row listed with row, column and
reason (the first 50), nothing registered while any row is bad; a good list is shown first and registered on
confirmation, all or nothing."""

import io
import re

from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tournament.models import Registration
from tournament.services.players import register_player

GOOD = "first_name,last_name,ema_id,country,club\nPim,van Dam,04010012,NED,Leiden\nEva,Zander,,ger,\n"


def upload(client, name: str, content: bytes, slug="small"):
    return client.post(page("players/upload/", slug), {"file": SimpleUploadedFile(name, content)})


def test_a_good_list_is_previewed_then_registered(small_organiser, small):
    since = last_entry_id()
    response = upload(small_organiser, "spelers.csv", GOOD.encode())
    assert response.status_code == 302 and response["Location"] == page("players/upload/preview/", "small")
    assert small.registrations.count() == 4  # nothing yet
    html = small_organiser.get(response["Location"]).content.decode()
    assert "spelers.csv: 2 players, no problems" in html and "van Dam" in html and "GER" in html
    response = small_organiser.post(
        page("players/upload/confirm/", "small"), {"action": "register"}, follow=True
    )
    assert "2 players from spelers.csv are registered." in response.content.decode()
    assert set(small.registrations.values_list("player__last_name", flat=True)) >= {"van Dam", "Zander"}
    assert actions(small, since) == ["player.register", "player.register", "player.import"]
    # the list was used: confirming again registers nobody twice
    response = small_organiser.post(page("players/upload/confirm/", "small"), {"action": "register"})
    assert response["Location"] == page("players/upload/", "small") and small.registrations.count() == 6


def test_an_xlsx_with_dutch_headers(small_organiser, small):
    book = Workbook()
    book.active.append(["Voornaam", "Achternaam", "EMA-nummer", "Land"])
    book.active.append(["Joris", "van den Berg", 8010039, "NED"])  # a number cell lost its leading zero
    content = io.BytesIO()
    book.save(content)
    assert upload(small_organiser, "spelers.xlsx", content.getvalue()).status_code == 302
    html = small_organiser.get(page("players/upload/preview/", "small")).content.decode()
    assert "08010039" in html


def test_every_bad_row_is_listed_and_nobody_registered(small_organiser, small):
    since = last_entry_id()
    content = (
        "first_name,last_name,ema_id,country\n"
        "Pim,van Dam,123,NED\n"
        "Eva,Zander,,NLD\n"
        "Eva,Zander,,GER\n"
        ",,,\n"
        "Anna,Aalders,,NED\n"
    )
    response = upload(small_organiser, "players.csv", content.encode())
    assert response.status_code == 400
    html = response.content.decode()
    assert "The file has 3 problems; nothing was imported." in html
    rows = [
        [cell.strip() for cell in re.findall(r"<td[^>]*>([^<]*)</td>", row)]
        for row in html.split('<table class="errors">')[1]
        .split("<tbody>")[1]
        .split("</tbody>")[0]
        .split("</tr>")[:-1]
    ]
    assert rows == [
        ["2", "EMA number", "&#x27;123&#x27; is not an EMA number (eight digits)"],
        ["3", "country", "NLD is the ISO code; the EMA code is NED"],
        ["6", "last name", "Anna Aalders is registered already (key a)"],
    ]
    assert small.registrations.count() == 4 and actions(small, since) == []
    assert small_organiser.get(page("players/upload/preview/", "small"))["Location"] == page(
        "players/upload/", "small"
    )


def test_only_the_first_50_problems_are_shown(small_organiser, small):
    content = "first_name,last_name,ema_id\n" + "".join(f"P{i},Q{i},{i}\n" for i in range(60))
    html = upload(small_organiser, "players.csv", content.encode()).content.decode()
    assert "The file has 60 problems; nothing was imported." in html
    assert "and 10 more problems, not listed" in html
    assert html.count("is not an EMA number") == 50


def test_unreadable_and_empty_files_are_refused(small_organiser, small):
    html = upload(small_organiser, "players.xlsx", b"not a workbook").content.decode()
    assert "This is not an Excel workbook (.xlsx)." in html
    html = upload(small_organiser, "players.pdf", b"%PDF").content.decode()
    assert "Upload a .csv or .xlsx file." in html
    assert small_organiser.post(page("players/upload/", "small"), {}).status_code == 400
    assert small.registrations.count() == 4


def test_a_list_that_went_stale_registers_nobody(small_organiser, small):
    upload(small_organiser, "spelers.csv", GOOD.encode())
    register_player(actor=None, tournament=small, first_name="Pim", last_name="van Dam", ema_id="04010012")
    response = small_organiser.post(
        page("players/upload/confirm/", "small"), {"action": "register"}, follow=True
    )
    assert "Nobody was registered:" in response.content.decode()
    assert not Registration.objects.filter(tournament=small, player__last_name="Zander").exists()


def test_a_list_can_be_discarded(small_organiser, small):
    upload(small_organiser, "spelers.csv", GOOD.encode())
    response = small_organiser.post(
        page("players/upload/confirm/", "small"), {"action": "discard"}, follow=True
    )
    assert "The player list was discarded; nobody was registered." in response.content.decode()
    assert small.registrations.count() == 4


def test_a_list_that_renames_a_person_of_another_tournament_asks_first(small_organiser, small, demo):
    content = "first_name,last_name,ema_id,country\nAnnie,de Vries,08124906,NED\n"
    upload(small_organiser, "spelers.csv", content.encode())
    response = small_organiser.post(
        page("players/upload/confirm/", "small"), {"action": "register"}, follow=True
    )
    html = response.content.decode()
    assert "this would rename them there too" in html
    assert "Register them and change these people everywhere" in html
    assert not Registration.objects.filter(tournament=small, player__ema_id="08124906").exists()
    small_organiser.post(page("players/upload/confirm/", "small"), {"action": "rename"})
    assert str(Registration.objects.get(tournament=demo, key="p01").player) == "Annie de Vries"
    assert Registration.objects.filter(tournament=small, player__ema_id="08124906").exists()


def test_a_list_two_encodings_read_differently_shows_both_readings_plainly(small_organiser, small):
    """A short Czech list in Windows-1250 reads cleanly as Windows-1252 too (ě is ì there): both lines are shown,
    each with the encoding that reads it, without brackets inside brackets."""
    content = "voornaam;achternaam;land\r\nVojtěch;Kovář;CZE\r\nZdeněk;Černý;CZE\r\n".encode("cp1250")
    assert upload(small_organiser, "czech.csv", content).status_code == 302
    html = small_organiser.get(page("players/upload/preview/", "small")).content.decode()
    assert "check the names" in html
    readings = html.split("<ul>", 1)[1].split("</ul>", 1)[0]
    assert "<q>Vojtěch;Kovář;CZE</q> — Windows-1250 (Central European)" in readings
    assert "((" not in readings and "))" not in readings


def test_a_list_with_teams_and_categories_is_previewed_with_them_then_registered(small_organiser, small):
    content = "voornaam,achternaam,team,categorieën\nPim,van Dam,Leiden A,nieuwkomer; junior\nEva,Zander,,\n"
    assert upload(small_organiser, "spelers.csv", content.encode()).status_code == 302
    html = small_organiser.get(page("players/upload/preview/", "small")).content.decode()
    assert re.search(r"<td>Leiden A</td><td>nieuwkomer; junior</td>", html)
    small_organiser.post(page("players/upload/confirm/", "small"), {"action": "register"})
    pim = Registration.objects.get(tournament=small, player__last_name="van Dam")
    assert (pim.team, pim.categories) == ("Leiden A", ["nieuwkomer", "junior"])


def test_a_category_too_long_in_an_uploaded_list_is_named_and_nobody_registered(small_organiser, small):
    content = f"first_name,last_name,categories\nPim,van Dam,{'c' * 40}\n"
    response = upload(small_organiser, "players.csv", content.encode())
    html = response.content.decode()
    assert response.status_code == 400 and "longer than 39 characters" in html and "categories" in html
    assert small.registrations.count() == 4


def test_the_preview_shows_each_players_status_so_reserves_are_seen_before_the_import(small_organiser, small):
    content = "Vorname;Nachname;Status\nPim;van Dam;aktiv\nEva;Zander;Ersatz\nUwe;Fuß;\n"
    assert upload(small_organiser, "spieler.csv", content.encode()).status_code == 302
    small_organiser.cookies["django_language"] = "de"
    html = small_organiser.get(page("players/upload/preview/", "small")).content.decode()
    assert "<th>Status</th>" in html
    statuses = re.findall(r'<td class="status">(.*?)</td>', html)
    assert statuses == ["aktiv", '<span class="badge">Reserve</span>', "aktiv"]
    small_organiser.cookies["django_language"] = "en"
    html = small_organiser.get(page("players/upload/preview/", "small")).content.decode()
    assert re.findall(r'<td class="status">(.*?)</td>', html)[1] == '<span class="badge">reserve</span>'
    assert "1 reserve" in html
