"""Creating, configuring and deleting tournaments; roles."""

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.ruleset import build_ruleset
from tournament.database.snapshot_reasons import DELETE_TOURNAMENT, reason
from tournament.errors import DomainError
from tournament.models import Tournament, TournamentRole
from tournament.services import audit, snapshots
from tournament.services.snapshots import snapshot_before
from tournament.services.validation import full_clean_or_refuse

DETAIL_FIELDS = (
    "name",
    "short_name",
    "city",
    "country",
    "start_date",
    "end_date",
    "qualification",
    "session_minutes",
    "signal_minutes",
    "mers_weight_override",
    "is_public",
    "confirmation_required",
    "count_unconfirmed",
    "standings_hidden",
    "self_check_in",
    "language",
)


@transaction.atomic
def create_tournament(
    *, actor, slug: str, name: str, ruleset: str = "ema-2016", ruleset_overrides=None, **details
):
    if slug != slugify(slug) or not slug:
        raise DomainError(
            "bad_slug",
            _("The short address %(slug)r may hold only lowercase letters, digits and hyphens.")
            % {"slug": slug},
        )
    if Tournament.objects.filter(slug=slug).exists():
        raise DomainError(
            "slug_taken", _("A tournament with the short address %(slug)s exists already.") % {"slug": slug}
        )
    _check_ruleset(ruleset, ruleset_overrides)
    unknown = set(details) - set(DETAIL_FIELDS)
    if unknown:
        raise DomainError(
            "unknown_field",
            _("Unknown tournament fields: %(fields)s") % {"fields": ", ".join(sorted(unknown))},
        )
    tournament = Tournament(
        slug=slug, name=name, ruleset=ruleset, ruleset_overrides=ruleset_overrides or {}, **details
    )
    full_clean_or_refuse(tournament, where=name)
    tournament.save()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="tournament.create",
        summary=_("Created tournament %(name)s") % {"name": name},
        data={"slug": slug, "name": name, "ruleset": ruleset},
    )
    return tournament


@transaction.atomic
def update_tournament(*, actor, tournament: Tournament, **details) -> Tournament:
    unknown = set(details) - set(DETAIL_FIELDS)
    if unknown:
        raise DomainError(
            "unknown_field",
            _("Unknown tournament fields: %(fields)s") % {"fields": ", ".join(sorted(unknown))},
        )
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = {
        key: [str(getattr(tournament, key)), str(value)]
        for key, value in details.items()
        if getattr(tournament, key) != value
    }
    for key, value in details.items():
        setattr(tournament, key, value)
    full_clean_or_refuse(tournament, where=tournament.name)
    tournament.save()
    if changed:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="tournament.update",
            summary=_("Changed %(fields)s") % {"fields": ", ".join(sorted(changed))},
            data=changed,
        )
    return tournament


@transaction.atomic
def set_ruleset(*, actor, tournament: Tournament, ruleset: str, overrides: dict | None = None) -> Tournament:
    """Choose the rules; refused once a result exists (the rules are frozen from then on)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.has_results():
        raise DomainError(
            "ruleset_frozen",
            _("The rules of %(name)s cannot change: results have been entered.") % {"name": tournament.name},
        )
    _check_ruleset(ruleset, overrides)
    before = {"ruleset": tournament.ruleset, "overrides": tournament.ruleset_overrides}
    tournament.ruleset, tournament.ruleset_overrides = ruleset, overrides or {}
    tournament.save(update_fields=["ruleset", "ruleset_overrides"])
    audit.record(
        actor=actor,
        tournament=tournament,
        action="tournament.ruleset",
        summary=_("Rules set to %(ruleset)s") % {"ruleset": ruleset},
        data={"before": before, "after": {"ruleset": ruleset, "overrides": overrides or {}}},
    )
    return tournament


def _check_ruleset(ruleset: str, overrides) -> None:
    if overrides is not None and not isinstance(overrides, dict):
        raise DomainError("bad_ruleset_overrides", str(Tournament.OVERRIDES_NOT_AN_OBJECT))
    try:
        build_ruleset(ruleset, overrides)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error


def delete_tournament(*, actor, tournament: Tournament) -> None:
    """Delete a tournament with everything in it, after a snapshot of the database (services.snapshots): without
    one nothing is deleted. The audit entries stay, no longer linked to a tournament."""
    with snapshot_before(deletion_reason(tournament)):
        _delete_tournament(actor, tournament)


def deletion_reason(tournament: Tournament) -> str:
    return reason(DELETE_TOURNAMENT, tournament.slug)


@transaction.atomic
def _delete_tournament(actor, tournament: Tournament) -> None:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    audit.record(
        actor=actor,
        tournament=None,
        action="tournament.delete",
        summary=_("Deleted tournament %(name)s (%(slug)s)")
        % {"name": tournament.name, "slug": tournament.slug},
        data={"slug": tournament.slug, "name": tournament.name, **snapshots.noted()},
    )
    tournament.delete()


@transaction.atomic
def grant_role(*, actor, tournament: Tournament, user, role: str) -> TournamentRole:
    _check_role(role)
    granted, created = TournamentRole.objects.get_or_create(tournament=tournament, user=user, role=role)
    if created:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="role.grant",
            summary=_("%(user)s is now %(role)s")
            % {"user": user.get_username(), "role": granted.get_role_display()},
            data={"user": user.get_username(), "user_id": user.pk, "role": role},
        )
    return granted


@transaction.atomic
def revoke_role(*, actor, tournament: Tournament, user, role: str) -> bool:
    """Take a role away; True when the user had it."""
    _check_role(role)
    deleted, _counts = TournamentRole.objects.filter(tournament=tournament, user=user, role=role).delete()
    if deleted:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="role.revoke",
            summary=_("%(user)s is no longer %(role)s")
            % {"user": user.get_username(), "role": dict(TournamentRole.ROLE_CHOICES)[role]},
            data={"user": user.get_username(), "user_id": user.pk, "role": role},
        )
    return bool(deleted)


def _check_role(role: str) -> None:
    if role not in dict(TournamentRole.ROLE_CHOICES):
        raise DomainError("bad_role", _("Unknown role %(role)s.") % {"role": role})
