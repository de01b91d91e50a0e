"""Results files for the tests of the paper fallback (reader, service, command, page): rows built from the seating."""

import io

from openpyxl import Workbook

from tournament.models import Seat

RAWS = {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000}  # 120,000 = 4 x 30,000 (EMA 2016 3.6)
HEADER = ["session", "table", "wind", "player", "score"]


def seats(event, session=1, table=1) -> list[Seat]:
    return list(
        Seat.objects.filter(session__tournament=event, session__number=session, table__number=table)
        .select_related("registration__player")
        .order_by("order")
    )


def lines(event, session=1, table=1, raws=RAWS, chombos=None) -> list[list]:
    """The file's rows of one table as the seating has it (with a chombo cell when ``chombos`` is given)."""
    return [
        [session, table, s.wind, s.registration.key, raws[s.wind]]
        + ([] if chombos is None else [chombos.get(s.wind, 0)])
        for s in seats(event, session, table)
    ]


def csv_bytes(header, rows) -> bytes:
    return ("\n".join(",".join(map(str, r)) for r in [header, *rows]) + "\n").encode("utf-8")


def xlsx_bytes(header, rows) -> bytes:
    workbook = Workbook()
    for row in [header, *rows]:
        workbook.active.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
