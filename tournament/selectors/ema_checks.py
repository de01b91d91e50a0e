"""What must be right before the EMA results file goes out (ema-results-file.md, "Checks before export").

Errors make the export refuse (unless forced); warnings are shown but do not stop it. Each problem names what
and where, and links to the organiser's page where it is fixed (settings, sessions, seating, the player's form).
"""

from collections import defaultdict
from typing import NamedTuple

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import ema_countries
from scoring.mers import places_are_consistent
from scoring.players import is_ema_id
from tournament.display.names import full_name
from tournament.models import Registration, Tournament
from tournament.selectors.ema_results import EmaResults, EmaRow
from tournament.selectors.progress import SessionProgress, tournament_progress

ERROR = "error"
WARNING = "warning"


class Problem(NamedTuple):
    level: str
    code: str
    message: str
    fix_url: str = ""

    @property
    def is_error(self) -> bool:
        return self.level == ERROR


def ema_problems(results: EmaResults) -> list[Problem]:
    """Every problem, errors first: results, host data, then each player in file order."""
    tournament = results.tournament
    problems = [
        *_session_problems(tournament),
        *_host_problems(tournament),
        *_ranking_problems(results),
        *_player_problems(results),
    ]
    return sorted(problems, key=lambda problem: not problem.is_error)


def errors(problems: list[Problem]) -> list[Problem]:
    return [problem for problem in problems if problem.is_error]


def _session_problems(tournament: Tournament) -> list[Problem]:
    sessions = tournament_progress(tournament)
    if not sessions:
        return [Problem(ERROR, "no_sessions", _("The tournament has no sessions."), _settings(tournament))]
    problems = []
    for session in sessions:
        tables, missing = session.tables, list(session.missing)
        if not tables:
            message = _("Session %(session)s has no seating and no results.") % {"session": session.number}
            fix = reverse("seating_overview", args=[tournament.slug])
            problems.append(Problem(ERROR, "session_not_seated", message, fix))
        elif missing:
            fix = reverse("referee_session", args=[tournament.slug, session.number])
            problems.append(
                Problem(ERROR, "results_missing", _missing_message(session, tables, missing), fix)
            )
        problems.extend(_unconfirmed_problems(tournament, session))
    return problems


def _unconfirmed_problems(tournament: Tournament, session: SessionProgress) -> list[Problem]:
    """With the second check on, a result nobody confirmed (or one disputed) is not final (progress.results_final):
    the file waits for it, naming the tables."""
    if not tournament.confirmation_required:
        return []
    unconfirmed = [table.table for table in session.tables if table.has_result and not table.confirmed]
    if not unconfirmed:
        return []
    message = ngettext(
        "Session %(session)s: the result of table %(tables)s is not confirmed yet (second check).",
        "Session %(session)s: the results of tables %(tables)s are not confirmed yet (second check).",
        len(unconfirmed),
    ) % {"session": session.number, "tables": ", ".join(map(str, unconfirmed))}
    fix = reverse("referee_session", args=[tournament.slug, session.number])
    return [Problem(ERROR, "results_unconfirmed", message, fix)]


def _missing_message(session: SessionProgress, tables: tuple, missing: list[int]) -> str:
    if len(missing) == len(tables):
        return ngettext(
            "Session %(session)s: no result entered yet (%(count)s table).",
            "Session %(session)s: no results entered yet (%(count)s tables).",
            len(tables),
        ) % {"session": session.number, "count": len(tables)}
    return ngettext(
        "Session %(session)s: no result for table %(tables)s.",
        "Session %(session)s: no result for tables %(tables)s.",
        len(missing),
    ) % {"session": session.number, "tables": ", ".join(map(str, missing))}


def _host_problems(tournament: Tournament) -> list[Problem]:
    fix = _settings(tournament)
    required = [
        ("country", _("The host country is not set.")),
        ("city", _("The host city is not set.")),
        ("start_date", _("The first day of the tournament is not set.")),
        ("end_date", _("The last day of the tournament is not set.")),
        ("short_name", _("The tournament's short name is not set.")),
    ]
    problems = [
        Problem(ERROR, f"{field}_missing", message, fix)
        for field, message in required
        if not getattr(tournament, field)
    ]
    if tournament.start_date and tournament.end_date and tournament.end_date < tournament.start_date:
        problems.append(Problem(ERROR, "dates_reversed", _("The last day is before the first day."), fix))
    if tournament.country:
        where = _("Host country")
        problems.extend(_country_problem(tournament.country, where, fix))
    if tournament.ruleset == "nts":
        message = _("The EMA ranks riichi and MCR tournaments; these are classical (NTS) rules.")
        problems.append(Problem(WARNING, "not_riichi", message, fix))
    return problems


