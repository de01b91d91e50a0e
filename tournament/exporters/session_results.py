"""Per-session results: one row per seat of every entered table (all four seats, whatever the player's status).

Option ``session``: only that session. The CSV is one flat list; the workbook has one sheet per session.
"""

import csv
import io
from collections import defaultdict

from django.utils.translation import gettext_lazy as _

from tournament import selectors
from tournament.exporters.base import Exporter, register
from tournament.exporters.cells import safe_cell
from tournament.exporters.xlsx import (
    POINTS_FORMAT,
    TEXT_FORMAT,
    fit_columns,
    new_sheet,
    put,
    workbook_bytes,
    write_header,
)
from tournament.models import SeatResult

HEADERS = (
    "session",
    "table",
    "wind",
    "player",
    "first_name",
    "last_name",
    "ema_id",
    "country",
    "raw",
    "place",
    "score",
    "uma",
    "penalties",
    "total",
    "substitute",
    "substitute_name",
)
POINTS = {"raw", "score", "uma", "penalties", "total"}


def session_result_rows(tournament, session: int | None = None) -> list[dict]:
    players = selectors.player_infos(tournament)
    tables = selectors.scored_tables(tournament, after_session=session)
    tables = [table for table in tables if session is None or table.session == session]
    deducted = _penalties(tournament, session)
    names = _substitute_names(tournament)
    rows = []
    for play in tables:
        for outcome in play.outcomes:
            info = players[outcome.player]
            penalty = deducted[(outcome.player, play.session)]
            rows.append(
                {
                    "session": play.session,
                    "table": play.table,
                    "wind": outcome.wind,
                    "player": info.key,
                    "first_name": info.first_name,
                    "last_name": info.last_name,
                    "ema_id": info.ema_id or "",
                    "country": info.country,
                    "raw": outcome.raw,
                    "place": outcome.place,
                    "score": outcome.score,
                    "uma": outcome.uma,
                    "penalties": penalty,
                    "total": outcome.score + outcome.uma - penalty,
                    "substitute": outcome.substitute,
                    "substitute_name": names.get((play.session, play.table, outcome.wind), ""),
                }
            )
    return rows


def _penalties(tournament, session: int | None) -> dict:
    deducted: dict = defaultdict(int)
    for line in selectors.penalty_lines(tournament, after_session=session):
        deducted[(line.player, line.session)] += line.points
    return deducted


def _substitute_names(tournament) -> dict:
    rows = (
        SeatResult.objects.filter(result__is_current=True, result__table__session__tournament=tournament)
        .exclude(substitute="")
        .values_list(
            "result__table__session__number", "result__table__number", "seat__wind", "substitute_name"
        )
    )
    return {(session, table, wind): name for session, table, wind, name in rows}


class SessionResults(Exporter):
    def filename(self) -> str:
        session = self.options.get("session")
        which = f"session-{session}" if session else "sessions"
        return f"{self.tournament.slug}-results-{which}.{self.extension}"

    def rows(self) -> list[dict]:
        return session_result_rows(self.tournament, self.options.get("session"))


@register
class SessionResultsCsv(SessionResults):
    identifier = "session-results-csv"
    name = _("Results per session (CSV)")
    extension = "csv"
    content_type = "text/csv"

    def render(self) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(HEADERS)
        for row in self.rows():
            writer.writerow([safe_cell("" if row[key] is None else row[key]) for key in HEADERS])
        return out.getvalue().encode("utf-8")


@register
class SessionResultsXlsx(SessionResults):
    identifier = "session-results-xlsx"
    name = _("Results per session (xlsx)")
    extension = "xlsx"
    content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    def render(self) -> bytes:
        by_session: dict[int, list[dict]] = defaultdict(list)
        for row in self.rows():
            by_session[row["session"]].append(row)
        workbook = None
        for number, rows in sorted(by_session.items()) or [(self.options.get("session") or 1, [])]:
            workbook, sheet = new_sheet(workbook, str(_("Session %(number)s") % {"number": number}))
            _write_sheet(sheet, rows)
        return workbook_bytes(workbook)


def _write_sheet(sheet, rows: list[dict]) -> None:
    write_header(sheet, HEADERS)
    for row_number, row in enumerate(rows, start=2):
        for column, key in enumerate(HEADERS, start=1):
            number_format = POINTS_FORMAT if key in POINTS else TEXT_FORMAT if key == "ema_id" else None
            put(sheet.cell(row=row_number, column=column), row[key], number_format)
    fit_columns(sheet)
