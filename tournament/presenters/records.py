"""The standings as plain records: each player's row of the standings JSON (cli.md) with the raw numbers, the one
shape the standings exports (tournament.exporters.standings: JSON, CSV, workbook), the printed standings
(tournament.printing.standings_document), the standings command and the read API (views/api) read; and the side
rankings' rows of the command's JSON (``group_rows``, ``category_rows``), which the API answers too; and the
statistics from the score sheets as the ``statistics`` command's JSON (``statistics_record``: the command, the
export and the API)."""

from decimal import Decimal

from scoring.side_rankings import clean_best
from scoring.standings import FINAL
from scoring.statistics import machine_figures
from tournament import selectors
from tournament.selectors.results import last_session
from tournament.selectors.side_rankings import (
    TOURNAMENT_SETTING,
    category_ranking,
    group_ranking,
    prize_places,
    tournament_best,
)
from tournament.selectors.statistics import TournamentStatistics


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


def statistics_records(stats: TournamentStatistics) -> list[dict]:
    """One row per player who played a session in their own seat, alphabetical: ``key``, the player's fields and
    the figures of ``scoring.statistics.FIGURES``, numbers as numbers (Decimal where rounded)."""
    return [
        {
            "key": info.key,
            "first_name": info.first_name,
            "last_name": info.last_name,
            "ema_id": info.ema_id or "",
            "country": info.country,
            **machine_figures(tally),
        }
        for info, tally in stats.rows()
    ]


def statistics_record(stats: TournamentStatistics) -> dict:
    """The ``statistics --format json`` data: the tournament, the tables counted, how many of them on a sheet, the
    rows with each rounded figure as a JSON number (docs/formats.md, "Statistics")."""
    return {
        "tournament": stats.tournament.slug,
        "tables": stats.tables,
        "sheets": stats.sheets,
        "rows": [
            {key: json_number(value) for key, value in row.items()} for row in statistics_records(stats)
        ],
    }


def json_number(value):
    """A rounded figure as a JSON number: whole as an int (4100), else its decimals (0.1667, 0.25)."""
    if not isinstance(value, Decimal):
        return value
    whole = value == value.to_integral_value() and value.as_tuple().exponent >= 0
    return int(value) if whole else float(value)
