"""Issue "Trust on the day", item 13: a digital score sheet has at most MAX_SHEET_LINES lines (hands, undos, the
time signal) and a game at most MAX_HANDS hands (scoring.limits); the next line is refused and nothing is written."""

import pytest

from scoring.limits import MAX_HANDS, MAX_SHEET_LINES
from tournament.models import AuditEntry, SheetEntry, Table
from tournament.services import DomainError
from tournament.services.sheets import add_line


@pytest.fixture
def table(demo):
    return Table.objects.select_related("session__tournament").get(
        session__tournament=demo, session__number=6, number=1
    )


def lines(table, kinds) -> None:
    SheetEntry.objects.bulk_create(
        SheetEntry(
            table=table,
            seq=seq,
            kind=kind,
            hand={"chombo": "E"} if kind == SheetEntry.HAND else None,
            submission_key=f"line-{seq:06d}",
            entered_by_label="test",
        )
        for seq, kind in enumerate(kinds, start=1)
    )


def add_chombo(table, count: int):
    before = (SheetEntry.objects.count(), AuditEntry.objects.count())
    with pytest.raises(DomainError) as caught:
        add_line(
            actor=None,
            table=table,
            kind=SheetEntry.HAND,
            hand={"chombo": "E"},
            expected_count=count,
            submission_key="one-more-line",
        )
    assert (SheetEntry.objects.count(), AuditEntry.objects.count()) == before
    return caught.value


def test_a_sheet_of_max_sheet_lines_takes_no_more(table):
    lines(table, [SheetEntry.HAND, SheetEntry.UNDO] * (MAX_SHEET_LINES // 2))
    error = add_chombo(table, MAX_SHEET_LINES)
    assert error.code == "sheet_full" and f"has {MAX_SHEET_LINES} lines" in error.message


def test_a_game_takes_no_more_than_max_hands(table):
    lines(table, [SheetEntry.HAND] * MAX_HANDS)
    error = add_chombo(table, MAX_HANDS)
    assert error.code == "too_many_hands" and f"a game has at most {MAX_HANDS}" in error.message
