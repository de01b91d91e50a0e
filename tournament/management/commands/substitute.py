from tournament.management.commands._base import TournamentCommand, refused
from tournament.services.substitutes import substitute


class Command(TournamentCommand):
    help = (
        "The seat of a player in a session is played from the start by a registered reserve or a named guest "
        "(EMA 2016 5.8): every page and paper that shows the seat follows, and the table's result scores the "
        "seat as substituted from the start."
    )

    def add_options(self, parser):
        parser.add_argument("--session", type=int, required=True, metavar="N")
        parser.add_argument(
            "--player", required=True, metavar="KEY", help="the registered player who is absent"
        )
        who = parser.add_mutually_exclusive_group(required=True)
        who.add_argument("--reserve", metavar="KEY", help="a player registered as a reserve")
        who.add_argument("--guest", metavar="NAME", help="the name of a guest who is not registered")
        parser.add_argument(
            "--correct",
            action="store_true",
            help="the table has a result already: correct it (a new version with the same raw points, the seat "
            "substituted from the start)",
        )

    def handle_tournament(self, tournament, *, session, player, reserve, guest, correct, **options):
        with refused(f"{tournament.slug}: "):
            seat = substitute(
                tournament=tournament,
                session_number=session,
                player_key=player,
                reserve_key=reserve,
                guest=guest,
                correct=correct,
                actor=None,
            )
        self.stdout.write(
            f"{tournament.name}: session {session}, table {seat.table.number} {seat.wind}: "
            f"{seat.substitute_label} substitutes for {seat.registration.player} ({player}) from the start."
        )
        current = seat.table.results.filter(is_current=True).first()
        if correct and current is not None:
            self.stdout.write(f"The result of table {seat.table.number} is now version {current.version}.")
