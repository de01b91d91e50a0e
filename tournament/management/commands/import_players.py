from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._lookup import tournament_or_error
from tournament.player_files import PlayerFileError, read_player_file
from tournament.services import DomainError
from tournament.services import players as player_service


class Command(BaseCommand):
    help = (
        "Register players from a CSV or XLSX list (columns first_name, last_name, ema_id, country, club; header "
        "names in English or Dutch). Every bad row is reported (row, column, reason) and then nothing is imported."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", help="a .csv or .xlsx file")

    def handle(self, slug, file, **options):
        tournament = tournament_or_error(slug)
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"{file}: no such file")
        try:
            rows = read_player_file(tournament, path.name, path.read_bytes())
            registrations = player_service.import_players(
                actor=None, tournament=tournament, players=rows, source=path.name
            )
        except PlayerFileError as error:
            for problem in error.errors:
                self.stderr.write(f"{path.name}: {problem}")
            raise CommandError(error.message) from None
        except DomainError as error:
            raise CommandError(error.message) from None
        for registration in registrations:
            player = registration.player
            self.stdout.write(
                f"{registration.key}\t{player}\t{player.ema_id or '-'}\t{player.country or '-'}"
            )
        self.stdout.write(f"{len(registrations)} players registered in {tournament.slug}")
