from tournament.management.commands._input import FileImportCommand
from tournament.readers.player_list import PlayerFileError, read_player_list
from tournament.services import players as player_service


class Command(FileImportCommand):
    help = (
        "Register players from a CSV or XLSX list (columns first_name, last_name, ema_id, country, club, and "
        "optionally status, team, categories separated by ';'; header names in English, Dutch, German or French). Every bad row is reported (row, column, reason; the first 50, then the count) "
        "and then nothing is imported. A list over 5 MB or with more than 5,000 players is refused."
    )

    file_error = PlayerFileError
    hints = {"person_differs": " (--update-people confirms it)"}

    def add_options(self, parser):
        parser.add_argument(
            "--update-people",
            action="store_true",
            help="a known EMA number with another name or country renames that person in every tournament "
            "(each one gets an audit entry); without this flag such a row is refused",
        )

    def import_file(self, tournament, name, content, *, update_people=False, **options):
        listing = read_player_list(tournament, name, content)
        self._say_how_it_was_read(name, listing.reading)
        return player_service.import_players(
            actor=None,
            tournament=tournament,
            players=listing.players,
            source=name,
            confirm_rename=update_people,
        )

    def report(self, tournament, registrations) -> None:
        for registration in registrations:
            player = registration.player
            self.stdout.write(
                f"{registration.key}\t{player}\t{player.ema_id or '-'}\t{player.country or '-'}"
            )
        self.stdout.write(f"{len(registrations)} players registered in {tournament.slug}")

    def _say_how_it_was_read(self, name: str, reading) -> None:
        """A CSV file that is not UTF-8: its encoding, and how the other one would read it (check the names)."""
        if reading is None or reading.encoding in ("utf-8", "utf-16"):
            return
        self.stderr.write(f"{name}: read as {reading.name}")
        if reading.other:
            self.stderr.write(
                f"{name}: {reading.other_name} would read line {reading.line} as {reading.other_text!r} "
                f"instead of {reading.text!r}; check the names below, or save the list as CSV UTF-8"
            )
