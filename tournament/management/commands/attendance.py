from django.core.management.base import BaseCommand, CommandError

from tournament.management.commands._lookup import tournament_or_error
from tournament.selectors.attendance import SUBSTITUTE, session_attendance
from tournament.services import DomainError
from tournament.services.attendance import find_session, mark_many

STATE_WORDS = {"present": "present", "absent": "absent", "waiting": "not checked in"}


class Command(BaseCommand):
    help = (
        "Record a session's attendance (--present / --absent, player keys) and print it by table: present, absent "
        "or not checked in. A refused key changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--session", type=int, required=True, metavar="N")
        parser.add_argument("--present", nargs="+", default=[], metavar="KEY")
        parser.add_argument("--absent", nargs="+", default=[], metavar="KEY")

    def handle(self, *args, slug, session, present, absent, **options):
        tournament = tournament_or_error(slug)
        try:
            found = find_session(tournament, session)
            if present or absent:
                mark_many(
                    actor=None, tournament=tournament, session_number=session, present=present, absent=absent
                )
        except DomainError as error:
            raise CommandError(error.message) from None
        self._print(session_attendance(found))

    def _print(self, found) -> None:
        counts = found.counts
        self.stdout.write(
            f"Session {found.session.number}: {counts['present']} present, {counts['absent']} absent, "
            f"{counts['waiting']} not checked in"
        )
        for number, lines in found.tables:
            self.stdout.write(f"Table {number}")
            for line in lines:
                self.stdout.write(f"  {line.wind}  {line.key:<12} {line.name:<32} {self._state(line)}")
        if found.reserves:
            self.stdout.write("Reserves")
            for line in found.reserves:
                self.stdout.write(f"  -  {line.key:<12} {line.name:<32} {self._state(line)}")

    @staticmethod
    def _state(line) -> str:
        state = STATE_WORDS[line.state]
        if line.late == SUBSTITUTE:
            return f"{state}, late: a substitute (5.7)"
        if line.late:
            return f"{state}, {line.late} min late"
        return state
