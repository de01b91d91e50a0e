"""Two real server processes on one PostgreSQL database, as two app machines behind one proxy: whatever is saved
through one is on the other's public pages at the very next request, although each keeps its own page cache
(local memory, the default), which also holds its overviews (selectors.memo), and keeps the public pages' change
stamps between PostgreSQL's notices (tournament/database/notices.py): the notice of a change is on its way to the
other server's listening thread when the change commits, before the saving request's answer is even sent.

Both are started as an operator starts a second machine (scripts/serve.sh with DEBUG off, the production settings,
TENBOU_MIGRATE=0 and TENBOU_COLLECTSTATIC=0), on free local ports, over the test database; the test's data is
committed (a transactional test), so the servers see it. Every request goes in as the proxy forwards it: the
public host name and X-Forwarded-Proto: https. The referee and the organiser work as their browsers do: the log-in
form with its CSRF token, the page with the form, the form posted back with its version and submission key.

The event is the hand-worked one of tests/tournament/archive/test_archive.py. Totals after session 2 (EMA 2016,
start 30,000, uma +15/+5/-5/-15 thousand, 3.6.1; chombo 20,000 after uma, 3.4.6; lateness 1,000 a minute, 5.7):
e +40.0, f +32.0, b +17.9, a +11.2, g -17.0, c -27.3, d -29.8, h -50.0.
Session 3, table 1 is h (E), g (S), f (W), e (N).
"""

import copy
import os
import re
import signal
import socket
import subprocess
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection

from tests.operations.http_client import HOST, Browser, Page
from tests.operations.test_serve import ROOT, serve_env
from tests.tournament.archive.test_archive import HAND_WORKED
from tournament.models import TournamentRole
from tournament.services import seating
from tournament.services.archive_import import import_archive

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="two server processes need one database server they both reach: PostgreSQL, not SQLite's "
        "in-memory test database (run with scripts/with-postgres.sh)",
    ),
    pytest.mark.django_db(transaction=True),  # committed, so the servers' own connections see it
]

PASSWORD = "two-servers-pass-42"
SLUG = "hand-worked"
STANDINGS = f"/t/{SLUG}/standings/"
HALL = f"/t/{SLUG}/display/pages/"
SESSION_3 = f"/t/{SLUG}/sessions/3/"
TABLE = f"/t/{SLUG}/referee/sessions/3/tables/1/"
START_SECONDS = 60

# session 3, table 1: h 47,300 = +17.3 + 15.0 = +32.3 · g 33,100 = +3.1 + 5.0 = +8.1 · f 24,600 = -5.4 - 5.0 = -10.4
# · e 15,000 = -15.0 - 15.0 = -30.0; totals h -50.0 + 32.3 = -17.7, g -17.0 + 8.1 = -8.9
FIRST = {"E": 47_300, "S": 33_100, "W": 24_600, "N": 15_000}
# the correction swaps East and South: h +8.1, total -41.9 · g +32.3, total +15.3
CORRECTION = {"E": 33_100, "S": 47_300, "W": 24_600, "N": 15_000}
# then a chombo for g (South): +32.3 - 20.0 = +12.3 for session 3, total -17.0 + 12.3 = -4.7


class Server:
    def __init__(self, name: str, port: int, env: dict, work: Path):
        self.name, self.port = name, port
        self.log_path = work / f"server-{name}.log"
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            ["bash", "scripts/serve.sh"],
            cwd=ROOT,
            env={**env, "TENBOU_BIND": f"127.0.0.1:{self.port}"},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_until_up(self) -> None:
        """Until /healthz answers, and from this gunicorn: its log says it holds the port (another program that
        took the free port meanwhile would answer too)."""
        probe, listening = Browser(), f"Listening at: http://127.0.0.1:{self.port} "
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"server {self.name} stopped:\n{self.log()}"
            try:
                if probe.get(self, "/healthz").status == 200 and listening in self.log():
                    return
            except OSError:
                pass
            time.sleep(0.2)
        pytest.fail(f"server {self.name} did not answer /healthz within {START_SECONDS} s:\n{self.log()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self._log.close()

    def log(self, *, whole: bool = False) -> str:
        if not self._log.closed:
            self._log.flush()
        text = self.log_path.read_text()
        return text if whole else text[-4000:]


@contextmanager
def running(name: str, port: int, env: dict, work: Path):
    server = Server(name, port, env, work)
    try:
        yield server
    finally:
        server.stop()
    assert "Traceback" not in server.log(whole=True), f"server {name} logged an error:\n{server.log()}"


def free_ports(count: int) -> list[int]:
    """Ports free now, all different (held open together while they are chosen)."""
    with ExitStack() as stack:
        probes = [stack.enter_context(socket.socket()) for _n in range(count)]
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]


