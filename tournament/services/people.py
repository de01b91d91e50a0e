"""People shared between tournaments: finding a person by EMA number, and renaming one only when confirmed.

A person (``Player``) with an EMA number is one row used by every tournament they played. A registration that
brings the same EMA number with another name or country would rewrite that person everywhere (their standings,
the EMA file of another event). That is refused, naming the person and the tournaments (those the acting user
may see; a hidden one is counted, not named), unless the caller confirms it (``confirm_rename``); a confirmed
change is written to the audit log of every tournament the person is registered in. A person registered nowhere
is brought up to date without asking.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.display.names import full_name
from tournament.errors import DomainError
from tournament.models import Player, Registration
from tournament.selectors.visibility import tournament_names
from tournament.services import audit

SHOWN_CONFLICTS = 10  # a refusal lists this many people, then the count of the others


@dataclass(frozen=True)
class Person:
    """The data a registration brings for a person; ``where`` names the row or form it came from."""

    first_name: str
    last_name: str
    ema_id: str | None
    country: str
    where: str = ""

    def differs_from(self, player: Player) -> bool:
        return (player.first_name, player.last_name, player.country) != (
            self.first_name,
            self.last_name,
            self.country,
        )


def find_or_create_person(
    *, first_name: str, last_name: str, ema_id: str | None, country: str, actor=None, confirm_rename=False
) -> Player:
    """The person with this EMA number (a new one without it); see the module on renaming."""
    wanted = Person(first_name, last_name, ema_id or None, country, where=full_name(first_name, last_name))
    return people_for([wanted], actor=actor, confirm_rename=confirm_rename)[0]


def people_for(wanted: list[Person], *, actor, confirm_rename: bool) -> list[Player]:
    """One person per entry, in order, in a fixed number of queries (new people are created together)."""
    _refuse_repeated_numbers(wanted)
    numbers = [w.ema_id for w in wanted if w.ema_id]
    known = {p.ema_id: p for p in Player.objects.select_for_update().filter(ema_id__in=numbers)}
    changed = [(known[w.ema_id], w) for w in wanted if w.ema_id in known and w.differs_from(known[w.ema_id])]
    if changed:
        _rename(changed, actor=actor, confirm_rename=confirm_rename)
    new = [
        Player(first_name=w.first_name, last_name=w.last_name, ema_id=w.ema_id, country=w.country)
        for w in wanted
        if w.ema_id not in known
    ]
    try:
        with transaction.atomic():
            created = iter(Player.objects.bulk_create(new))
    except IntegrityError:
        raise DomainError.coded("person_busy") from None
    return [known[w.ema_id] if w.ema_id in known else next(created) for w in wanted]


def _refuse_repeated_numbers(wanted: list[Person]) -> None:
    first: dict[str, Person] = {}
    for person in wanted:
        if person.ema_id and first.setdefault(person.ema_id, person) is not person:
            raise DomainError.coded(
                "ema_id_repeated", where=person.where, ema_id=person.ema_id, other=first[person.ema_id].where
            )


def _rename(changed: list[tuple[Player, Person]], *, actor, confirm_rename: bool) -> None:
    """Bring people up to date; refused (naming them and their tournaments) unless confirmed or unused."""
    tournaments = _tournaments_of([player for player, _person in changed])
    conflicts = [(player, person) for player, person in changed if tournaments[player.pk]]
    if conflicts and not confirm_rename:
        raise DomainError.coded("person_differs", conflicts=_conflicts(conflicts, tournaments, reader=actor))
    for player, person in changed:
        before = _described(player)
        player.first_name, player.last_name, player.country = (
            person.first_name,
            person.last_name,
            person.country,
        )
        after = _described(player)
        for tournament in tournaments[player.pk]:
            audit.record(
                actor=actor,
                tournament=tournament,
                action="player.rename",
                summary=_("EMA number %(ema_id)s: %(before)s is now %(after)s")
                % {"ema_id": player.ema_id, "before": before, "after": after},
                data={"ema_id": player.ema_id, "before": before, "after": after, "source": person.where},
            )
    Player.objects.bulk_update(
        [player for player, _person in changed], ["first_name", "last_name", "country"]
    )


def _tournaments_of(players: list[Player]) -> dict[int, list]:
    found: dict[int, list] = defaultdict(list)
    registrations = Registration.objects.filter(player__in=players).select_related("tournament")
    for registration in registrations.order_by("tournament__name", "tournament_id"):
        found[registration.player_id].append(registration.tournament)
    return found


def _conflicts(conflicts: list[tuple[Player, Person]], tournaments: dict[int, list], *, reader) -> str:
    """Names the tournaments the reader may see; a hidden one is counted (selectors.visibility)."""
    lines = [
        _(
            "%(where)s: the EMA number %(ema_id)s belongs to %(person)s, registered in %(tournaments)s; "
            "this would rename them there too"
        )
        % {
            "where": person.where,
            "ema_id": player.ema_id,
            "person": _described(player),
            "tournaments": tournament_names(tournaments[player.pk], reader),
        }
        for player, person in conflicts[:SHOWN_CONFLICTS]
    ]
    rest = len(conflicts) - SHOWN_CONFLICTS
    if rest > 0:
        lines.append(ngettext("and %(count)s more", "and %(count)s more", rest) % {"count": rest})
    return "; ".join(lines)


def _described(player: Player) -> str:
    name = full_name(player.first_name, player.last_name)
    return f"{name} ({player.country})" if player.country else name
