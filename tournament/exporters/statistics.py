"""The statistics from the digital score sheets as data (docs/formats.md, "Statistics"): one row per player who
played a session in their own seat, alphabetical, with ``key`` and the figures of ``scoring.statistics.FIGURES``;
the JSON and CSV of the ``statistics`` command and the CSV and workbook of the export, from the same rows.

Rates are fractions of the hands played (0.2500, not 25 %): in the CSV with 4 decimals, in JSON the same number
(0.25), in the workbook a number shown as a percentage; never localised. A figure with nothing to divide by (no
hand on a sheet, no win) is empty in the CSV and null in JSON.
"""

import json
from collections.abc import Iterator
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from scoring.statistics import FIGURES, machine_figures
from tournament.exporters.tabular import Cell, TableExporter, csv_text, register_table
from tournament.exporters.xlsx import POINTS_FORMAT, TEXT_FORMAT
from tournament.selectors.statistics import TournamentStatistics, tournament_statistics

PLAYER_HEADERS = ("key", "first_name", "last_name", "ema_id", "country")
HEADERS = (*PLAYER_HEADERS, *FIGURES)
RATES = ("win_rate", "deal_in_rate", "riichi_rate")
CELL_FORMATS = dict.fromkeys(RATES, "0.00%") | {
    "average_win": POINTS_FORMAT,
    "highest_win": POINTS_FORMAT,
    "average_place": "0.00",
    "ema_id": TEXT_FORMAT,
}


def statistics_records(stats: TournamentStatistics) -> list[dict]:
    """Each row as a dict of ``HEADERS``: numbers as numbers (Decimal where rounded)."""
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


def statistics_json(stats: TournamentStatistics) -> str:
    """``{"tournament", "tables", "sheets", "rows"}``: the tables counted, how many of them on a sheet, the rows."""
    data = {
        "tournament": stats.tournament.slug,
        "tables": stats.tables,
        "sheets": stats.sheets,
        "rows": [_json_row(row) for row in statistics_records(stats)],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _json_row(row: dict) -> dict:
    return {key: _json_number(value) for key, value in row.items()}


def _json_number(value):
    """A rounded figure as a JSON number: whole as an int (4100), else its decimals (0.1667, 0.25)."""
    if not isinstance(value, Decimal):
        return value
    return (
        int(value) if value == value.to_integral_value() and value.as_tuple().exponent >= 0 else float(value)
    )


def statistics_csv(stats: TournamentStatistics) -> str:
    return csv_text(HEADERS, ([row[key] for key in HEADERS] for row in statistics_records(stats)))


@register_table
class Statistics(TableExporter):
    """One row per player: hands, wins, deal-ins, riichi, their rates, the value of the wins, chombos, places."""

    stem = "statistics"
    names = {
        "csv": _("Statistics from the score sheets (CSV)"),
        "xlsx": _("Statistics from the score sheets (xlsx)"),
    }
    sheet_title = _("Statistics")
    public = True  # what the player pages show

    def headers(self) -> tuple[str, ...]:
        return HEADERS

    def rows(self) -> Iterator[list]:
        for row in statistics_records(tournament_statistics(self.tournament)):
            yield [Cell(row[key], CELL_FORMATS.get(key)) for key in HEADERS]


StatisticsCsv = Statistics.variants["csv"]
StatisticsXlsx = Statistics.variants["xlsx"]
