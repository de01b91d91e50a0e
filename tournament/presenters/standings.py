"""The rows of the public standings table, as plain data for templates/public/_standings_rows.html (the
template writes and escapes the HTML; templates/public/_standings.html has the rest of the table).

Same columns as before: rank ('2=' for a shared place) with the movement since the previous session, player,
total, country, then each session's figure with its marks (presenters/figures.py). The page is rendered once per
change (views/public/live.py), so a template loop over 400 players x 16 cells costs once per change, not per
request.
"""

from django.urls import reverse
from django.utils.formats import time_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.standings import CONSOLATION, DISQUALIFIED, FINAL, OUT, StandingRow
from tournament.display.names import rank_label
from tournament.models import Tournament
from tournament.presenters.figures import SessionFigures
from tournament.selectors.overview import Overview
from tournament.selectors.results import Standings

GROUP_HEADINGS = {
    FINAL: gettext_lazy("Final"),
    CONSOLATION: gettext_lazy("Consolation group"),
    OUT: gettext_lazy("As they stood at the cut"),
}


def standings_rows(overview: Overview, data: Standings, sessions: range, previous: int | None) -> list[dict]:
    """Every ranked player: rank ('2=') with the places gained (up) or lost (down) since ``previous`` (the session
    before), the player's page, name, total, country and the figure of each session in ``sessions`` (SessionFigures.figure)."""
    figures = SessionFigures(overview)
    players_url = reverse("player_schedule", args=[data.tournament.slug, "x"])[: -len("x/")]
    rows, group = [], None
    for row in data.rows:
        info = data.player(row)
        heading = GROUP_HEADINGS.get(row.group, "") if row.group != group else ""
        group = row.group
        by_session = {line.session: line for line in row.sessions}
        move = _move(overview, previous, row)
        rows.append(
            {
                "rank": rank_label(row.rank, row.tied),
                "up": max(move, 0),
                "down": max(-move, 0),
                "url": f"{players_url}{info.key}/",
                "name": info.name,
                "disqualified": row.status == DISQUALIFIED,
                "total": figures.points(row.total),
                "country": info.country or "—",
                "cells": [figures.figure(row.player, by_session.get(n)) for n in sessions],
                # after a cut (docs/organisers.md, "Finals and cuts"): a heading above each group, the carry-over
                "heading": str(heading),
                "span": len(sessions) + 4,
                "finalist": row.group == FINAL,
                "carry": None if row.carry is None else figures.points(row.carry),
            }
        )
    return rows


def _move(overview: Overview, previous: int | None, row: StandingRow) -> int:
    """Places gained (3) or lost (-2) since the previous session; 0 when unchanged or not ranked then, and in the
    final ranking against the standings up to the cut (the cut orders everybody anew: no move to show)."""
    cut = overview.cut
    if row.group is not None and cut is not None and previous is not None and previous <= cut.after_session:
        return 0
    before = overview.row_after(previous, row.player) if previous is not None else None
    return 0 if before is None else before.rank - row.rank


def session_complete(view: Overview, number: int) -> bool:
    """Every seated table of the session has a counted result (or the session has no tables)."""
    progress = view.session_progress(number)
    if progress is None or not progress.tables:
        return True
    return all((number, table.table) in view.tables for table in progress.tables)


def provisional_note(tournament: Tournament, view: Overview, number: int) -> str:
    """'Provisional: 2 of 8 tables of session 6 entered · last result 14:05' while the session is incomplete: the
    one wording of provisional standings, on the standings page and on the hall display."""
    progress = view.session_progress(number)
    if not number or session_complete(view, number):
        return ""
    values = {
        "done": sum(1 for table in progress.tables if (number, table.table) in view.tables),
        "total": progress.table_count,
        "session": number,
    }
    if tournament.confirmation_required and not tournament.count_unconfirmed:
        text = ngettext(
            "Provisional: %(done)s of %(total)s table of session %(session)s confirmed",
            "Provisional: %(done)s of %(total)s tables of session %(session)s confirmed",
            values["total"],
        )
    else:
        text = ngettext(
            "Provisional: %(done)s of %(total)s table of session %(session)s entered",
            "Provisional: %(done)s of %(total)s tables of session %(session)s entered",
            values["total"],
        )
    text %= values
    if progress.last_entered_at:
        at = time_format(localtime(progress.last_entered_at), "H:i")
        text += " · " + _("last result %(time)s") % {"time": at}
    return text
