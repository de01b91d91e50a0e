"""Standings hidden before the prize ceremony (issue 10): the public sees no standings, no ranks, no downloads;
the tournament's staff still do."""

import pytest

from tournament.services.tournaments import update_tournament


@pytest.fixture
def hidden(demo):
    update_tournament(actor=None, tournament=demo, standings_hidden=True)
    return demo


def test_the_public_sees_a_notice_instead_of_the_standings(client, hidden):
    html = client.get("/t/demo/standings/").content.decode()
    assert "hidden the standings until the prize ceremony" in html and "<table" not in html
    response = client.get("/t/demo/export/standings-csv/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_player_page_keeps_the_results_but_not_the_rank(client, hidden):
    key = hidden.registrations.order_by("id").first().key
    html = client.get(f"/t/demo/players/{key}/").content.decode()
    assert "Rank after" in html  # the column is there, empty
    assert "Running total" in html and 'class="points running" data-label="Running total"></td>' in html


def test_staff_still_see_them(referee_client, hidden):
    html = referee_client.get("/t/demo/standings/").content.decode()
    assert "<table" in html and "hidden the standings" not in html
