"""The audit log as people read it: what happened, in the reader's language.

An entry stores what happened as a code (``AuditEntry.action``) and machine values (``data``: keys, names, numbers
as numbers, field NAMES); ``AUDIT_MESSAGES`` is the one table of the sentences, made here from the data when the log
page, the dashboard or the admin shows the entry (``describe``). Numbers go through tournament.display.numbers
(20,000 / 20.000), a model's fields by their labels (``verbose_name``), penalties, verdicts, roles, statuses, winds
and hall pages by their names. ``summary`` is the English (or the actor's language, before this table) written with
the entry: shown for an action without a sentence and for an old entry whose data lacks a parameter.
A few actions say more when their data says so (``VARIANTS``: "… (replaced)", "…, 5 minutes late"): the sentence of
``action/variant``. tests/tournament/test_audit_codes.py reads every action code the services write and proves it
has an English and a Dutch sentence.
"""

from datetime import datetime

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import FieldDoesNotExist
from django.utils.translation import gettext_lazy, ngettext_lazy

from tournament.display import counts, dates, numbers
from tournament.display.prizes import place_title, prize_place
from tournament.display.winds import WIND_NAMES
from tournament.models import HallDisplay, Player, Registration, ResultCheck, Tournament, TournamentRole
from tournament.models.finals import CARRY_CHOICES
from tournament.models.prizes import NAMED
from tournament.models.results import PENALTY_KIND_LABELS

