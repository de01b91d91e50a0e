"""The organiser's seating pages: generate, preview, save, import, swap, publish, withdrawals, seat by standings.
Every change goes through tournament.services.seating; a proposal waits in the browser session until the
organiser saves it. The public seating pages are in views/public/seating.py.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.limits import MAX_SEED
from tournament.display.names import rank_label
from tournament.forms import seating as forms
from tournament.models import Job, Registration, Session
from tournament.presenters.seating import planned_grid, publish_message, reserve_message
from tournament.readers.seating_file import SeatingFileError, read_seating_file
from tournament.selectors.jobs import tournament_job
from tournament.selectors.progress import sessions_with_results
from tournament.selectors.seating import (
    open_seats,
    reserves_free_for,
    seats_from_the_start,
    seats_in_play,
    session_tables,
    withdrawn_with_open_seats,
)
from tournament.selectors.seating_plan import (
    WEB_TIME_BUDGET,
    SeatingPlan,
    check_generation,
    check_seated_count,
    plan_by_standings,
    planned_seating,
    seated_players,
    seating_report,
    stored_seating,
)
from tournament.selectors.status_change import withdrawal_effect
from tournament.services import DomainError
from tournament.services import seating as seating_service
from tournament.services.jobs import start_job
from tournament.services.substitutes import reserve_for_withdrawn
from tournament.tables.seating import SessionsTable, WindTable
from tournament.views.access import organiser_required
from tournament.worker.status import job_title

PLAN_KEY = "seating-plan:{slug}"


def _report_context(tournament, seating) -> dict:
    report = seating_report(tournament, seating)
    return {"report": report, "wind_table": WindTable(report.winds) if report else None}


def _player_count_problem(tournament) -> str | None:
    try:
        check_seated_count(len(seated_players(tournament)))
    except DomainError as error:
        return error.message
    return None


@organiser_required
def overview(request, slug):
    tournament = request.tournament
    seating = stored_seating(tournament)
    played = sessions_with_results(tournament)
    rows = [
        {
            "number": session.number,
            "starts_at": session.starts_at,
            "tables": len(seating.get(session.number, [])),
            "results": session.number in played,
            "published": session.seating_published,
            "url": reverse("seating_session", args=[slug, session.number]),
        }
        for session in tournament.sessions.all()
    ]
    unpublished = [row["number"] for row in rows if row["tables"] and not row["published"]]
    context = {
        "tournament": tournament,
        "sessions_table": SessionsTable(rows),
        "unpublished": unpublished,
        "count_problem": _player_count_problem(tournament),
        "withdrawn_seated": withdrawn_with_open_seats(tournament, played),
        "generate_form": forms.GenerateForm(initial={"sessions": len(rows) or 8, "seed": 0}),
        **_report_context(tournament, seating),
    }
    return render(request, "organise/seating/overview.html", context)


@organiser_required
def generate(request, slug):
    tournament = request.tournament
    if request.method == "POST":
        form = forms.GenerateForm(request.POST)
        if form.is_valid():
            try:
                check_generation(tournament, form.cleaned_data["sessions"])
            except DomainError as error:
                form.add_error(None, error.message)
        if form.is_valid():
            try:
                job = start_job(
                    actor=request.user,
                    tournament=tournament,
                    kind=Job.Kind.SEATING,
                    params=form.cleaned_data,
                    title=job_title(Job.Kind.SEATING, form.cleaned_data),
                    expected_seconds=WEB_TIME_BUDGET,
                )
            except DomainError as error:  # too many jobs waiting
                form.add_error(None, error.message)
            else:
                return redirect("job_status", slug, job.pk)
    else:
        form = forms.GenerateForm(initial={"sessions": tournament.sessions.count() or 8, "seed": 0})
    context = {"tournament": tournament, "form": form, "count_problem": _player_count_problem(tournament)}
    return render(request, "organise/seating/generate.html", context, status=400 if form.is_bound else 200)


@organiser_required
@require_POST
def proposal_from_job(request, slug, job_id):
    """The seating a finished search made becomes the proposal waiting to be saved."""
    job = tournament_job(request.tournament, job_id)
    if job is None or job.kind != Job.Kind.SEATING or job.state != Job.State.DONE:
        messages.error(request, _("That seating search has no seating to show."))
        return redirect("seating_overview", slug)
    return _to_preview(request, slug, SeatingPlan.from_data(job.result_data))


def next_seed(seed: int | None) -> int:
    """The seed the proposal offers to try next: one more, round to 0 after MAX_SEED (the form's range)."""
    return (seed or 0) + 1 if (seed or 0) < MAX_SEED else 0


def _to_preview(request, slug, plan: SeatingPlan):
    request.session[PLAN_KEY.format(slug=slug)] = plan.as_data()
    return redirect("seating_preview", slug)


def _stored_plan(request, slug) -> SeatingPlan | None:
    data = request.session.get(PLAN_KEY.format(slug=slug))
    return SeatingPlan.from_data(data) if data else None


@organiser_required
def preview(request, slug):
    tournament = request.tournament
    plan = _stored_plan(request, slug)
    if plan is None:
        messages.info(request, _("There is no seating waiting to be saved. Generate one or import a file."))
        return redirect("seating_overview", slug)
    registrations = {r.pk: r for r in tournament.registrations.select_related("player")}
    sessions = {s.number: s for s in tournament.sessions.all()}
    planned = [
        {"number": number, "tables": planned_grid(tables, registrations)}
        for number, tables in sorted(plan.seating.items())
    ]
    context = {
        "tournament": tournament,
        "plan": plan,
        "planned": planned,
        "published_overwritten": [n for n in plan.seating if n in sessions and sessions[n].seating_published],
        "next_seed": next_seed(plan.seed),
        "session_count": max([*plan.seating, *plan.kept]),
        **_report_context(tournament, planned_seating(tournament, plan)),
    }
    return render(request, "organise/seating/preview.html", context)


@require_POST
@organiser_required
def save_plan(request, slug):
    plan = _stored_plan(request, slug)
    if plan is None:
        messages.error(request, _("There is no seating waiting to be saved."))
        return redirect("seating_overview", slug)
    try:
        numbers = seating_service.apply_seating_plan(
            actor=request.user, tournament=request.tournament, plan=plan
        )
        if request.POST.get("publish"):
            seating_service.publish_seating(
                actor=request.user, tournament=request.tournament, numbers=numbers
            )
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("seating_preview", slug)
    del request.session[PLAN_KEY.format(slug=slug)]
    messages.success(
        request, _("Seating of sessions %(numbers)s saved.") % {"numbers": ", ".join(map(str, numbers))}
    )
    return redirect("seating_overview", slug)


@require_POST
@organiser_required
def discard_plan(request, slug):
    request.session.pop(PLAN_KEY.format(slug=slug), None)
    messages.info(request, _("The proposed seating was discarded; nothing changed."))
    return redirect("seating_overview", slug)


@organiser_required
def import_file(request, slug):
    tournament = request.tournament
    errors = []
    if request.method == "POST":
        form = forms.ImportForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                plan = read_seating_file(tournament, upload.name, upload.read())
            except SeatingFileError as error:
                form.add_error(None, error.message)
                errors = error.errors
            else:
                return _to_preview(request, slug, plan)
    else:
        form = forms.ImportForm()
    context = {"tournament": tournament, "form": form, "errors": errors}
    return render(request, "organise/seating/import.html", context)


@organiser_required
def session_seating_admin(request, slug, number):
    tournament = request.tournament
    session = get_object_or_404(Session, tournament=tournament, number=number)
    context = {
        "tournament": tournament,
        "session": session,
        "has_results": session.has_results(),
        "tables": session_tables(session),
        "swap_form": forms.SwapForm(session=session),
        "standings_form": forms.StandingsForm(),
        **_report_context(tournament, stored_seating(tournament)),
    }
    return render(request, "organise/seating/session.html", context)


@require_POST
@organiser_required
def swap(request, slug, number):
    session = get_object_or_404(Session, tournament=request.tournament, number=number)
    form = forms.SwapForm(request.POST, session=session)
    if not form.is_valid():
        for error in form.errors.values():
            messages.error(request, " ".join(error))
        return redirect("seating_session", slug, number)
    first, second = form.cleaned_data["first"].registration, form.cleaned_data["second"].registration
    try:
        seating_service.swap_players(actor=request.user, session=session, first=first, second=second)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(first)s and %(second)s changed places; the report below is up to date.")
            % {"first": first.player, "second": second.player},
        )
    return redirect("seating_session", slug, number)


