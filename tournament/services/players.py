"""Registering players and changing their status.

Whoever registers a player (a form, a player list, the admin, an archive) goes through ``check_player_fields``:
a name, no control characters, lengths the database holds, the EMA number and country patterns of
``scoring.players``. People shared with other tournaments are found and renamed by ``tournament.services.people``.
"""

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.errors import ScoringError
from scoring.limits import MAX_PLAYERS
from scoring.players import bad_character, is_country, is_ema_id, is_key
from scoring.side_rankings import clean_categories
from scoring.standings import RESERVE, STATUSES
from tournament.display.names import full_name
from tournament.errors import DomainError
from tournament.models import AuditEntry, Player, Registration, Tournament
from tournament.models.lengths import MAX_LENGTH
from tournament.services import audit
from tournament.services.locking import lock_tournament
from tournament.services.people import Person, find_or_create_person, people_for
from tournament.services.validation import check_length, full_clean_or_refuse

__all__ = [
    "check_player_fields",
    "clean_team_and_categories",
    "find_or_create_person",
    "import_players",
    "register_player",
    "set_status",
]
REGISTRATION_FIELDS = frozenset({"club", "team"})  # texts of the registration; the others are the person's


def check_player_fields(
    *, first_name: str, last_name: str, ema_id: str | None, country: str, where: str, club: str = ""
) -> None:
    """Refuse a player whose data the EMA (or the database) cannot use; ``where`` names the row or form."""
    texts = {"first_name": first_name, "last_name": last_name, "club": club}
    if not all(isinstance(value, str) for value in texts.values()):
        raise DomainError.coded("bad_name", where=where)
    if not first_name.strip() and not last_name.strip():
        raise DomainError.coded("name_missing", where=where)
    for field, value in texts.items():
        _check_text(value, field, where)
    if ema_id and not is_ema_id(ema_id):
        raise DomainError.coded("bad_ema_id", where=where, ema_id=ema_id)
    if country and not is_country(country):
        raise DomainError.coded("bad_country", where=where, country=country)


def clean_team_and_categories(*, team: str, categories: Iterable[str], where: str) -> tuple[str, list[str]]:
    """A registration's team and categories as stored (docs/organisers.md, "Teams, categories and the side rankings'
    settings"): the team with its spaces tidied (checked as the club is: no control character, the column's length),
    the categories cleaned by scoring.side_rankings (each 1 to 39 characters, a name once ignoring case, at most
    10). ``where`` names the player or the row."""
    if not isinstance(team, str):
        raise DomainError.coded("bad_name", where=where)
    team = " ".join(team.split())
    _check_text(team, "team", where)
    if isinstance(categories, str) or not all(isinstance(name, str) for name in categories):
        raise DomainError.coded("bad_categories", where=where)
    for name in categories:
        character = bad_character(name)
        if character is not None:
            raise DomainError.coded("control_character/categories", where=where, character=character)
    try:
        return team, clean_categories(categories)
    except ScoringError as error:
        raise DomainError.from_scoring(error, where=where) from error


def _check_text(value: str, field: str, where: str) -> None:
    character = bad_character(value)
    if character is not None:
        raise DomainError.coded(
            "control_character", where=where, field=_field_label(field), character=character
        )
    check_length(value, model=_model_of(field), field=field, where=where)


def _model_of(field: str):
    return Registration if field in REGISTRATION_FIELDS else Player


def _field_label(field: str) -> str:
    return str(_model_of(field)._meta.get_field(field).verbose_name)


