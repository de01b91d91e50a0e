from django.core.management.base import BaseCommand, CommandError

from tournament.exporters.base import registered
from tournament.exporters.catalogue import ExportRequestError, build_exporter
from tournament.exporters.ema_workbook import EmaNotReady
from tournament.management.commands._lookup import tournament_or_error
from tournament.management.commands._output import write_output


class Command(BaseCommand):
    help = (
        "Write any registered export (standings, results per session, archive, EMA file) by its identifier."
    )

    def add_arguments(self, parser):
        identifiers = ", ".join(sorted(exporter.identifier for exporter in registered()))
        parser.add_argument("slug")
        parser.add_argument("identifier", help=f"one of: {identifiers}")
        parser.add_argument(
            "-o", "--output", help="the file to write (default: a name from the export; '-' for stdout)"
        )
        parser.add_argument(
            "--after-session", type=int, metavar="N", help="standings as they stood after session N"
        )
        parser.add_argument("--session", type=int, metavar="N", help="results per session: only session N")
        parser.add_argument(
            "--force", action="store_true", help="EMA file: export even when checks find errors"
        )
        parser.add_argument("--category", metavar="NAME", help="category ranking: the category")

    def handle(self, *args, slug, identifier, output, after_session, session, force, category, **options):
        tournament = tournament_or_error(slug)
        for flag, value in (("--after-session", after_session), ("--session", session)):
            if value is not None and value < 1:
                raise CommandError(f"{flag} must be 1 or more, got {value}")
        try:
            exporter = build_exporter(
                identifier,
                tournament,
                after_session=after_session,
                session=session,
                force=force,
                category=category,
            )
            data = exporter.render()
        except (ExportRequestError, EmaNotReady) as error:
            raise CommandError(f"{slug}: {error}") from None
        write_output(self, data, output or exporter.filename())
