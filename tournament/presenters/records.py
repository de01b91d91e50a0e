"""The standings as plain records: each player's row of the standings JSON (cli.md) with the raw numbers, the one
shape the standings exports (tournament.exporters.standings: JSON, CSV, workbook), the printed standings
(tournament.printing.standings_document), the standings command and the read API (views/api) read; and the side
rankings' rows of the command's JSON (``group_rows``, ``category_rows``), which the API answers too."""

from scoring.side_rankings import clean_best
from scoring.standings import FINAL
from tournament import selectors
from tournament.selectors.results import last_session
from tournament.selectors.side_rankings import (
    TOURNAMENT_SETTING,
    category_ranking,
    group_ranking,
    prize_places,
    tournament_best,
)


def standings_record(standings: selectors.Standings) -> dict:
    """The standings JSON of cli.md as data; each row also has its place for prizes after the tournament's
    tie-breaks (``prize_rank``, shared, ``prize_tied``, only when every tie-break is equal; the rank with none)."""
    prizes = prize_places(standings)
    rows = []
    for row in standings.rows:
        prize = prizes[row.player]
        rows.append(standing_row(standings, row) | {"prize_rank": prize.rank, "prize_tied": prize.tied})
    return ranking_record(standings, rows=rows)


def ranking_record(standings: selectors.Standings, **fields) -> dict:
    """A ranking as the commands' JSON: the tournament, the last session counted, then ``fields`` (its rows)."""
    return {"tournament": standings.tournament.slug, "after_session": last_session(standings), **fields}


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


def chosen_best(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> int | None:
    """K as asked (refused out of range: ScoringError best_out_of_range), or the tournament's setting."""
    return tournament_best(standings.tournament, grouping) if best is TOURNAMENT_SETTING else clean_best(best)


def group_rows(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> list[dict]:
    """A grouping's rows (docs: exporters/side_rankings.py): rank, tied, the group, members, counted, total, short."""
    best = chosen_best(standings, grouping, best)
    keys = {rid: info.key for rid, info in standings.players.items()}
    return [
        {
            "rank": group.rank,
            "tied": group.tied,
            grouping: group.name,
            "members": [keys[rid] for rid in group.members],
            "counted": [keys[rid] for rid in group.counted],
            "total": group.total,
            "short": group.short,
        }
        for group in group_ranking(standings, grouping, best=best)
    ]


def group_record(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> dict:
    """The ``standings --by GROUPING`` JSON as data: the grouping, its K and the rows."""
    rows = group_rows(standings, grouping, best)
    return ranking_record(standings, by=grouping, best=chosen_best(standings, grouping, best), rows=rows)


def category_record(standings: selectors.Standings, category: str) -> dict:
    """The ``standings --category NAME`` JSON as data (the category as the tournament spells it)."""
    return ranking_record(standings, category=category, rows=category_rows(standings, category))


def category_rows(standings: selectors.Standings, category: str) -> list[dict]:
    """A category's rows: the player's standings row with the place in the category, and the overall place."""
    return [
        {
            "rank": place.rank,
            "tied": place.tied,
            "overall_rank": place.overall.rank,
            "overall_tied": place.overall.tied,
        }
        | {
            key: value
            for key, value in standing_row(standings, place.overall).items()
            if key not in ("rank", "tied")
        }
        for place in category_ranking(standings, category)
    ]
