"""The EMA results file and the MERS preview always use the shared places of the standings (EMA 2016: equal totals
share the place): the tournament's tie-breaks for prizes change neither (docs/organisers.md, "Side rankings and
prizes").

TIE (tests/tournament/side_event.py, worked in tests/scoring/test_side_rankings.py): p and q tie first at 60,000;
most_firsts would put q first, best_session p."""

import csv
import io

import pytest
from openpyxl import load_workbook

from tests.tournament.side_event import tie_event
from tournament.exporters.catalogue import build_exporter
from tournament.selectors.ema_results import ema_results

pytestmark = pytest.mark.django_db


def places(tournament) -> list[tuple]:
    rows = list(csv.reader(io.StringIO(build_exporter("ema-csv", tournament).render().decode("utf-8"))))
    return [(row[2], row[3], row[7]) for row in rows[1:]]  # place, first name, score


def cells(tournament) -> list[tuple]:
    """Every cell of the EMA workbook (its bytes hold the time it was written)."""
    sheet = load_workbook(io.BytesIO(build_exporter("ema-xlsx", tournament).render())).active
    return list(sheet.iter_rows(values_only=True))


def test_tie_breaks_change_neither_the_ema_file_nor_the_mers_preview():
    tournament = tie_event()
    before = (build_exporter("ema-csv", tournament).render(), cells(tournament))
    preview = [(row.place, row.first_name, row.base_rank) for row in ema_results(tournament).rows]
    assert places(tournament) == [
        ("1", "Piet", "60000"),
        ("1", "Quinta", "60000"),
        ("3", "Rob", "-47500"),
        ("4", "Sanne", "-72500"),
    ]
    for tie_breaks in (["most_firsts"], ["best_session", "last_session"]):
        tournament.tie_breaks = tie_breaks
        tournament.save(update_fields=["tie_breaks"])
        assert (build_exporter("ema-csv", tournament).render(), cells(tournament)) == before
        assert [(row.place, row.first_name, row.base_rank) for row in ema_results(tournament).rows] == preview
