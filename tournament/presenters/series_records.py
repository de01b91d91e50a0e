"""A series as plain records: its ranking as the ``series SLUG ranking --format json`` command writes it (issue
30's command-line contract), the one record the command, the CSV/workbook export (tournament.exporters.series) and
the read API (views/api/series.py) read, so they never differ; and the series' own fields for the API's list and
detail. Numbers for machines: the MERS score, part A and part B with two decimals, a sum-best score in points (an
integer), an average-best one in points with two decimals; weight and age factor as numbers (1.5, 0.5); dates ISO.
Only what the ranking counted is named (selectors.series.counted_tournaments: a public series never counts, so
never names, a hidden tournament)."""

from decimal import Decimal

from scoring.series import MERS, SUM_BEST
from tournament.models import Series
from tournament.selectors.series import SeriesRanking, SeriesRow, TournamentEntry


def number(value: Decimal | None):
    """A Decimal as JSON writes it: an integer stays one (1, 1000), else a float (1.5, 612.35)."""
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def score_value(ranking: SeriesRanking, row: SeriesRow):
    if ranking.series.rule == SUM_BEST:
        return int(row.score)
    return float(row.score)


def series_row(ranking: SeriesRanking, row: SeriesRow) -> dict:
    """One person's row of the ranking's JSON."""
    mers = ranking.series.rule == MERS
    record = {
        "rank": row.rank,
        "ema_id": row.ema_id,
        "name": row.name,
        "country": row.country,
        "score": score_value(ranking, row),
        "counted": row.counted,
        "results": [
            {
                "tournament": line.tournament.slug,
                "place": line.place,
                "players": line.tournament.players,
                "total": line.total,
                "base_rank": line.base_rank,
                "weight": number(line.tournament.weight),
                "age_factor": float(line.age_factor) if mers else None,
                "counted": line.counted,
            }
            for line in row.lines
        ],
    }
    if mers:
        record |= {"part_a": float(row.part_a), "part_b": float(row.part_b)}
    return record


def series_fields(series: Series) -> dict:
    """The series as the API's list names it: its address, name and rule."""
    return {
        "slug": series.slug,
        "name": series.name,
        "rule": series.rule,
        "best": series.best,
        "minimum": series.minimum,
    }


def series_record(ranking: SeriesRanking) -> dict:
    """The ranking's JSON: the series, the day, the tournaments counted (latest first), the results left out for
    want of an EMA number, and the ranked rows best first."""
    return {
        "series": ranking.series.slug,
        "name": ranking.series.name,
        "rule": ranking.series.rule,
        "best": ranking.series.best,
        "minimum": ranking.series.minimum,
        "on": ranking.on.isoformat(),
        "tournaments": [entry.slug for entry in ranking.tournaments],
        "players_without_ema_id": ranking.without_ema,
        "rows": [series_row(ranking, row) for row in ranking.rows],
    }


def series_detail(ranking: SeriesRanking) -> dict:
    """A series as its public page shows it: its fields, the tournaments counted on the ranking's day with their
    last day, players and MERS weight, and how many are ranked and how many have too few results."""
    return series_fields(ranking.series) | {
        "on": ranking.on.isoformat(),
        "tournaments": [_entry(entry) for entry in ranking.tournaments],
        "ranked": len(ranking.rows),
        "unranked": len(ranking.unranked),
        "players_without_ema_id": ranking.without_ema,
    }


def _entry(entry: TournamentEntry) -> dict:
    return {
        "slug": entry.slug,
        "name": entry.name,
        "last_day": entry.last_day.isoformat(),
        "players": entry.players,
        "weight": number(entry.weight),
    }
