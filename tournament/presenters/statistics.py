"""A player's statistics as people see them (templates/public/_statistics.html): a small table of the figures in
the reader's language and two bar charts drawn on the server as SVG (no script, no chart library): the hands
played, split into won by ron, won by tsumo, dealt in and neither; and how often they finished 1st to 4th.

``statistics_panel`` takes a ``scoring.statistics.Tally``: one tournament's (selectors.statistics) or a person's
over their tournaments (``person_statistics(...).total``), so the history page shows it the same way. Every
coordinate is written for the browser (display.numbers.machine), only the labels are for people."""

from fractions import Fraction

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from scoring.statistics import PLACE_DECIMALS, Tally, fixed
from tournament.display.numbers import decimal, machine, percent, whole
from tournament.display.prizes import place_ordinal
from tournament.selectors.statistics import PersonStatistics

CHART_WIDTH = 320
ROW = 34  # a bar's row: its label above, the bar below
BAR = 12
LABEL_Y = 13
VALUE_ROOM = 64  # right of the longest bar: its figure ("12 · 40.0%")


def statistics_panel(tally: Tally, *, tournament_sheets: bool = True) -> dict | None:
    """The table's lines, the charts and a note; None for a player without a session played in their own seat.
    ``tournament_sheets``: whether any table of the tournament (any of a person's tournaments) was on a sheet."""
    if not tally.sessions:
        return None
    language = get_language()
    lines = []
    if tally.sheets:
        lines += _hand_lines(tally, language)
    lines += [
        (_("Sessions played"), whole(tally.sessions, language=language)),
        (
            _("Average place"),
            decimal(fixed(tally.average_place, PLACE_DECIMALS), places=PLACE_DECIMALS, language=language),
        ),
    ]
    return {
        "lines": lines,
        "charts": ([_hands_chart(tally, language)] if tally.hands else []) + [_places_chart(tally, language)],
        "note": _note(tally, tournament_sheets),
    }


def person_panel(person: PersonStatistics) -> dict | None:
    """A person's statistics over their tournaments (selectors.statistics.person_statistics), for their history
    page: ``{% include "public/_statistics.html" with statistics=panel %}``."""
    return statistics_panel(person.total, tournament_sheets=any(item.sheets for item in person.tournaments))


def _hand_lines(tally: Tally, language: str) -> list[tuple[str, str]]:
    def rate(value):
        return percent(value, language=language)

    lines = [
        (_("Hands played"), whole(tally.hands, language=language)),
        (_("Wins (ron / tsumo)"), f"{tally.wins} ({tally.ron} / {tally.tsumo})"),
        (_("Win rate"), rate(tally.win_rate)),
        (_("Deal-ins"), whole(tally.deal_ins, language=language)),
        (_("Deal-in rate"), rate(tally.deal_in_rate)),
        (_("Riichi declared"), whole(tally.riichi, language=language)),
        (_("Riichi rate"), rate(tally.riichi_rate)),
    ]
    if tally.wins:
        lines += [
            (_("Average win"), whole(int(fixed(tally.average_win, 0)), language=language)),
            (_("Highest hand"), whole(tally.highest_win, language=language)),
        ]
    lines.append((_("Chombos"), whole(tally.chombos, language=language)))
    return lines


def _hands_chart(tally: Tally, language: str) -> dict:
    """The hands played as four bars, each a share of every hand (they add up to the whole)."""
    neither = tally.hands - tally.wins - tally.deal_ins
    parts = [
        ("win", _("Won by ron"), tally.ron),
        ("win", _("Won by tsumo"), tally.tsumo),
        ("deal-in", pgettext("statistics: hands a player dealt in", "Dealt in"), tally.deal_ins),
        ("other", _("Neither"), neither),
    ]
    bars = [
        (
            kind,
            label,
            count,
            f"{count} · {percent(Fraction(count, tally.hands), language=language)}",
        )
        for kind, label, count in parts
    ]
    title = _("Hands played: %(hands)s") % {"hands": whole(tally.hands, language=language)}
    return _chart(bars, tally.hands, title)


def _places_chart(tally: Tally, language: str) -> dict:
    counts = tally.places
    bars = [
        ("place", place_ordinal(place), count, whole(count, language=language))
        for place, count in enumerate(counts, start=1)
    ]
    title = ngettext("Places in %(count)s session", "Places in %(count)s sessions", tally.sessions) % {
        "count": whole(tally.sessions, language=language)
    }
    return _chart(bars, max(counts), title)


def _chart(bars, scale: int, title: str) -> dict:
    """Bars of ``count`` / ``scale`` of the width, each with its label above it and its figure after it."""
    room = CHART_WIDTH - VALUE_ROOM
    rows = []
    for index, (kind, label, count, figure) in enumerate(bars):
        top = index * ROW
        length = room * count / scale if scale else 0
        rows.append(
            {
                "kind": kind,
                "label": label,
                "figure": figure,
                "label_y": machine(top + LABEL_Y),
                "bar_y": machine(top + LABEL_Y + 5),
                "width": machine(float(length)),
                "figure_x": machine(float(length) + 6),
                "figure_y": machine(top + LABEL_Y + 5 + BAR - 2),
            }
        )
    summary = "; ".join(f"{row['label']}: {row['figure']}" for row in rows)
    return {
        "width": CHART_WIDTH,
        "height": ROW * len(rows),
        "bar": BAR,
        "rows": rows,
        "title": title,
        "summary": f"{title}. {summary}",
    }


def _note(tally: Tally, tournament_sheets: bool) -> str:
    if not tournament_sheets:
        return _("No digital score sheets were kept: the places only.")
    if not tally.sheets:
        return _("None of these sessions was on a digital score sheet: the places only.")
    if tally.sheets < tally.sessions:
        return ngettext(
            "The hands of %(sheets)s of %(sessions)s session (those on a digital score sheet).",
            "The hands of %(sheets)s of %(sessions)s sessions (those on a digital score sheet).",
            tally.sessions,
        ) % {"sheets": tally.sheets, "sessions": tally.sessions}
    return ""
