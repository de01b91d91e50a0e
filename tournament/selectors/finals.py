"""The cut and the final, read (docs/organisers.md, "Finals and cuts"): the preview of a cut (who goes through, how,
with what carried over) that the organiser's page and the ``finals`` command show before anything is written, the
stored cut as the pages show it, and the seating of a final session after the first (by the standings within the
final, as Swiss seating does). The rules are scoring.finals'; services.finals writes."""

from typing import NamedTuple

from scoring.errors import ScoringError
from scoring.finals import BY_ORGANISER, CARRIES, carried, check_cut, choose_finalists, consolation_players
from scoring.finals import eligible as eligible_rows
from scoring.limits import MAX_SESSIONS
from scoring.seating.schedule import ScheduleError
from scoring.seating.swiss import swiss_session
from scoring.standings import CONSOLATION, FINAL, StandingRow
from tournament import selectors
from tournament.errors import DomainError
from tournament.models import Cut, CutPlace, Tournament
from tournament.selectors.players import PlayerInfo
from tournament.selectors.progress import sessions_with_results
from tournament.selectors.seating_plan import stored_seating

TABLE_SIZE = 4


class Through(NamedTuple):
    """A player who plays on after the cut: their place and total at the cut, the carry-over, how they went
    through (scoring.finals: "total", a tie-break's name, "organiser"; "" in the consolation group)."""

    player: PlayerInfo
    group: str
    place: int
    total: int
    carry: int
    how: str


class CutPreview(NamedTuple):
    after_session: int
    top: int
    carry: str
    sessions: int
    consolation: bool
    players: tuple[Through, ...]  # the finalists, then the consolation group, in their order at the cut
    undecided: tuple[Through, ...]  # level at the cut, not separated: the organiser names who goes through
    open_places: int  # how many of ``undecided`` go through

    @property
    def numbers(self) -> tuple[int, ...]:
        """The final sessions' numbers."""
        return tuple(range(self.after_session + 1, self.after_session + self.sessions + 1))

    @property
    def finalists(self) -> tuple[Through, ...]:
        return tuple(through for through in self.players if through.group == FINAL)

    @property
    def consolation_group(self) -> tuple[Through, ...]:
        return tuple(through for through in self.players if through.group == CONSOLATION)

    @property
    def decided(self) -> bool:
        return not self.undecided

    def tables(self, group: str) -> list[list[PlayerInfo]]:
        """The first final session's tables of a group: by place, four at a table (E, S, W, N)."""
        chosen = [through.player for through in self.players if through.group == group]
        return [chosen[i : i + TABLE_SIZE] for i in range(0, len(chosen), TABLE_SIZE)]


def preview_cut(
    tournament: Tournament,
    *,
    after_session: int,
    top: int,
    carry: str,
    sessions: int = 1,
    consolation: bool = False,
    decided: tuple[str, ...] = (),
) -> CutPreview:
    """Who goes through and what they carry; DomainError for a cut that cannot be made (nothing is written here).
    ``decided`` are the keys of the players the organiser sends through where the tie-breaks leave a tie."""
    if Cut.objects.filter(tournament=tournament).exists():
        raise DomainError.coded("cut_exists", number=tournament.cut.after_session)
    _check_sessions(tournament, after_session, sessions)
    if carry not in CARRIES:
        raise DomainError.coded("cut_carry", carry=carry, known=", ".join(CARRIES))
    standings = selectors.standings(tournament, after_session=after_session)
    rows = standings.rows
    try:
        check_cut(top, len(eligible_rows(rows)), sessions)
    except ScoringError as error:
        raise DomainError.from_scoring(error) from error
    by_key = {info.key: info for info in standings.players.values()}
    unknown = [key for key in decided if key not in by_key]
    if unknown:
        raise DomainError.coded("unknown_player/key", key=unknown[0])
    choice = choose_finalists(
        rows, top, tournament.tie_breaks or (), {by_key[key].registration_id for key in decided}
    )
    through = dict(choice.through)
    rest = consolation_players(rows, through) if consolation and not choice.undecided else []
    if len(rest) % TABLE_SIZE:
        raise DomainError.coded("cut_consolation_tables", count=len(rest))
    players = tuple(
        [_through(standings, row, FINAL, through[row.player], carry) for row in rows if row.player in through]
        + [_through(standings, row, CONSOLATION, "", carry) for row in rows if row.player in set(rest)]
    )
    level = set(choice.undecided)
    undecided = tuple(_through(standings, row, FINAL, "", carry) for row in rows if row.player in level)
    return CutPreview(
        after_session, top, carry, sessions, consolation, players, undecided, choice.open_places
    )


