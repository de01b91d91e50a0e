"""What the organiser should fix, for the dashboard: each problem names what and where and links to the page of
the organiser's console where it is fixed. Results still to come are not problems (the session list shows them);
the EMA checks add the host data and the players' data the EMA results file needs."""

from typing import NamedTuple

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.limits import MAX_EMA_LINES
from scoring.seating import ScheduleError, check_player_count
from tournament.errors import scoring_message
from tournament.models import Registration, Seat, SheetEntry, Table, Tournament, TournamentRole
from tournament.selectors.clock import live_session
from tournament.selectors.cut import stored_cut
from tournament.selectors.ema_checks import ema_problems
from tournament.selectors.ema_results import ema_results
from tournament.selectors.progress import DISPUTED, SessionProgress
from tournament.selectors.seating import withdrawn_with_open_seats
from tournament.selectors.seating_plan import SEATED_STATUSES
from tournament.selectors.sheets import proposed_chombos_by_table
from tournament.selectors.visibility import PUBLIC, standings_visible, tournament_visible

ERROR, WARNING, INFO = "error", "warning", "info"
# The EMA checks about results and seating repeat what the session list shows while the event runs.
EVENT_CODES = {"no_sessions", "session_not_seated", "results_missing", "no_players", "places"}


class Problem(NamedTuple):
    level: str
    message: str
    fix_url: str
    fix_label: str


def dashboard_problems(tournament: Tournament, progress: list[SessionProgress]) -> list[Problem]:
    problems = [
        *_player_problems(tournament, progress),
        *_session_problems(tournament, progress),
        *_clock_problems(tournament, progress),
        *_sheet_chombo_problems(tournament),
        *_staff_problems(tournament),
        *_ema_problems(tournament),
        *_visibility_notes(tournament),
    ]
    order = {ERROR: 0, WARNING: 1, INFO: 2}
    return sorted(problems, key=lambda problem: order[problem.level])


def _url(name: str, tournament: Tournament, *args) -> str:
    return reverse(name, args=[tournament.slug, *args])


def _player_problems(tournament: Tournament, progress: list[SessionProgress]) -> list[Problem]:
    """No player yet; or a number of players that is not a multiple of 4 while a session is still to be seated.
    Once every session has its seating the count says nothing: a seat is uncovered only when its player withdrew
    and nobody substitutes (_session_problems names it), so a withdrawal a reserve covers, or the last session
    played, warns of nothing (issue 28)."""
    players = reverse("organise_players", args=[tournament.slug])
    seated = Registration.objects.filter(tournament=tournament, status__in=SEATED_STATUSES).count()
    if seated == 0:
        return [Problem(ERROR, _("No player is registered yet."), players, _("Register players"))]
    if progress and all(session.tables for session in progress):
        return []
    try:
        check_player_count(seated)
    except ScheduleError as error:
        return [Problem(ERROR, scoring_message(error), players, _("Players"))]
    return []


def _sheet_chombo_problems(tournament: Tournament) -> list[Problem]:
    """The chombos the players entered on a score sheet that no referee has recorded yet: none counts until one
    does (3.4.6), so each table is named with a link to its page, where "Record the chombo" is."""
    tables = (
        Table.objects.filter(
            session__tournament=tournament,
            sheet_entries__kind=SheetEntry.HAND,
            sheet_entries__entered_by__isnull=True,
            sheet_entries__hand__has_key="chombo",
        )
        .select_related("session__tournament")
        .distinct()
        .order_by("session__number", "number")
    )
    proposed = proposed_chombos_by_table(tables)
    problems = []
    for table in tables:
        count = len(proposed.get(table.pk, ()))
        if count:
            message = ngettext(
                "Session %(session)s, table %(table)s: the players entered a chombo on the score sheet; it counts "
                "only once a referee records it.",
                "Session %(session)s, table %(table)s: the players entered %(count)s chombos on the score sheet; "
                "they count only once a referee records them.",
                count,
            ) % {"session": table.session.number, "table": table.number, "count": count}
            url = _url("referee_table", tournament, table.session.number, table.number)
            problems.append(Problem(WARNING, message, url, _("Record it")))
    return problems


