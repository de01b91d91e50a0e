"""A person's history across tournaments (their public page, views/public/people.py): every public tournament they
played, with place, players, total and base rank from its final standings (a tournament not finished yet shows
without them, one whose standings are hidden too), and the public series they are ranked in with their place.
What the public may see only (selectors.visibility): the page is the same for every reader."""

from datetime import date
from decimal import Decimal
from typing import NamedTuple

from tournament.models import Player, Registration, Series
from tournament.selectors.series import last_day, series_ranking, tournament_entry
from tournament.selectors.visibility import PUBLIC, standings_visible


class HistoryLine(NamedTuple):
    slug: str
    name: str
    last_day: date
    key: str
    place: int | None = None
    players: int | None = None
    total: int | None = None
    base_rank: int | None = None


class SeriesPlace(NamedTuple):
    slug: str
    name: str
    rule: str
    rank: int
    score: Decimal


class History(NamedTuple):
    player: Player
    lines: tuple[HistoryLine, ...]  # latest first
    series: tuple[SeriesPlace, ...]


def person_history(player: Player) -> History:
    registrations = (
        Registration.objects.filter(player=player, tournament__is_public=True)
        .select_related("tournament")
        .order_by("-tournament__end_date", "-tournament__start_date", "-tournament_id")
    )
    lines = []
    for registration in registrations:
        tournament = registration.tournament
        line = HistoryLine(tournament.slug, tournament.name, last_day(tournament), registration.key)
        entry = tournament_entry(tournament) if standings_visible(tournament, PUBLIC) else None
        row = next((r for r in entry.rows if r.key == registration.key), None) if entry else None
        if row is not None:
            line = line._replace(
                place=row.place, players=entry.players, total=row.total, base_rank=row.base_rank
            )
        lines.append(line)
    lines.sort(key=lambda line: (line.last_day, line.slug), reverse=True)
    return History(player, tuple(lines), _series_places(player, [line.slug for line in lines]))


def _series_places(player: Player, slugs: list[str]) -> tuple[SeriesPlace, ...]:
    if not player.ema_id or not slugs:
        return ()
    places = []
    for series in Series.objects.filter(is_public=True, tournaments__slug__in=slugs).distinct():
        row = series_ranking(series).person(player.ema_id)
        if row is not None and row.rank is not None:
            places.append(SeriesPlace(series.slug, series.name, series.rule, row.rank, row.score))
    return tuple(places)
