"""Reading a player list (CSV or XLSX) for registration, checking every row first (cli.md: import_players).

Columns (header names in English, Dutch, German or French, any order, any case, with or without accents: the names
are data in tournament.formats.column_names): first_name / voornaam / Vorname / prénom, last_name / achternaam /
Nachname / nom, ema_id / EMA-nummer / EMA-Nummer / numéro EMA, country / land / Land / pays, club / vereniging /
Verein, status / statut (``active``, ``actief``, ``aktiv``, ``actif`` or ``reserve``, ``Ersatz``, ``remplaçant``;
empty is active), team / équipe, categories / categorieën / Kategorien / catégories (separated by ``;``, e.g.
``newcomer; ladies``; in a file whose cells are separated by ``;`` the cell is quoted, as Excel writes it). A name is required; the other
columns may be missing or empty. Every problem is reported with its row and column; when there is any, nothing is
imported.

- An EMA number is eight digits. A spreadsheet that stored it as a number lost its leading zeros: a numeric cell
  is padded back to eight digits (8010039 -> 08010039); a text cell must already have eight.
- A country is the EMA's three-letter code (NED, GER, SUI); ISO codes people type by mistake (NLD, DEU, CHE) are
  refused with the code to use. Lower case is accepted.
- The same EMA number twice in the file, or one already registered in the tournament, is refused; so is the same
  name twice without an EMA number (most likely a player entered twice).
- A team is checked as the club is; categories by scoring.side_rankings (each 1 to 39 characters, at most 10, a
  name once ignoring case).
- A name with a control character, a date or true/false cell, or a formula Excel never computed is refused. So
  is a name or club where a letter was lost on the way (a replacement character, or "Ji?í": Excel writes ? for a
  letter the encoding it saved in cannot hold). A CSV file's encoding: tournament.readers.csv_encodings; how it was read
  comes with the players (``read_player_list``), for the preview. A file over 5 MB or with more than 5,000
  players is refused before it is read to the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.ema_countries import ISO_MISTAKES
from scoring.errors import ScoringError
from scoring.limits import MAX_PLAYERS
from scoring.players import bad_character, is_country, is_ema_id, lost_letter
from scoring.side_rankings import split_categories
from scoring.standings import ACTIVE, RESERVE
from tournament.errors import scoring_message
from tournament.formats.column_names import PLAYER_LIST, STATUS_WORDS, accepted, simple, status_words
from tournament.models import Registration, Tournament
from tournament.models.lengths import MAX_LENGTH
from tournament.readers.csv_encodings import SAVE_AS_UTF8, Reading
from tournament.readers.spreadsheets import (
    FileRowsError,
    RowError,
    cell_text,
    good_rows,
    read_table,
    shown,
)

COLUMNS = accepted(PLAYER_LIST)  # every language's names (tournament.formats.column_names)
# The statuses a list may give (withdrawn and disqualified are decisions taken during the event), by their words.
LIST_STATUSES = status_words()
REQUIRED = ("first_name", "last_name")


class PlayerFileError(FileRowsError, file_code="bad_player_file"):
    """The player list has bad rows; ``errors`` lists every one of them."""


@dataclass(frozen=True)
class PlayerRow:
    row: int
    first_name: str
    last_name: str
    ema_id: str | None
    country: str
    club: str
    status: str = ACTIVE
    team: str = ""
    categories: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerList:
    players: list[PlayerRow]
    reading: Reading | None  # how a CSV file's bytes were read; None for a workbook


def read_player_file(tournament: Tournament, filename: str, content: bytes) -> list[PlayerRow]:
    """The players the file lists, in file order; PlayerFileError with every bad row otherwise."""
    return read_player_list(tournament, filename, content).players


def read_player_list(tournament: Tournament, filename: str, content: bytes) -> PlayerList:
    """The players the file lists and how its bytes were read; PlayerFileError with every bad row otherwise."""
    sheet = read_table(filename, content, COLUMNS, REQUIRED, PlayerFileError, max_rows=MAX_PLAYERS)
    players, errors = [], []
    for number, cells in good_rows(sheet, errors):
        player = _player_row(number, cells, errors)
        if player is not None:
            players.append(player)
    errors += _duplicates(tournament, players)
    if not players and not errors:
        raise PlayerFileError([RowError(None, "file", _("There are no players below the first row."))])
    if errors:
        raise PlayerFileError(sorted(errors, key=lambda e: (e.row or 0, list(COLUMNS).index(e.column))))
    return PlayerList(players, sheet.reading)


def _player_row(number: int, cells: dict, errors: list[RowError]) -> PlayerRow | None:
    """The row's player (``cells``: its raw cells, each usable: ``good_rows``), or None with its problems added to
    ``errors``."""
    found = []
    first_name, last_name = cell_text(cells.get("first_name")), cell_text(cells.get("last_name"))
    club, team = cell_text(cells.get("club")), cell_text(cells.get("team"))
    if not first_name and not last_name:
        found.append(RowError(number, "last_name", _("a player needs a name")))
    texts = (("first_name", first_name), ("last_name", last_name), ("club", club), ("team", team))
    for column, value in texts:
        character = bad_character(value)
        if character is not None:
            found.append(
                RowError(
                    number,
                    column,
                    _("contains the control character %(character)s") % {"character": character},
                )
            )
        elif lost_letter(value):
            found.append(
                RowError(
                    number,
                    column,
                    _("%(value)r: a letter was lost on the way (? stands in its place); %(advice)s")
                    % {"value": shown(value), "advice": SAVE_AS_UTF8},
                )
            )
        elif len(value) > MAX_LENGTH[column]:
            found.append(
                RowError(
                    number, column, _("longer than %(count)s characters") % {"count": MAX_LENGTH[column]}
                )
            )
    ema_id = _ema_id(cells.get("ema_id"), number, found)
    country = _country(cell_text(cells.get("country")), number, found)
    status = _status(cell_text(cells.get("status")), number, found)
    categories = _categories(cell_text(cells.get("categories")), number, found)
    errors += found
    if found:
        return None
    return PlayerRow(number, first_name, last_name, ema_id, country, club, status, team, categories)


def _categories(value: str, number: int, errors: list[RowError]) -> tuple[str, ...]:
    try:
        return tuple(split_categories(value))
    except ScoringError as error:
        errors.append(RowError(number, "categories", scoring_message(error)))
        return ()


def _status(value: str, number: int, errors: list[RowError]) -> str:
    status = LIST_STATUSES.get(simple(value))
    if status is None:
        errors.append(
            RowError(
                number,
                "status",
                _("%(value)r is not a status of the list; use %(one)s or %(other)s")
                % {"value": shown(value), **status_names()},
            )
        )
        return ACTIVE
    return status


def status_names(language: str | None = None) -> dict[str, str]:
    """The words for active (``one``) and reserve (``other``) in the reader's language, English's beside them."""
    language = (language or get_language() or "en").split("-")[0]
    found = {}
    for status, key in ((ACTIVE, "one"), (RESERVE, "other")):
        words = STATUS_WORDS[status]
        own, english = words.get(language, words["en"])[0], words["en"][0]
        found[key] = own if own == english else f"{own} ({english})"
    return found


def _ema_id(value, number: int, errors: list[RowError]) -> str | None:
    text = cell_text(value)
    if not text:
        return None
    if isinstance(value, int | float) and text.isascii() and text.isdigit() and len(text) < 8:
        text = text.zfill(8)  # a number cell lost the leading zeros
    if not is_ema_id(text):
        errors.append(
            RowError(
                number, "ema_id", _("%(value)r is not an EMA number (eight digits)") % {"value": shown(text)}
            )
        )
        return None
    return text


def _country(value: str, number: int, errors: list[RowError]) -> str:
    code = value.upper() if value.isascii() else value  # "ﬀa".upper() is "FFA"
    if not code:
        return ""
    if code in ISO_MISTAKES:
        errors.append(
            RowError(
                number,
                "country",
                _("%(value)s is the ISO code; the EMA code is %(code)s")
                % {"value": value, "code": ISO_MISTAKES[code]},
            )
        )
    elif not is_country(code):
        errors.append(
            RowError(
                number,
                "country",
                _("%(value)r is not a three-letter EMA country code such as NED") % {"value": shown(value)},
            )
        )
    return code


def _duplicates(tournament: Tournament, players: list[PlayerRow]) -> list[RowError]:
    """Players listed twice, or registered already."""
    registered = Registration.objects.filter(tournament=tournament).select_related("player")
    by_ema = {r.player.ema_id: r for r in registered if r.player.ema_id}
    by_name = {
        _name_key(r.player.first_name, r.player.last_name): r for r in registered if not r.player.ema_id
    }
    first_row_ema: dict[str, int] = {}
    first_row_name: dict[tuple[str, str], int] = {}
    errors = []
    for player in players:
        if player.ema_id:
            errors += _twice(player, "ema_id", player.ema_id, first_row_ema, by_ema)
        else:
            name = _name_key(player.first_name, player.last_name)
            errors += _twice(player, "last_name", name, first_row_name, by_name)
    return errors


def _twice(player: PlayerRow, column: str, key, first_rows: dict, registered: dict) -> list[RowError]:
    if key in registered:
        registration = registered[key]
        return [
            RowError(
                player.row,
                column,
                _("%(player)s is registered already (key %(key)s)")
                % {"player": registration.player, "key": registration.key},
            )
        ]
    if key in first_rows:
        return [
            RowError(player.row, column, _("the same player as in row %(row)s") % {"row": first_rows[key]})
        ]
    first_rows[key] = player.row
    return []


def _name_key(first_name: str, last_name: str) -> tuple[str, str]:
    return first_name.casefold().strip(), last_name.casefold().strip()