def _ranking_problems(results: EmaResults) -> list[Problem]:
    if not results.rows:
        fix = reverse("organise_players", args=[results.tournament.slug])
        return [Problem(ERROR, "no_players", _("No player is ranked."), fix)]
    if not places_are_consistent([row.place for row in results.rows]):
        return [Problem(ERROR, "places", _("The places do not run from 1 to the number of players."))]
    return []


def _player_problems(results: EmaResults) -> list[Problem]:
    keys = Registration.objects.filter(tournament=results.tournament).values_list("id", "key")
    fixes = {registration_id: _player_fix(results.tournament, key) for registration_id, key in keys}
    problems = []
    for row in results.rows:
        fix = fixes[row.registration_id]
        problems.extend(_ema_id_problems(row, fix))
        problems.extend(_player_country_problems(row, fix))
    problems.extend(_duplicate_problems(results.rows, fixes))
    return problems


def _ema_id_problems(row: EmaRow, fix: str) -> list[Problem]:
    name = _name(row)
    if not row.ema_id:
        message = _("%(name)s has no EMA number: listed with NO, no ranking points.") % {"name": name}
        return [Problem(WARNING, "no_ema_id", message, fix)]
    if not is_ema_id(row.ema_id):
        message = _("%(name)s: the EMA number %(ema_id)s is not eight digits.") % {
            "name": name,
            "ema_id": row.ema_id,
        }
        return [Problem(ERROR, "bad_ema_id", message, fix)]
    issued_by = ema_countries.country_of_number(row.ema_id)
    if issued_by and row.country and issued_by != row.country:
        message = _(
            "%(name)s: the EMA number %(ema_id)s was issued by %(issued)s, the player's country is %(country)s."
        ) % {
            "name": name,
            "ema_id": row.ema_id,
            "issued": issued_by,
            "country": row.country,
        }
        return [Problem(WARNING, "ema_id_country", message, fix)]
    return []


def _player_country_problems(row: EmaRow, fix: str) -> list[Problem]:
    if not row.country:
        message = _("%(name)s has no country code.") % {"name": _name(row)}
        return [Problem(ERROR, "country_missing", message, fix)]
    return _country_problem(row.country, _name(row), fix)


def _country_problem(code: str, where: str, fix: str) -> list[Problem]:
    if code in ema_countries.ISO_MISTAKES:
        message = _("%(where)s: %(code)s is the ISO code; the EMA code is %(ema)s.") % {
            "where": where,
            "code": code,
            "ema": ema_countries.ISO_MISTAKES[code],
        }
        return [Problem(ERROR, "iso_country", message, fix)]
    if code not in ema_countries.KNOWN:
        message = _("%(where)s: %(code)s is not in the EMA's list of country codes; check it.") % {
            "where": where,
            "code": code,
        }
        return [Problem(WARNING, "unknown_country", message, fix)]
    return []


def _duplicate_problems(rows: tuple[EmaRow, ...], fixes: dict[int, str]) -> list[Problem]:
    holders = defaultdict(list)
    for row in rows:
        if row.ema_id:
            holders[row.ema_id].append(row)
    problems = []
    for ema_id, same in holders.items():
        if len(same) > 1:
            message = _("The EMA number %(ema_id)s is used by %(names)s.") % {
                "ema_id": ema_id,
                "names": ", ".join(_name(row) for row in same),
            }
            problems.append(Problem(ERROR, "duplicate_ema_id", message, fixes[same[1].registration_id]))
    return problems


def _name(row: EmaRow) -> str:
    return full_name(row.first_name, row.last_name)


def _settings(tournament: Tournament) -> str:
    return reverse("organise_settings", args=[tournament.slug]) + "#details"


def _player_fix(tournament: Tournament, key: str) -> str:
    return reverse("organise_player_edit", args=[tournament.slug, key])