AUDIT_MESSAGES = {
    # services.tournaments, services.archive_import, services.publication
    "tournament.create": gettext_lazy("Created tournament %(name)s"),
    "tournament.update": gettext_lazy("Changed %(fields)s"),
    "tournament.ruleset": gettext_lazy("Rules set to %(ruleset)s"),
    "tournament.delete": gettext_lazy("Deleted tournament %(name)s (%(slug)s)"),
    "tournament.import": gettext_lazy("Imported %(slug)s from an archive"),
    "tournament.import/replaced": gettext_lazy("Imported %(slug)s from an archive, replacing the tournament"),
    "tournament.is_public": gettext_lazy("Tournament unpublished: the public pages are off"),
    "tournament.is_public/on": gettext_lazy("Tournament published: the public pages are on"),
    "tournament.standings_hidden": gettext_lazy("Standings shown to the public again"),
    "tournament.standings_hidden/on": gettext_lazy("Standings hidden from the public"),
    "role.grant": gettext_lazy("%(user)s is now %(role)s"),
    "role.revoke": gettext_lazy("%(user)s is no longer %(role)s"),
    # services.staff and the admin: logins
    "user.create": gettext_lazy("Created the login %(user)s (the password is set through a one-time link)"),
    "user.link": gettext_lazy("One-time link to set the password made for %(user)s"),
    "user.password": gettext_lazy("%(user)s set the password through the one-time link"),
    "user.password_admin": gettext_lazy("Password of %(user)s set in the admin"),
    "user.add": gettext_lazy("User %(user)s added"),
    "user.privileges": gettext_lazy("%(user)s: changed %(fields)s"),
    "group.permissions": gettext_lazy("Group %(group)s: changed %(fields)s"),
    "admin.delete": gettext_lazy("%(model)s %(object)s deleted in the admin"),
    # services.players, services.people, services.registrations, services.attendance
    "player.register": gettext_lazy("Registered %(name)s"),
    "player.status": gettext_lazy("%(name)s: %(before)s → %(after)s"),
    "player.import": ngettext_lazy(
        "Imported %(count)s player from %(source)s", "Imported %(count)s players from %(source)s", "count"
    ),
    "player.update": gettext_lazy("%(name)s: changed %(fields)s"),
    "player.rename": gettext_lazy("EMA number %(ema_id)s: %(before)s is now %(after)s"),
    "player.club": gettext_lazy("%(name)s: club %(before)s → %(after)s"),
    "player.team": gettext_lazy("%(name)s: team %(before)s → %(after)s"),
    "player.categories": gettext_lazy("%(name)s: categories %(before)s → %(after)s"),
    "attendance.present": gettext_lazy("Session %(session)s: %(name)s present"),
    "attendance.present/late": ngettext_lazy(
        "Session %(session)s: %(name)s present, %(late)s minute late: a lateness penalty of %(proposed)s proposed "
        "(5.7)",
        "Session %(session)s: %(name)s present, %(late)s minutes late: a lateness penalty of %(proposed)s proposed "
        "(5.7)",
        "count",
    ),
    "attendance.present/substitute": gettext_lazy(
        "Session %(session)s: %(name)s present, more than %(limit)s minutes late: a substitute proposed (5.7)"
    ),
    "attendance.absent": gettext_lazy("Session %(session)s: %(name)s absent"),
    "attendance.arrived": gettext_lazy("Session %(session)s: %(name)s arrived"),
    "attendance.arrived/late": gettext_lazy(
        "Session %(session)s: %(name)s arrived, %(late)s minutes late: a lateness penalty of %(proposed)s proposed "
        "(5.7)"
    ),
    "attendance.arrived/substitute": gettext_lazy(
        "Session %(session)s: %(name)s arrived, more than %(limit)s minutes late: a substitute proposed (5.7)"
    ),
    "attendance.everyone": ngettext_lazy(
        "Session %(session)s: everyone here (%(count)s player marked present)",
        "Session %(session)s: everyone here (%(count)s players marked present)",
        "count",
    ),
    "attendance.everyone_table": ngettext_lazy(
        "Session %(session)s, table %(table)s: everyone here (%(count)s player marked present)",
        "Session %(session)s, table %(table)s: everyone here (%(count)s players marked present)",
        "count",
    ),
    "attendance.lateness_dismissed": gettext_lazy(
        "Session %(session)s: the lateness of %(name)s dismissed (%(reason)s)"
    ),
    # services.penalties
    "penalty.give": gettext_lazy("Session %(session)s, %(name)s: %(kind)s, %(deducted)s points"),
    "penalty.cancel": gettext_lazy("Cancelled %(kind)s of %(name)s in session %(session)s"),
    # services.results, services.checks, services.results_import, services.sheets
    "result.enter": gettext_lazy("Session %(session)s, table %(table)s: result version %(version)s"),
    "result.confirmed": gettext_lazy("Session %(session)s, table %(table)s: version %(version)s confirmed"),
    "result.disputed": gettext_lazy("Session %(session)s, table %(table)s: version %(version)s disputed"),
    "results.import": gettext_lazy("Results file %(source)s: %(written)s"),
    "sheet.hand": gettext_lazy("Session %(session)s, table %(table)s: score sheet, hand"),
    "sheet.signal": gettext_lazy("Session %(session)s, table %(table)s: score sheet, time signal"),
    "sheet.undo": gettext_lazy("Session %(session)s, table %(table)s: score sheet, last hand undone"),
    # services.schedule, services.sessions, services.seating, services.substitutes
    "session.create": gettext_lazy("Created sessions %(sessions)s"),
    "session.remove": gettext_lazy("Removed sessions %(sessions)s"),
    "session.times": gettext_lazy("Start or length of sessions %(sessions)s changed"),
    "seating.set": ngettext_lazy(
        "Seating of session %(session)s set (%(count)s table)",
        "Seating of session %(session)s set (%(count)s tables)",
        "count",
    ),
    "seating.generated": gettext_lazy("Seating of sessions %(sessions)s generated"),
    "seating.imported": gettext_lazy("Seating of sessions %(sessions)s imported from a file"),
    "seating.standings": gettext_lazy("Seating of sessions %(sessions)s seated by the standings"),
    "seating.swap": gettext_lazy(
        "Session %(session)s: %(first)s (table %(first_table)s, %(first_wind)s) and %(second)s (table "
        "%(second_table)s, %(second_wind)s) swapped"
    ),
    # services.finals (the same sentences as the entries' summaries)
    "finals.cut": gettext_lazy(
        "Cut after session %(session)s: the top %(top)s play the final, scores %(carry)s"
    ),
    "finals.seat": gettext_lazy("Final session %(session)s seated by the standings within the final"),
    "finals.undo": gettext_lazy("Cut after session %(session)s undone"),
    "seating.publish": gettext_lazy("Seating of sessions %(sessions)s published"),
    "seating.unpublish": gettext_lazy("Seating of sessions %(sessions)s hidden"),
    "seat.substitute": gettext_lazy(
        "Session %(session)s, table %(table)s: %(substitute)s substitutes for %(name)s from the start"
    ),
    "seat.substitute_removed": gettext_lazy(
        "Session %(session)s, table %(table)s: %(name)s plays after all (%(substitute)s does not)"
    ),
    # services.clock (5.9)
    "clock.start": gettext_lazy("Session %(session)s: clock started (%(minutes)s minutes)"),
    "clock.pause": gettext_lazy("Session %(session)s: clock paused"),
    "clock.resume": gettext_lazy("Session %(session)s: clock resumed"),
    "clock.end": gettext_lazy("Session %(session)s: clock ended"),
    "clock.extra": ngettext_lazy(
        "Session %(session)s: %(extra)s minute for the hall",
        "Session %(session)s: %(extra)s minutes for the hall",
        "count",
    ),
    "clock.extra/table": ngettext_lazy(
        "Session %(session)s: %(extra)s minute for table %(table)s",
        "Session %(session)s: %(extra)s minutes for table %(table)s",
        "count",
    ),
    # services.hall_display
    "display.settings": gettext_lazy("Hall display: %(pages)s, %(page_seconds)s seconds per page"),
    "display.announcement": gettext_lazy("Hall announcement until %(ends_at)s"),
    "display.announcement_removed": gettext_lazy("Hall announcement removed"),
    # services.series
    "series.create": gettext_lazy("Created the series %(name)s"),
    "series.add": gettext_lazy("Added to the series %(name)s"),
    "series.remove": gettext_lazy("Removed from the series %(name)s"),
    # services.prizes
    "prize.add": gettext_lazy("Prize “%(title)s” added: %(what)s"),
    "prize.change": gettext_lazy("Prize “%(title)s” changed: %(what)s"),
    "prize.move": gettext_lazy("Prize “%(title)s” moved to position %(position)s"),
    "prize.delete": gettext_lazy("Prize “%(title)s” deleted"),
    "prize.usual": gettext_lazy("The usual prizes added: %(titles)s"),
}
NOTHING = "—"  # an empty club, no sessions, no hall pages
# Numbers that name something (session 2, table 12, version 3) rather than count it: never grouped.
_NAMES = frozenset({"session", "table", "version", "first_table", "second_table", "seq", "place", "position"})
_STATUSES = dict(Registration.STATUS_CHOICES)
# Values shown by their names, the same for every action that stores them under this key.
_LABELS = {
    "kind": PENALTY_KIND_LABELS,
    "role": dict(TournamentRole.ROLE_CHOICES),
    "verdict": dict(ResultCheck.VERDICT_CHOICES),
    "first_wind": WIND_NAMES,
    "second_wind": WIND_NAMES,
}
# A sentence that starts with one of these labels ("%(fields)s gewijzigd") starts with a capital; a name or a slug
# stays as it is.
_LABELS_FIRST = ("%(fields)s", "%(kind)s", "%(model)s")
# Values whose key means something else in another action: shown by their names for this action only.
_ACTION_LABELS = {
    "player.status": {"before": _STATUSES, "after": _STATUSES},
    "finals.cut": {"carry": dict(CARRY_CHOICES)},
}


