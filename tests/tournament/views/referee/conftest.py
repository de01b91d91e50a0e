import pytest

from tournament.models import Table


@pytest.fixture
def table(demo):
    """Session 6, table 1 of the demo: seated, no result yet."""
    return Table.objects.select_related("session").get(session__tournament=demo, session__number=6, number=1)


@pytest.fixture
def seats(table):
    return {seat.wind: seat for seat in table.seats.select_related("registration__player")}


def table_url(table, suffix=""):
    return f"/t/demo/referee/sessions/{table.session.number}/tables/{table.number}/{suffix}"


def form_data(raws, *, version=0, key="key-0001-abcdef", action="save", **extra):
    data = {"expected_version": str(version), "submission_key": key, "action": action}
    for wind, raw in zip("ESWN", raws, strict=True):
        data[f"{wind}-raw"] = raw
    data.update(extra)
    return data