def refuse_undecided(preview: CutPreview) -> CutPreview:
    """The preview, or the refusal of a tie the tie-breaks leave (naming the players) while nobody decided it."""
    if preview.undecided:
        raise DomainError.coded(
            "cut_tie",
            place=preview.top,
            players=", ".join(f"{t.player.name} ({t.player.key})" for t in preview.undecided),
            count=preview.open_places,
        )
    return preview


def _through(standings, row: StandingRow, group: str, how: str, carry: str) -> Through:
    return Through(standings.player(row), group, row.rank, row.total, carried(row.total, carry), how)


def _check_sessions(tournament: Tournament, after_session: int, sessions: int) -> None:
    """N a played session and the last with results; the final's sessions within MAX_SESSIONS."""
    played = sessions_with_results(tournament)
    if after_session not in played:
        raise DomainError.coded("cut_not_played", number=after_session)
    later = sorted(number for number in played if number > after_session)
    if later:
        raise DomainError.coded("cut_later_results", number=after_session, later=later[0])
    if after_session + sessions > MAX_SESSIONS:
        raise DomainError.coded("too_many_sessions/plan", count=after_session + sessions, max=MAX_SESSIONS)


class StoredCut(NamedTuple):
    """The tournament's cut as the pages show it."""

    cut: Cut
    places: tuple[CutPlace, ...]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(range(self.cut.after_session + 1, self.cut.after_session + self.cut.sessions + 1))

    @property
    def decided_by_organiser(self) -> tuple[CutPlace, ...]:
        return tuple(place for place in self.places if place.how == BY_ORGANISER)


def tournament_cut(tournament: Tournament) -> StoredCut | None:
    cut = Cut.objects.filter(tournament=tournament).first()
    if cut is None:
        return None
    places = tuple(cut.places.select_related("registration__player").order_by("place"))
    return StoredCut(cut, places)


def final_results_entered(tournament: Tournament, cut: Cut) -> bool:
    """Whether a final session has a result (then the cut can no longer be undone)."""
    return any(number > cut.after_session for number in sessions_with_results(tournament))


def final_seating(tournament: Tournament, number: int, *, seed: int = 0) -> list[list[int]]:
    """A final session after the first, seated by the standings within the final after the session before it
    (scoring.seating.swiss: top players together, no rematch where it can be avoided); the consolation group's
    tables after the finalists'. Lists of registration ids in seat order E, S, W, N."""
    cut = Cut.objects.filter(tournament=tournament).first()
    if cut is None:
        raise DomainError.coded("no_cut")
    if not cut.after_session + 1 < number <= cut.after_session + cut.sessions:
        raise DomainError.coded(
            "cut_not_final_session",
            number=number,
            first=cut.after_session + 2,
            last=cut.after_session + cut.sessions,
        )
    played = sessions_with_results(tournament)
    if number in played:
        raise DomainError.coded("session_has_results", number=number)
    if number - 1 not in played:
        raise DomainError.coded("cut_previous_unplayed", number=number, previous=number - 1)
    standings = selectors.standings(tournament, after_session=number - 1)
    stored = stored_seating(tournament)
    tables: list[list[int]] = []
    for group in (FINAL, CONSOLATION):
        ranking = [row.player for row in standings.rows if row.group == group]
        tables.extend(_swiss(ranking, stored, cut.after_session, number, seed))
    return tables


def _swiss(ranking: list[int], stored, after_session: int, number: int, seed: int) -> list[list[int]]:
    """The group's players seated by their ranking within the final; the meetings of the final sessions before
    this one counted (the players met in the regular sessions are not avoided again: the final is for the best)."""
    if not ranking:
        return []
    index = {player: i for i, player in enumerate(ranking)}
    history = tuple(
        tuple(tuple(index[p] for p in table) for table in stored.get(n, []) if table and table[0] in index)
        for n in range(after_session + 1, number)
    )
    try:
        seated = swiss_session(list(range(len(ranking))), history, seed=seed)
    except ScheduleError as error:
        raise DomainError.from_scoring(error) from error
    return [[ranking[p] for p in table] for table in seated]
