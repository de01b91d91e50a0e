"""Standings as a workbook: the columns of the standings CSV, with numbers as numbers.

A shared rank is the number with the format ``0"="``: it shows as "2=" and still sorts as 2.
"""

from django.utils.translation import gettext_lazy as _

from tournament import selectors
from tournament.exporters.base import Exporter, register
from tournament.exporters.standings import last_session, standings_rows
from tournament.exporters.xlsx import (
    POINTS_FORMAT,
    TEXT_FORMAT,
    fit_columns,
    new_sheet,
    put,
    workbook_bytes,
    write_header,
)

TIED_RANK_FORMAT = '0"="'
FIXED_HEADERS = ("rank", "player", "first_name", "last_name", "ema_id", "country", "status")


@register
class StandingsXlsx(Exporter):
    identifier = "standings-xlsx"
    name = _("Standings (xlsx)")
    extension = "xlsx"
    content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    def render(self) -> bytes:
        standings = selectors.standings(self.tournament, **self.options)
        sessions = range(1, last_session(standings) + 1)
        workbook, sheet = new_sheet(None, str(_("Standings")))
        write_header(sheet, [*FIXED_HEADERS, *[f"session_{n}" for n in sessions], "total"])
        for row_number, row in enumerate(standings_rows(standings), start=2):
            by_session = {line["session"]: line["total"] for line in row["sessions"]}
            cells = [
                (row["rank"], TIED_RANK_FORMAT if row["tied"] else None),
                (row["player"], None),
                (row["first_name"], None),
                (row["last_name"], None),
                (row["ema_id"] or "", TEXT_FORMAT),
                (row["country"], None),
                (row["status"], None),
                *[(by_session.get(n), POINTS_FORMAT) for n in sessions],
                (row["total"], POINTS_FORMAT),
            ]
            for column, (value, number_format) in enumerate(cells, start=1):
                put(sheet.cell(row=row_number, column=column), value, number_format)
        fit_columns(sheet)
        return workbook_bytes(workbook)
