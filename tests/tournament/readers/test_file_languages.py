"""The files people upload, in the four languages (docs/formats.md, issue 28 item 4): a player list, a seating
file and a results file with German or French headers (in any case, with or without accents, as Excel users type
them), status values and winds as each language writes them; "O" is East in a German file and West in a French
one (tournament.formats.column_names)."""

import pytest

from scoring.standings import ACTIVE, RESERVE
from tests.tournament.factories import played_event
from tests.tournament.results_files import RAWS, csv_bytes, seats, xlsx_bytes
from tournament.formats.column_names import simple
from tournament.readers.player_list import read_player_file
from tournament.readers.results_file import ResultsFileError, read_results_file
from tournament.readers.seating_file import read_seating_file
from tournament.services import tournaments

GERMAN_LETTERS = {"E": "O", "S": "S", "W": "W", "N": "N"}
FRENCH_LETTERS = {"E": "E", "S": "S", "W": "O", "N": "N"}


def text_bytes(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


@pytest.fixture
def lotus(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


@pytest.mark.parametrize(
    "header",
    [
        "Vorname;Nachname;EMA-Nummer;Land;Verein;Status;Team;Kategorien",
        "VORNAME;NACHNAME;ema nummer;land;verein;status;team;kategorien",
        "prénom;nom;numéro EMA;pays;club;statut;équipe;catégories",
        "Prenom;Nom;numero ema;Pays;Club;Statut;Equipe;Categories",
        "PRÉNOM;NOM;NUMÉRO EMA;PAYS;CLUB;STATUT;ÉQUIPE;CATÉGORIES",
    ],
)
def test_a_player_list_with_german_or_french_headers(lotus, header):
    content = text_bytes(
        header,
        "Uwe;Fuß;01000051;AUT;Wien;aktiv;Adler;Neuling",
        'Anne;Dupont;;FRA;Paris;Ersatz;;"dames; newcomer"',
    )
    rows = read_player_file(lotus, "spieler.csv", content)
    assert [(r.first_name, r.last_name, r.ema_id, r.country, r.club, r.status, r.team) for r in rows] == [
        ("Uwe", "Fuß", "01000051", "AUT", "Wien", ACTIVE, "Adler"),
        ("Anne", "Dupont", None, "FRA", "Paris", RESERVE, ""),
    ]
    assert rows[1].categories == ("dames", "newcomer")


@pytest.mark.parametrize(
    "word, status",
    [
        ("aktiv", ACTIVE),
        ("Ersatz", RESERVE),
        ("actif", ACTIVE),
        ("remplaçant", RESERVE),
        ("Remplacant", RESERVE),
        ("RÉSERVE", RESERVE),
        ("actief", ACTIVE),
        ("reserve", RESERVE),
        ("active", ACTIVE),
    ],
)
def test_status_words_of_each_language(lotus, word, status):
    content = text_bytes("first_name,last_name,status", f"Anna,Berg,{word}")
    assert read_player_file(lotus, "players.csv", content)[0].status == status


@pytest.fixture
def paper(db):
    """Eight players, two sessions seated (two tables each), no results."""
    return played_event("paper", n_players=8, n_sessions=2, played=0)


def table_rows(event, letters, session=1, table=1, chombos=None):
    return [
        [session, table, letters[s.wind], s.registration.key, RAWS[s.wind]]
        + ([] if chombos is None else [chombos.get(s.wind, 0)])
        for s in seats(event, session, table)
    ]


@pytest.mark.parametrize(
    "header, letters",
    [
        (["Runde", "Tisch", "Wind", "Spieler", "Punkte", "Chombo"], GERMAN_LETTERS),
        (["RUNDE", "tisch", "WIND", "spieler", "punkte", "chombos"], GERMAN_LETTERS),
        (["session", "table", "vent", "joueur", "points", "chombo"], FRENCH_LETTERS),
        (["Séance", "Table", "Vent", "Joueur", "Points", "Chombo"], None),
        (["sessie", "tafel", "wind", "speler", "punten", "chombo"], {"E": "O", "S": "Z", "W": "W", "N": "N"}),
    ],
)
def test_a_results_file_in_each_language_with_its_wind_letters(paper, header, letters):
    if letters is None:  # "séance" is no name of the session column: refused, naming the names it takes
        with pytest.raises(ResultsFileError) as caught:
            read_results_file(paper, "r.csv", csv_bytes(header, table_rows(paper, FRENCH_LETTERS)))
        assert "session / sessie / Runde" in caught.value.errors[0].reason
        return
    read = read_results_file(
        paper, "r.xlsx", xlsx_bytes(header, table_rows(paper, letters, chombos={"W": 1}))
    )
    assert [(s.wind, s.raw, s.chombos) for s in read.tables[0].seats] == [
        ("E", 45_000, 0),
        ("S", 35_000, 0),
        ("W", 25_000, 1),
        ("N", 15_000, 0),
    ]


def test_o_is_west_in_a_french_file_and_east_in_a_german_one(paper):
    """The same letters, two meanings: read with German headers the French letters put East's player at West."""
    french = table_rows(paper, FRENCH_LETTERS)
    with pytest.raises(ResultsFileError) as caught:
        read_results_file(paper, "r.csv", csv_bytes(["Runde", "Tisch", "Wind", "Spieler", "Punkte"], french))
    assert any(error.column == "wind" for error in caught.value.errors)
    read = read_results_file(
        paper, "r.csv", csv_bytes(["session", "table", "vent", "joueur", "points"], french)
    )
    assert [s.wind for s in read.tables[0].seats] == ["E", "S", "W", "N"]


def test_full_wind_words_of_each_language(paper):
    words = {"E": "Ost", "S": "Süd", "W": "Ouest", "N": "Nord"}
    read = read_results_file(
        paper, "r.csv", csv_bytes(["Runde", "Tisch", "Wind", "Spieler", "Punkte"], table_rows(paper, words))
    )
    assert [s.wind for s in read.tables[0].seats] == ["E", "S", "W", "N"]


def test_a_seating_file_with_german_and_french_headers(db):
    event = played_event("seats", n_players=8, n_sessions=1, played=0)
    keys = list(event.registrations.order_by("key").values_list("key", flat=True))
    for header, letters in (
        (["Runde", "Tisch", "Wind", "Spieler"], "OSWN"),
        (["session", "table", "vent", "joueur"], "ESON"),
    ):
        rows = [[2, 1 + i // 4, letters[i % 4], key] for i, key in enumerate(keys)]
        plan = read_seating_file(event, "sitz.csv", csv_bytes(header, rows))
        assert plan.seating[2][0] == [event.registrations.get(key=k).pk for k in keys[:4]]


def test_names_compare_without_case_accents_or_dashes():
    assert simple("PRÉNOM") == simple("Prenom") == simple("prénom")
    assert simple("EMA-Nummer") == simple("ema_nummer") == simple(" ema  nummer ")
    assert simple("numéro EMA") == "numero ema"
