"""``manage.py series SLUG create|add|remove|ranking``: a series of tournaments and its ranking (docs/commands.md;
docs/organisers.md, "Series"). Every refusal is one line and writes nothing: an unknown series or tournament, a tournament twice, a
best K of 0, a rule that does not exist, a date that is not a date."""

from datetime import date

from django.core.management.base import BaseCommand, CommandError

from tournament.exporters.series import series_csv, series_json, series_text
from tournament.management.commands._base import refused
from tournament.management.commands._lookup import tournament_or_error
from tournament.models import Series
from tournament.selectors.series import series_ranking
from tournament.services import series as services

ACTIONS = ("create", "add", "remove", "ranking")
FORMATS = {"table": series_text, "csv": series_csv, "json": series_json}


class Command(BaseCommand):
    help = "A series of tournaments ranked together: create it, add or remove tournaments, print its ranking."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the series' short address")
        parser.add_argument("action", help=f"one of {', '.join(ACTIONS)}")
        parser.add_argument(
            "tournaments", nargs="*", metavar="TOURNAMENT_SLUG", help="add, remove: tournaments"
        )
        parser.add_argument("--name", help="create: the series' name")
        parser.add_argument("--rule", help="create: mers, sum-best or average-best")
        parser.add_argument(
            "--best", metavar="K", help="create: the best K tournaments count (sum-best, average-best)"
        )
        parser.add_argument("--minimum", metavar="M", help="create: at least M tournaments to be ranked")
        parser.add_argument("--hidden", action="store_true", help="create: the series' page is not public")
        parser.add_argument(
            "--on", metavar="YYYY-MM-DD", help="ranking: as it stands on that day (default today)"
        )
        parser.add_argument("--format", default="table", help="ranking: table, csv or json")

    def handle(self, *args, slug, action, tournaments, **options):
        if action not in ACTIONS:
            raise CommandError(f"unknown action {action!r}: use one of {', '.join(ACTIONS)}")
        with refused(f"{slug}: "):
            getattr(self, action)(slug, tournaments, **options)

    def create(self, slug, tournaments, *, name, rule, best, minimum, hidden, **options):
        _no_tournaments("create", tournaments)
        if not name or not rule:
            raise CommandError(f"{slug}: create needs --name and --rule")
        series = services.create_series(
            actor=None,
            slug=slug,
            name=name,
            rule=rule,
            best=_whole("--best", best),
            minimum=_whole("--minimum", minimum),
            is_public=not hidden,
        )
        self.stdout.write(f"Created the series {series.slug} ({series.rule})")

    def add(self, slug, tournaments, **options):
        series = _series(slug)
        if not tournaments:
            raise CommandError(f"{slug}: add needs at least one TOURNAMENT_SLUG")
        found = [tournament_or_error(tournament) for tournament in tournaments]
        services.add_tournaments(actor=None, series=series, tournaments=found)
        self.stdout.write(f"{slug}: added {', '.join(tournaments)}")

    def remove(self, slug, tournaments, **options):
        series = _series(slug)
        if len(tournaments) != 1:
            raise CommandError(f"{slug}: remove takes one TOURNAMENT_SLUG")
        services.remove_tournament(actor=None, series=series, tournament=tournament_or_error(tournaments[0]))
        self.stdout.write(f"{slug}: removed {tournaments[0]}")

    def ranking(self, slug, tournaments, *, on, format, **options):
        _no_tournaments("ranking", tournaments)
        if format not in FORMATS:
            raise CommandError(f"{slug}: --format must be one of {', '.join(FORMATS)}, got {format!r}")
        day = _day(on)
        text = FORMATS[format](series_ranking(_series(slug), day))
        self.stdout.write(text, ending="" if text.endswith("\n") else "\n")


def _series(slug: str) -> Series:
    try:
        return Series.objects.get(slug=slug)
    except Series.DoesNotExist:
        known = ", ".join(Series.objects.values_list("slug", flat=True)[:10]) or "none yet"
        raise CommandError(f"no series {slug!r} (known: {known})") from None


def _no_tournaments(action: str, tournaments) -> None:
    if tournaments:
        raise CommandError(f"{action} takes no tournament ({' '.join(tournaments)} given)")


def _whole(flag: str, value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise CommandError(f"{flag} must be a whole number, got {value!r}") from None


def _day(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--on: {value!r} is not a date; write it as YYYY-MM-DD") from None
