"""Statistics from the digital score sheets (scoring.statistics; docs/formats.md, "Statistics"): each player's
counts per tournament, and a person's over their tournaments (by EMA number, as ``Player`` is shared between
tournaments by it).

A session counts as the standings count it (the current result of each table, confirmed where the tournament
asks for it: selectors.results.scored_tables); its hands are those of the hand log kept with that result (a result
saved from the digital score sheet, or imported with its ``hands``). A sheet still being filled in is not a
result and does not count. A tournament without any sheet has the places only (``TournamentStatistics.sheets`` 0).
"""

from collections.abc import Iterable
from typing import NamedTuple

from scoring.standings import ScoredTable
from scoring.statistics import TableSheet, Tally, tally_tables
from tournament.models import Registration, TableResult, Tournament
from tournament.selectors.memo import remembered
from tournament.selectors.overview import Overview
from tournament.selectors.players import PlayerInfo, player_infos
from tournament.selectors.results import scored_tables
from tournament.selectors.visibility import standings_visible, tournament_visible


class TournamentStatistics(NamedTuple):
    tournament: Tournament
    tables: int  # tables with a counted result
    sheets: int  # of which kept on a digital score sheet
    players: dict[int, PlayerInfo]  # every registration, alphabetical (selectors.players)
    tallies: dict[int, Tally]  # registration id -> their counts (only those who played a session)

    def tally(self, registration_id: int) -> Tally:
        return self.tallies.get(registration_id, Tally())

    def rows(self) -> list[tuple[PlayerInfo, Tally]]:
        """One row per player who played a session in their own seat, in alphabetical order."""
        return [(info, self.tallies[rid]) for rid, info in self.players.items() if rid in self.tallies]


def tournament_statistics(
    tournament: Tournament, *, tables: Iterable[ScoredTable] | None = None
) -> TournamentStatistics:
    """Every player's statistics of the tournament; ``tables``: its scored tables when the caller has them (an
    overview), else read here."""
    tables = list(scored_tables(tournament) if tables is None else tables)
    sheets = _table_sheets(tournament, tables)
    return TournamentStatistics(
        tournament,
        len(sheets),
        sum(1 for sheet in sheets if sheet.hands is not None),
        player_infos(tournament),
        tally_tables(tournament.rules, sheets),
    )


def overview_statistics(view: Overview) -> TournamentStatistics:
    """The statistics of the overview's tournament, built once per change stamp (selectors.memo), for its pages."""
    tournament = view.latest.tournament
    return remembered(
        f"statistics|{tournament.pk}",
        view.stamp,
        lambda: tournament_statistics(tournament, tables=view.tables.values()),
    )


class TournamentTally(NamedTuple):
    tournament: Tournament
    registration_id: int
    sheets: bool  # the tournament kept digital score sheets (some of its tables)
    tally: Tally


class PersonStatistics(NamedTuple):
    ema_id: str
    tournaments: tuple[TournamentTally, ...]  # latest first (the tournaments' order), those they played in
    total: Tally  # summed over ``tournaments``: the rates are made from the summed counts


def person_statistics(ema_id: str, *, reader=None) -> PersonStatistics:
    """A person's statistics over every tournament they played (by their EMA number) that ``reader`` may see with
    its standings (selectors.visibility: a hidden tournament, or one whose standings are hidden from the reader, is
    left out, not named); ``reader`` None is the command line, which sees every tournament. A tournament where
    they played no session in their own seat is left out too."""
    registrations = Registration.objects.filter(player__ema_id=ema_id).select_related("tournament")
    found = []
    for registration in registrations.order_by("-tournament__start_date", "tournament__name"):
        tournament = registration.tournament
        if reader is not None and not (
            tournament_visible(tournament, reader) and standings_visible(tournament, reader)
        ):
            continue
        tables = [
            table
            for table in scored_tables(tournament)
            if any(seat.player == registration.pk for seat in table.outcomes)
        ]
        sheets = _table_sheets(tournament, tables)
        tally = tally_tables(tournament.rules, sheets).get(registration.pk)
        if tally is not None:
            found.append(TournamentTally(tournament, registration.pk, _has_sheets(tournament), tally))
    total = sum((item.tally for item in found), Tally())
    return PersonStatistics(ema_id, tuple(found), total)


def _table_sheets(tournament: Tournament, tables: list[ScoredTable]) -> list[TableSheet]:
    """The tables with the hand log of their counted result, where it has one."""
    wanted = {(table.session, table.table) for table in tables}
    logs = {}
    if wanted:
        rows = TableResult.objects.filter(
            is_current=True, table__session__tournament=tournament, hands__isnull=False
        ).values_list("table__session__number", "table__number", "hands")
        logs = {(session, table): hands for session, table, hands in rows if (session, table) in wanted}
    return [
        TableSheet(table.session, table.table, table.outcomes, logs.get((table.session, table.table)))
        for table in tables
    ]


def _has_sheets(tournament: Tournament) -> bool:
    return TableResult.objects.filter(
        is_current=True, table__session__tournament=tournament, hands__isnull=False
    ).exists()
