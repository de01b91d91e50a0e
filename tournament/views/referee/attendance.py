"""Who is in the hall (issue 20), for the referees and organisers on a phone: a session's players by table, one
button each for present and absent (plain forms, no script needed), "everyone at this table / in this session is
here" in one tap, who has not checked in yet at the top, the reserves; once the clock runs an "arrived now" button
for a player absent or not checked in (issue 28: a present mark is attendance, only an arrival can be late), and
for each arrival after the start the lateness proposal (5.7) with a button that gives it through
services.penalties and a form that dismisses it with a reason, or past the rules' limit of minutes
(``lateness_max_minutes``) a link to choose a substitute.
An absent player's line links to choosing their substitute."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.penalties import lateness_points
from tournament.display.numbers import points_full
from tournament.errors import DomainError
from tournament.models import Registration, Session
from tournament.selectors.attendance import SUBSTITUTE, session_attendance
from tournament.services.attendance import arrive, dismiss_lateness, mark, mark_everyone
from tournament.services.penalties import give_penalty
from tournament.views.access import referee_required


def _session(request, number: int) -> Session:
    return get_object_or_404(
        Session.objects.select_related("tournament"), tournament=request.tournament, number=number
    )


def substitutes_url(slug: str, number: int, key: str) -> str | None:
    """The organiser's page that seats a substitute for ``key`` (services.substitutes), when it exists."""
    try:
        return reverse("session_substitutes", args=[slug, number]) + f"?player={key}"
    except NoReverseMatch:
        return None


def _render(request, session: Session, *, error: str | None = None, status: int = 200):
    found = session_attendance(session)
    slug = request.tournament.slug
    rules = request.tournament.rules
    proposals = [
        {
            "line": line,
            "substitute": line.late == SUBSTITUTE,
            "points": points_full(lateness_points(line.late, rules), sign=False)
            if line.late != SUBSTITUTE
            else "",
            "url": substitutes_url(slug, session.number, line.key),
        }
        for line in found.proposals
    ]
    context = {
        "tournament": request.tournament,
        "session": session,
        "attendance": found,
        "proposals": proposals,
        "limit": rules.lateness_max_minutes,
        "error": error,
        "substitutes_url": substitutes_url(slug, session.number, ""),
    }
    return render(request, "referee/attendance.html", context, status=status)


@referee_required
def attendance_page(request, slug, number):
    return _render(request, _session(request, number))


def _back(slug: str, number: int, key: str = ""):
    url = reverse("referee_attendance", args=[slug, number])
    return redirect(url + (f"#player-{key}" if key else ""))


@referee_required
@require_POST
def mark_player(request, slug, number):
    session = _session(request, number)
    key = request.POST.get("key", "")
    state = request.POST.get("present")
    if state not in ("1", "0", "arrived"):
        return _render(request, session, error=_("Choose present or absent."), status=400)
    try:
        if state == "arrived":
            arrive(actor=request.user, tournament=request.tournament, session_number=number, key=key)
        else:
            mark(
                actor=request.user,
                tournament=request.tournament,
                session_number=number,
                key=key,
                present=state == "1",
            )
    except DomainError as error:
        return _render(request, session, error=error.message, status=400)
    return _back(slug, number, key)


@referee_required
@require_POST
def confirm_lateness(request, slug, number):
    """Give the lateness penalty the page proposes for this player (computed again here, never taken from the
    form), through services.penalties, which audits it."""
    session = _session(request, number)
    key = request.POST.get("key", "")
    found = session_attendance(session)
    line = next((line for line in found.proposals if line.key == key), None)
    if line is None or line.late == SUBSTITUTE:
        return _render(
            request,
            session,
            error=_("There is no lateness penalty to confirm for %(key)s.") % {"key": key[:40]},
            status=400,
        )
    registration = Registration.objects.select_related("player").get(tournament=request.tournament, key=key)
    try:
        give_penalty(
            actor=request.user,
            registration=registration,
            session=session,
            kind="lateness",
            minutes=line.late,
            reason=_("late for session %(session)s (5.7)") % {"session": number},
            submission_key=f"late-{session.pk}-{registration.pk}",
        )
    except DomainError as error:
        return _render(request, session, error=error.message, status=400)
    messages.success(
        request,
        ngettext(
            "Lateness penalty for %(player)s: %(minutes)s minute, recorded.",
            "Lateness penalty for %(player)s: %(minutes)s minutes, recorded.",
            line.late,
        )
        % {"player": registration.player, "minutes": line.late},
    )
    return _back(slug, number, key)


@referee_required
@require_POST
def mark_all(request, slug, number):
    """ "Everyone at this table is here" (``table``) or "everyone in this session is here" (no ``table``)."""
    session = _session(request, number)
    table = request.POST.get("table", "")
    if table and not table.isdigit():
        return _render(request, session, error=_("Choose a table."), status=400)
    try:
        rows = mark_everyone(
            actor=request.user,
            tournament=request.tournament,
            session_number=number,
            table=int(table) if table else None,
        )
    except DomainError as error:
        return _render(request, session, error=error.message, status=400)
    messages.success(
        request,
        ngettext("%(count)s player marked present.", "%(count)s players marked present.", len(rows))
        % {"count": len(rows)},
    )
    return redirect(reverse("referee_attendance", args=[slug, number]) + (f"#table-{table}" if table else ""))


@referee_required
@require_POST
def dismiss(request, slug, number):
    """Dismiss the lateness proposal of a player, with a reason (services.attendance.dismiss_lateness)."""
    session = _session(request, number)
    key = request.POST.get("key", "")
    try:
        dismiss_lateness(
            actor=request.user,
            tournament=request.tournament,
            session_number=number,
            key=key,
            reason=request.POST.get("reason", ""),
        )
    except DomainError as error:
        return _render(request, session, error=error.message, status=400)
    messages.success(request, _("Lateness proposal dismissed."))
    return _back(slug, number)
