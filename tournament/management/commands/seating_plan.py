import csv
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.seating import WINDS, ScheduleError, generate_schedule, quality_report
from tournament.management.commands._base import add_seed_option, add_time_budget_option
from tournament.selectors.seating_plan import wind_table


class Command(BaseCommand):
    help = (
        "Plan a seating without a database: the schedule on stdout (players numbered 1..N, each table in seat "
        "order E, S, W, N) and its quality report on stderr."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True, metavar="N", help="a multiple of 4")
        parser.add_argument("--sessions", type=int, required=True, metavar="S")
        add_seed_option(parser, same="plan")
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        add_time_budget_option(parser)

    def handle(self, *args, players, sessions, seed, format, time_budget, **options):
        if sessions < 1:
            raise CommandError(f"--sessions must be 1 or more, got {sessions}")
        try:
            schedule = generate_schedule(players, sessions, seed=seed, time_budget=time_budget)
        except ScheduleError as error:
            raise CommandError(f"--players {players} --sessions {sessions}: {error.message}") from error
        numbered = [[[p + 1 for p in table] for table in session] for session in schedule]
        if format == "csv":
            _write_csv(self.stdout, numbered)
        else:
            self.stdout.write(schedule_json(numbered))
        report = quality_report(schedule, n_players=players)
        names = [str(p) for p in range(1, players + 1)]
        self.stderr.write(f"seed {seed}\n{report.format_text()}\n{wind_table(names, report.wind_counts)}")


def schedule_json(numbered: list) -> str:
    """The schedule as JSON, one session per line."""
    sessions = ",\n".join(" " + json.dumps(session) for session in numbered)
    return f"[\n{sessions}\n]"


def _write_csv(stream, numbered: list) -> None:
    """One row per seat: the columns the seating import reads (session, table, wind, player)."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(["session", "table", "wind", "player"])
    for s, session in enumerate(numbered, start=1):
        for t, table in enumerate(session, start=1):
            for wind, player in zip(WINDS, table, strict=True):
                writer.writerow([s, t, wind, player])