@require_POST
@organiser_required
def seat_by_standings(request, slug, number):
    form = forms.StandingsForm(request.POST)
    avoid = form.cleaned_data["avoid"] if form.is_valid() else None
    try:
        plan = plan_by_standings(request.tournament, number=number, avoid=avoid)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("seating_session", slug, number)
    return _to_preview(request, slug, plan)


@require_POST
@organiser_required
def publish(request, slug):
    form = forms.PublishForm(request.POST, tournament=request.tournament)
    if not form.is_valid():
        messages.error(request, _("Choose the sessions to publish or hide."))
        return redirect("seating_overview", slug)
    published = form.cleaned_data["published"]
    try:
        changed = seating_service.publish_seating(
            actor=request.user,
            tournament=request.tournament,
            numbers=form.cleaned_data["sessions"],
            published=published,
        )
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, publish_message(changed, published))
    back = request.POST.get("next", "")
    safe = back.startswith("/") and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})
    if not safe:
        back = reverse("seating_overview", args=[slug])
    return redirect(back)


@organiser_required
def withdrawal(request, slug):
    """The remaining sessions of a withdrawn player: what the withdrawal does to the standings, then one of two
    ways, a reserve in every remaining seat (services.substitutes) or the remaining sessions seated again."""
    tournament = request.tournament
    played = sessions_with_results(tournament)
    withdrawn = withdrawn_with_open_seats(tournament, played)
    chosen = _chosen(request, withdrawn)
    seats = seats_from_the_start(chosen) if chosen else []
    free = reserves_free_for(seats)
    reserve_form = forms.ReserveForWithdrawnForm(
        request.POST or None, tournament=tournament, free=free, initial={"player": chosen and chosen.key}
    )
    if request.method == "POST" and reserve_form.is_valid():
        registration, reserve = reserve_form.cleaned_data["player"], reserve_form.cleaned_data["reserve"]
        try:
            done = reserve_for_withdrawn(
                actor=request.user, registration=registration, reserve_key=reserve.key
            )
        except DomainError as error:
            reserve_form.add_error(None, error.message)
        else:
            messages.success(request, reserve_message(registration, reserve, done))
            return redirect("seating_withdrawal", slug)
    effect = withdrawal_effect(chosen) if chosen else None
    context = {
        "tournament": tournament,
        "withdrawn": [(registration, open_seats(registration, played)) for registration in withdrawn],
        "chosen": chosen,
        "effect": effect,
        "rank": rank_label(effect.before.rank, effect.before.tied) if effect and effect.before.rank else "",
        "reserve_seats": seats,
        "seats_in_play": seats_in_play(chosen) if chosen else [],
        "reserve_form": reserve_form,
        "free_reserves": free,
        "seated_count": len(seated_players(tournament)),
        "count_problem": _player_count_problem(tournament),
        "generate_form": forms.GenerateForm(initial={"sessions": tournament.sessions.count(), "seed": 0}),
    }
    return render(
        request, "organise/seating/withdrawal.html", context, status=400 if reserve_form.is_bound else 200
    )


def _chosen(request, withdrawn: list[Registration]) -> Registration | None:
    """The withdrawn player the page is about: ?player=KEY (or the posted one), or the only one there is."""
    key = request.POST.get("player") or request.GET.get("player")
    if not key:
        return withdrawn[0] if len(withdrawn) == 1 else None
    chosen = next((registration for registration in withdrawn if registration.key == key), None)
    if chosen is None and request.method != "POST":  # a posted one is refused by the form
        raise Http404(_("No withdrawn player with the key %(key)s has a seat left.") % {"key": key})
    return chosen
