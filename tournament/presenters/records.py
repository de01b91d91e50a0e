"""The standings as plain records: each player's row of the standings JSON (cli.md) with the raw numbers, the one
shape the standings exports (tournament.exporters.standings: JSON, CSV, workbook), the printed standings
(tournament.printing.standings_document) and the standings command read."""

from scoring.standings import FINAL
from tournament import selectors


def standings_rows(standings: selectors.Standings) -> list[dict]:
    return [standing_row(standings, row) for row in standings.rows]


def standing_row(standings: selectors.Standings, row) -> dict:
    """One player's row of the standings JSON (cli.md): rank, the player's fields, the sessions and the total; after
    a cut whether the player is a finalist, their group (final, consolation, out; null without a cut) and the carried
    total (null for the rest)."""
    info = standings.player(row)
    return {
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
        # after a cut (docs/organisers.md, "Finals and cuts"): the rank is the final ranking's
        "finalist": row.group == FINAL,
        "group": row.group,
        "carry": row.carry,
    }
