"""Changing registered players from the organiser's players pages: one player's person (name, EMA number, country,
through services.players.update_person) and registration (club, team, categories), and the team or a category of
many players at once (the players list's action).

A person registered in other tournaments too is the same person there: a change of name, EMA number or country
shows in those tournaments as well, so it is refused unless the organiser confirms it. The club, the team and the
categories are this tournament's."""

from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.side_rankings import clean_categories, clean_category
from tournament.errors import DomainError
from tournament.models import AuditEntry, Registration, Tournament
from tournament.selectors.visibility import tournament_names
from tournament.services import audit, players
from tournament.services.validation import check_length

# The audit action of a change of each side-ranking field (docs/organisers.md, "Teams, categories and the side
# rankings' settings").
SIDE_ACTIONS = {"team": "player.team", "categories": "player.categories"}
NOTHING = "—"


@transaction.atomic
def update_registration(
    *,
    actor,
    registration: Registration,
    first_name: str,
    last_name: str,
    ema_id: str | None,
    country: str,
    club: str,
    team: str | None = None,
    categories: Iterable[str] | None = None,
    confirm_shared: bool = False,
) -> Registration:
    """Change one player; ``team`` and ``categories`` None leave them as they are."""
    registration = (
        Registration.objects.select_for_update()
        .select_related("player", "tournament")
        .get(pk=registration.pk)
    )
    person = registration.player
    wanted = {"first_name": first_name, "last_name": last_name, "ema_id": ema_id or None, "country": country}
    if any(getattr(person, key) != value for key, value in wanted.items()):
        _refuse_shared_unless_confirmed(registration, confirm_shared, reader=actor)
        players.update_person(actor=actor, player=person, **wanted)
    if club != registration.club:
        _set_club(actor, registration, club)
    if team is not None or categories is not None:
        _set_sides(actor, registration, team, categories)
    registration.refresh_from_db()
    return registration


def _set_sides(actor, registration: Registration, team: str | None, categories: Iterable[str] | None) -> None:
    team, categories = players.clean_team_and_categories(
        team=registration.team if team is None else team,
        categories=registration.categories if categories is None else categories,
        where=str(registration.player),
    )
    _save_changes(actor, [registration], {"team": [team], "categories": [categories]})


def other_tournaments(registration: Registration) -> list[Tournament]:
    """The other tournaments the registration's person plays in."""
    return list(
        Tournament.objects.filter(registrations__player_id=registration.player_id)
        .exclude(pk=registration.tournament_id)
        .distinct()
        .order_by("name")
    )


def _refuse_shared_unless_confirmed(registration: Registration, confirmed: bool, *, reader) -> None:
    """The other tournaments are named only when the reader may see them (a hidden one is counted)."""
    others = other_tournaments(registration)
    if others and not confirmed:
        raise DomainError.coded(
            "shared_person", player=registration.player, tournaments=tournament_names(others, reader)
        )


def _set_club(actor, registration: Registration, club: str) -> None:
    check_length(club, model=Registration, field="club", where=str(registration.player))
    before = registration.club
    registration.club = club
    registration.save(update_fields=["club"])
    audit.record(
        actor=actor,
        tournament=registration.tournament,
        action="player.club",
        summary=_("%(player)s: club %(before)s -> %(after)s")
        % {"player": registration.player, "before": before or "—", "after": club or "—"},
        data={"key": registration.key, "name": str(registration.player), "before": before, "after": club},
    )


# -- many players at once -----------------------------------------------------------------------------------------


@transaction.atomic
def set_team(*, actor, tournament: Tournament, keys: Sequence[str], team: str) -> int:
    """Put the chosen players in ``team`` (empty: in no team); returns how many changed."""
    chosen = _chosen(tournament, keys)
    team, _categories = players.clean_team_and_categories(
        team=team, categories=(), where=_("The chosen players")
    )
    return _save_changes(actor, chosen, {"team": [team] * len(chosen)})


@transaction.atomic
def add_category(*, actor, tournament: Tournament, keys: Sequence[str], category: str) -> int:
    """Give the chosen players ``category`` (those who have it already, ignoring case, keep theirs)."""
    chosen = _chosen(tournament, keys)
    category = _category(category)
    wanted = [_categories_of(registration, [*registration.categories, category]) for registration in chosen]
    return _save_changes(actor, chosen, {"categories": wanted})


@transaction.atomic
def remove_category(*, actor, tournament: Tournament, keys: Sequence[str], category: str) -> int:
    """Take ``category`` (ignoring case) from the chosen players who have it."""
    chosen = _chosen(tournament, keys)
    unwanted = _category(category).casefold()
    wanted = [[name for name in r.categories if name.casefold() != unwanted] for r in chosen]
    return _save_changes(actor, chosen, {"categories": wanted})


def _chosen(tournament: Tournament, keys: Sequence[str]) -> list[Registration]:
    """The registrations of ``keys``, locked, in the order given; every key must be one of this tournament (checked
    before the rows are asked for, so no list of keys makes the query too long)."""
    if not keys:
        raise DomainError.coded("no_players_chosen")
    known = set(Registration.objects.filter(tournament=tournament).values_list("key", flat=True))
    unknown = [str(key)[:60] for key in keys if key not in known]
    if unknown:
        raise DomainError.coded(
            "unknown_player_keys", tournament=tournament.name, keys=", ".join(unknown[:10])
        )
    keys = list(dict.fromkeys(keys))
    found = {
        r.key: r
        for r in Registration.objects.select_for_update()
        .select_related("player", "tournament")
        .filter(tournament=tournament, key__in=keys)
    }
    return [found[key] for key in keys]


def _category(name: str) -> str:
    try:
        return clean_category(name)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error


def _categories_of(registration: Registration, names: list[str]) -> list[str]:
    try:
        return clean_categories(names)
    except ScoringError as error:
        raise DomainError.from_scoring(error, where=str(registration.player)) from error


def _save_changes(actor, registrations: list[Registration], values: dict[str, list]) -> int:
    """Set each field of ``values`` (a value per registration, in order) and audit each change of each player;
    returns how many players changed."""
    entries, changed = [], []
    for index, registration in enumerate(registrations):
        found = [_change(actor, registration, field, wanted[index]) for field, wanted in values.items()]
        found = [entry for entry in found if entry is not None]
        if found:
            entries += found
            changed.append(registration)
    Registration.objects.bulk_update(changed, list(values))
    AuditEntry.objects.bulk_create(entries)
    return len(changed)


def _change(actor, registration: Registration, field: str, value) -> AuditEntry | None:
    """Set ``field`` to ``value``; the audit entry of the change, or None when it is no change."""
    before = getattr(registration, field)
    if before == value:
        return None
    setattr(registration, field, value)
    name = str(registration.player)
    return AuditEntry(
        tournament=registration.tournament,
        actor=actor,
        actor_label=audit.actor_label(actor),
        action=SIDE_ACTIONS[field],
        summary=_side_summary(field, name, before, value)[:500],
        data={"key": registration.key, "name": name, "before": before, "after": value},
    )


def _side_summary(field: str, name: str, before, after) -> str:
    def shown(value) -> str:
        return (", ".join(value) if isinstance(value, list) else value) or NOTHING

    template = (
        _("%(player)s: team %(before)s -> %(after)s")
        if field == "team"
        else _("%(player)s: categories %(before)s -> %(after)s")
    )
    return template % {"player": name, "before": shown(before), "after": shown(after)}