# What an action's sentence needs that its data holds in another shape (computed from the data, so old entries
# read well too): the fields of a change by their labels, counts of lists, the rules' name, a time.
def _derived(action: str, data: dict) -> dict:
    if action == "tournament.update":
        return {"fields": _field_labels(Tournament, data)}
    if action == "player.update":
        return {"fields": _field_labels(Player, data.get("changes"))}
    if action == "user.privileges":
        return {"fields": _field_labels(get_user_model(), data.get("changes"))}
    if action == "group.permissions":
        return {"fields": _field_labels(Group, data.get("changes"))}
    if action == "tournament.ruleset":
        return {"ruleset": (data.get("after") or {}).get("ruleset")}
    if action == "player.import":
        return {"count": len(data.get("keys") or [])}
    if action in ("attendance.everyone", "attendance.everyone_table"):
        return {"count": int(data["count"])}  # a plural sentence: the count chooses its form
    if action == "player.categories":
        return {key: ", ".join(map(str, data.get(key) or [])) or NOTHING for key in ("before", "after")}
    if action in ("finals.cut", "finals.undo"):
        return {"session": str(data["after_session"])}
    if action == "seating.set":
        return {"count": len(data.get("tables") or [])}
    if action == "results.import":
        if "chombos_only" not in data:  # older entries: the tables alone
            written = [len(data.get(key) or []) for key in ("entered", "corrected")]
            return {"written": counts.tables_written(*written, int(data["unchanged"]))}
        return {
            "written": counts.results_file_written(
                entered=len(data["entered"]),
                corrected=len(data["corrected"]),
                chombos_only=len(data["chombos_only"]),
                unchanged=int(data["unchanged"]),
                given=int(data.get("chombos_given", 0)),
                cancelled=int(data.get("chombos_cancelled", 0)),
            )
        }
    if action == "admin.delete":
        return {"model": _model_name(data.get("model"))}
    if action == "display.settings":
        names = dict(HallDisplay.PAGE_CHOICES)
        return {"pages": ", ".join(str(names.get(page, page)) for page in data.get("pages") or []) or NOTHING}
    if action == "display.announcement" and data.get("ends_at"):
        return {"ends_at": dates.when(datetime.fromisoformat(data["ends_at"]), year=True)}
    if action in ("prize.add", "prize.change", "prize.delete"):
        return {"what": prize_place(data["ranking"], data.get("category", ""), data["place"])} | _prize_title(
            data
        )
    if action == "prize.move":
        return _prize_title(data)
    if (
        action == "prize.usual"
    ):  # older entries list the titles, newer ones the prizes (a named one has no title)
        return {"titles": ", ".join(_prize_title(prize).get("title", prize) for prize in data["prizes"])}
    if action == "attendance.present" and isinstance(data.get("late"), int):
        return {"count": data["late"]}
    if action.startswith("clock.extra") and isinstance(data.get("minutes"), int):
        # "+2", "−2": signed as every figure; the count chooses "minute" or "minutes"
        return {"extra": numbers.points_full(data["minutes"]), "count": abs(data["minutes"])}
    return {}


