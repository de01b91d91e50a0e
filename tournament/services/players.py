"""Registering players and changing their status."""

import re

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.standings import STATUSES
from tournament.models import Player, Registration, Tournament
from tournament.services import audit
from tournament.services.errors import DomainError

EMA_ID = re.compile(r"^\d{8}$")
COUNTRY = re.compile(r"^[A-Z]{3}$")


def check_player_fields(
    *, first_name: str, last_name: str, ema_id: str | None, country: str, where: str
) -> None:
    """Refuse a player whose data the EMA cannot use; ``where`` names the row or form."""
    if not first_name.strip() and not last_name.strip():
        raise DomainError("name_missing", _("%(where)s: a player needs a name.") % {"where": where})
    if ema_id and not EMA_ID.match(ema_id):
        raise DomainError(
            "bad_ema_id",
            _("%(where)s: the EMA number %(ema_id)r must be eight digits.")
            % {"where": where, "ema_id": ema_id},
        )
    if country and not COUNTRY.match(country):
        raise DomainError(
            "bad_country",
            _("%(where)s: the country %(country)r must be a three-letter EMA code such as NED.")
            % {"where": where, "country": country},
        )


@transaction.atomic
def register_player(
    *,
    actor,
    tournament: Tournament,
    first_name: str,
    last_name: str,
    ema_id: str | None = None,
    country: str = "",
    club: str = "",
    key: str | None = None,
    status: str = "active",
) -> Registration:
    """Register a person. A known EMA number reuses that person (their name and country are brought up to date)."""
    where = f"{first_name} {last_name}".strip()
    ema_id = ema_id or None
    check_player_fields(
        first_name=first_name, last_name=last_name, ema_id=ema_id, country=country, where=where
    )
    if status not in STATUSES:
        raise DomainError(
            "bad_status", _("%(where)s: unknown status %(status)s.") % {"where": where, "status": status}
        )
    player = find_or_create_person(first_name=first_name, last_name=last_name, ema_id=ema_id, country=country)
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise DomainError(
            "already_registered",
            _("%(where)s is registered already (EMA number %(ema_id)s).")
            % {"where": where, "ema_id": ema_id},
        )
    key = key or _next_key(tournament)
    if Registration.objects.filter(tournament=tournament, key=key).exists():
        raise DomainError(
            "key_taken",
            _("%(where)s: the key %(key)s is used by another player.") % {"where": where, "key": key},
        )
    registration = Registration.objects.create(
        tournament=tournament, player=player, key=key, club=club, status=status
    )
    audit.record(
        actor=actor,
        tournament=tournament,
        action="player.register",
        summary=_("Registered %(player)s") % {"player": where},
        data={"key": key, "ema_id": ema_id, "country": country, "club": club},
    )
    return registration


def find_or_create_person(*, first_name: str, last_name: str, ema_id: str | None, country: str) -> Player:
    if ema_id is None:
        return Player.objects.create(first_name=first_name, last_name=last_name, country=country)
    player, created = Player.objects.select_for_update().get_or_create(
        ema_id=ema_id, defaults={"first_name": first_name, "last_name": last_name, "country": country}
    )
    if not created and (player.first_name, player.last_name, player.country) != (
        first_name,
        last_name,
        country,
    ):
        player.first_name, player.last_name, player.country = first_name, last_name, country
        player.save(update_fields=["first_name", "last_name", "country"])
    return player


def _next_key(tournament: Tournament) -> str:
    taken = set(Registration.objects.filter(tournament=tournament).values_list("key", flat=True))
    number = len(taken) + 1
    while f"p{number:03d}" in taken:
        number += 1
    return f"p{number:03d}"


@transaction.atomic
def set_status(*, actor, registration: Registration, status: str, reason: str = "") -> Registration:
    """Active, withdrawn (removed from the results, 5.8) or disqualified (ranked last, 5.5 / 5.8)."""
    if status not in STATUSES:
        raise DomainError("bad_status", _("Unknown status %(status)s.") % {"status": status})
    registration = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    before = registration.status
    registration.status = status
    registration.save(update_fields=["status"])
    audit.record(
        actor=actor,
        tournament=registration.tournament,
        action="player.status",
        summary=_("%(player)s: %(before)s -> %(after)s")
        % {"player": registration.player, "before": _status_label(before), "after": _status_label(status)},
        data={"key": registration.key, "before": before, "after": status, "reason": reason},
    )
    return registration


def _status_label(status: str) -> str:
    return str(dict(Registration.STATUS_CHOICES)[status])


@transaction.atomic
def import_players(*, actor, tournament: Tournament, players: list, source: str) -> list[Registration]:
    """Register every player of a checked list (tournament.player_files.PlayerRow), all or none.

    Each registration is audited as by hand, plus one entry for the import naming the file.
    """
    Tournament.objects.select_for_update().get(pk=tournament.pk)  # one import at a time per tournament
    registrations = [
        register_player(
            actor=actor,
            tournament=tournament,
            first_name=row.first_name,
            last_name=row.last_name,
            ema_id=row.ema_id,
            country=row.country,
            club=row.club,
        )
        for row in players
    ]
    audit.record(
        actor=actor,
        tournament=tournament,
        action="player.import",
        summary=_("Imported %(count)s players from %(source)s")
        % {"count": len(registrations), "source": source},
        data={"source": source, "keys": [r.key for r in registrations]},
    )
    return registrations


@transaction.atomic
def update_person(
    *, actor, player: Player, first_name: str, last_name: str, ema_id: str | None, country: str
) -> Player:
    """Change a person's name, EMA number or country, checked as at registration. The person may play in several
    tournaments: the change is recorded in each of them (or once without a tournament when there is none)."""
    from tournament.services.validation import full_clean_or_refuse  # here: the imports above are shared work

    where = f"{first_name} {last_name}".strip()
    ema_id = ema_id or None
    check_player_fields(
        first_name=first_name, last_name=last_name, ema_id=ema_id, country=country, where=where
    )
    player = Player.objects.select_for_update().get(pk=player.pk)
    other = Player.objects.filter(ema_id=ema_id).exclude(pk=player.pk).first() if ema_id else None
    if other is not None:
        raise DomainError(
            "ema_id_taken",
            _("%(where)s: the EMA number %(ema_id)s belongs to %(other)s already.")
            % {"where": where, "ema_id": ema_id, "other": other},
        )
    new = {"first_name": first_name, "last_name": last_name, "ema_id": ema_id, "country": country}
    changed = {
        key: [getattr(player, key), value] for key, value in new.items() if getattr(player, key) != value
    }
    if not changed:
        return player
    for key, value in new.items():
        setattr(player, key, value)
    full_clean_or_refuse(player, where=where)
    player.save(update_fields=sorted(changed))
    _record_person_change(actor, player, changed)
    return player


def _record_person_change(actor, player: Player, changed: dict) -> None:
    tournaments = list(Tournament.objects.filter(registrations__player=player).distinct()) or [None]
    for tournament in tournaments:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="player.update",
            summary=_("%(player)s: changed %(fields)s")
            % {"player": player, "fields": ", ".join(sorted(changed))},
            data={"player": player.pk, "ema_id": player.ema_id, "changes": changed},
        )
