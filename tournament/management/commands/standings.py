from django.core.management.base import CommandError

from scoring.errors import ScoringError
from scoring.points import format_points
from scoring.side_rankings import GROUPINGS, clean_best
from tournament import selectors
from tournament.exporters.base import ExportRequestError
from tournament.exporters.side_rankings import (
    category_csv,
    category_json,
    category_text,
    group_csv,
    group_json,
    group_text,
    known_category,
)
from tournament.exporters.standings import (
    last_session,
    rank_label,
    standings_csv,
    standings_json,
)
from tournament.management.commands._base import TournamentCommand
from tournament.presenters.records import standings_rows
from tournament.selectors.side_rankings import TOURNAMENT_SETTING

MAIN = {"json": standings_json, "csv": standings_csv}
GROUPS = {"json": group_json, "csv": group_csv, "table": group_text}
CATEGORY = {"json": category_json, "csv": category_csv, "table": category_text}


class Command(TournamentCommand):
    help = (
        "Current standings (or as they stood after session N) as a table, CSV or JSON; with --by or --category a "
        "side ranking from the same totals."
    )

    def add_options(self, parser):
        parser.add_argument("--format", choices=["table", "csv", "json"], default="table")
        parser.add_argument("--after-session", type=int, metavar="N")
        parser.add_argument("--by", metavar="GROUPING", help=f"a ranking of groups: {', '.join(GROUPINGS)}")
        parser.add_argument(
            "--best",
            type=int,
            metavar="K",
            help="with --by: count each group's best K members (default: the tournament's setting)",
        )
        parser.add_argument(
            "--category", metavar="NAME", help="the players of one category ranked among themselves"
        )

    def handle_tournament(self, tournament, *, format, after_session, by, best, category, **options):
        _check(after_session, by, best, category)
        if category is not None:
            _known(tournament, category)
        standings = selectors.standings(tournament, after_session=after_session)
        if by is not None:
            text = GROUPS[format](standings, by, TOURNAMENT_SETTING if best is None else best)
        elif category is not None:
            text = CATEGORY[format](standings, category)
        else:
            text = MAIN.get(format, _table)(standings)
        self.stdout.write(text, ending="" if text.endswith("\n") else "\n")


def _check(after_session, by, best, category) -> None:
    """Refuse options that do not fit before anything is computed."""
    if after_session is not None and after_session < 1:
        raise CommandError(f"--after-session must be 1 or more, got {after_session}")
    if by is not None and by not in GROUPINGS:
        raise CommandError(f"--by must be one of {', '.join(GROUPINGS)}, got {by!r}")
    if by is not None and category is not None:
        raise CommandError("choose --by or --category, not both")
    if best is not None and by is None:
        raise CommandError("--best goes with --by team|country|club")
    try:
        clean_best(best)
    except ScoringError as error:
        raise CommandError(f"--best: {error.message}") from None


def _known(tournament, category: str) -> None:
    try:
        known_category(tournament, category)
    except ExportRequestError as error:
        raise CommandError(f"--category: {error}") from None


def _table(standings) -> str:
    sessions = list(range(1, last_session(standings) + 1))
    rows = standings_rows(standings)
    width = max([len(f"{r['first_name']} {r['last_name']}") for r in rows] + [6])
    carried = any(row["carry"] is not None for row in rows)  # after a cut: the carry-over beside the total
    header = (
        f"{'Rank':>5}  {'Player':<{width}}  {'Ctry':<4}"
        + "".join(f"{'S' + str(n):>7}" for n in sessions)
        + f"{'Total':>9}"
        + (f"{'Carry':>9}" if carried else "")
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
        carry = f"{format_points(row['carry']):>9}" if carried else ""
        lines.append(
            f"{rank_label(row):>5}  {name:<{width}}  {row['country']:<4}{cells}{format_points(row['total']):>9}{carry}"
        )
    return "\n".join(lines)
