from tournament.management.commands._base import (
    TournamentCommand,
    add_seed_option,
    add_time_budget_option,
    refused,
)
from tournament.selectors.seating_plan import AVOID_CHOICES, plan_generation, seating_report, stored_seating
from tournament.services.seating import apply_seating_plan


class Command(TournamentCommand):
    help = (
        "Seat every session of a tournament that has no results yet (sessions are created as needed); sessions "
        "that have results are kept exactly. Active and disqualified players are seated, withdrawn players not. "
        "Prints the quality report."
    )

    def add_options(self, parser):
        parser.add_argument("--sessions", type=int, required=True, metavar="S", help="the number of sessions")
        add_seed_option(parser, same="seating")
        parser.add_argument(
            "--avoid", choices=AVOID_CHOICES, help="keep players of the same club, country or team apart"
        )
        add_time_budget_option(parser)

    def handle_tournament(self, tournament, *, sessions, seed, avoid, time_budget, **options):
        with refused(f"{tournament.slug}: "):
            plan = plan_generation(
                tournament, n_sessions=sessions, seed=seed, avoid=avoid, time_budget=time_budget
            )
            seated = apply_seating_plan(actor=None, tournament=tournament, plan=plan)
        self.stdout.write(f"{tournament.name}: seated sessions {_numbers(seated)} (seed {seed}).")
        if plan.kept:
            self.stdout.write(f"Kept sessions {_numbers(plan.kept)} as they are: they have results.")
        self.stdout.write(seating_report(tournament, stored_seating(tournament)).format_text())


def _numbers(numbers) -> str:
    return ", ".join(map(str, numbers))
