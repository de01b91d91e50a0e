"""The hall screen's pages: the next session's seating (by table and by name), the standings and the side rankings,
cut into pages that fit a 16:9 screen (each kind of page a grid: tournament.display.hall_pages). Built from the
reads of tournament.selectors (selectors.hall: the organiser's choice and the next seating session; the
standings), the figures in the page's language (tournament.display.numbers)."""

from typing import NamedTuple

from scoring.standings import DISQUALIFIED, FINAL
from tournament import selectors
from tournament.display.hall_pages import PageLayout, layout
from tournament.display.names import (
    full_name,
    listed_name,
    name_sort_key,
    rank_label,
    seat_name,
    substituting,
)
from tournament.display.numbers import points
from tournament.models import HallDisplay, Session, Tournament
from tournament.selectors.results import Standings, last_session
from tournament.selectors.seating import session_tables


class Page(NamedTuple):
    kind: str  # a HallDisplay page
    number: int  # 1-based
    count: int
    items: list
    layout: PageLayout  # the grid the page is cut to

    @property
    def columns(self) -> list[list]:
        return self.layout.column_lists(self.items)


def _paged(kind: str, items: list, *, grid_of: str | None = None) -> list[Page]:
    """``grid_of``: the kind whose grid the pages take (a finalists' slide is laid out as the standings)."""
    grid = layout(grid_of or kind)
    chunks = grid.pages(items)
    return [
        Page(kind, number, len(chunks), chunk, grid.page_grid(len(chunk)))
        for number, chunk in enumerate(chunks, start=1)
    ]


class HallSeat(NamedTuple):
    wind: str
    name: str  # as people say it: "Joris van den Berg"; "Jan Jansen (for Joris van den Berg)" (5.8)
    listed: str  # as an alphabetical list shows it: "Berg, Joris van den"
    table: int
    substituted: bool = (
        False  # a substitute plays the seat: the screen wraps the line rather than cut "(for ...)"
    )


def seating_pages(session: Session) -> tuple[list[Page], list[Page]]:
    """The session's seating by table and by name (tournament.display.names order), a grid a page."""
    tables, seats = [], []
    for table in session_tables(session):
        lines = []
        for seat in table["seats"]:
            player, substitute = seat.registration.player, seat.substitute_label
            line = HallSeat(
                seat.wind,
                seat_name(full_name(player.first_name, player.last_name), substitute),
                seat_name(listed_name(player.last_name, player.first_name), substitute),
                table["number"],
                bool(substitute),
            )
            lines.append(line)
            seats.append((name_sort_key(player.last_name, player.first_name), line))
            if substitute:  # as on the wall list: the substitute under their own name too, "for" the player
                seats.append(_substitute_line(seat, line))
        tables.append((table["number"], lines))
    seats.sort(key=lambda pair: pair[0])
    by_name = [line for _key, line in seats]
    return (
        _paged(HallDisplay.SEATING_TABLES, tables),
        _paged(HallDisplay.SEATING_NAMES, by_name),
    )


def _substitute_line(seat, line: HallSeat) -> tuple[tuple, HallSeat]:
    """A substitute's own line of the seating by name: a reserve by their registered name, a guest as typed."""
    reserve = seat.substitute_reserve.player if seat.substitute_reserve_id else None
    first, last = (reserve.first_name, reserve.last_name) if reserve else ("", seat.substitute_guest)
    player = seat.registration.player
    listed = substituting(listed_name(last, first), listed_name(player.last_name, player.first_name))
    return name_sort_key(last, first), line._replace(listed=listed)


class HallStanding(NamedTuple):
    rank: str  # "2=" for a shared place
    name: str
    country: str
    total: str  # in the page's language
    disqualified: bool
    carry: str = ""  # after a cut: a finalist's carried total, in the page's language


def standings_pages(tournament: Tournament, standings: Standings | None = None) -> tuple[int, list[Page]]:
    """The standings after the last session with results (that session's number, 0 before any), a grid a page;
    ``standings``: already computed (the public pages' overview), else computed now."""
    standings = selectors.standings(tournament) if standings is None else standings
    if not standings.sessions:
        return 0, []
    return last_session(standings), _paged(HallDisplay.STANDINGS, standing_rows(standings))


def standing_rows(standings: Standings) -> list[HallStanding]:
    """The hall screen's standings rows: place ('2='), name, country, total in the page's language, and whether
    the player is disqualified, in standings order."""
    rows = []
    for row in standings.rows:
        info = standings.player(row)
        rows.append(
            HallStanding(
                rank_label(row.rank, row.tied),
                info.name,
                info.country,
                points(row.total),
                row.status == DISQUALIFIED,
                "" if row.carry is None else points(row.carry),
            )
        )
    return rows


FINALISTS = "finalists"  # the hall's announcement of the finalists: a slide before the standings after a cut


def finalist_pages(standings: Standings) -> list[Page]:
    """The finalists as the final ranking has them (by their carry-over before the final is played), on the
    standings' grid; none without a cut (docs/organisers.md, "Finals and cuts")."""
    rows = zip(standing_rows(standings), standings.rows, strict=True)
    finalists = [row for row, standing in rows if standing.group == FINAL]
    return _paged(FINALISTS, finalists, grid_of=HallDisplay.STANDINGS) if finalists else []


def ranking_pages(rows: list) -> list[Page]:
    """A side ranking's rows (presenters.side_rankings.ranking_rows), a grid a page."""
    return _paged(HallDisplay.RANKINGS, rows)
