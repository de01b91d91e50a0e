"""The organiser's clock page (start, pause, resume, end a session's clock; extra minutes for the hall or one
table) and the hall display's settings. Every change goes through services.clock or services.hall_display; a
refusal is shown as a message and changes nothing."""

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from scoring.clock import EXTRA, PAUSED, RUNNING, WAITING
from tournament.forms.hall import AnnouncementForm, ExtraTimeForm, HallDisplayForm, StartForm
from tournament.models import Session
from tournament.selectors.announcements import current_announcement
from tournament.selectors.clock import clock_history, clock_session, session_clock
from tournament.selectors.clock_data import clock_data
from tournament.selectors.hall import hall_display
from tournament.services import DomainError
from tournament.services import clock as clock_service
from tournament.services.hall_display import remove_announcement, set_announcement, set_hall_display
from tournament.views.access import organiser_required
from tournament.views.params import BadParameter, session_param

DONE = {
    "start": gettext_lazy("Session %(session)s: the clock has started."),
    "pause": gettext_lazy("Session %(session)s: the clock is paused."),
    "resume": gettext_lazy("Session %(session)s: the clock runs again."),
    "end": gettext_lazy("Session %(session)s: the clock has ended."),
}


def _chosen_session(request, tournament) -> Session | None:
    """The session shown (``?session=N``, else the one the hall's clock shows); an action acts on the session its
    form names (the hidden ``session``), which must exist: it never falls back to another session."""
    number = session_param(request.GET, tournament, "session")
    if request.method == "POST":
        number = session_param(request.POST, tournament, "session", unknown=BadParameter) or number
        if number is None:
            raise BadParameter(_("session: say which session the clock action is for."))
    if number is not None:
        return tournament.sessions.select_related("tournament").get(number=number)
    return clock_session(tournament)


@organiser_required
@require_http_methods(["GET", "POST"])
def clock(request, slug):
    tournament = request.tournament
    session = _chosen_session(request, tournament)
    if session is None:
        return render(request, "organise/clock.html", {"tournament": tournament, "session": None})
    tables = list(session.tables.values_list("number", flat=True))
    start_form = StartForm(initial={"minutes": session.duration_minutes})
    extra_form = ExtraTimeForm(tables=tables)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "start":
            start_form = StartForm(request.POST)
        elif action == EXTRA:
            extra_form = ExtraTimeForm(request.POST, tables=tables)
        if _apply(request, session, action, start_form, extra_form):
            return redirect(f"{reverse('organise_clock', args=[slug])}?session={session.number}")
    now = timezone.now()
    state = session_clock(session, now)
    context = {
        "tournament": tournament,
        "session": session,
        "sessions": tournament.sessions.all(),
        "state": state,
        "clock": clock_data(session, state, now),
        "clock_url": f"{reverse('clock_json', args=[slug])}?session={session.number}",
        "can_start": state.phase == WAITING,
        "can_pause": state.phase == RUNNING,
        "can_resume": state.phase == PAUSED,
        "can_change": state.phase in (RUNNING, PAUSED),
        "start_form": start_form,
        "extra_form": extra_form,
        "history": clock_history(session),
    }
    return render(request, "organise/clock.html", context)


def _apply(request, session: Session, action: str, start_form: StartForm, extra_form: ExtraTimeForm) -> bool:
    """Carry out the posted action; True when it was done (a message says so), False with the reason shown."""
    simple = {
        "pause": clock_service.pause_clock,
        "resume": clock_service.resume_clock,
        "end": clock_service.end_clock,
    }
    try:
        if action in simple:
            simple[action](actor=request.user, session=session)
        elif action == "start" and start_form.is_valid():
            clock_service.start_clock(
                actor=request.user, session=session, minutes=start_form.cleaned_data["minutes"]
            )
        elif action == EXTRA and extra_form.is_valid():
            data = extra_form.cleaned_data
            clock_service.add_extra_time(
                actor=request.user, session=session, minutes=data["minutes"], table=data["table"]
            )
            messages.success(request, _extra_message(session, data["minutes"], data["table"]))
            return True
        else:
            if action not in ("start", EXTRA):
                messages.error(request, _("Unknown clock action."))
            return False
    except DomainError as error:
        messages.error(request, error.message)
        return False
    messages.success(request, str(DONE[action]) % {"session": session.number})
    return True


def _extra_message(session: Session, minutes: int, table: int | None) -> str:
    if table is None:
        return _("Session %(session)s: %(minutes)+d minutes for the whole hall.") % {
            "session": session.number,
            "minutes": minutes,
        }
    return _("Session %(session)s: %(minutes)+d minutes for table %(table)s.") % {
        "session": session.number,
        "minutes": minutes,
        "table": table,
    }


@organiser_required
@require_http_methods(["GET", "POST"])
def display_settings(request, slug):
    """The hall display's pages (the form without a named button), the hall announcement ("announce") and its
    removal ("remove_announcement")."""
    tournament = request.tournament
    if request.method == "POST" and "announce" in request.POST:
        return _announce(request, tournament)
    if request.method == "POST" and "remove_announcement" in request.POST:
        return _remove_announcement(request, tournament)
    form = HallDisplayForm(request.POST or None, initial=_choice(hall_display(tournament)))
    if request.method == "POST" and form.is_valid():
        try:
            set_hall_display(actor=request.user, tournament=tournament, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The hall display is saved; open displays follow within seconds."))
            return redirect("organise_display", slug=slug)
    return _display_page(request, tournament, form=form)


def _display_page(request, tournament, *, form=None, announcement_form=None, status=200):
    display = hall_display(tournament)
    context = {
        "tournament": tournament,
        "form": form or HallDisplayForm(initial=_choice(display)),
        "announcement_form": announcement_form or AnnouncementForm(),
        "announcement": current_announcement(display),
        "announcement_texts": _texts_on_show(display),
    }
    return render(request, "organise/display.html", context, status=status)


def _choice(display) -> dict:
    return {"pages": display.pages, "page_seconds": display.page_seconds, "clock_alone": display.clock_alone}


def _texts_on_show(display) -> list[tuple[str, str]]:
    """The announcement on show in each language it has, for the organiser: (language name, text)."""
    if current_announcement(display) is None:
        return []
    names = dict(settings.LANGUAGES)
    return [(str(names.get(code, code)), text) for code, text in display.announcement.items()]


def _announce(request, tournament):
    form = AnnouncementForm(request.POST)
    if form.is_valid():
        try:
            set_announcement(
                actor=request.user,
                tournament=tournament,
                texts=form.texts(),
                ends_at=form.cleaned_data["ends_at"],
            )
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The announcement is on the hall display and the public pages."))
            return redirect("organise_display", slug=tournament.slug)
    return _display_page(request, tournament, announcement_form=form, status=400)


def _remove_announcement(request, tournament):
    try:
        remove_announcement(actor=request.user, tournament=tournament)
    except DomainError as error:
        messages.error(request, error.message)
        return _display_page(request, tournament, status=400)
    messages.success(request, _("The announcement is removed."))
    return redirect("organise_display", slug=tournament.slug)
