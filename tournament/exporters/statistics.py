"""The statistics from the digital score sheets as data (docs/formats.md, "Statistics"): one row per player who
played a session in their own seat, alphabetical, with ``key`` and the figures of ``scoring.statistics.FIGURES``;
the JSON and CSV of the ``statistics`` command and the CSV and workbook of the export, from the same rows.

Rates are fractions of the hands played (0.2500, not 25 %): in the CSV with 4 decimals, in JSON the same number
(0.25), in the workbook a number shown as a percentage; never localised. A figure with nothing to divide by (no
hand on a sheet, no win) is empty in the CSV and null in JSON.
"""

import json
from collections.abc import Iterator

from django.utils.translation import gettext_lazy as _

from scoring.statistics import FIGURES
from tournament.exporters.tabular import Cell, TableExporter, csv_text, register_table
from tournament.exporters.xlsx import POINTS_FORMAT, TEXT_FORMAT
from tournament.presenters.records import statistics_record, statistics_records
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


def statistics_json(stats: TournamentStatistics) -> str:
    """``{"tournament", "tables", "sheets", "rows"}`` (presenters.records.statistics_record, the API's too)."""
    return json.dumps(statistics_record(stats), indent=2, ensure_ascii=False) + "\n"


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
