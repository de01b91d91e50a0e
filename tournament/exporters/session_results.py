"""Per-session results: one row per seat of every entered table (all four seats, whatever the player's status).

Option ``session``: only that session. The CSV is one flat list; the workbook has one sheet per session.
"""

from collections import defaultdict
from collections.abc import Iterator

from django.utils.translation import gettext_lazy as _

from scoring.standings import session_result
from tournament import selectors
from tournament.exporters.tabular import Cell, Sheet, TableExporter, register_table
from tournament.exporters.xlsx import POINTS_FORMAT, TEXT_FORMAT
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
FORMATS = dict.fromkeys(("raw", "score", "uma", "penalties", "total"), POINTS_FORMAT) | {
    "ema_id": TEXT_FORMAT
}


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
                    "total": session_result(outcome, penalty),
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


@register_table
class SessionResults(TableExporter):
    stem = "session-results"
    names = {"csv": _("Results per session (CSV)"), "xlsx": _("Results per session (xlsx)")}
    options = ("session",)

    def filename(self) -> str:
        session = self.given.get("session")
        which = f"session-{session}" if session else "sessions"
        return f"{self.tournament.slug}-results-{which}.{self.extension}"

    def headers(self) -> tuple[str, ...]:
        return HEADERS

    def rows(self) -> Iterator[list]:
        for row in session_result_rows(self.tournament, self.given.get("session")):
            yield [Cell(row[key], FORMATS.get(key)) for key in HEADERS]

    def sheets(self) -> list[Sheet]:
        """One sheet per session (a sheet with only the headers when there is no result yet)."""
        by_session: dict[int, list[list]] = defaultdict(list)
        for row in self.rows():
            by_session[row[0].value].append(row)
        numbers = sorted(by_session) or [self.given.get("session") or 1]
        return [Sheet(_("Session %(number)s") % {"number": number}, by_session[number]) for number in numbers]


SessionResultsCsv = SessionResults.variants["csv"]
SessionResultsXlsx = SessionResults.variants["xlsx"]
