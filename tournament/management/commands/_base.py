"""The skeleton the commands share: a command about one tournament takes its slug first (TournamentCommand; an
unknown slug is a clear error, _lookup.tournament_or_error), ends with a service's refusal as its error
(``refused``), and the two seating commands take the search's options from one place (add_seed_option,
add_time_budget_option)."""

from contextlib import contextmanager

from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._lookup import tournament_or_error
from tournament.services import DomainError


class TournamentCommand(BaseCommand):
    """``manage.py COMMAND SLUG ...``: subclasses add their own arguments (add_options) and do their work in
    handle_tournament, with the tournament found."""

    def add_arguments(self, parser):
        parser.add_argument("slug")
        self.add_options(parser)

    def add_options(self, parser) -> None:
        """The command's own arguments, after the slug."""

    def handle(self, *args, slug, **options):
        return self.handle_tournament(tournament_or_error(slug), **options)

    def handle_tournament(self, tournament, **options):
        raise NotImplementedError


@contextmanager
def refused(prefix: str = "", hints: dict[str, str] | None = None):
    """A service's refusal (DomainError) ends the command with its message, after ``prefix`` ("SLUG: ") and
    before the hint for its code (the option that would allow it)."""
    try:
        yield
    except DomainError as error:
        raise CommandError(f"{prefix}{error.message}{(hints or {}).get(error.code, '')}") from None


def add_seed_option(parser, *, same: str) -> None:
    """--seed of the seating search (``same``: what the same seed gives)."""
    parser.add_argument(
        "--seed", type=int, default=0, metavar="K", help=f"the same seed gives the same {same}"
    )


def add_time_budget_option(parser) -> None:
    """--time-budget of the seating search."""
    parser.add_argument(
        "--time-budget",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="most time the generator may take",
    )
