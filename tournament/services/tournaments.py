"""Creating, configuring and deleting tournaments; roles."""

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.errors import ScoringError
from scoring.ruleset import check_new_ruleset
from scoring.side_rankings import (
    GROUPINGS,
    clean_best,
    clean_category,
    clean_tie_breaks,
)
from tournament.database.snapshot_reasons import DELETE_TOURNAMENT, reason
from tournament.display.prizes import TIE_BREAK_LABELS
from tournament.errors import DomainError
from tournament.models import Tournament, TournamentRole
from tournament.services import audit, snapshots
from tournament.services.locking import locked_tournament
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
        raise DomainError.coded("bad_slug", slug=slug)
    if Tournament.objects.filter(slug=slug).exists():
        raise DomainError.coded("slug_taken/create", slug=slug)
    _check_ruleset(ruleset, ruleset_overrides)
    unknown = set(details) - set(DETAIL_FIELDS)
    if unknown:
        raise DomainError.coded("unknown_field", fields=", ".join(sorted(unknown)))
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
        raise DomainError.coded("unknown_field", fields=", ".join(sorted(unknown)))
    tournament = locked_tournament(tournament)
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
        _record_update(actor, tournament, changed)
    return tournament


def _record_update(actor, tournament: Tournament, changed: dict) -> None:
    """The audit entry of a change of the tournament's settings: ``changed`` holds each field's [old, new]."""
    audit.record(
        actor=actor,
        tournament=tournament,
        action="tournament.update",
        summary=_("Changed %(fields)s") % {"fields": ", ".join(sorted(changed))},
        data=changed,
    )


@transaction.atomic
def set_ruleset(*, actor, tournament: Tournament, ruleset: str, overrides: dict | None = None) -> Tournament:
    """Choose the rules; refused once a result exists (the rules are frozen from then on)."""
    tournament = locked_tournament(tournament)
    if tournament.has_results():
        raise DomainError.coded("ruleset_frozen", name=tournament.name)
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


# K of each group ranking: the field and how a refusal names it.
BEST_FIELDS = {
    "team_best": gettext_lazy("team ranking"),
    "country_best": gettext_lazy("country ranking"),
    "club_best": gettext_lazy("club ranking"),
}


@transaction.atomic
def set_rankings(
    *,
    actor,
    tournament: Tournament,
    tie_breaks: list[str],
    team_best: int | None,
    country_best: int | None,
    club_best: int | None,
    shown_groups: list[str],
    shown_categories: list[str],
) -> Tournament:
    """The side rankings' settings (docs/organisers.md, "Teams, categories and the side rankings' settings"): the
    tie-breaks for prizes in order, K of "the best K members" of each group ranking (None: every member), and the
    rankings the public pages show. Each is checked by scoring.side_rankings before anything is saved; audited as a
    change of the tournament."""
    settings = {
        "tie_breaks": _tie_breaks(tie_breaks),
        **{
            field: _scored(clean_best, value, where=BEST_FIELDS[field])
            for field, value in (
                ("team_best", team_best),
                ("country_best", country_best),
                ("club_best", club_best),
            )
        },
        "shown_groups": _groupings(shown_groups),
        "shown_categories": _shown_categories(shown_categories),
    }
    tournament = locked_tournament(tournament)
    changed = {
        key: [getattr(tournament, key), value]
        for key, value in settings.items()
        if getattr(tournament, key) != value
    }
    if not changed:
        return tournament
    for key, value in settings.items():
        setattr(tournament, key, value)
    tournament.save(update_fields=sorted(changed))
    _record_update(actor, tournament, changed)
    return tournament


def _scored(clean, value, **context):
    """``clean(value)`` of scoring.side_rankings; its refusal as a DomainError."""
    try:
        return clean(value)
    except ScoringError as error:
        raise DomainError.from_scoring(error, **context) from error


def _tie_breaks(names: list[str]) -> list[str]:
    """The tie-breaks in order; a refusal names a known tie-break by its label ("more first places at the
    table")."""
    try:
        return clean_tie_breaks(names)
    except ScoringError as error:
        label = TIE_BREAK_LABELS.get(error.params.get("name"))
        raise DomainError.from_scoring(error, **({"name": str(label)} if label else {})) from error


def _bests(**bests) -> dict:
    return {
        field: _scored(clean_best, value, where=str(BEST_FIELDS[field])) for field, value in bests.items()
    }


def _shown_categories(names: list[str]) -> list[str]:
    """The categories whose rankings are shown, each cleaned, once (ignoring case), in the order given."""
    shown: dict[str, str] = {}
    for name in names:
        name = _scored(clean_category, name)
        shown.setdefault(name.casefold(), name)
    return list(shown.values())


def _groupings(names: list[str]) -> list[str]:
    """The group rankings shown, each once, in the order of the pages (team, country, club)."""
    for name in names:
        if name not in GROUPINGS:
            raise DomainError.coded("unknown_grouping", name=str(name)[:60], known=", ".join(GROUPINGS))
    return [name for name in GROUPINGS if name in names]


def _check_ruleset(ruleset: str, overrides) -> None:
    if overrides is not None and not isinstance(overrides, dict):
        raise DomainError.coded("bad_ruleset_overrides")
    try:
        check_new_ruleset(ruleset, overrides)  # a uma not adding up to 0 only as a confirmed house rule
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
    tournament = locked_tournament(tournament)
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
        raise DomainError.coded("bad_role", role=role)
