"""A series' ranking as data (docs/commands.md, ``series``): the JSON rows of the command line, and the CSV and
workbook from one table of rows, through the exporter registry (``subject = "series"``: the series stands where a
tournament would; the series' pages offer them, the tournaments' export page does not).

Numbers for machines: the MERS score, part A and part B with two decimals, a sum-best score in points (an
integer), an average-best one in points with two decimals; weight and age factor as numbers (1.5, 0.5)."""

import json
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from functools import cached_property

from django.utils.translation import gettext_lazy as _

from scoring.series import MERS, SUM_BEST
from tournament.display import names
from tournament.exporters.tabular import Cell, TableExporter, csv_text, register_table
from tournament.exporters.xlsx import TEXT_FORMAT
from tournament.selectors.series import SeriesRanking, SeriesRow, series_ranking

HEADERS = ("rank", "ema_id", "name", "country", "score", "counted", "tournaments")
MERS_HEADERS = ("part_a", "part_b")
TWO_DECIMALS = "0.00"


def _number(value: Decimal | None):
    """A Decimal as JSON writes it: an integer stays one (1, 1000), else a float (1.5, 612.35)."""
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def score_value(ranking: SeriesRanking, row: SeriesRow):
    if ranking.series.rule == SUM_BEST:
        return int(row.score)
    return float(row.score)


def series_row(ranking: SeriesRanking, row: SeriesRow) -> dict:
    """One person's row of the ranking's JSON (issue 30's command-line contract)."""
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
                "weight": _number(line.tournament.weight),
                "age_factor": float(line.age_factor) if mers else None,
                "counted": line.counted,
            }
            for line in row.lines
        ],
    }
    if mers:
        record |= {"part_a": float(row.part_a), "part_b": float(row.part_b)}
    return record


def series_json(ranking: SeriesRanking) -> str:
    data = {
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
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def series_headers(ranking: SeriesRanking) -> list[str]:
    return [*HEADERS, *(MERS_HEADERS if ranking.series.rule == MERS else ())]


def series_table(ranking: SeriesRanking) -> Iterator[list]:
    """One row per ranked person in the columns of ``series_headers``: a shared rank "2=" as the standings', the
    figures with two decimals (a sum-best score in points)."""
    ranks = Counter(row.rank for row in ranking.rows)
    mers = ranking.series.rule == MERS
    for row in ranking.rows:
        tied = ranks[row.rank] > 1
        yield [
            Cell(row.rank, '0"="' if tied else None, text=names.rank_label(row.rank, tied)),
            Cell(row.ema_id, TEXT_FORMAT),
            row.name,
            row.country,
            _figure(score_value(ranking, row)) if ranking.series.rule != SUM_BEST else int(row.score),
            row.counted,
            len(row.lines),
            *((_figure(float(row.part_a)), _figure(float(row.part_b))) if mers else ()),
        ]


def _figure(value: float) -> Cell:
    return Cell(value, TWO_DECIMALS, text=f"{value:.2f}")


def series_csv(ranking: SeriesRanking) -> str:
    return csv_text(series_headers(ranking), series_table(ranking))


def series_text(ranking: SeriesRanking) -> str:
    """The command's table: aligned columns, the figures as the CSV writes them."""
    headers = series_headers(ranking)
    lines = [
        [cell.text or str(cell.value) if isinstance(cell, Cell) else str(cell) for cell in row]
        for row in series_table(ranking)
    ]
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *lines, strict=False)]
    text = [
        "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [headers, *lines]
    ]
    return "\n".join(text) + "\n"


class SeriesRankingExport(TableExporter):
    """A series' ranking, CSV and workbook."""

    stem = "series-ranking"
    names = {"csv": _("Series ranking (CSV)"), "xlsx": _("Series ranking (xlsx)")}
    sheet_title = _("Series ranking")
    subject = "series"
    public = True

    @cached_property
    def ranking(self) -> SeriesRanking:
        return series_ranking(self.tournament)  # the series, where a tournament's exporter has its tournament

    def headers(self) -> list[str]:
        return series_headers(self.ranking)

    def rows(self) -> Iterator[list]:
        return series_table(self.ranking)


register_table(SeriesRankingExport)
SeriesRankingCsv = SeriesRankingExport.variants["csv"]
SeriesRankingXlsx = SeriesRankingExport.variants["xlsx"]
