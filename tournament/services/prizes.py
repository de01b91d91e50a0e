"""The prizes an organiser hands out (docs/organisers.md, "Prizes and certificates"): each names a ranking (the
standings, the teams, countries or clubs, or a category in use) and a place in it. Added, changed, moved up or down
and deleted here, each audited; "the usual prizes" adds places 1-3 of the standings, the best team when players have
teams and the first of each category in use, leaving out those the tournament has already.

A prize with no title is stored as what it is (models.prizes.NAMED: a place of a ranking) and named where it is
shown, in the reader's language (display.prizes.prize_title); the usual prizes are such. A title the organiser
types is kept as typed (TYPED).

Refused, naming the prize and what is wrong, nothing written: a too long title, a ranking that does not
exist, a category no player has (or a category on a prize that is not a category prize), a place outside 1 to
MAX_PLAYERS, more than MAX_PRIZES prizes. Who wins a prize is a read (selectors.prizes), never stored."""

from typing import NamedTuple

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.limits import MAX_PLAYERS, MAX_PRIZES
from scoring.side_rankings import TEAM, clean_category
from tournament.display.prizes import prize_place, prize_title
from tournament.errors import DomainError
from tournament.models import Prize, Registration, Tournament
from tournament.models.prizes import CATEGORY, NAMED, OVERALL, PRIZE_RANKINGS, TYPED
from tournament.selectors.side_rankings import categories_in_use
from tournament.services import audit
from tournament.services.locking import lock_tournament
from tournament.services.validation import check_length

RANKINGS = tuple(code for code, _label in PRIZE_RANKINGS)
USUAL_PLACES = 3  # "the usual prizes": places 1 to 3 of the standings


class PrizeSpec(NamedTuple):
    kind: str  # TYPED (the title as typed) or NAMED (no title: named after its place)
    title: str
    ranking: str
    category: str
    place: int


@transaction.atomic
def add_prize(
    *, actor, tournament: Tournament, title: str, ranking: str, place: int, category: str = ""
) -> Prize:
    """A new prize, after the others; with an empty title, named after its place."""
    _lock(tournament)
    spec = _checked(tournament, title, ranking, category, place)
    _check_room(tournament, 1)
    prize = Prize.objects.create(tournament=tournament, order=_next_order(tournament), **spec._asdict())
    audit.record(
        actor=actor,
        tournament=tournament,
        action="prize.add",
        summary=_("Prize “%(title)s” added: %(what)s") % _described(prize),
        data={**_data(prize), "prize": prize.pk},
    )
    return prize


@transaction.atomic
def change_prize(*, actor, prize: Prize, title: str, ranking: str, place: int, category: str = "") -> Prize:
    """A prize's title, ranking, category and place, as given (an empty title: named after its place)."""
    prize = _locked_prize(prize)
    spec = _checked(prize.tournament, title, ranking, category, place)
    before = _data(prize)
    for field, value in spec._asdict().items():
        setattr(prize, field, value)
    prize.save(update_fields=list(PrizeSpec._fields))
    audit.record(
        actor=actor,
        tournament=prize.tournament,
        action="prize.change",
        summary=_("Prize “%(title)s” changed: %(what)s") % _described(prize),
        data={**_data(prize), "prize": prize.pk, "before": before},
    )
    return prize


@transaction.atomic
def move_prize(*, actor, prize: Prize, step: int) -> Prize:
    """The prize one place up (``step`` -1) or down (+1) in the list; at the top or the bottom it stays."""
    prize = _locked_prize(prize)
    prizes = list(prize.tournament.prizes.all())
    index = next(i for i, other in enumerate(prizes) if other.pk == prize.pk)
    target = min(max(index + step, 0), len(prizes) - 1)
    prizes.insert(target, prizes.pop(index))
    for order, other in enumerate(prizes):
        if other.order != order:
            Prize.objects.filter(pk=other.pk).update(order=order)
    prize.order = target
    audit.record(
        actor=actor,
        tournament=prize.tournament,
        action="prize.move",
        summary=_("Prize “%(title)s” moved to position %(position)s")
        % {"title": prize_title(prize), "position": target + 1},
        data={**_data(prize), "position": target + 1, "prize": prize.pk},
    )
    return prize


@transaction.atomic
def delete_prize(*, actor, prize: Prize) -> None:
    prize = _locked_prize(prize)
    audit.record(
        actor=actor,
        tournament=prize.tournament,
        action="prize.delete",
        summary=_("Prize “%(title)s” deleted") % {"title": prize_title(prize)},
        data=_data(prize),
    )
    prize.delete()