def _session_problems(tournament: Tournament, progress: list[SessionProgress]) -> list[Problem]:
    seating = _url("seating_overview", tournament)
    if not progress:
        return [
            Problem(ERROR, _("The tournament has no sessions."), _sessions_url(tournament), _("Settings"))
        ]
    problems = []
    unseated = [s.number for s in progress if not s.tables]
    if unseated:
        message = _("Sessions without a seating: %(numbers)s.") % {"numbers": _numbers(unseated)}
        problems.append(Problem(ERROR, message, seating, _("Seating")))
    hidden = [s.number for s in progress if s.tables and not s.published]
    if hidden:
        message = _("The seating of sessions %(numbers)s is not public yet.") % {"numbers": _numbers(hidden)}
        problems.append(Problem(WARNING, message, seating, _("Publish")))
    problems += _unseated_players(tournament, progress)
    withdrawn = withdrawn_with_open_seats(tournament, {s.number for s in progress if s.has_results})
    for registration in withdrawn:
        message = _("%(player)s is withdrawn but still has seats in sessions without results.") % {
            "player": registration.player
        }
        problems.append(
            Problem(ERROR, message, _url("seating_withdrawal", tournament), _("Decide on the seats"))
        )
    for session in progress:
        for table in session.tables:
            if table.verdict == DISPUTED:
                message = _("Session %(session)s, table %(table)s: the result is disputed.") % {
                    "session": session.number,
                    "table": table.table,
                }
                url = _url("referee_table", tournament, session.number, table.table)
                problems.append(Problem(ERROR, message, url, _("Check the table")))
    return problems


def _unseated_players(tournament: Tournament, progress: list[SessionProgress]) -> list[Problem]:
    """Players registered after the seating was made: no seat in a seated session without results."""
    open_sessions = [s.number for s in progress if s.tables and not s.has_results]
    if not open_sessions:
        return []
    players = dict(
        Registration.objects.filter(tournament=tournament, status__in=SEATED_STATUSES).values_list(
            "id", "key"
        )
    )
    seats = Seat.objects.filter(session__tournament=tournament, session__number__in=open_sessions)
    seated: dict[int, set[int]] = {number: set() for number in open_sessions}
    for number, registration_id in seats.values_list("session__number", "registration_id"):
        seated[number].add(registration_id)
    expected = _expected_players(tournament, set(players), open_sessions)
    missing = sorted(number for number in open_sessions if expected[number] - seated[number])
    if not missing:
        return []
    count = max(len(expected[number] - seated[number]) for number in missing)
    message = ngettext(
        "%(count)s player has no seat in sessions %(numbers)s: make a new seating for them.",
        "%(count)s players have no seat in sessions %(numbers)s: make a new seating for them.",
        count,
    ) % {"count": count, "numbers": _numbers(missing)}
    return [Problem(ERROR, message, _url("seating_overview", tournament), _("Seating"))]


def _expected_players(tournament: Tournament, players: set[int], numbers: list[int]) -> dict[int, set[int]]:
    """Who should have a seat in each session: everybody, but in a final session only those who play on after the
    cut (docs/organisers.md, "Finals and cuts")."""
    cut = stored_cut(tournament) if any(number > 1 for number in numbers) else None
    on = set(cut.groups) & players if cut is not None else set()
    return {number: on if cut is not None and number > cut.after_session else players for number in numbers}


def _staff_problems(tournament: Tournament) -> list[Problem]:
    if TournamentRole.objects.filter(tournament=tournament, role=TournamentRole.REFEREE).exists():
        return []
    message = _("No referee is appointed; only organisers can enter results.")
    return [Problem(WARNING, message, _url("organise_staff", tournament), _("Appoint a referee"))]


def _ema_problems(tournament: Tournament) -> list[Problem]:
    found = [p for p in ema_problems(ema_results(tournament)) if p.code not in EVENT_CODES]
    errors = [p for p in found if p.is_error]
    problems = [
        Problem(ERROR, _("EMA results file: %(problem)s") % {"problem": p.message}, p.fix_url, _("Fix"))
        for p in errors[:MAX_EMA_LINES]
    ]
    rest = len(found) - len(problems)
    if rest:
        message = ngettext(
            "%(count)s more remark on the EMA results file.",
            "%(count)s more remarks on the EMA results file.",
            rest,
        ) % {"count": rest}
        problems.append(Problem(WARNING, message, _url("ema_check", tournament), _("See them all")))
    return problems


def _visibility_notes(tournament: Tournament) -> list[Problem]:
    settings = _url("organise_settings", tournament) + "#public"
    notes = []
    if not tournament_visible(tournament, PUBLIC):
        notes.append(
            Problem(INFO, _("The tournament is not public: only its staff see it."), settings, _("Publish"))
        )
    if not standings_visible(tournament, PUBLIC):
        notes.append(Problem(INFO, _("The standings are hidden from the public."), settings, _("Show them")))
    return notes


def _clock_problems(tournament: Tournament, progress: list[SessionProgress]) -> list[Problem]:
    """A clock still running for a session whose tables all have results: services.clock.end_when_complete ends
    it with the last result, so this is a clock started afterwards or one whose end was refused."""
    live = live_session(tournament)
    done = {session.number for session in progress if session.complete}
    if live is None or live.number not in done:
        return []
    message = _("Session %(session)s: every table has a result, but its clock still runs.") % {
        "session": live.number
    }
    return [Problem(WARNING, message, _url("organise_clock", tournament), _("End the clock"))]


def _sessions_url(tournament: Tournament) -> str:
    return _url("organise_settings", tournament) + "#sessions"


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))
