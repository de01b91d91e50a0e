"""Score sheets: one page per table, the seats with their winds, the hand grid and the final rows, signatures, and a QR
code of the table's page for the referee."""

from typing import NamedTuple

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring.table import WINDS
from tournament.display.numbers import points_full
from tournament.display.winds import WIND_KANJI
from tournament.printing import score_grid
from tournament.printing.documents import (
    Document,
    DocumentRequestError,
    SeatLine,
    TableSeating,
    register,
    session_tables,
)
from tournament.printing.qr import qr_data_uri
from tournament.printing.score_grid import grid_data_uri

HAND_ROWS = 22  # a hanchan is 8 hands plus repeats; 22 rows hold a long one
ROW_HEIGHT = 7.3  # mm: room for "+12,000" written by hand
START_ROW_HEIGHT = 6
SEATS_ROW_HEIGHT = 16  # a 40-character name on three lines, or a substitute's and "for <player>" under it
HEADINGS_ROW_HEIGHT = 7


def score_head_rows() -> list[score_grid.Row]:
    """The seats (name, EMA number) and the column headings."""
    return [
        score_grid.Row("seats", SEATS_ROW_HEIGHT, _("Seat at the start")),
        score_grid.Row("headings", HEADINGS_ROW_HEIGHT),
    ]


def score_body_rows(uma: str) -> list[score_grid.Row]:
    """The start, a row per hand, then the final rows (one box per player)."""
    row = score_grid.Row
    return [
        row("start", START_ROW_HEIGHT, _("Start")),
        *[row("hand", ROW_HEIGHT, str(hand)) for hand in range(1, HAND_ROWS + 1)],
        row("final", ROW_HEIGHT, _("Final raw points"), strong_above=True),
        row("final", ROW_HEIGHT, _("Place (1-4)")),
        row("final", ROW_HEIGHT, _("Uma"), hint=uma),
        row("final", ROW_HEIGHT, _("Penalties")),
        row("final", ROW_HEIGHT, _("Result")),
    ]


def score_headings() -> list[str]:
    left = ["#", _("Round"), _("Dealer"), _("Counters"), _("Won"), _("Dealt in")]
    return left + [pgettext("riichi declared, one letter", "R"), "±", _("Total")] * 4


class ScoreSheet(NamedTuple):
    number: int | None
    seats: tuple[SeatLine, ...]
    url: str  # the table's page for the referee
    qr: str  # its QR code, an SVG data URI ("" without a table number)


@register
class ScoreSheets(Document):
    identifier = "score-sheets"
    name = gettext_lazy("Score sheets")
    template = "print/score_sheets.html"
    options = ("session", "blank")
    needs_session = True
    pages_stand_alone = True

    def filename(self) -> str:
        blank = "-blank" if self.given.get("blank") else ""
        return f"{self.tournament.slug}-score-sheets{blank}-session-{self.session.number}.pdf"

    def context(self) -> dict:
        rules = self.tournament.rules
        uma = " / ".join(points_full(value) for value in rules.uma)
        head, body = score_head_rows(), score_body_rows(uma)
        return {
            "session": self.session,
            "sheets": self._sheets(),
            "head": head,
            "rows": body,
            "row_heights": {row.kind: row.height for row in body},
            "headings": score_headings(),
            "grid_image": grid_data_uri(head + body),
            "columns": score_grid.COLUMNS,
            "left_width": score_grid.LEFT_WIDTH,
            "total_offset": score_grid.TOTALS[0][0]
            - score_grid.PLAYER_STARTS[0],  # the same in each player's part
            "total_width": score_grid.TOTALS[0][1],
            "starting_points": points_full(rules.starting_points, sign=False),
            "table_sum": points_full(rules.table_sum, sign=False),
            "uma": uma,
            "rules_name": self.tournament.get_ruleset_display(),  # in the sheet's language (rules.name is English)
        }

    def _sheets(self) -> list[ScoreSheet]:
        return [self._with_qr(table) for table in self._tables()]

    def _with_qr(self, table: TableSeating) -> "ScoreSheet":
        """The referee's page of the table (the digital score sheet); none on a sheet without a table number."""
        if table.number is None:
            return ScoreSheet(table.number, table.seats, "", "")
        path = reverse("referee_table", args=[self.tournament.slug, self.session.number, table.number])
        url = self.absolute_url(path)
        return ScoreSheet(table.number, table.seats, url, qr_data_uri(url))

    def _tables(self) -> list[TableSeating]:
        tables = session_tables(self.session)
        if not self.given.get("blank"):
            if not tables:
                raise DocumentRequestError(
                    f"session {self.session.number} of {self.tournament.slug} has no seating yet"
                )
            return tables
        empty = tuple(SeatLine(wind, WIND_KANJI[wind], "", "", "", "") for wind in WINDS)
        return [TableSeating(table.number, empty) for table in tables] or [TableSeating(None, empty)]
