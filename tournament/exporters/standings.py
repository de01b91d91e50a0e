"""Standings as data: the JSON of cli.md and a flat CSV. The xlsx and PDF exports reuse ``standings_rows``."""

import csv
import io
import json

from django.utils.translation import gettext_lazy as _

from tournament import selectors
from tournament.exporters.base import Exporter, register
from tournament.exporters.cells import safe_cell


def standings_rows(standings: selectors.Standings) -> list[dict]:
    rows = []
    for row in standings.rows:
        info = standings.player(row)
        rows.append(
            {
                "rank": row.rank,
                "tied": row.tied,
                "player": info.key,
                "first_name": info.first_name,
                "last_name": info.last_name,
                "ema_id": info.ema_id,
                "country": info.country,
                "status": row.status,
                "sessions": [
                    {
                        "session": line.session,
                        "table": line.table,
                        "wind": line.wind,
                        "raw": line.raw,
                        "score": line.score,
                        "uma": line.uma,
                        "penalties": line.penalties,
                        "total": line.total,
                        "substitute": line.substitute,
                    }
                    for line in row.sessions
                ],
                "total": row.total,
            }
        )
    return rows


def last_session(standings: selectors.Standings) -> int:
    if standings.after_session is not None:
        return standings.after_session
    return max(standings.sessions, default=0)


def standings_json(standings: selectors.Standings) -> str:
    data = {
        "tournament": standings.tournament.slug,
        "after_session": last_session(standings),
        "rows": standings_rows(standings),
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def rank_label(row) -> str:
    """'2=' for a shared rank, '2' otherwise."""
    return f"{row['rank']}=" if row["tied"] else str(row["rank"])


def standings_csv(standings: selectors.Standings) -> str:
    sessions = range(1, last_session(standings) + 1)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "rank",
            "player",
            "first_name",
            "last_name",
            "ema_id",
            "country",
            "status",
            *[f"session_{n}" for n in sessions],
            "total",
        ]
    )
    for row in standings_rows(standings):
        by_session = {line["session"]: line["total"] for line in row["sessions"]}
        writer.writerow(
            [
                safe_cell(value)
                for value in (
                    rank_label(row),
                    row["player"],
                    row["first_name"],
                    row["last_name"],
                    row["ema_id"] or "",
                    row["country"],
                    row["status"],
                    *[by_session.get(n, "") for n in sessions],
                    row["total"],
                )
            ]
        )
    return out.getvalue()


@register
class StandingsJson(Exporter):
    identifier = "standings-json"
    name = _("Standings (JSON)")
    extension = "json"
    content_type = "application/json"

    def render(self) -> bytes:
        return standings_json(selectors.standings(self.tournament, **self.options)).encode()


@register
class StandingsCsv(Exporter):
    identifier = "standings-csv"
    name = _("Standings (CSV)")
    extension = "csv"
    content_type = "text/csv"

    def render(self) -> bytes:
        return standings_csv(selectors.standings(self.tournament, **self.options)).encode()
