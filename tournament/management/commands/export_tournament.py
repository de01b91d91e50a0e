from django.core.management.base import BaseCommand

from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.management.commands._lookup import tournament_or_error
from tournament.management.commands._output import write_output


class Command(BaseCommand):
    help = "Write a tournament archive (JSON) to a file or standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="the file to write (default, or '-': standard output)")

    def handle(self, *args, slug, output, **options):
        text = dumps_archive(export_archive(tournament_or_error(slug)))
        write_output(self, text.encode("utf-8"), output or "-")
