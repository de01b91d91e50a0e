from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.errors import ScoringError
from scoring.seating import check_player_count
from tournament.models import Tournament
from tournament.services import DomainError
from tournament.services.demo import DEMO_LOGINS, create_demo

ADDRESS = "127.0.0.1:8000"  # runserver's and make run's default
PLAYED = 5  # the default demo: 8 sessions, 5 played


class Command(BaseCommand):
    help = "Create a realistic demo tournament (players from several countries, seating, results, incidents)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=32)
        parser.add_argument("--sessions", type=int, default=8)
        parser.add_argument(
            "--played",
            type=int,
            default=None,
            help=f"how many sessions have results (default: all but the last, at most {PLAYED})",
        )
        parser.add_argument("--slug", default="demo")
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--if-missing", action="store_true", help="do nothing when the demo exists already"
        )
        parser.add_argument(
            "--address",
            default=ADDRESS,
            help=f"host:port the server answers on, for the address printed (default {ADDRESS}; make run passes HOST)",
        )

    def handle(self, *args, players, sessions, played, slug, seed, if_missing, address, **options):
        self._check_players(players)
        if played is None:  # one session still to play, so the demo shows seating, the clock and "next"
            played = max(0, min(PLAYED, sessions - 1))
        if not 0 <= played <= sessions:
            raise CommandError(f"--played must be between 0 and --sessions ({sessions}); got {played}")
        if Tournament.objects.filter(slug=slug).exists():
            if if_missing:
                self.stdout.write(f"The demo tournament {slug!r} exists already.")
                self._logins(slug, address)
                return
            raise CommandError(f"a tournament {slug!r} exists already; choose another --slug")
        try:
            with transaction.atomic():  # a refusal half-way (41 sessions, a seed out of range) writes nothing
                tournament = create_demo(
                    slug=slug,
                    n_players=players,
                    n_sessions=sessions,
                    played=played,
                    seed=seed,
                    side_rankings=True,
                )
        except (DomainError, ScoringError) as error:
            raise CommandError(error.message) from error
        self.stdout.write(
            f"Created {tournament.name} ({slug}): {players} players, {sessions} sessions, {played} played."
        )
        self._logins(slug, address)

    @staticmethod
    def _check_players(players: int) -> None:
        """At least 16 (the demo's smallest event), four to a table (the one check, scoring.seating)."""
        if players < 16:
            raise CommandError(f"--players must be at least 16; got {players}")
        try:
            check_player_count(players)
        except ScoringError as error:
            raise CommandError(f"--players: {error.message}") from error

    def _logins(self, slug: str, address: str) -> None:
        if not settings.DEBUG:
            return
        self.stdout.write(f"Standings: http://{address}/t/{slug}/standings/")
        self.stdout.write("Demo logins (development only): admin / demo-admin (site administrator)")
        for username, password, role in DEMO_LOGINS:
            self.stdout.write(f"  {username} / {password} ({role} of {slug})")
