"""The rank chart of a player's page: an SVG drawn on the server (templates/public/_rank_chart.html),
no script and no chart library. Rank 1 is at the top; the vertical axis runs to the number of ranked players.
The first, the last, the best and the worst rank carry their number (the table below the chart has them all).
Every coordinate is handed to the template already written for the browser (display.numbers.machine), so no
language's decimal comma reaches the SVG; only the labels are for people."""

from django.utils.translation import gettext as _

from tournament.display.names import rank_label
from tournament.display.numbers import machine
from tournament.selectors.overview import RankPoint

WIDTH, HEIGHT = 420, 210
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 24, 28  # LEFT: the least room for the axis labels (two digits)
TICK_GAP = 6  # between an axis label and the plot
# The room one digit of an axis label takes, in the SVG's units: 12 units (public.css) at up to 0.75 em for wide
# system fonts and a phone set to larger text (125 %): "1000" was cut at 34 units (issue 28).
DIGIT_ROOM = 12 * 0.75
INSET = 16  # between the axis labels and the first and last session
LABEL_GAP = 9


def rank_chart(history: list[RankPoint], players: int) -> dict | None:
    """Coordinates for the template, or None before the player has a rank after any session."""
    if not history or players < 1:
        return None
    ticks = _ticks(players)
    left = max(LEFT, round(TICK_GAP + 4 + DIGIT_ROOM * len(str(max(ticks)))))
    plot_w, plot_h = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        if len(history) == 1:
            return left + plot_w / 2
        return left + INSET + index * (plot_w - 2 * INSET) / (len(history) - 1)

    def y(rank: int) -> float:
        if players == 1:
            return TOP
        return TOP + (rank - 1) * plot_h / (players - 1)

    ranks = [point.rank for point in history]
    labelled = {0, len(history) - 1, ranks.index(min(ranks)), ranks.index(max(ranks))}
    dots = []
    for i, point in enumerate(history):
        dot_y = y(point.rank)
        below = dot_y - LABEL_GAP < TOP - 4  # no room above the best ranks: the number goes under the dot
        dots.append(
            {
                "x": machine(x(i)),
                "y": machine(dot_y),
                "label": rank_label(point.rank, point.tied) if i in labelled else "",
                "label_y": machine(dot_y + (LABEL_GAP + 8 if below else -LABEL_GAP)),
                "session": point.session,
            }
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": left,
        "tick_x": left - TICK_GAP,
        "right": WIDTH - RIGHT,
        "session_y": HEIGHT - BOTTOM + 18,
        "line": " ".join(f"{dot['x']},{dot['y']}" for dot in dots),
        "dots": dots,
        "ticks": [{"y": machine(y(rank)), "label": rank} for rank in ticks],
        "summary": _summary(history),
    }


def _ticks(players: int) -> list[int]:
    return sorted({1, players, *(round(1 + k * (players - 1) / 4) for k in range(1, 4))})


def _summary(history: list[RankPoint]) -> str:
    ranks = ", ".join(
        _("session %(session)s: %(rank)s")
        % {"session": point.session, "rank": rank_label(point.rank, point.tied)}
        for point in history
    )
    return _("Rank after each session: %(ranks)s") % {"ranks": ranks}
