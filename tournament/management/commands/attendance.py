from django.db import transaction

from tournament.management.commands._base import TournamentCommand, refused
from tournament.selectors.attendance import SUBSTITUTE, session_attendance
from tournament.services.attendance import dismiss_lateness, find_session, mark_everyone, mark_many

STATE_WORDS = {"present": "present", "absent": "absent", "waiting": "not checked in"}


class Command(TournamentCommand):
    help = (
        "Record a session's attendance and print it by table: present, absent or not checked in. --present is "
        "attendance (no lateness); --arrived marks players who were absent or not checked in at the start as "
        "arriving now (their lateness is proposed, 5.7); --everyone marks every player not checked in present; "
        "--dismiss KEY --reason TEXT ends a lateness proposal. A refused key changes nothing."
    )

    def add_options(self, parser):
        parser.add_argument("--session", type=int, required=True, metavar="N")
        parser.add_argument("--present", nargs="+", default=[], metavar="KEY")
        parser.add_argument("--absent", nargs="+", default=[], metavar="KEY")
        parser.add_argument("--arrived", nargs="+", default=[], metavar="KEY")
        parser.add_argument(
            "--everyone", action="store_true", help="mark every player not checked in present"
        )
        parser.add_argument("--dismiss", nargs="+", default=[], metavar="KEY")
        parser.add_argument(
            "--reason", default="", help="why the lateness proposals of --dismiss are dismissed"
        )

    def handle_tournament(
        self, tournament, *, session, present, absent, arrived, everyone, dismiss, reason, **options
    ):
        with refused(), transaction.atomic():
            found = find_session(tournament, session)
            if present or absent or arrived:
                mark_many(
                    actor=None,
                    tournament=tournament,
                    session_number=session,
                    present=present,
                    absent=absent,
                    arrived=arrived,
                )
            if everyone:
                mark_everyone(actor=None, tournament=tournament, session_number=session)
            for key in dismiss:
                dismiss_lateness(
                    actor=None, tournament=tournament, session_number=session, key=key, reason=reason
                )
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
        if not line.late:
            return state
        done = (
            "penalty given"
            if line.penalised
            else "dismissed"
            if line.dismissed
            else "table has its result"
            if line.finished
            else "proposed"
        )
        if line.late == SUBSTITUTE:
            return f"{state}, arrived late: a substitute (5.7) ({done})"
        return f"{state}, arrived {line.late} min late ({done})"
