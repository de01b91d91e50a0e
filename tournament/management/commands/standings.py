from django.core.management.base import BaseCommand, CommandError

from scoring.points import format_points
from tournament import selectors
from tournament.exporters.standings import (
    last_session,
    rank_label,
    standings_csv,
    standings_json,
    standings_rows,
)
from tournament.management.commands._lookup import tournament_or_error


class Command(BaseCommand):
    help = "Current standings (or as they stood after session N) as a table, CSV or JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=["table", "csv", "json"], default="table")
        parser.add_argument("--after-session", type=int, metavar="N")

    def handle(self, *args, slug, format, after_session, **options):
        tournament = tournament_or_error(slug)
        if after_session is not None and after_session < 1:
            raise CommandError(f"--after-session must be 1 or more, got {after_session}")
        standings = selectors.standings(tournament, after_session=after_session)
        if format == "json":
            self.stdout.write(standings_json(standings), ending="")
        elif format == "csv":
            self.stdout.write(standings_csv(standings), ending="")
        else:
            self.stdout.write(_table(standings))


def _table(standings) -> str:
    sessions = list(range(1, last_session(standings) + 1))
    rows = standings_rows(standings)
    width = max([len(f"{r['first_name']} {r['last_name']}") for r in rows] + [6])
    header = (
        f"{'Rank':>5}  {'Player':<{width}}  {'Ctry':<4}"
        + "".join(f"{'S' + str(n):>7}" for n in sessions)
        + f"{'Total':>9}"
    )
    lines = [
        f"{standings.tournament.name} - after session {last_session(standings)}",
        header,
        "-" * len(header),
    ]
    for row in rows:
        by_session = {line["session"]: line["total"] for line in row["sessions"]}
        name = f"{row['first_name']} {row['last_name']}" + (
            " (DQ)" if row["status"] == "disqualified" else ""
        )
        cells = "".join(f"{format_points(by_session.get(n)) if n in by_session else '':>7}" for n in sessions)
        lines.append(
            f"{rank_label(row):>5}  {name:<{width}}  {row['country']:<4}{cells}{format_points(row['total']):>9}"
        )
    return "\n".join(lines)
