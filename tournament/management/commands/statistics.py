from scoring.statistics import fixed
from tournament.exporters.statistics import RATES, statistics_csv, statistics_json, statistics_records
from tournament.management.commands._base import TournamentCommand
from tournament.selectors.statistics import TournamentStatistics, tournament_statistics

FORMATS = {"json": statistics_json, "csv": statistics_csv}


class Command(TournamentCommand):
    help = (
        "Statistics from the digital score sheets, one row per player: hands, wins (ron, tsumo), deal-ins, riichi, "
        "their rates, the average and highest win, chombos, the average place and the count of each place; a "
        "tournament without sheets has the places only."
    )

    def add_options(self, parser):
        parser.add_argument("--format", choices=["table", "csv", "json"], default="table")

    def handle_tournament(self, tournament, *, format, **options):
        stats = tournament_statistics(tournament)
        text = FORMATS.get(format, _table)(stats)
        self.stdout.write(text, ending="" if text.endswith("\n") else "\n")


COLUMNS = (  # (heading, width, figure): the table for people reading a terminal, rates in per cent
    ("Key", 8, "key"),
    ("Sess", 5, "sessions"),
    ("Hands", 6, "hands"),
    ("Wins", 5, "wins"),
    ("Ron", 4, "ron"),
    ("Tsumo", 6, "tsumo"),
    ("Deal-in", 8, "deal_ins"),
    ("Riichi", 7, "riichi"),
    ("Win%", 6, "win_rate"),
    ("Deal%", 6, "deal_in_rate"),
    ("Riichi%", 8, "riichi_rate"),
    ("AvgWin", 7, "average_win"),
    ("Chombo", 7, "chombos"),
    ("AvgPl", 6, "average_place"),
    ("1st", 4, "places_1"),
    ("2nd", 4, "places_2"),
    ("3rd", 4, "places_3"),
    ("4th", 4, "places_4"),
)


def _table(stats: TournamentStatistics) -> str:
    rows = statistics_records(stats)
    for row, (_info, tally) in zip(
        rows, stats.rows(), strict=True
    ):  # per cent rounded once, from the fraction
        row.update(
            {rate: fixed(getattr(tally, rate) * 100, 1) if row[rate] is not None else None for rate in RATES}
        )
    width = max([len(f"{row['first_name']} {row['last_name']}") for row in rows] + [6])
    header = f"{'Player':<{width}}" + "".join(f"{title:>{size}}" for title, size, _ in COLUMNS)
    if stats.sheets:
        note = f"{stats.sheets} of {stats.tables} tables on a digital score sheet"
    else:
        note = "no digital score sheets: the places only"
    lines = [f"{stats.tournament.name} - statistics ({note})", header, "-" * len(header)]
    for row in rows:
        name = f"{row['first_name']} {row['last_name']}"
        cells = "".join(f"{_cell(figure, row[figure]):>{size}}" for _title, size, figure in COLUMNS)
        lines.append(f"{name:<{width}}{cells}")
    return "\n".join(lines)


def _cell(figure: str, value) -> str:
    if value is None:
        return "-"
    if figure == "average_win":
        return f"{value:,}"
    return str(value)
