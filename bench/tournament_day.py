"""The tournament day on the largest realistic event: attendance, the paper fallback and the session's print pack.

Usage: .venv/bin/python bench/tournament_day.py [--players 400]   (DATABASE_URL may point at PostgreSQL; default a
temp SQLite)

Builds a 400-player event (``demo --players 400 --sessions 12 --played 11``: 100 tables a session) and prints:
- attendance: every player of the open session marked present one tap at a time through the service (the median
  and the slowest tap), and the attendance page's read (selectors.attendance) for the whole session;
- the paper fallback: a results file of the whole open session (400 rows, 100 tables) checked (reader) and written
  (services.results_import), then the same file again (nothing new), then a corrected file (--correct: 100 new
  versions);
- the session pack (score sheets, table stands, wall list of 100 tables) rendered to PDF, its pages and size.
"""

import argparse
import re
import statistics
import time
import zlib

from _setup import django_with_scratch_database


def timed(function):
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def page_count(pdf: bytes) -> int:
    """Pages of a PDF whose page objects sit in compressed object streams."""
    inflated = [pdf]
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            inflated.append(zlib.decompress(stream))
        except zlib.error:
            continue
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", b"\n".join(inflated)))


def results_file(tournament, session: int, bump: int = 0) -> bytes:
    from tournament.models import Seat

    rows = ["session,table,wind,player,score,chombo"]
    raws = {"E": 45_000 + bump, "S": 35_000, "W": 25_000, "N": 15_000 - bump}  # 120,000 (EMA 2016 3.6)
    seats = Seat.objects.filter(session__tournament=tournament, session__number=session).select_related(
        "table", "registration"
    )
    for seat in seats.order_by("table__number", "order"):
        rows.append(f"{session},{seat.table.number},{seat.wind},{seat.registration.key},{raws[seat.wind]},0")
    return ("\n".join(rows) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=400)
    args = parser.parse_args()
    django_with_scratch_database()
    from django.core.management import call_command

    from tournament.models import AuditEntry, Seat, TableResult, Tournament
    from tournament.printing.documents import get_document
    from tournament.readers.results_file import read_results_file
    from tournament.selectors.attendance import session_attendance
    from tournament.services import attendance
    from tournament.services.results_import import import_results

    sessions, played = 12, 11
    _, built = timed(
        lambda: call_command(
            "demo", players=args.players, sessions=sessions, played=played, slug="day", verbosity=0
        )
    )
    tournament = Tournament.objects.get(slug="day")
    open_session = played + 1
    keys = list(
        Seat.objects.filter(session__tournament=tournament, session__number=open_session).values_list(
            "registration__key", flat=True
        )
    )
    print(f"event: {args.players} players, {len(keys) // 4} tables a session, built in {built:.1f} s")

    taps = []
    for key in keys:
        _, seconds = timed(
            lambda key=key: attendance.mark(
                actor=None, tournament=tournament, session_number=open_session, key=key, present=True
            )
        )
        taps.append(seconds)
    print(
        f"attendance: {len(taps)} taps, median {statistics.median(taps) * 1000:.1f} ms, "
        f"slowest {max(taps) * 1000:.1f} ms, all {sum(taps):.1f} s"
    )
    session = tournament.sessions.get(number=open_session)
    _, read = timed(lambda: session_attendance(session))
    print(f"attendance page read (whole session): {read * 1000:.0f} ms")

    content = results_file(tournament, open_session)
    checked, check_seconds = timed(lambda: read_results_file(tournament, "day.csv", content))
    before = TableResult.objects.count()
    _, write_seconds = timed(
        lambda: import_results(actor=None, tournament=tournament, tables=checked.tables, source="day.csv")
    )
    written = TableResult.objects.count() - before
    print(
        f"results file: {len(keys)} rows checked in {check_seconds:.2f} s, {written} tables written in "
        f"{write_seconds:.2f} s"
    )
    audit_before = AuditEntry.objects.count()
    again, again_seconds = timed(lambda: read_results_file(tournament, "day.csv", content))
    _, again_write = timed(
        lambda: import_results(actor=None, tournament=tournament, tables=again.tables, source="day.csv")
    )
    print(
        f"the same file again: {again_seconds + again_write:.2f} s, new tables "
        f"{TableResult.objects.count() - before - written}, new audit entries "
        f"{AuditEntry.objects.count() - audit_before}"
    )
    corrected = read_results_file(tournament, "day2.csv", results_file(tournament, open_session, bump=1_000))
    _, correct_seconds = timed(
        lambda: import_results(
            actor=None, tournament=tournament, tables=corrected.tables, source="day2.csv", correct=True
        )
    )
    print(
        f"a corrected file (--correct): {TableResult.objects.count() - before - written} new versions in "
        f"{correct_seconds:.2f} s"
    )

    pack = get_document("session-pack")(
        tournament, session=open_session, after_session=None, blank=False, day=None
    )
    pdf, pdf_seconds = timed(pack.pdf)
    print(f"session pack PDF: {len(pdf) / 1e6:.1f} MB, {page_count(pdf)} pages, in {pdf_seconds:.1f} s")


if __name__ == "__main__":
    main()
