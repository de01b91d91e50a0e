"""Series (docs/organisers.md, "Series"): created, and tournaments added or removed, each audited; the ranking is
a read (selectors.series), never stored.

Refused, with nothing written: a short address that is not one or is taken, a missing name, a rule that does not
exist, a best K or minimum M outside 1 to MAX_SERIES_BEST (``--best 0``), a sum-best or average-best rule without
its K, a K or M given to the MERS rule (which decides its own counts), a tournament already in the series (also
one named twice in one call), a tournament that is not in it, more than MAX_SERIES_TOURNAMENTS.

Who may: the command line (``actor`` None), and the logins that may create tournaments (selectors.creators: a
federation's or a league's people; the views ask ``creator_required``); a tournament that is not public only by
someone with a role in it (the organiser's series page offers only those)."""

from collections.abc import Sequence

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.limits import MAX_SERIES_BEST, MAX_SERIES_TOURNAMENTS
from scoring.series import MERS, RULES
from tournament.errors import DomainError
from tournament.models import Series, Tournament
from tournament.services import audit


def check_rule(rule: str, best: int | None, minimum: int | None) -> None:
    if rule not in RULES:
        raise DomainError.coded("series_rule", rule=rule, rules=", ".join(RULES))
    if rule == MERS and (best is not None or minimum is not None):
        raise DomainError.coded("series_mers_counts")
    if rule != MERS and best is None:
        raise DomainError.coded("series_best_needed", rule=rule)
    if best is not None and not 1 <= best <= MAX_SERIES_BEST:
        raise DomainError.coded("series_best", best=best, limit=MAX_SERIES_BEST)
    if minimum is not None and not 1 <= minimum <= MAX_SERIES_BEST:
        raise DomainError.coded("series_minimum", minimum=minimum, limit=MAX_SERIES_BEST)


@transaction.atomic
def create_series(
    *,
    actor,
    slug: str,
    name: str,
    rule: str,
    best: int | None = None,
    minimum: int | None = None,
    is_public: bool = True,
) -> Series:
    if slug != slugify(slug) or not slug:
        raise DomainError.coded("bad_slug", slug=slug)
    name = " ".join(str(name).split())
    if not name:
        raise DomainError.coded("series_name_missing")
    check_rule(rule, best, minimum)
    if Series.objects.filter(slug=slug).exists():
        raise DomainError.coded("series_slug_taken", slug=slug)
    series = Series.objects.create(
        slug=slug, name=name[:200], rule=rule, best=best, minimum=minimum, is_public=is_public
    )
    audit.record(
        actor=actor,
        tournament=None,
        action="series.create",
        summary=_("Created the series %(name)s") % {"name": series.name},
        data={"series": slug, "name": series.name, "rule": rule, "best": best, "minimum": minimum},
    )
    return series


@transaction.atomic
def add_tournaments(*, actor, series: Series, tournaments: Sequence[Tournament]) -> None:
    """Every one of ``tournaments`` joins the series, or none (one already in it, or named twice, refuses all)."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    members = set(series.tournaments.values_list("pk", flat=True))
    seen: set[int] = set()
    for tournament in tournaments:
        if tournament.pk in members or tournament.pk in seen:
            raise DomainError.coded("series_twice", tournament=tournament.slug, series=series.slug)
        seen.add(tournament.pk)
    if len(members) + len(seen) > MAX_SERIES_TOURNAMENTS:
        raise DomainError.coded("series_full", limit=MAX_SERIES_TOURNAMENTS)
    series.tournaments.add(*tournaments)
    for tournament in tournaments:
        audit.record(
            actor=actor,
            tournament=tournament,
            action="series.add",
            summary=_("Added to the series %(name)s") % {"name": series.name},
            data={"series": series.slug, "name": series.name, "tournament": tournament.slug},
        )


@transaction.atomic
def remove_tournament(*, actor, series: Series, tournament: Tournament) -> None:
    series = Series.objects.select_for_update().get(pk=series.pk)
    if not series.tournaments.filter(pk=tournament.pk).exists():
        raise DomainError.coded("series_not_member", tournament=tournament.slug, series=series.slug)
    series.tournaments.remove(tournament)
    audit.record(
        actor=actor,
        tournament=tournament,
        action="series.remove",
        summary=_("Removed from the series %(name)s") % {"name": series.name},
        data={"series": series.slug, "name": series.name, "tournament": tournament.slug},
    )
