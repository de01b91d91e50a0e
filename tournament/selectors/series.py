"""A series' ranking, computed when asked from its tournaments' standings (docs/organisers.md, "Series"; the rules
are scoring/mers.py's and scoring/series.py's), never stored.

Which tournaments count (``counted_tournaments``): those of the series that are finished (every table of the last
session has a result) and, for a public series, public with their standings shown; a hidden series (its page for
those who manage series) counts its hidden tournaments too. So a public page never shows nor names a hidden one.

A person is the same across tournaments by EMA number; players without one are not in the ranking (their results
are in their tournament's standings only, and the page says how many). Each tournament's figures (the places,
totals and base ranks of its standings, its MERS weight and last day) are built once per change of that
tournament (selectors.memo), so a series of 50 tournaments asks 50 change stamps and computes only what changed.
"""

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from django.utils import timezone

from scoring.mers import MersResult, mers_score
from scoring.series import AVERAGE_BEST, MERS, TotalResult, best_score, shared_ranks, two_decimals
from tournament.display.names import full_name
from tournament.models import Series, Table, TableResult, Tournament
from tournament.selectors.changes import change_stamp
from tournament.selectors.ema_results import ema_results
from tournament.selectors.memo import remembered
from tournament.selectors.players import player_infos
from tournament.selectors.visibility import series_open_to_everybody, with_public_standings


class EntryRow(NamedTuple):
    ema_id: str | None
    first_name: str
    last_name: str
    country: str
    key: str
    place: int
    total: int
    base_rank: int


class TournamentEntry(NamedTuple):
    """One finished tournament's figures for a series."""

    slug: str
    name: str
    last_day: date
    weight: Decimal
    players: int  # N: the ranked players of its final standings
    rows: tuple[EntryRow, ...]


class SeriesLine(NamedTuple):
    tournament: TournamentEntry
    place: int
    total: int
    base_rank: int
    age_factor: Fraction | None  # the MERS rule's; None for the other rules
    counted: bool
    in_part_b: bool = False


class SeriesRow(NamedTuple):
    rank: int | None  # None: not ranked (too few results)
    ema_id: str
    first_name: str
    last_name: str
    country: str
    score: Decimal
    counted: int
    lines: tuple[SeriesLine, ...]
    part_a: Decimal | None = None
    part_b: Decimal | None = None
    padding_a: int = 0
    padding_b: int = 0

    @property
    def name(self) -> str:
        return full_name(self.first_name, self.last_name)


class SeriesRanking(NamedTuple):
    series: Series
    on: date
    tournaments: tuple[TournamentEntry, ...]  # latest first
    rows: tuple[SeriesRow, ...]  # the ranked, best first
    unranked: tuple[SeriesRow, ...]  # with too few results, by name
    without_ema: int  # results of players without an EMA number, left out

    def person(self, ema_id: str) -> SeriesRow | None:
        return next((row for row in (*self.rows, *self.unranked) if row.ema_id == ema_id), None)


def finished(tournament: Tournament) -> bool:
    """Every table of the last session has a (current) result."""
    last = tournament.sessions.order_by("-number").values_list("pk", flat=True).first()
    if last is None:
        return False
    tables = Table.objects.filter(session_id=last).count()
    done = (
        TableResult.objects.filter(table__session_id=last, is_current=True).values("table").distinct().count()
    )
    return tables > 0 and done == tables


def last_day(tournament: Tournament) -> date:
    """The tournament's last day; its first day when no last one is set; else the day it was created."""
    return tournament.end_date or tournament.start_date or timezone.localdate(tournament.created_at)


def tournament_entry(tournament: Tournament) -> TournamentEntry | None:
    """The tournament's figures, None while it is not finished; built once per change of the tournament."""
    return remembered(f"series-entry:{tournament.pk}", change_stamp(tournament), lambda: _entry(tournament))


