"""The upload pages' help names the columns in the reader's language (issue 28 item 4): the example's headers and
the field's help are German for a German reader, French for a French one; the names of every language are read."""

import pytest
from django.urls import reverse

from tests.tournament.factories import played_event

PAGES = ("organise_players_upload", "organise_results_upload", "seating_import")
EXPECTED = {
    "de": {
        "organise_players_upload": [
            "<th>Vorname</th>",
            "Vorname, Nachname, EMA-Nummer, Land, Verein, Status",
            "aktiv (active)",
            "Ersatz (reserve)",
        ],
        "organise_results_upload": [
            "<th>Runde</th>",
            "Runde, Tisch, Wind, Spieler, Punkte, Chombo",
            "<td>O</td>",
        ],
        "seating_import": ["<th>Spieler</th>", "Runde, Tisch, Wind, Spieler", "<td>O</td>"],
    },
    "fr": {
        "organise_players_upload": [
            "<th>prénom</th>",
            "prénom, nom, numéro EMA, pays, club, statut, équipe, catégories",
            "remplaçant (reserve)",
        ],
        "organise_results_upload": [
            "<th>vent</th>",
            "session, table, vent, joueur, points, chombo",
            "<td>E</td>",
        ],
        "seating_import": ["<th>joueur</th>", "session, table, vent, joueur"],
    },
    "en": {
        "organise_players_upload": [
            "<th>first_name</th>",
            "first_name, last_name, ema_id, country, club, status",
        ],
        "organise_results_upload": ["<th>score</th>", "session, table, wind, player, score, chombo"],
        "seating_import": ["<th>player</th>", "session, table, wind, player"],
    },
}


@pytest.fixture
def organiser(client, db, make_user):
    event = played_event("paper", n_players=8, n_sessions=2, played=0)
    client.force_login(make_user("org", tournament=event, role="organiser"))
    return client


@pytest.mark.parametrize("language", ["de", "fr", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_the_upload_help_names_the_columns_in_the_readers_language(organiser, language, name):
    organiser.cookies["django_language"] = language
    html = organiser.get(reverse(name, args=["paper"])).content.decode()
    for expected in EXPECTED[language][name]:
        assert expected in html, expected
