from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._lookup import tournament_or_error
from tournament.management.commands._output import write_output
from tournament.printing.documents import DocumentRequestError, get_document, registered
from tournament.printing.pdf import PrintingError


class Command(BaseCommand):
    help = "Any printed document as a PDF (or its HTML preview with --html), by its identifier."

    def add_arguments(self, parser):
        kinds = ", ".join(document.identifier for document in registered())
        parser.add_argument("slug")
        parser.add_argument("kind", help=f"one of: {kinds}")
        parser.add_argument(
            "--session", type=int, metavar="N", help="the session (score sheets, seating lists, session-pack)"
        )
        parser.add_argument(
            "--after-session", type=int, metavar="N", help="standings as they stood after session N"
        )
        parser.add_argument("--blank", action="store_true", help="score sheets without names")
        parser.add_argument(
            "--day",
            metavar="YYYY-MM-DD",
            help="day-pack: every session that starts on this day (the hall's time)",
        )
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            help="the language it is printed in (default: the tournament's, else English)",
        )
        parser.add_argument("--html", action="store_true", help="write the HTML preview instead of the PDF")
        parser.add_argument(
            "-o", "--output", help="the file to write (default: a name from the document; '-' for stdout)"
        )

    def handle(
        self, *args, slug, kind, session, after_session, blank, day, language, html, output, **options
    ):
        tournament = tournament_or_error(slug)
        try:
            document = get_document(kind)(
                tournament,
                session=session,
                after_session=after_session,
                blank=blank,
                day=day,
                language=language or tournament.language,  # as the exports page offers it first
            )
            data = document.html().encode("utf-8") if html else document.pdf()
        except (DocumentRequestError, PrintingError) as error:
            raise CommandError(str(error)) from None
        default = document.filename().removesuffix(".pdf") + ".html" if html else document.filename()
        write_output(self, data, output or default)
