"""The tournament's cut as stored (tournament.models.finals), read for the final ranking: one query, asked by the
standings (selectors.results, selectors.overview) whenever they are computed (docs/organisers.md, "Finals and
cuts")."""

from collections.abc import Sequence

from scoring.finals import Cut, final_ranking
from scoring.standings import StandingRow
from tournament.models import CutPlace, Tournament


def stored_cut(tournament: Tournament) -> Cut | None:
    """The cut with each finalist's (and consolation player's) group by registration id, or None."""
    rows = list(
        CutPlace.objects.filter(cut__tournament=tournament).values_list(
            "cut__after_session", "cut__carry", "registration_id", "group"
        )
    )
    if not rows:
        return None
    after_session, carry = rows[0][0], rows[0][1]
    return Cut(after_session, carry, {registration_id: group for *_, registration_id, group in rows})


def applies(cut: Cut | None, after_session: int | None) -> bool:
    """The final ranking replaces the standings' order after the cut (the standings after session N or before it
    are the standings as they stood)."""
    return cut is not None and (after_session is None or after_session > cut.after_session)


def ranked(
    rows: Sequence[StandingRow], cut: Cut | None, after_session: int | None
) -> tuple[tuple[StandingRow, ...], tuple[StandingRow, ...]]:
    """(the rows in the order the standings show, the rows by their totals): the final ranking and the plain
    standings after the cut, the standings twice before it."""
    rows = tuple(rows)
    if not applies(cut, after_session):
        return rows, rows
    return final_ranking(rows, cut), rows
