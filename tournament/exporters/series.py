"""A series' ranking as data (docs/commands.md, ``series``): the JSON of the command line (the record of
presenters.series_records, which the read API answers too), and the CSV and workbook from one table of rows,
through the exporter registry (``subject = "series"``: the series stands where a tournament would; the series'
pages offer them, the tournaments' export page does not).

Numbers for machines: the MERS score, part A and part B with two decimals, a sum-best score in points (an
integer), an average-best one in points with two decimals; weight and age factor as numbers (1.5, 0.5)."""

import json
from collections import Counter
from collections.abc import Iterator
from functools import cached_property

from django.utils.translation import gettext_lazy as _

from scoring.series import MERS, SUM_BEST
from tournament.display import names
from tournament.exporters.tabular import Cell, TableExporter, csv_text, register_table
from tournament.exporters.xlsx import TEXT_FORMAT
from tournament.presenters.series_records import score_value, series_record
from tournament.selectors.series import SeriesRanking, series_ranking

HEADERS = ("rank", "ema_id", "name", "country", "score", "counted", "tournaments")
MERS_HEADERS = ("part_a", "part_b")
TWO_DECIMALS = "0.00"


def series_json(ranking: SeriesRanking) -> str:
    return json.dumps(series_record(ranking), indent=2, ensure_ascii=False) + "\n"


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