def _check_status(status: str, where: str) -> None:
    if status not in STATUSES:
        raise DomainError.coded("bad_status", where=where, status=status)


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
    team: str = "",
    categories: Iterable[str] = (),
    key: str | None = None,
    status: str = "active",
    confirm_rename: bool = False,
) -> Registration:
    """Register a person. A known EMA number reuses that person; a different name or country for a person other
    tournaments use is refused unless ``confirm_rename`` (tournament.services.people)."""
    where = full_name(first_name, last_name)
    ema_id = ema_id or None
    check_player_fields(
        first_name=first_name, last_name=last_name, ema_id=ema_id, country=country, where=where, club=club
    )
    team, categories = clean_team_and_categories(team=team, categories=categories, where=where)
    _check_status(status, where)
    if key is not None and (not is_key(key) or len(key) > MAX_LENGTH["key"]):
        raise DomainError.coded(
            "bad_key", where=where, key=str(key)[: MAX_LENGTH["key"] + 1], count=MAX_LENGTH["key"]
        )
    if ema_id and Registration.objects.filter(tournament=tournament, player__ema_id=ema_id).exists():
        raise DomainError.coded("already_registered", where=where, ema_id=ema_id)
    key = key or _next_keys(tournament, 1)[0]
    if Registration.objects.filter(tournament=tournament, key=key).exists():
        raise DomainError.coded("key_taken", where=where, key=key)
    player = find_or_create_person(
        first_name=first_name,
        last_name=last_name,
        ema_id=ema_id,
        country=country,
        actor=actor,
        confirm_rename=confirm_rename,
    )
    registration = Registration.objects.create(
        tournament=tournament,
        player=player,
        key=key,
        club=club,
        team=team,
        categories=categories,
        status=status,
    )
    audit.record(
        actor=actor,
        tournament=tournament,
        action="player.register",
        summary=_("Registered %(player)s") % {"player": where},
        data={
            "key": key,
            "name": where,
            "ema_id": ema_id,
            "country": country,
            "club": club,
            **_side_data(registration),
        },
    )
    return registration


def _side_data(registration: Registration) -> dict:
    """The team and categories for a registration's audit entry, when it has them."""
    data = {"team": registration.team, "categories": registration.categories}
    return {key: value for key, value in data.items() if value}


def _next_keys(tournament: Tournament, count: int) -> list[str]:
    """``count`` free keys p001, p002, ... (computed once, not per player)."""
    taken = set(Registration.objects.filter(tournament=tournament).values_list("key", flat=True))
    keys, number = [], len(taken) + 1
    while len(keys) < count:
        key = f"p{number:03d}"
        if key not in taken:
            keys.append(key)
        number += 1
    return keys


@transaction.atomic
def set_status(*, actor, registration: Registration, status: str, reason: str = "") -> Registration:
    """Active, withdrawn (removed from the results, 5.8), disqualified (ranked last, 5.5 / 5.8) or reserve (not
    seated, not ranked: only a player without any seat; a seated player who stops is withdrawn)."""
    if status not in STATUSES:
        raise DomainError.coded("bad_status/plain", status=status)
    registration = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if status == RESERVE:
        _check_no_seats(registration)
    before = registration.status
    registration.status = status
    registration.save(update_fields=["status"])
    audit.record(
        actor=actor,
        tournament=registration.tournament,
        action="player.status",
        summary=_("%(player)s: %(before)s -> %(after)s")
        % {"player": registration.player, "before": _status_label(before), "after": _status_label(status)},
        data={
            "key": registration.key,
            "name": str(registration.player),
            "before": before,
            "after": status,
            "reason": reason,
        },
    )
    return registration


def _check_no_seats(registration: Registration) -> None:
    """A reserve has no seat: one in a session with results is a played game, one in a later session a table
    that would be one short."""
    sessions = sorted(set(registration.seats.values_list("session__number", flat=True)))
    if sessions:
        raise DomainError.coded(
            "reserve_has_seats", player=registration.player, sessions=", ".join(map(str, sessions))
        )


def _status_label(status: str) -> str:
    return str(dict(Registration.STATUS_CHOICES)[status])


