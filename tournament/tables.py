"""The public standings table as plain rows for a template loop (templates/tournament/_standings.html).

django-tables2 took half a second to render 400 players x 14 columns; a plain loop over prepared dicts takes a
tenth of that, and the page is rendered once per change anyway (views/public/live.py). Same columns as before:
rank ('2=' for a shared place) with the movement since the previous session, player, total, country, then each
session's result with its marks (views/public/figures.py writes those cells: 400 x 12 of them).
"""

from django.urls import reverse
from django.utils.safestring import mark_safe

from tournament.display import rank_label
from tournament.selectors.overview import Overview
from tournament.selectors.results import Standings
from tournament.views.public.figures import Figures

MOVE_UP, MOVE_DOWN = "▲", "▼"


def standings_rows(overview: Overview, data: Standings, sessions: range, previous: int | None) -> list[dict]:
    """One dict per ranked player: rank, move (places up since ``previous``; negative is down), name, url,
    disqualified, total, country, cells (the <td> of each session in ``sessions``, as one piece of HTML)."""
    figures = Figures()
    slug = data.tournament.slug
    players_url = reverse("player_schedule", args=[slug, "x"])[: -len("x/")]  # /t/<slug>/players/
    rows = []
    for row in data.rows:
        info = data.player(row)
        by_session = {line.session: line for line in row.sessions}
        rows.append(
            {
                "rank": rank_label(row.rank, row.tied),
                **_move(overview, previous, row),
                "name": info.name,
                "url": f"{players_url}{info.key}/",
                "disqualified": row.status == "disqualified",
                "total": figures.points(row.total),
                "country": info.country or "—",
                "cells": mark_safe(
                    "".join(figures.session_cell(overview, row.player, by_session.get(n)) for n in sessions)
                ),
            }
        )
    return rows


def _move(overview: Overview, previous: int | None, row) -> dict:
    """move: places up since the previous session (negative: down), with its text '▲3' / '▼2' and class."""
    before = overview.row_after(previous, row.player) if previous is not None else None
    move = None if before is None else before.rank - row.rank
    if not move:
        return {"move": move, "move_text": "", "move_css": ""}
    if move > 0:
        return {"move": move, "move_text": f"{MOVE_UP}{move}", "move_css": "up"}
    return {"move": move, "move_text": f"{MOVE_DOWN}{-move}", "move_css": "down"}
