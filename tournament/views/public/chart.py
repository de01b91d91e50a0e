"""The rank chart of a player's page: an SVG drawn on the server (templates/tournament/seating/_rank_chart.html),
no script and no chart library. Rank 1 is at the top; the vertical axis runs to the number of ranked players."""

from django.utils.translation import gettext as _

from tournament.display import rank_label
from tournament.selectors.overview import RankPoint

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 20, 22, 30


def rank_chart(history: list[RankPoint], players: int) -> dict | None:
    """Coordinates for the template, or None before the player has a rank after any session."""
    if not history or players < 1:
        return None
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        if len(history) == 1:
            return LEFT + plot_w / 2
        return LEFT + index * plot_w / (len(history) - 1)

    def y(rank: int) -> float:
        if players == 1:
            return TOP
        return TOP + (rank - 1) * plot_h / (players - 1)

    dots = [
        {
            "x": round(x(i), 1),
            "y": round(y(point.rank), 1),
            "label_y": round(y(point.rank) - 9, 1),
            "label": rank_label(point.rank, point.tied),
            "session": point.session,
        }
        for i, point in enumerate(history)
    ]
    ticks = sorted({1, players, *(round(1 + k * (players - 1) / 4) for k in range(1, 4))})
    summary = ", ".join(
        _("session %(session)s: %(rank)s") % {"session": dot["session"], "rank": dot["label"]} for dot in dots
    )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "tick_x": LEFT - 8,
        "right": WIDTH - RIGHT,
        "session_y": HEIGHT - BOTTOM + 20,
        "line": " ".join(f"{dot['x']},{dot['y']}" for dot in dots),
        "dots": dots,
        "ticks": [{"y": round(y(rank), 1), "label": rank} for rank in ticks],
        "summary": _("Rank after each session: %(ranks)s") % {"ranks": summary},
    }