@transaction.atomic
def add_usual_prizes(*, actor, tournament: Tournament) -> list[Prize]:
    """Places 1-3 of the standings, the best team when any player has a team, and the first of each category in
    use: those the tournament does not have yet (the same ranking, category and place), after the others. Each is
    named after its place (no title), so every reader reads it in their language. Returns the new prizes (none
    when all are there)."""
    _lock(tournament)
    have = {_same(spec) for spec in tournament.prizes.values_list(*PrizeSpec._fields)}
    missing = [spec for spec in _usual(tournament) if _same(spec) not in have]
    if not missing:
        return []
    _check_room(tournament, len(missing))
    start = _next_order(tournament)
    prizes = [
        Prize.objects.create(tournament=tournament, order=start + offset, **spec._asdict())
        for offset, spec in enumerate(missing)
    ]
    audit.record(
        actor=actor,
        tournament=tournament,
        action="prize.usual",
        summary=_("The usual prizes added: %(titles)s")
        % {"titles": ", ".join(prize_title(prize) for prize in prizes)},
        data={"prizes": [_data(prize) for prize in prizes], "count": len(prizes)},
    )
    return prizes


def _usual(tournament: Tournament) -> list[PrizeSpec]:
    specs = [PrizeSpec(NAMED, "", OVERALL, "", place) for place in range(1, USUAL_PLACES + 1)]
    if Registration.objects.filter(tournament=tournament).exclude(team="").exists():
        specs.append(PrizeSpec(NAMED, "", TEAM, "", 1))
    for category in categories_in_use(tournament):
        specs.append(PrizeSpec(NAMED, "", CATEGORY, category, 1))
    return specs


def _same(spec) -> tuple:
    """What makes two prizes the same prize for "the usual prizes": the ranking, the category and the place."""
    _kind, _title, ranking, category, place = spec
    return ranking, category.casefold(), place


# -- checks -------------------------------------------------------------------------------------------------------


def _checked(tournament: Tournament, title, ranking, category, place) -> PrizeSpec:
    title = " ".join(str(title or "").split())
    check_length(title, model=Prize, field="title", where=_("Prize “%(title)s”") % {"title": title[:40]})
    kind = TYPED if title else NAMED
    if not title:  # the refusals name it by its place
        title = prize_place(ranking if ranking in RANKINGS else OVERALL, str(category or "")[:40], place)
    if ranking not in RANKINGS:
        raise DomainError.coded(
            "prize_ranking", title=title, ranking=str(ranking)[:40], known=", ".join(RANKINGS)
        )
    if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= MAX_PLAYERS:
        raise DomainError.coded("prize_place", title=title, place=str(place)[:20], limit=MAX_PLAYERS)
    category = _checked_category(tournament, title, ranking, category or "")
    return PrizeSpec(kind, title if kind == TYPED else "", ranking, category, place)


def _checked_category(tournament: Tournament, title: str, ranking: str, category: str) -> str:
    """The category as the players have it (one spelling, ignoring case); "" for any other ranking."""
    if ranking != CATEGORY:
        if category.strip():
            raise DomainError.coded("prize_category_unexpected", title=title, category=category[:40])
        return ""
    try:
        category = clean_category(category)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error
    in_use = categories_in_use(tournament)
    known = {name.casefold(): name for name in in_use}
    if category.casefold() not in known:
        if not in_use:
            raise DomainError.coded("prize_no_categories", title=title, category=category)
        raise DomainError.coded(
            "prize_unknown_category", title=title, category=category, known=", ".join(in_use)
        )
    return known[category.casefold()]


def _check_room(tournament: Tournament, adding: int) -> None:
    count = tournament.prizes.count()
    if count + adding > MAX_PRIZES:
        raise DomainError.coded(
            "too_many_prizes", tournament=tournament.name, count=count, adding=adding, limit=MAX_PRIZES
        )


# -- rows and the log ---------------------------------------------------------------------------------------------


def _lock(tournament: Tournament) -> None:
    """One change of a tournament's prizes at a time (the count and the order stay right)."""
    lock_tournament(tournament.pk)


def _locked_prize(prize: Prize) -> Prize:
    _lock(prize.tournament)
    return Prize.objects.select_related("tournament").get(pk=prize.pk)


def _next_order(tournament: Tournament) -> int:
    highest = tournament.prizes.aggregate(highest=Max("order"))["highest"]
    return 0 if highest is None else highest + 1


def _data(prize: Prize) -> dict:
    return {field: getattr(prize, field) for field in PrizeSpec._fields}


def _described(prize: Prize) -> dict:
    return {"title": prize_title(prize), "what": prize_place(prize.ranking, prize.category, prize.place)}
