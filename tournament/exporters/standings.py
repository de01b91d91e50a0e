"""Standings as data: the JSON of cli.md, and the CSV and workbook from one table of rows (each player's record:
tournament.presenters.records, which the printed standings and the standings command reuse)."""

import json
from collections.abc import Iterator
from functools import cached_property

from django.utils.translation import gettext_lazy as _

from tournament import selectors
from tournament.display import names
from tournament.exporters.base import Exporter, register
from tournament.exporters.tabular import Cell, TableExporter, csv_text, register_table
from tournament.exporters.xlsx import POINTS_FORMAT, TEXT_FORMAT
from tournament.presenters.records import standings_record, standings_rows
from tournament.selectors.results import last_session

TIED_RANK_FORMAT = '0"="'
FIXED_HEADERS = ("rank", "player", "first_name", "last_name", "ema_id", "country", "status")


def standings_json(standings: selectors.Standings) -> str:
    """The standings JSON of cli.md (presenters.records.standings_record: the read API answers the same)."""
    return dumped(standings_record(standings))


def dumped(data: dict) -> str:
    """A record of presenters.records as the commands' JSON text."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def rank_label(row) -> str:
    """'2=' for a shared rank, '2' otherwise."""
    return names.rank_label(row["rank"], row["tied"])


def standings_headers(standings: selectors.Standings) -> list[str]:
    """The columns; after a cut (docs/organisers.md, "Finals and cuts") also each player's ``group`` (final,
    consolation, out) and the ``carry`` beside a finalist's total, as the JSON rows have them."""
    sessions = range(1, last_session(standings) + 1)
    return [
        *FIXED_HEADERS,
        *[f"session_{n}" for n in sessions],
        "total",
        *(CUT_HEADERS if has_cut(standings) else ()),
    ]


CUT_HEADERS = ("group", "carry")


def has_cut(standings: selectors.Standings) -> bool:
    return any(row.group for row in standings.rows)


def standings_table(standings: selectors.Standings) -> Iterator[list]:
    """One row per player in the columns of ``standings_headers``; numbers stay numbers in the workbook."""
    sessions = range(1, last_session(standings) + 1)
    cut = has_cut(standings)
    for row in standings_rows(standings):
        yield standing_cells(row, sessions) + (cut_cells(row) if cut else [])


def cut_cells(row: dict) -> list:
    """A row's ``CUT_HEADERS`` cells: its group and its carried total (empty for those who carry nothing)."""
    return [row["group"], Cell(row["carry"], POINTS_FORMAT)]


def standing_cells(row: dict, sessions: range) -> list:
    """A row of ``standings_rows`` as the cells of ``standings_headers``."""
    by_session = {line["session"]: line["total"] for line in row["sessions"]}
    return [
        rank_cell(row["rank"], row["tied"]),
        row["player"],
        row["first_name"],
        row["last_name"],
        Cell(row["ema_id"] or "", TEXT_FORMAT),
        row["country"],
        row["status"],
        *[Cell(by_session.get(n), POINTS_FORMAT) for n in sessions],
        Cell(row["total"], POINTS_FORMAT),
    ]


def rank_cell(rank: int, tied: bool) -> Cell:
    """A place: a number in the workbook ("2=" by its format when shared), the text "2=" in the CSV."""
    return Cell(rank, TIED_RANK_FORMAT if tied else None, text=names.rank_label(rank, tied))


def standings_csv(standings: selectors.Standings) -> str:
    return csv_text(standings_headers(standings), standings_table(standings))


@register
class StandingsJson(Exporter):
    identifier = "standings-json"
    name = _("Standings (JSON)")
    extension = "json"
    content_type = "application/json"
    options = ("after_session",)
    public = True

    def render(self) -> bytes:
        return standings_json(selectors.standings(self.tournament, **self.given)).encode()


@register_table
class Standings(TableExporter):
    """The standings CSV and workbook: a shared rank is the number with the format ``0"="`` in the workbook (it
    shows as "2=" and still sorts as 2) and the text "2=" in the CSV."""

    stem = "standings"
    names = {"csv": _("Standings (CSV)"), "xlsx": _("Standings (xlsx)")}
    sheet_title = _("Standings")
    options = ("after_session",)
    public = True

    @cached_property
    def standings(self) -> selectors.Standings:
        return selectors.standings(self.tournament, **self.given)

    def headers(self) -> list[str]:
        return standings_headers(self.standings)

    def rows(self) -> Iterator[list]:
        return standings_table(self.standings)


StandingsCsv = Standings.variants["csv"]
StandingsXlsx = Standings.variants["xlsx"]
