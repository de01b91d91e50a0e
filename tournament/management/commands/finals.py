"""``finals SLUG --after-session N --top X --carry kept|halved|cleared [--sessions K] [--consolation]``: the cut
previewed, and with ``--yes`` made (docs/commands.md; docs/organisers.md, "Finals and cuts")."""

from django.core.management.base import CommandError

from scoring.finals import CARRIES
from scoring.points import format_points
from scoring.standings import CONSOLATION, FINAL
from tournament.management.commands._base import TournamentCommand, add_seed_option, refused
from tournament.selectors.finals import CutPreview, preview_cut, refuse_undecided
from tournament.services.finals import make_cut, seat_final_session, undo_cut


class Command(TournamentCommand):
    help = (
        "A cut after session N: the top X play K final sessions seated by place, their totals carried over kept, "
        "halved or cleared. Without --yes a preview that writes nothing; --yes makes the cut and prints the first "
        "final session's tables."
    )

    def add_options(self, parser):
        parser.add_argument("--after-session", type=int, metavar="N", help="the last regular session")
        parser.add_argument("--top", type=int, metavar="X", help="how many play the final (a multiple of 4)")
        parser.add_argument("--carry", choices=CARRIES, help="the finalists' totals kept, halved or cleared")
        parser.add_argument("--sessions", type=int, default=1, metavar="K", help="final sessions (default 1)")
        parser.add_argument(
            "--consolation", action="store_true", help="the rest play on in a consolation group"
        )
        parser.add_argument(
            "--through",
            action="append",
            default=[],
            metavar="KEY",
            help="at a tie the tie-breaks do not break: a player who goes through (the organiser's decision)",
        )
        parser.add_argument("--yes", action="store_true", help="make the cut (without it: a preview)")
        parser.add_argument(
            "--seat-session",
            type=int,
            metavar="M",
            help="seat final session M (after the first) by the final",
        )
        add_seed_option(parser, same="seating of a later final session")
        parser.add_argument("--undo", action="store_true", help="undo the cut (before any final result)")

    def handle_tournament(self, tournament, **options):
        prefix = f"{tournament.slug}: "
        if options["undo"]:
            with refused(prefix):
                undo_cut(actor=None, tournament=tournament)
            self.stdout.write(f"{tournament.name}: the cut is undone.")
            return
        if options["seat_session"] is not None:
            with refused(prefix):
                tables = seat_final_session(
                    actor=None, tournament=tournament, number=options["seat_session"], seed=options["seed"]
                )
            self._write_tables(tournament, options["seat_session"], tables)
            return
        missing = [name for name in ("after_session", "top", "carry") if options[name] is None]
        if missing:
            raise CommandError("finals needs " + ", ".join("--" + name.replace("_", "-") for name in missing))
        chosen = {
            "after_session": options["after_session"],
            "top": options["top"],
            "carry": options["carry"],
            "sessions": options["sessions"],
            "consolation": options["consolation"],
            "decided": tuple(options["through"]),
        }
        with refused(prefix):
            if options["yes"]:
                preview = make_cut(actor=None, tournament=tournament, **chosen)
            else:
                preview = refuse_undecided(preview_cut(tournament, **chosen))
        self.stdout.write(_preview_text(tournament, preview, made=options["yes"]))
        if options["yes"]:
            first = preview.numbers[0]
            seats = tournament.sessions.get(number=first).seats.order_by("table__number", "order")
            tables: dict[int, list[int]] = {}
            for table, registration_id in seats.values_list("table__number", "registration_id"):
                tables.setdefault(table, []).append(registration_id)
            self._write_tables(tournament, first, list(tables.values()))
            for number in preview.numbers[1:]:
                self.stdout.write(
                    f"Session {number}: seated by the standings within the final once session {number - 1} has "
                    f"results (--seat-session {number})."
                )

    def _write_tables(self, tournament, number: int, tables) -> None:
        names = {r.pk: f"{r.player} ({r.key})" for r in tournament.registrations.select_related("player")}
        self.stdout.write(f"Session {number}:")
        for index, table in enumerate(tables, start=1):
            seats = ", ".join(f"{wind} {names[r]}" for wind, r in zip("ESWN", table, strict=True))
            self.stdout.write(f"  table {index}: {seats}")


def _preview_text(tournament, preview: CutPreview, *, made: bool) -> str:
    sessions = ", ".join(map(str, preview.numbers))
    head = "Cut made" if made else "Preview (nothing written; --yes makes the cut)"
    lines = [
        f"{tournament.name}: {head}: after session {preview.after_session}, top {preview.top}, "
        f"scores {preview.carry}, final session(s) {sessions}"
        + (", consolation group" if preview.consolation else "")
    ]
    for group, title in ((FINAL, "Final"), (CONSOLATION, "Consolation group")):
        chosen = [t for t in preview.players if t.group == group]
        if chosen:
            lines.append(f"{title}:")
        for t in chosen:
            how = f"  ({t.how})" if t.how and t.how != "total" else ""
            lines.append(
                f"  {t.place:>3}  {t.player.name} ({t.player.key})  total {format_points(t.total)}"
                f"  carry {format_points(t.carry)}{how}"
            )
    return "\n".join(lines)
