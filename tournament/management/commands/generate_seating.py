from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._lookup import tournament_or_error
from tournament.selectors.seating_plan import AVOID_CHOICES, plan_generation, seating_report, stored_seating
from tournament.services import DomainError
from tournament.services.seating import apply_seating_plan


class Command(BaseCommand):
    help = (
        "Seat every session of a tournament that has no results yet (sessions are created as needed); sessions "
        "that have results are kept exactly. Active and disqualified players are seated, withdrawn players not. "
        "Prints the quality report."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--sessions", type=int, required=True, metavar="S", help="the number of sessions")
        parser.add_argument(
            "--seed", type=int, default=0, metavar="K", help="the same seed gives the same seating"
        )
        parser.add_argument(
            "--avoid", choices=AVOID_CHOICES, help="keep players of the same club, country or team apart"
        )
        parser.add_argument(
            "--time-budget",
            type=float,
            default=60.0,
            metavar="SECONDS",
            help="most time the generator may take",
        )

    def handle(self, *args, slug, sessions, seed, avoid, time_budget, **options):
        tournament = tournament_or_error(slug)
        try:
            plan = plan_generation(
                tournament, n_sessions=sessions, seed=seed, avoid=avoid, time_budget=time_budget
            )
            seated = apply_seating_plan(actor=None, tournament=tournament, plan=plan)
        except DomainError as error:
            raise CommandError(f"{slug}: {error.message}") from error
        self.stdout.write(f"{tournament.name}: seated sessions {_numbers(seated)} (seed {seed}).")
        if plan.kept:
            self.stdout.write(f"Kept sessions {_numbers(plan.kept)} as they are: they have results.")
        self.stdout.write(seating_report(tournament, stored_seating(tournament)).format_text())


def _numbers(numbers) -> str:
    return ", ".join(map(str, numbers))