@transaction.atomic
def import_players(
    *, actor, tournament: Tournament, players: list, source: str, confirm_rename: bool = False
) -> list[Registration]:
    """Register every player of a checked list (tournament.readers.player_list.PlayerRow), all or none.

    Each registration is audited as by hand, plus one entry for the import naming the file. The queries do not
    grow with the list: keys, people and registrations are computed and written together.
    """
    lock_tournament(tournament.pk)  # one import at a time per tournament
    if len(players) > MAX_PLAYERS:
        raise DomainError.coded("too_many_players/file", source=source, count=len(players), limit=MAX_PLAYERS)
    checked = [(_checked_person(row), _checked_sides(row)) for row in players]  # row by row, in file order
    wanted, sides = [person for person, _sides in checked], [sides for _person, sides in checked]
    _refuse_registered(tournament, wanted)
    people = people_for(wanted, actor=actor, confirm_rename=confirm_rename)
    keys = _next_keys(tournament, len(players))
    registrations = Registration.objects.bulk_create(
        Registration(
            tournament=tournament,
            player=person,
            key=key,
            club=row.club,
            team=team,
            categories=categories,
            status=row.status,
        )
        for row, person, key, (team, categories) in zip(players, people, keys, sides, strict=True)
    )
    AuditEntry.objects.bulk_create(
        _register_entry(actor, tournament, registration) for registration in registrations
    )
    audit.record(
        actor=actor,
        tournament=tournament,
        action="player.import",
        summary=ngettext(
            "Imported %(count)s player from %(source)s",
            "Imported %(count)s players from %(source)s",
            len(registrations),
        )
        % {"count": len(registrations), "source": source},
        data={"source": source, "keys": [r.key for r in registrations]},
    )
    return registrations


def _checked_person(row) -> Person:
    where = _("row %(row)s") % {"row": row.row}
    ema_id = row.ema_id or None
    check_player_fields(
        first_name=row.first_name,
        last_name=row.last_name,
        ema_id=ema_id,
        country=row.country,
        where=where,
        club=row.club,
    )
    return Person(row.first_name, row.last_name, ema_id, row.country, where=where)


def _checked_sides(row) -> tuple[str, list[str]]:
    return clean_team_and_categories(
        team=row.team, categories=row.categories, where=_("row %(row)s") % {"row": row.row}
    )


def _refuse_registered(tournament: Tournament, wanted: list[Person]) -> None:
    numbers = [person.ema_id for person in wanted if person.ema_id]
    registered = dict(
        Registration.objects.filter(tournament=tournament, player__ema_id__in=numbers).values_list(
            "player__ema_id", "key"
        )
    )
    for person in wanted:
        if person.ema_id in registered:
            raise DomainError.coded(
                "already_registered/key",
                where=person.where,
                ema_id=person.ema_id,
                key=registered[person.ema_id],
            )


def _register_entry(actor, tournament: Tournament, registration: Registration) -> AuditEntry:
    """The audit entry register_player writes, built for writing many at once."""
    player = registration.player
    return AuditEntry(
        tournament=tournament,
        actor=actor,
        actor_label=audit.actor_label(actor),
        action="player.register",
        summary=(_("Registered %(player)s") % {"player": str(player).strip()})[:500],
        data={
            "key": registration.key,
            "name": str(player).strip(),
            "ema_id": player.ema_id,
            "country": player.country,
            "club": registration.club,
            **_side_data(registration),
        },
    )


@transaction.atomic
def update_person(
    *, actor, player: Player, first_name: str, last_name: str, ema_id: str | None, country: str
) -> Player:
    """Change a person's name, EMA number or country, checked as at registration. The person may play in several
    tournaments: the change is recorded in each of them (or once without a tournament when there is none)."""

    where = full_name(first_name, last_name)
    ema_id = ema_id or None
    check_player_fields(
        first_name=first_name, last_name=last_name, ema_id=ema_id, country=country, where=where
    )
    player = Player.objects.select_for_update().get(pk=player.pk)
    other = Player.objects.filter(ema_id=ema_id).exclude(pk=player.pk).first() if ema_id else None
    if other is not None:
        raise DomainError.coded("ema_id_taken", where=where, ema_id=ema_id, other=other)
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
            data={"player": player.pk, "name": str(player), "ema_id": player.ema_id, "changes": changed},
        )
