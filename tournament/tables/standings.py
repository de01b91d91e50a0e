"""The rows of the public standings table (templates/public/_standings.html has the rest of the table).

django-tables2 took half a second to render 400 players x 14 columns; these rows take about ten milliseconds, and
the page is rendered once per change anyway (views/public/live.py). Same columns as before: rank ('2=' for a
shared place) with the movement since the previous session, player, total, country, then each session's result
with its marks (views/public/figures.py writes those cells).
"""

from html import escape

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournament.display.names import rank_label
from tournament.selectors.overview import Overview
from tournament.selectors.results import Standings
from tournament.tables.figures import Figures

MOVE_UP, MOVE_DOWN = "▲", "▼"


def standings_rows(overview: Overview, data: Standings, sessions: range, previous: int | None) -> SafeString:
    """The <tr> of every ranked player, as one piece of HTML: rank ('2=') with the places gained or lost since
    ``previous`` (the session before), the player's name linked to their page, the total, the country and the <td>
    of each session in ``sessions``. Written here rather than in a template loop: 400 rows x 16 cells."""
    figures = Figures()
    players_url = reverse("player_schedule", args=[data.tournament.slug, "x"])[: -len("x/")]
    disqualified = escape(_("disqualified"))
    html = []
    for position, row in enumerate(data.rows, start=1):
        info = data.player(row)
        by_session = {line.session: line for line in row.sessions}
        dq = row.status == "disqualified"
        row_class = ' class="disqualified"' if dq else ""
        badge = f' <span class="badge">{disqualified}</span>' if dq else ""
        cells = "".join(figures.session_cell(overview, row.player, by_session.get(n)) for n in sessions)
        html.append(
            f'<tr data-anchor="{position}"{row_class}>'
            f'<td class="rank">{rank_label(row.rank, row.tied)}{_move(overview, previous, row)}</td>'
            f'<td class="name"><a href="{escape(players_url + info.key)}/">{escape(info.name)}</a>{badge}</td>'
            f'<td class="points total">{escape(figures.points(row.total))}</td>'
            f'<td class="country">{escape(info.country or "—")}</td>{cells}</tr>\n'
        )
    return mark_safe("".join(html))


def _move(overview: Overview, previous: int | None, row) -> str:
    """' ▲3' for three places up since the previous session, ' ▼2' for two down, nothing when unchanged."""
    before = overview.row_after(previous, row.player) if previous is not None else None
    move = 0 if before is None else before.rank - row.rank
    if move > 0:
        return f' <span class="move up">{MOVE_UP}{move}</span>'
    if move < 0:
        return f' <span class="move down">{MOVE_DOWN}{-move}</span>'
    return ""
