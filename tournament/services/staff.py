"""Appointing organisers and referees from the organiser's staff page: an existing login, or a new one without a
password that its owner sets through a one-time link (the link itself is never stored or logged).

Roles are granted and revoked by services.tournaments; this module adds finding the login, creating one, the last
organiser rule and the audit entries of the one-time links.

Whoever holds a login's link owns the login, so one tournament's organisers never get a link for a login that is
staff of another tournament: a login without a password gets roles in one tournament only (the one that has it
already), and a link is made only for a login with roles in no other tournament. A site administrator may do both.
Links are not stored: making one invalidates no other (all stop working when the password is set), so no
organiser's link is ever lost because someone else made one."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.errors import DomainError
from tournament.models import Tournament, TournamentRole
from tournament.selectors.creators import CREATE_PERMISSION
from tournament.services import audit
from tournament.services.locking import lock_tournament
from tournament.services.tournaments import grant_role, revoke_role

NOT_STAFF = gettext_lazy("That login has no role in this tournament.")  # names no one: any id may be posted


def role_label(role: str) -> str:
    return str(dict(TournamentRole.ROLE_CHOICES).get(role, role))


@transaction.atomic
def appoint(*, actor, tournament: Tournament, username: str, role: str) -> TournamentRole:
    """Give an existing login a role in the tournament."""
    user = _login_named(username.strip())
    if user is None or not user.is_active:
        raise DomainError.coded("no_such_login", username=username.strip())
    if not user.has_usable_password() and not _site_admin(actor) and not _has_role(tournament, user):
        raise DomainError.coded("no_password_yet", username=user.get_username())
    if TournamentRole.objects.filter(tournament=tournament, user=user, role=role).exists():
        raise DomainError.coded("has_role", username=user.get_username(), role=role_label(role))
    return grant_role(actor=actor, tournament=tournament, user=user, role=role)


@transaction.atomic
def create_login(
    *, actor, tournament: Tournament, username: str, role: str, first_name: str = "", last_name: str = ""
):
    """A new login without a password, with a role in the tournament; its owner sets the password via a link."""
    user_model = get_user_model()
    username = username.strip()
    user = user_model(username=username, first_name=first_name.strip(), last_name=last_name.strip())
    if user_model.objects.filter(username__iexact=username).exists():
        raise DomainError.coded("username_taken", username=username)
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as error:
        problems = " ".join(" ".join(messages) for messages in error.message_dict.values())
        raise DomainError.coded("bad_username", username=username, problems=problems) from error
    user.set_unusable_password()
    user.save()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="user.create",
        summary=_("Created the login %(username)s (the password is set through a one-time link)")
        % {"username": username},
        data={"user": username, "user_id": user.pk, "role": role},
    )
    grant_role(actor=actor, tournament=tournament, user=user, role=role)
    return user


@transaction.atomic
def remove_role(*, actor, tournament: Tournament, user, role: str) -> None:
    """Take a role away; the tournament keeps at least one organiser."""
    lock_tournament(tournament.pk)
    organisers = TournamentRole.objects.filter(tournament=tournament, role=TournamentRole.ORGANISER)
    if role == TournamentRole.ORGANISER and list(organisers.values_list("user_id", flat=True)) == [user.pk]:
        raise DomainError.coded("last_organiser", username=user.get_username(), tournament=tournament.name)
    if not revoke_role(actor=actor, tournament=tournament, user=user, role=role):
        raise DomainError.coded("no_role", username=user.get_username(), role=role_label(role))


def _login_named(username: str):
    """The login of this name, in any case (a new login may not differ from one only in case, create_login); the
    exact one first where two do (the admin may have made them)."""
    logins = get_user_model().objects.select_for_update()
    return (
        logins.filter(username=username).first()
        or logins.filter(username__iexact=username).order_by("pk").first()
    )


def _site_admin(actor) -> bool:
    return bool(actor and actor.is_superuser)


def _has_role(tournament: Tournament, user) -> bool:
    return TournamentRole.objects.filter(tournament=tournament, user=user).exists()


def _link_problem(actor, tournament: Tournament, user) -> str | None:
    """Why no one-time link may be made for this login (a refusal code), or None: see the module."""
    if not _has_role(tournament, user):
        return "not_staff"
    if not user.is_active or user.has_usable_password() or user.is_staff or user.is_superuser:
        return "no_link"
    if (
        not _site_admin(actor)
        and TournamentRole.objects.filter(user=user).exclude(tournament=tournament).exists()
    ):
        return "shared_login"
    return None


def may_get_link(*, actor, tournament: Tournament, user) -> bool:
    return _link_problem(actor, tournament, user) is None


def _link_refusal(code: str, user) -> DomainError:
    if code == "not_staff":
        return DomainError.coded("not_staff")
    if code == "shared_login":
        return DomainError.coded("shared_login", username=user.get_username())
    return DomainError.coded("no_link", username=user.get_username())


@transaction.atomic
def record_link(*, actor, tournament: Tournament, user) -> None:
    """Note in the log that a one-time link to set the password was made for this login (refused for others)."""
    user = get_user_model().objects.select_for_update().filter(pk=user.pk).first() or user  # gone: no role
    problem = _link_problem(actor, tournament, user)
    if problem:
        raise _link_refusal(problem, user)
    audit.record(
        actor=actor,
        tournament=tournament,
        action="user.link",
        summary=_("One-time link to set the password made for %(username)s")
        % {"username": user.get_username()},
        data={"user": user.get_username(), "user_id": user.pk},
    )


@transaction.atomic
def record_password_set(*, user) -> None:
    """The owner of a login set the password through the link: noted in each tournament the login has a role in."""
    tournaments = Tournament.objects.filter(roles__user=user).distinct()
    for tournament in tournaments:
        audit.record(
            actor=user,
            tournament=tournament,
            action="user.password",
            summary=_("%(username)s set the password through the one-time link")
            % {"username": user.get_username()},
            data={"user": user.get_username(), "user_id": user.pk},
        )


@transaction.atomic
def set_may_create(*, actor, username: str, allowed: bool):
    """Allow a login to create tournaments (the "create tournaments" permission) or take it away: a site
    administrator's decision, made on the console's page (/organise/creators/) as in the admin, audited like the
    admin's change of a login's permissions (``user.privileges``, no tournament)."""
    if not _site_admin(actor):
        raise DomainError.coded("not_site_admin")
    user = _login_named(username.strip())
    if user is None:
        raise DomainError.coded("no_such_login/plain", username=username.strip())
    permission = _create_permission()
    before = _permissions(user)
    if allowed:
        user.user_permissions.add(permission)
    else:
        user.user_permissions.remove(permission)
    after = _permissions(user)
    if after != before:
        name = user.get_username()
        audit.record(
            actor=actor,
            tournament=None,
            action="user.privileges",
            summary=(
                _("%(username)s may create tournaments")
                if allowed
                else _("%(username)s may no longer create tournaments")
            )
            % {"username": name},
            data={"user": name, "user_id": user.pk, "changes": {"user_permissions": [before, after]}},
        )
    return user


def _create_permission():
    app, codename = CREATE_PERMISSION.split(".")
    return Permission.objects.get(content_type__app_label=app, codename=codename)


def _permissions(user) -> list[str]:
    """The login's own permissions as the admin's audit entries list them ("app.codename", sorted)."""
    return sorted(
        f"{app}.{codename}"
        for app, codename in user.user_permissions.values_list("content_type__app_label", "codename")
    )