def database_url() -> str:
    """The test database (pytest-django renamed it in settings_dict) as a DATABASE_URL."""
    db = connection.settings_dict
    user, password = quote(db["USER"] or "", safe=""), quote(db["PASSWORD"] or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = quote(db["HOST"] or "localhost", safe="")  # a socket folder is written %2F...
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{auth}{host}{port}/{quote(db['NAME'], safe='')}"


@contextmanager
def two_servers(work: Path, static_root: Path, **values):
    """Servers A and B on the test database: one gunicorn each (one worker process), with the environment
    ``values`` on top; always stopped afterwards, also when one of them fails to start."""
    env = serve_env(
        DJANGO_SECRET_KEY="two-servers-"
        + "k" * 50,  # the same on both: a log-in on one is valid on the other
        DJANGO_ALLOWED_HOSTS=HOST,
        DATABASE_URL=database_url(),
        TENBOU_STATIC_ROOT=str(static_root),
        TENBOU_MIGRATE="0",
        TENBOU_COLLECTSTATIC="0",
        TENBOU_WORKERS="1",
        TENBOU_THREADS="2",
        TENBOU_BACKUP_DIR=str(work / "backups"),
        **values,
    )
    with ExitStack() as stack:
        both = [
            stack.enter_context(running(n, p, env, work)) for n, p in zip("AB", free_ports(2), strict=True)
        ]
        for server in both:
            server.wait_until_up()
        yield both


@pytest.fixture(scope="module")
def servers(django_db_setup, collected_static, tmp_path_factory):
    """Servers A and B, each with its own local-memory page cache."""
    with two_servers(tmp_path_factory.mktemp("two-servers"), collected_static) as both:
        yield both


@pytest.fixture(scope="module")
def password_hash() -> str:
    """The servers run the production password hashers (the tests' fast MD5 one is not among them)."""
    hasher = PBKDF2PasswordHasher()
    return hasher.encode(PASSWORD, hasher.salt())


@pytest.fixture
def event(django_user_model, password_hash):
    tournament = import_archive(actor=None, data=copy.deepcopy(HAND_WORKED))
    seating.publish_seating(actor=None, tournament=tournament, numbers=[1, 2, 3])
    for username, role in (("referee", TournamentRole.REFEREE), ("organiser", TournamentRole.ORGANISER)):
        user = django_user_model.objects.create(username=username, password=password_hash)
        TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return tournament


def log_in(browser: Browser, server: Server, username: str) -> None:
    page = browser.get(server, "/accounts/login/")
    form = page.form(field="password")
    done = browser.post(server, form.action, form.values({"username": username, "password": PASSWORD}))
    assert done.status == 302, f"log-in as {username} on {server.name} refused:\n{done.text[:2000]}"


def save_result(referee: Browser, server: Server, raws: dict[str, int]) -> None:
    """The referee's table page opened, the four raw scores typed, Save: the form's version and key go along."""
    form = referee.get(server, TABLE).form(id="table-form")
    typed = {f"{wind}-raw": f"{raw:,}" for wind, raw in raws.items()}
    done = referee.post(server, form.action, form.values({**typed, "action": "save"}))
    assert done.status == 302, f"the result was not saved on {server.name}:\n{done.text[:3000]}"


def chombo(referee: Browser, server: Server, wind: str) -> None:
    """The one-tap chombo button of a seat on the table page."""
    page = referee.get(server, TABLE)
    form = page.form(action=f"{TABLE}penalties/", having=("seat", wind))
    done = referee.post(server, form.action, form.values({}))
    assert done.status == 302, f"the chombo was not recorded on {server.name}:\n{done.text[:3000]}"


def figures(page: Page, name: str) -> tuple[str, str]:
    """A player's total and session 3 result on the standings page (columns: rank, player, total, country, S1,
    S2 and S3 once it has results; "" without)."""
    row = next(row for row in page.rows() if name in row[1])
    cell = row[6] if len(row) > 6 else ""
    session_3 = re.match(r"[+-]?[0-9,]+\.[0-9]+", cell)  # a marked cell: the figure, then its marks and words
    return row[2], session_3.group() if session_3 else cell


class Reader:
    """A phone on the public standings: it sends the ETag of what it shows, as static/js/live.js does."""

    def __init__(self, server: Server):
        self.server, self.browser, self.etag = server, Browser(), None

    def standings(self) -> Page:
        headers = {"If-None-Match": self.etag} if self.etag else {}
        page = self.browser.get(self.server, STANDINGS, headers=headers)
        assert page.status == 200, f"{page.status} on {self.server.name}: a stale or missing page"
        self.etag = page.headers["ETag"]
        return page

    def unchanged(self) -> bool:
        return self.browser.get(self.server, STANDINGS, headers={"If-None-Match": self.etag}).status == 304


def warm(servers: list[Server]) -> dict[str, Reader]:
    """Both servers render and cache the standings (and the hall display) before anything is saved."""
    readers = {}
    for server in servers:
        reader = readers[server.name] = Reader(server)
        page = reader.standings()
        assert "Standings after session 2" in page.text and figures(page, "Evil") == ("−50.0", "")
        assert reader.unchanged()  # rendered and kept: the next request is a 304
        assert "Standings after session 2" in Browser().get(server, HALL).text
    return readers


@pytest.mark.parametrize("writer, reader", [(0, 1), (1, 0)], ids=["A-writes-B-reads", "B-writes-A-reads"])
def test_what_one_server_saves_is_on_the_others_standings_at_the_next_request(servers, event, writer, reader):
    write, read = servers[writer], servers[reader]
    phones = warm(servers)
    referee = Browser()  # logged in through the reading server: the proxy may send any request anywhere
    log_in(referee, read, "referee")
    hall = Browser()

    save_result(referee, write, FIRST)
    page = phones[read.name].standings()
    assert "Standings after session 3" in page.text
    assert figures(page, "Evil") == ("−17.7", "+32.3") and figures(page, "Lindqvist") == ("−8.9", "+8.1")
    shown = hall.get(read, HALL).text
    assert "Standings after session 3" in shown and "−17.7" in shown

    save_result(referee, write, CORRECTION)
    page = phones[read.name].standings()
    assert figures(page, "Evil") == ("−41.9", "+8.1") and figures(page, "Lindqvist") == ("+15.3", "+32.3")
    assert "+15.3" in hall.get(read, HALL).text

    chombo(referee, write, "S")
    page = phones[read.name].standings()
    assert figures(page, "Lindqvist") == ("−4.7", "+12.3") and figures(page, "Evil") == ("−41.9", "+8.1")
    assert "−4.7" in hall.get(read, HALL).text
    assert phones[write.name].standings().rows() == page.rows()  # and the writer's own phone shows the same


@pytest.mark.parametrize("writer, reader", [(0, 1), (1, 0)], ids=["A-writes-B-reads", "B-writes-A-reads"])
def test_seating_published_through_one_server_is_public_on_the_other(servers, event, writer, reader):
    seating.publish_seating(actor=None, tournament=event, numbers=[3], published=False)
    write, read = servers[writer], servers[reader]
    public, screen = Browser(), Browser()
    for server in servers:  # both render the hidden session and the hall display without it, and keep them
        assert "not published yet" in public.get(server, SESSION_3).text
        assert "Session 3: seating by table" not in screen.get(server, HALL).text
    organiser = Browser()
    log_in(organiser, read, "organiser")
    overview = organiser.get(write, f"/t/{SLUG}/organise/seating/")
    form = overview.form(action=f"/t/{SLUG}/organise/seating/publish/")  # "Publish the seated session ..."
    done = organiser.post(write, form.action, form.values({}))
    assert done.status == 302, done.text[:3000]

    page = public.get(read, SESSION_3).text
    assert "not published yet" not in page and "Lindqvist" in page and "Yılmaz" in page
    assert "Session 3: seating by table" in screen.get(read, HALL).text
