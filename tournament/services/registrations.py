"""Changing one registered player from the organiser's players page: the person (name, EMA number, country,
through services.players.update_person) and the registration (club).

A person registered in other tournaments too is the same person there: a change of name, EMA number or country
shows in those tournaments as well, so it is refused unless the organiser confirms it."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models import Registration, Tournament
from tournament.selectors.visibility import tournament_names
from tournament.services import audit, players
from tournament.services.validation import check_length


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
    confirm_shared: bool = False,
) -> Registration:
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
    registration.refresh_from_db()
    return registration


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
        raise DomainError(
            "shared_person",
            _(
                "%(player)s plays in %(tournaments)s too: the change shows there as well. Confirm it to change "
                "the person everywhere."
            )
            % {"player": registration.player, "tournaments": tournament_names(others, reader)},
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
