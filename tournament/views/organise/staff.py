"""The tournament's staff (/t/<slug>/organise/staff/): appoint organisers and referees (an existing login, or a
new one here whose owner sets the password through a one-time link, shown once and printable), remove a role.
Every change goes through services.staff and is in the audit log; the link itself is never stored."""

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.tokens import default_token_generator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.limits import MAX_ROW_ID
from tournament.forms.staff import AppointForm, LinkForm, NewLoginForm
from tournament.models import TournamentRole
from tournament.services import DomainError, staff
from tournament.services.staff import may_get_link, role_label
from tournament.views.access import organiser_required
from tournament.views.params import int_param


def _page(request, *, appoint=None, new=None, status=200):
    tournament = request.tournament
    roles = (
        TournamentRole.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("role", "user__username")
    )
    rows = [(role, may_get_link(actor=request.user, tournament=tournament, user=role.user)) for role in roles]
    context = {
        "tournament": tournament,
        "rows": rows,
        "appoint": appoint or AppointForm(),
        "new": new or NewLoginForm(),
    }
    return render(request, "organise/staff.html", context, status=status)


@organiser_required
def staff_page(request, slug):
    return _page(request)


@require_POST
@organiser_required
def appoint(request, slug):
    form = AppointForm(request.POST)
    if form.is_valid():
        try:
            staff.appoint(actor=request.user, tournament=request.tournament, **form.cleaned_data)
        except DomainError as error:
            form.add_error("username", error.message)
        else:
            messages.success(
                request,
                _("%(username)s is now %(role)s.")
                % {"username": form.cleaned_data["username"], "role": role_label(form.cleaned_data["role"])},
            )
            return redirect("organise_staff", slug)
    return _page(request, appoint=form, status=400)


@require_POST
@organiser_required
def create_login(request, slug):
    form = NewLoginForm(request.POST)
    if form.is_valid():
        try:
            user = staff.create_login(actor=request.user, tournament=request.tournament, **form.cleaned_data)
        except DomainError as error:
            form.add_error("username", error.message)
        else:
            return _link_page(request, user, created=True)
    return _page(request, new=form, status=400)


@require_POST
@organiser_required
def new_link(request, slug):
    form = LinkForm(request.POST, tournament=request.tournament)
    if not form.is_valid():
        messages.error(request, form.errors["user"][0])
        return _page(request, status=400)
    user = form.cleaned_data["user"]
    try:
        staff.record_link(actor=request.user, tournament=request.tournament, user=user)
    except DomainError as error:
        messages.error(request, error.message)
        return _page(request, status=400)
    return _link_page(request, user, created=False)


def _link_page(request, user, *, created: bool):
    """The one-time link, shown on this page only (a new one can be made until the password is set)."""
    path = reverse(
        "set_password",
        args=[urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user)],
    )
    valid_until = timezone.localtime() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)
    context = {
        "tournament": request.tournament,
        "login": user,
        "link": request.build_absolute_uri(path),
        "valid_until": valid_until,
        "created": created,
        "roles": [
            r.get_role_display()
            for r in TournamentRole.objects.filter(tournament=request.tournament, user=user)
        ],
    }
    # not stored: a staff page (operations/caching.py)
    return render(request, "organise/staff_link.html", context)


@require_POST
@organiser_required
def remove(request, slug):
    role = get_object_or_404(
        TournamentRole.objects.select_related("user"),
        tournament=request.tournament,
        pk=int_param(request.POST, "role", low=1, high=MAX_ROW_ID),
    )
    try:
        staff.remove_role(actor=request.user, tournament=request.tournament, user=role.user, role=role.role)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(username)s is no longer %(role)s.")
            % {"username": role.user.get_username(), "role": role.get_role_display()},
        )
    return redirect("organise_staff", slug)
