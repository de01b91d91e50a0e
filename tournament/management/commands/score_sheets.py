from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._lookup import tournament_or_error
from tournament.management.commands._output import write_output
from tournament.printing.documents import DocumentRequestError
from tournament.printing.pdf import PrintingError
from tournament.printing.score_sheets import ScoreSheets


class Command(BaseCommand):
    help = "Printable score sheets (PDF, A4), one page per table of a session; --blank leaves the names out."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--session", type=int, required=True, metavar="N")
        parser.add_argument(
            "-o", "--output", help="the PDF to write (default: a name from the session; '-' for stdout)"
        )
        parser.add_argument(
            "--blank", action="store_true", help="sheets without names (one per table, or one)"
        )

    def handle(self, *args, slug, session, output, blank, **options):
        tournament = tournament_or_error(slug)
        try:
            document = ScoreSheets(tournament, session=session, blank=blank)
            data = document.pdf()
        except (DocumentRequestError, PrintingError) as error:
            raise CommandError(str(error)) from None
        write_output(self, data, output or document.filename())
