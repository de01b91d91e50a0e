"""Appointing organisers and referees from the organiser's staff page: an existing login, or a new one without a
password that its owner sets through a one-time link (the link itself is never stored or logged).

Roles are granted and revoked by services.tournaments; this module adds finding the login, creating one, the last
organiser rule and the audit entries of the one-time links."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Tournament, TournamentRole
from tournament.services import audit
from tournament.services.errors import DomainError
from tournament.services.tournaments import grant_role, revoke_role


def role_label(role: str) -> str:
    return str(dict(TournamentRole.ROLE_CHOICES).get(role, role))


@transaction.atomic
def appoint(*, actor, tournament: Tournament, username: str, role: str) -> TournamentRole:
    """Give an existing login a role in the tournament."""
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None or not user.is_active:
        raise DomainError(
            "no_such_login",
            _("There is no login %(username)s. Check the spelling, or create a new login below.")
            % {"username": username.strip()},
        )
    if TournamentRole.objects.filter(tournament=tournament, user=user, role=role).exists():
        raise DomainError(
            "has_role",
            _("%(username)s is %(role)s of this tournament already.")
            % {"username": user.get_username(), "role": role_label(role)},
        )
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
        raise DomainError(
            "username_taken",
            _("The login name %(username)s is taken. Choose another, or appoint the existing login above.")
            % {"username": username},
        )
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as error:
        problems = " ".join(" ".join(messages) for messages in error.message_dict.values())
        raise DomainError(
            "bad_username",
            _("Login name %(username)s: %(problems)s") % {"username": username, "problems": problems},
        ) from error
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
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    organisers = TournamentRole.objects.filter(tournament=tournament, role=TournamentRole.ORGANISER)
    if role == TournamentRole.ORGANISER and list(organisers.values_list("user_id", flat=True)) == [user.pk]:
        raise DomainError(
            "last_organiser",
            _("%(username)s is the only organiser of %(tournament)s; appoint another organiser first.")
            % {"username": user.get_username(), "tournament": tournament.name},
        )
    if not revoke_role(actor=actor, tournament=tournament, user=user, role=role):
        raise DomainError(
            "no_role",
            _("%(username)s is not %(role)s of this tournament.")
            % {"username": user.get_username(), "role": role_label(role)},
        )


def may_get_link(tournament: Tournament, user) -> bool:
    """A one-time link only for a login that has no password yet, no site powers, and a role in this tournament."""
    return (
        user.is_active
        and not user.has_usable_password()
        and not (user.is_staff or user.is_superuser)
        and TournamentRole.objects.filter(tournament=tournament, user=user).exists()
    )


@transaction.atomic
def record_link(*, actor, tournament: Tournament, user) -> None:
    """Note in the log that a one-time link to set the password was made for this login (refused for others)."""
    if not may_get_link(tournament, user):
        raise DomainError(
            "no_link",
            _("%(username)s has a password already; only its owner or a site administrator can change it.")
            % {"username": user.get_username()},
        )
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