def _entry(tournament: Tournament) -> TournamentEntry | None:
    tournament = Tournament.objects.get(pk=tournament.pk)  # as of the stamp just read
    if not finished(tournament):
        return None
    results = ema_results(tournament)
    keys = {info.registration_id: info.key for info in player_infos(tournament).values()}
    rows = tuple(
        EntryRow(
            row.ema_id,
            row.first_name,
            row.last_name,
            row.country,
            keys.get(row.registration_id, ""),
            row.place,
            row.score,
            row.base_rank,
        )
        for row in results.rows
    )
    return TournamentEntry(
        tournament.slug, tournament.name, last_day(tournament), results.weight, len(rows), rows
    )


def counted_tournaments(series: Series) -> list[Tournament]:
    """The series' tournaments that may count (see the module's note); finished or not."""
    tournaments = series.tournaments.all()
    if series_open_to_everybody(series):
        tournaments = with_public_standings(tournaments)
    return list(tournaments.order_by("pk"))


def series_ranking(series: Series, on: date | None = None) -> SeriesRanking:
    on = on or timezone.localdate()
    entries = [entry for t in counted_tournaments(series) if (entry := tournament_entry(t)) is not None]
    entries = [entry for entry in entries if entry.last_day <= on]
    entries.sort(key=lambda e: (e.last_day, e.slug), reverse=True)
    people: dict[str, list[tuple[TournamentEntry, EntryRow]]] = {}
    without_ema = 0
    for entry in entries:
        for row in entry.rows:
            if row.ema_id:
                people.setdefault(row.ema_id, []).append((entry, row))
            else:
                without_ema += 1
    scored = [_scored(series, results, on) for results in people.values()]
    ranked = sorted(
        (r for r in scored if r.rank is not None), key=lambda r: (-r.score, r.last_name, r.ema_id)
    )
    ranks = {key: rank for rank, key in shared_ranks([(row.ema_id, row.score) for row in ranked])}
    rows = tuple(row._replace(rank=ranks[row.ema_id]) for row in ranked)
    unranked = tuple(
        sorted((r for r in scored if r.rank is None), key=lambda r: (r.last_name, r.first_name, r.ema_id))
    )
    return SeriesRanking(series, on, tuple(entries), rows, unranked, without_ema)


def _scored(series: Series, results: list[tuple[TournamentEntry, EntryRow]], on: date) -> SeriesRow:
    latest = results[0][1]
    person = (latest.ema_id, latest.first_name, latest.last_name, latest.country)
    by_slug = {entry.slug: (entry, row) for entry, row in results}
    if series.rule == MERS:
        return _mers_row(person, by_slug, on)
    outcome = best_score(
        [TotalResult(e.slug, e.last_day, r.place, e.players, r.total) for e, r in results],
        best=series.best or 1,
        minimum=series.minimum or 1,
        average=series.rule == AVERAGE_BEST,
        on=on,
    )
    lines = tuple(
        SeriesLine(
            by_slug[line.result.tournament][0],
            line.result.place,
            line.result.total,
            by_slug[line.result.tournament][1].base_rank,
            None,
            line.counted,
        )
        for line in outcome.lines
    )
    return SeriesRow(
        0 if outcome.ranked else None, *person, two_decimals(outcome.score), outcome.counted, lines
    )


def _mers_row(person, by_slug, on: date) -> SeriesRow:
    outcome = mers_score(
        [
            MersResult(e.slug, e.last_day, r.place, e.players, r.base_rank, e.weight)
            for e, r in by_slug.values()
        ],
        on,
    )
    lines = tuple(
        SeriesLine(
            by_slug[line.result.tournament][0],
            line.result.place,
            by_slug[line.result.tournament][1].total,
            line.result.base_rank,
            line.age_factor,
            line.counted,
            line.in_part_b,
        )
        for line in outcome.lines
    )
    return SeriesRow(
        0 if outcome.ranked else None,
        *person,
        two_decimals(outcome.score),
        outcome.counted,
        lines,
        two_decimals(outcome.part_a),
        two_decimals(outcome.part_b),
        outcome.part_a_padding,
        outcome.part_b_padding,
    )


def visible_series(slug: str, *, manager: bool) -> Series | None:
    """The series of ``slug`` if the reader may see it: a hidden one only by those who manage series."""
    series = Series.objects.filter(slug=slug).first()
    if series is None or not (series_open_to_everybody(series) or manager):
        return None
    return series
