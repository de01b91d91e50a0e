"""Fuzzing the three readers of a stranger's file (issue 13): the archive, the player list, the seating file.

Whatever comes in ends either in a clean refusal (ArchiveError, a BadRowsError listing rows, a DomainError) or in a
valid import, within a deadline per example, and a refusal leaves the database exactly as it was. Each example
runs in a savepoint that is rolled back, so the examples do not see each other's imports.
"""

import json
from contextlib import contextmanager
from datetime import timedelta
from xml.sax.saxutils import escape

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.tournament.factories import make_event, numbered_people
from tests.tournament.hostile_files import ARCHIVE, inline, row, sheet, with_value, xlsx_bytes
from tournament.models import AuditEntry, Player, Registration, Seat, Session, Table, TableResult, Tournament
from tournament.readers.archive import ArchiveError, parse_archive
from tournament.readers.player_list import PlayerFileError, read_player_file
from tournament.readers.seating_file import SeatingFileError, read_seating_file
from tournament.services import DomainError, tournaments
from tournament.services import players as player_service
from tournament.services import seating as seating_service
from tournament.services.archive_import import import_archive

pytestmark = pytest.mark.filterwarnings(
    "ignore:Cell .* is marked as a date:UserWarning"
)  # openpyxl on bad dates
FUZZ = settings(
    max_examples=120,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MODELS = (Tournament, Player, Registration, Session, Table, Seat, TableResult, AuditEntry)


def database() -> tuple:
    return tuple(model.objects.count() for model in MODELS)


class _Rollback(Exception):
    pass


@contextmanager
def savepoint():
    """Run the body in a savepoint and undo it afterwards, whatever it wrote."""
    try:
        with transaction.atomic():
            yield
            raise _Rollback
    except _Rollback:
        pass


# -- strategies --------------------------------------------------------------------------------------------------

texts = st.text(
    st.characters(codec="utf-8")
    | st.sampled_from(["\x00", "\x1b", "\r", "\n", "\ud800", "²", "١", "/", ",", '"']),
    max_size=30,
)
numbers = st.integers(min_value=-(10**30), max_value=10**30) | st.sampled_from([0, 1, 40, 41, 32_767, 32_768])
scalars = st.none() | st.booleans() | numbers | st.floats(allow_nan=True, allow_infinity=True) | texts
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)


def paths(value, prefix=()):
    """Every path into the archive (objects by key, lists by index)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


ARCHIVE_PATHS = [path for path in paths(ARCHIVE) if path]


@st.composite
def archive_texts(draw):
    """The valid archive with one value replaced, or its text cut and spliced, or plain noise."""
    kind = draw(st.sampled_from(["value", "splice", "noise"]))
    if kind == "value":
        data = with_value(draw(st.sampled_from(ARCHIVE_PATHS)), draw(json_values))
        return json.dumps(data, allow_nan=True)
    text = json.dumps(ARCHIVE)
    if kind == "splice":
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 20)))
        return text[:start] + draw(texts) + text[end:]
    return draw(st.text(max_size=200))


names = st.text(st.sampled_from("AaBbÉéØøß -'"), min_size=1, max_size=12)
COLUMN_CELLS = {
    "first_name": names,
    "last_name": names,
    "ema_id": st.sampled_from(["", "", "0801003", "١٢٣٤٥٦٧٨"]) | st.from_regex(r"\A[0-9]{8}\Z"),
    "country": st.sampled_from(["", "NED", "ned", "EUR", "GER", "NLD", "ＮＥＤ"]),
    "club": st.sampled_from(["", "Lotus", "=SUM(A1)"]),
    "session": st.sampled_from(["1", "2", "0", "41", "²", "1.0", "-1"]),
    "table": st.sampled_from(["1", "2", "3", "x"]),
    "wind": st.sampled_from(["E", "S", "W", "N", "O", "Z", "east", "?"]),
    "player": st.sampled_from([f"p{i:02d}" for i in range(1, 10)] + ["P01", "08010039", ""]),
}
cells = texts | numbers.map(str) | st.sampled_from(["08010039", "8010039", "NED", "nld", "p01", "E", "1", ""])


def row_cells(header: list[str]):
    """Cells for the header's columns: mostly plausible values, sometimes anything at all."""
    plausible = [COLUMN_CELLS.get(name, cells) for name in header]
    return st.tuples(*(st.one_of(p, p, p, cells) for p in plausible)).map(list)


@st.composite
def csv_files(draw, header: list[str]):
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    rows = draw(
        st.lists(st.one_of(row_cells(header), row_cells(header), st.lists(cells, max_size=9)), max_size=5)
    )
    lines = [delimiter.join(header)] + [delimiter.join(r) for r in rows]
    text = newline.join(lines)
    encoding = draw(st.sampled_from(["utf-8", "utf-16", "cp1252"]))
    return text.encode(encoding, errors="replace")