def _prize_title(prize) -> dict:
    """A named prize's title in the reader's language (its data has no title); a typed one's is in the data."""
    if isinstance(prize, dict) and prize.get("kind") == NAMED:
        return {"title": place_title(prize["ranking"], prize.get("category", ""), prize["place"])}
    if isinstance(prize, dict):
        return {"title": prize["title"]}
    return {}


def _field_labels(model, changes) -> str:
    """The changed fields by their labels in the reader's language ("second check of results"), in the model's
    order; a field the model no longer has by its name."""
    if not isinstance(changes, dict) or not changes:
        raise KeyError("fields")
    order = {field.name: index for index, field in enumerate(model._meta.get_fields())}
    labels = []
    for name in sorted(changes, key=lambda name: (order.get(name, len(order)), name)):
        try:
            labels.append(str(model._meta.get_field(name).verbose_name))
        except FieldDoesNotExist:
            labels.append(name)
    return ", ".join(labels)


def _model_name(label) -> str:
    try:
        return str(apps.get_model(label)._meta.verbose_name)
    except (LookupError, ValueError, TypeError):
        return str(label)


# The variant of an action its data asks for ("tournament.import/replaced"), or None for the plain sentence.
def _variant(action: str, data: dict) -> str | None:
    if action == "tournament.import":
        return "replaced" if data.get("replaced") else None
    if action in ("tournament.is_public", "tournament.standings_hidden"):
        return "on" if data.get(action.removeprefix("tournament.")) else None
    if action in ("attendance.present", "attendance.arrived"):
        late = data.get("late")
        return "substitute" if late == "substitute" else "late" if late else None
    if action == "clock.extra":
        return "table" if data.get("table") is not None else None
    return None


VARIANTS = frozenset(code for code in AUDIT_MESSAGES if "/" in code)


def describe(entry) -> str:
    """What happened, in the reader's language, from the entry's action and data; the stored summary for an
    action without a sentence or an entry whose data lacks a parameter of it."""
    data = entry.data if isinstance(entry.data, dict) else {}
    try:
        return sentence(entry.action, data)
    except (KeyError, ValueError, TypeError, AttributeError):
        return entry.summary


def sentence(action: str, data: dict) -> str:
    """The sentence of ``action`` made from ``data``; KeyError for an action without one or a parameter missing."""
    variant = _variant(action, data)
    template = AUDIT_MESSAGES[f"{action}/{variant}" if variant else action]
    params = {key: _shown(action, key, value) for key, value in data.items()}
    params.update(_derived(action, data))
    text = str(template % params)  # a plural sentence chooses its form by the count in params
    return text[:1].upper() + text[1:] if str(template).startswith(_LABELS_FIRST) else text


def _shown(action: str, key: str, value):
    labels = _ACTION_LABELS.get(action, {}).get(key) or _LABELS.get(key)
    if labels is not None and isinstance(value, str):
        return labels.get(value, value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value) if key in _NAMES else numbers.whole(value)
    if isinstance(value, list) and key == "sessions":
        return ", ".join(str(number) for number in value) or NOTHING
    if value in (None, ""):
        return NOTHING
    return value
