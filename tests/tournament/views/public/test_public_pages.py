import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournament.archive.test_archive import HAND_WORKED
from tournament.models import Tournament


@pytest.fixture
def hand_worked(db, tmp_path):
    path = tmp_path / "a.json"
    path.write_text(json.dumps(HAND_WORKED), encoding="utf-8")
    call_command("import_tournament", str(path), stdout=StringIO())
    return Tournament.objects.get(slug="hand-worked")


def rows(html: str) -> list[str]:
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return body.split("<tr")[1:]


def test_standings_page_shows_shared_ranks_sessions_and_totals(client, hand_worked):
    response = client.get("/t/hand-worked/standings/?after=1")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Standings after session 1" in html
    table_rows = rows(html)
    assert len(table_rows) == 8
    assert "2=" in table_rows[1] and "Ádám Szűcs" in table_rows[1] and "+20.0" in table_rows[1]
    assert "2=" in table_rows[2] and "Şükrü Yılmaz" in table_rows[2]


def test_standings_page_final(client, hand_worked):
    html = client.get("/t/hand-worked/standings/").content.decode()
    first = rows(html)[0]
    assert "Ádám Szűcs" in first and "+20.0" in first and "+40.0" in first  # S1 +20.0, S2 +20.0, total +40.0
    assert "&#x27;" in html or "=cmd|" in html  # the formula-like name is shown escaped, as text


def test_disqualified_player_is_marked_and_last(client, hand_worked):
    from tournament.services import players

    players.set_status(actor=None, registration=hand_worked.registrations.get(key="e"), status="disqualified")
    last = rows(client.get("/t/hand-worked/standings/").content.decode())[-1]
    assert "Ádám Szűcs" in last and "disqualified" in last


def test_private_tournament_is_not_shown(client, hand_worked):
    hand_worked.is_public = False
    hand_worked.save()
    assert client.get("/t/hand-worked/standings/").status_code == 404


def test_demo_pages_render(client, demo):
    assert client.get("/").status_code == 200
    assert client.get("/t/demo/").status_code == 200
    html = client.get("/t/demo/standings/").content.decode()
    assert html.count("<tr") == 33  # header + 32 players


def test_dutch_page(client, demo):
    html = client.get("/t/demo/standings/", headers={"accept-language": "nl"}).content.decode()
    assert 'lang="nl"' in html
    assert "Klassement" in html and "Standings" not in html


def test_standings_link_players_and_downloads(client, demo):
    html = client.get("/t/demo/standings/?after=3").content.decode()
    assert 'href="/t/demo/players/p01/"' in html
    assert 'href="/t/demo/export/standings-xlsx/?after=3"' in html
    download = client.get("/t/demo/export/standings-xlsx/?after=3")
    assert download.status_code == 200
    assert download["Content-Type"].startswith("application/vnd.openxmlformats")


def test_public_nav_shows_the_latest_published_seating(client, demo):
    demo.sessions.filter(number__gt=6).update(seating_published=False)
    html = client.get("/t/demo/").content.decode()
    assert 'href="/t/demo/sessions/6/"' in html
    assert "Organise" not in html