@st.composite
def xlsx_files(draw, header: list[str]):
    """A hand-written sheet: text, numbers, booleans, errors, dates and formulas in any cell."""
    letters = "ABCDEFG"
    xml_rows = [row(1, *(inline(f"{letters[i]}1", escape(name)) for i, name in enumerate(header)))]
    for number in range(2, draw(st.integers(2, 7))):
        found = []
        for index in range(draw(st.integers(0, len(header)))):
            ref = f"{letters[index]}{number}"
            found.append(draw(xlsx_cell(ref)))
        xml_rows.append(row(number, *found))
    return xlsx_bytes(sheet("".join(xml_rows)))


def xlsx_cell(ref: str):
    printable = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")), max_size=12)
    return st.one_of(
        printable.map(lambda text: inline(ref, escape(text))),
        numbers.map(lambda n: f'<c r="{ref}"><v>{n}</v></c>'),
        st.sampled_from(["0", "1"]).map(lambda b: f'<c r="{ref}" t="b"><v>{b}</v></c>'),
        st.just(f'<c r="{ref}" t="e"><v>#REF!</v></c>'),
        st.integers(-10, 3_000_000).map(lambda n: f'<c r="{ref}" s="1"><v>{n}</v></c>'),
        st.just(f'<c r="{ref}"><f>A1</f></c>'),
        st.just(f'<c r="{ref}" t="str"><f>A1</f><v>p01</v></c>'),
        printable.map(lambda text: f'<c r="{ref}">{text}</c>'),  # not XML a cell may hold
    )


# -- the tests ---------------------------------------------------------------------------------------------------


@pytest.mark.django_db
@FUZZ
@given(text=archive_texts())
def test_any_archive_is_refused_cleanly_or_imported(text):
    before = database()
    with savepoint():
        try:
            data = parse_archive(text)
        except ArchiveError as error:
            event(
                "refused: "
                + ("not JSON" if error.path.startswith("line") else error.path.split("[")[0].split(".")[0])
            )
            assert "\n" not in str(error)
            assert database() == before
            return
        try:
            tournament = import_archive(actor=None, data=data, replace=True, update_people=True)
        except DomainError as error:
            event(f"refused by the service: {error.code}")
            assert database() == before
        else:
            event("imported")
            assert tournament.slug == data["tournament"]["slug"]


PLAYER_HEADER = ["first_name", "last_name", "ema_id", "country", "club"]


@pytest.fixture
def lotus(db):
    return tournaments.create_tournament(actor=None, slug="lotus", name="Lotus Open")


@pytest.mark.django_db
@FUZZ
@given(
    content=csv_files(PLAYER_HEADER) | xlsx_files(PLAYER_HEADER) | st.binary(max_size=300), xlsx=st.booleans()
)
def test_any_player_list_is_refused_cleanly_or_imported(lotus, content, xlsx):
    before = database()
    name = "players.xlsx" if xlsx or content[:2] == b"PK" else "players.csv"
    with savepoint():
        try:
            rows = read_player_file(lotus, name, content)
            registrations = player_service.import_players(
                actor=None, tournament=lotus, players=rows, source=name
            )
        except (PlayerFileError, DomainError) as error:
            event(f"refused: {error.code}")
            assert database() == before
        else:
            event("imported")
            assert len(registrations) == len(rows) > 0


SEATING_HEADER = ["session", "table", "wind", "player"]


@pytest.fixture
def small_event(db):
    """Eight players p01..p08 and no seating yet."""
    return make_event("small", numbered_people(8))


@pytest.mark.django_db
@FUZZ
@given(content=csv_files(SEATING_HEADER) | xlsx_files(SEATING_HEADER) | st.binary(max_size=300))
def test_any_seating_file_is_refused_cleanly_or_applied(small_event, content):
    before = database()
    name = "seating.xlsx" if content[:2] == b"PK" else "seating.csv"
    with savepoint():
        try:
            plan = read_seating_file(small_event, name, content)
            seating_service.apply_seating_plan(actor=None, tournament=small_event, plan=plan)
        except (SeatingFileError, DomainError) as error:
            event(f"refused: {error.code}")
            assert database() == before
        else:
            event("applied")


@pytest.mark.django_db
@settings(
    max_examples=30,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    session=st.just(1),  # the first session: a file may not leave a gap before the sessions it seats
    tables=st.permutations(["p01", "p02", "p03", "p04", "p05", "p06", "p07", "p08"]),
)
def test_a_valid_seating_file_is_applied(small_event, session, tables):
    """The fuzzing above must also reach the other outcome: a well-formed file is read and applied."""
    lines = ["session,table,player"] + [f"{session},{i // 4 + 1},{key}" for i, key in enumerate(tables)]
    with savepoint():
        plan = read_seating_file(small_event, "seating.csv", "\n".join(lines).encode())
        seating_service.apply_seating_plan(actor=None, tournament=small_event, plan=plan)
        assert Seat.objects.filter(session__tournament=small_event, session__number=session).count() == 8
