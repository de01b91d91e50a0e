"""The log (tournament/logs/refusals.py, settings.LOGGING): every refused action is one line on ``tenbou.refused`` with
the request id, method, path, user id, tournament, code and message, and no other line for it; every server error
is an ERROR with the request id and its traceback; neither the client's address, its browser, a typed username,
an email address, a password nor a query string is written, by Django, axes or Tenbou."""

import io
import logging
import re
import runpy
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import include, path

import config.urls
from tournament.errors import DomainError
from tournament.logs import refusals
from tournament.models import TournamentRole
from tournament.operations.request_ids import HEADER

LOGIN = "/accounts/login/"
ADDRESS = "203.0.113.9"  # a documentation address: it must never appear in the log
BROWSER = "Fennec/99.0 (secret-browser)"
PASSWORD = "wrong-horse-battery"


def forbidden(request, token, slug=None):
    raise PermissionDenied


def boom(request):
    raise RuntimeError("a bug")


def uncaught_refusal(request):
    raise DomainError("late_refusal", "nobody catches this one")


def asked_a_question(request):
    try:
        raise DomainError("not_finished", "the game is not over")
    except DomainError as error:
        refusals.withdraw(error)  # as selectors.sheets.finished_sheet does
    return HttpResponse("fine")


def sheet_bug(request, slug, number, table, token):
    raise ValueError(f"no sheet at {request.path}")  # a message that names the path, as an error may


urlpatterns = [
    path("t/<slug:slug>/sheet/<slug:token>/", forbidden),
    path("t/<slug:slug>/sessions/<int:number>/tables/<int:table>/sheet/<slug:token>/", sheet_bug),
    path("forbidden/<str:token>/", forbidden),
    path("boom/", boom),
    path("uncaught/", uncaught_refusal),
    path("question/", asked_a_question),
    path("", include("config.urls")),
]
handler500 = config.urls.handler500
with_test_urls = override_settings(ROOT_URLCONF=__name__)


@pytest.fixture
def log_text():
    """What the configured console handler writes (the journal's text), not pytest's own capture."""
    handler = next(h for h in logging.getLogger().handlers if h.name == "console")
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream.getvalue
    handler.setStream(previous)


def refused_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if " tenbou.refused " in line]


def only_line(log_text) -> str:
    """The refusal's one line; Django's own warning for it is not written as well."""
    text = log_text()
    lines = refused_lines(text)
    assert len(lines) == 1, text
    assert " django.request " not in text and " django.security" not in text and "Traceback" not in text
    return lines[0]


def private(text: str, *secrets: str) -> None:
    for secret in (ADDRESS, BROWSER, PASSWORD, *secrets):
        assert secret not in text


def test_a_domain_error_shown_on_the_page_is_one_line(organiser_client, demo, log_text):
    role = TournamentRole.objects.get(tournament=demo, user__username="org")
    response = organiser_client.post(
        "/t/demo/organise/staff/remove/", {"role": role.pk}, HTTP_X_REQUEST_ID="remove-1", REMOTE_ADDR=ADDRESS
    )
    assert response.status_code == 302
    line = only_line(log_text)
    assert re.search(
        r" INFO tenbou\.refused \[remove-1\] code=last_organiser status=302 method=POST "
        rf'path="/t/demo/organise/staff/remove/" user={role.user.pk} tournament=demo '
        r'message="org is the only organiser of Tenbou Demo Open 2026; appoint another organiser first\."$',
        line,
    ), line
    private(log_text())


def test_the_structured_fields_for_a_log_collector(organiser_client, demo, caplog):
    role = TournamentRole.objects.get(tournament=demo, user__username="org")
    with caplog.at_level(logging.INFO, logger="tenbou.refused"):
        organiser_client.post("/t/demo/organise/staff/remove/", {"role": role.pk}, HTTP_X_REQUEST_ID="rm-2")
    (record,) = [r for r in caplog.records if r.name == "tenbou.refused"]
    assert record.levelno == logging.INFO
    assert record.refusal == {
        "code": "last_organiser",
        "status": 302,
        "method": "POST",
        "path": "/t/demo/organise/staff/remove/",
        "user": str(role.user.pk),
        "tournament": "demo",
        "request_id": "rm-2",
        "message": "org is the only organiser of Tenbou Demo Open 2026; appoint another organiser first.",
    }


def test_a_403_is_one_line_with_the_user_id_not_the_name(demo, make_user, log_text):
    outsider = make_user("outsider.with.a.name")
    client = Client()
    client.force_login(outsider)
    response = client.get("/t/demo/organise/seating/", HTTP_X_REQUEST_ID="no-role-1")
    assert response.status_code == 403
    line = only_line(log_text)
    assert line.endswith(
        '[no-role-1] code=forbidden status=403 method=GET path="/t/demo/organise/seating/" '
        f'user={outsider.pk} tournament=demo message="Forbidden (Permission denied)"'
    )
    assert " WARNING tenbou.refused " in line
    private(log_text(), "outsider")


def test_a_400_is_one_line_without_the_query_string(demo, log_text):
    response = Client().get("/t/demo/standings/", {"after": "Jansen-EMA-04010001"}, HTTP_X_REQUEST_ID="q-1")
    assert response.status_code == 400
    assert only_line(log_text).endswith(
        '[q-1] code=bad_request status=400 method=GET path="/t/demo/standings/" user=anonymous tournament=demo '
        'message="after must be a whole number from 1 to 40."'
    )
    private(log_text(), "Jansen", "04010001")


def test_a_csrf_failure_is_one_line_without_what_was_posted(db, log_text):
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        LOGIN,
        {"username": "anna@example.org", "password": PASSWORD},
        REMOTE_ADDR=ADDRESS,
        HTTP_USER_AGENT=BROWSER,
        HTTP_X_REQUEST_ID="csrf-1",
    )
    assert response.status_code == 403
    assert only_line(log_text).endswith(
        '[csrf-1] code=csrf_failed status=403 method=POST path="/accounts/login/" user=anonymous tournament=- '
        'message="Forbidden (CSRF cookie not set.)"'
    )
    private(log_text(), "anna")


def test_a_wrong_method_is_one_line(organiser_client, log_text):
    response = organiser_client.get("/t/demo/organise/staff/remove/", HTTP_X_REQUEST_ID="get-1")
    assert response.status_code == 405
    assert 'code=method_not_allowed status=405 method=GET path="/t/demo/organise/staff/remove/"' in (
        only_line(log_text)
    )


@pytest.mark.django_db
def test_an_unknown_host_is_one_line_with_djangos_reason(log_text):
    response = Client().get("/", HTTP_HOST="evil.example", HTTP_X_REQUEST_ID="host-1")
    assert response.status_code == 400
    line = only_line(log_text)
    assert '[host-1] code=bad_request status=400 method=GET path="/" user=anonymous tournament=- ' in line
    assert "message=\"Invalid HTTP_HOST header: 'evil.example'." in line


def test_a_wrong_password_is_one_line_without_name_address_browser_or_password(
    client, django_user_model, log_text
):
    django_user_model.objects.create_user("anna.smit", email="anna@example.org", password="secret-pass-123")
    response = client.post(
        LOGIN,
        {"username": "anna.smit", "password": PASSWORD},
        REMOTE_ADDR=ADDRESS,
        HTTP_USER_AGENT=BROWSER,
        HTTP_X_REQUEST_ID="login-1",
    )
    assert response.status_code == 200  # the form again, with its error
    assert only_line(log_text).endswith(
        '[login-1] code=login_failed status=200 method=POST path="/accounts/login/" user=anonymous tournament=- '
        'message="wrong username or password"'
    )
    private(log_text(), "anna", "smit", "example.org")


def test_a_lockout_is_one_line_per_attempt_and_names_nobody(client, django_user_model, settings, log_text):
    """Axes's own lines (username, address, browser) are not written; each attempt is one line on tenbou.refused,
    the one that locks and the ones refused after it say so instead of "wrong password"."""
    django_user_model.objects.create_user("anna.smit", email="anna@example.org", password="secret-pass-123")
    credentials = {"username": "anna.smit", "password": PASSWORD}
    statuses = [
        client.post(LOGIN, credentials, REMOTE_ADDR=ADDRESS, HTTP_USER_AGENT=BROWSER).status_code
        for _ in range(5)
    ]
    right = {"username": "anna.smit", "password": "secret-pass-123"}
    statuses.append(client.post(LOGIN, right, REMOTE_ADDR=ADDRESS, HTTP_USER_AGENT=BROWSER).status_code)
    assert statuses == [200, 200, 200, 200, 429, 429]
    text = log_text()
    codes = [re.search(r"code=(\w+) status=(\d+)", line).groups() for line in refused_lines(text)]
    assert codes == [("login_failed", "200")] * 4 + [("login_locked", "429")] * 2
    assert 'message="5 wrong passwords: this login is locked here for 15 minutes"' in refused_lines(text)[-1]
    assert "AXES" not in text and " django.request " not in text
    private(text, "anna", "smit", "example.org", "secret-pass-123")


def test_axes_names_a_client_by_the_path_only(rf):
    """In case somebody lowers the axes logger's level (settings.LOGGING): its lines still name nobody."""
    from axes.helpers import get_client_str

    request = rf.post(LOGIN, REMOTE_ADDR=ADDRESS, HTTP_USER_AGENT=BROWSER)
    client = get_client_str("anna.smit", ADDRESS, BROWSER, (LOGIN,), request)
    assert client == "{path_info: '/accounts/login/'}"


@with_test_urls
def test_a_server_error_has_the_request_id_in_the_log_and_on_the_page(db, log_text):
    response = Client(raise_request_exception=False).post(
        "/boom/?q=Jansen", {"password": PASSWORD, "email": "anna@example.org"}, HTTP_X_REQUEST_ID="err-1"
    )
    assert response.status_code == 500 and response[HEADER] == "err-1"
    assert b"<code>err-1</code>" in response.content and b"/static/css/error.css" in response.content
    text = log_text()
    assert " ERROR django.request [err-1] Internal Server Error: /boom/\n" in text
    assert "RuntimeError: a bug" in text and refused_lines(text) == []
    private(text, "Jansen", "anna", "example.org")


@with_test_urls
def test_an_uncaught_domain_error_is_a_server_error_not_a_refusal(db, log_text):
    response = Client(raise_request_exception=False).get("/uncaught/", HTTP_X_REQUEST_ID="err-2")
    assert response.status_code == 500
    text = log_text()
    assert " ERROR django.request [err-2] Internal Server Error: /uncaught/" in text
    assert refused_lines(text) == []


@with_test_urls
def test_a_domain_error_caught_to_ask_a_question_is_withdrawn(db, log_text):
    assert Client().get("/question/").status_code == 200
    assert refused_lines(log_text()) == []


@with_test_urls
def test_a_one_time_token_in_the_path_is_not_logged(demo, log_text):
    response = Client().get("/t/demo/sheet/a1b2c3d4e5f6/", HTTP_X_REQUEST_ID="tok-1")
    assert response.status_code == 403
    assert 'path="/t/demo/sheet/***/"' in only_line(log_text)
    assert "a1b2c3d4e5f6" not in log_text()


@with_test_urls
def test_a_path_cannot_forge_a_log_line(db, log_text):
    response = Client().get("/forbidden/x%0A2026-01-01 00:00:00,000 INFO tenbou.refused [forged] code=ok/")
    assert response.status_code == 403
    line = only_line(log_text)  # one line: the forged one is inside it, quoted
    assert 'path="/forbidden/x\\n2026-01-01 00:00:00,000 INFO tenbou.refused [forged] code=ok/"' in line


def test_outside_a_request_a_domain_error_is_not_a_refusal(db, caplog):
    with caplog.at_level(logging.INFO, logger="tenbou.refused"):
        DomainError("some_code", "made by a command")
    assert caplog.records == []


@pytest.fixture(scope="module")
def gunicorn_conf():
    return runpy.run_path(str(Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"))


def test_gunicorns_access_line_has_no_address_browser_query_or_token(gunicorn_conf):
    from gunicorn.config import Config

    logger = gunicorn_conf["logger_class"](Config())
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": "/t/demo/sessions/2/tables/3/sheet/a1b2c3d4e5f6/?q=Jansen",
        "PATH_INFO": "/t/demo/sessions/2/tables/3/sheet/a1b2c3d4e5f6/",
        "QUERY_STRING": "q=Jansen",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": ADDRESS,
        "HTTP_USER_AGENT": BROWSER,
        "HTTP_REFERER": "https://tenbou.example/accounts/set-password/MQ/c0ffee-token/",
    }
    response = SimpleNamespace(status="200 OK", sent=512, headers=[("X-Request-ID", "acc-1")])
    request = SimpleNamespace(headers=[("USER-AGENT", BROWSER)])
    atoms = logger.atoms(response, request, environ, timedelta(milliseconds=12))
    line = gunicorn_conf["access_log_format"] % logger.atoms_wrapper_class(atoms)
    assert line.endswith('"GET /t/demo/sessions/2/tables/3/sheet/***/ HTTP/1.1" 200 512 12ms id=acc-1')
    for key in ("h", "a", "f", "q", "U"):
        assert (
            ADDRESS not in str(atoms[key])
            and "Jansen" not in str(atoms[key])
            and "c0ffee" not in str(atoms[key])
        )


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("/accounts/set-password/MQ/c0ffee-token/", "/accounts/set-password/MQ/***/"),
        ("/t/demo/referee/sessions/2/tables/3/sheet/", "/t/demo/referee/sessions/2/tables/3/sheet/"),
        ("/t/demo/find/?q=Anna+Smit", "/t/demo/find/"),
    ],
)
def test_gunicorns_private_path(gunicorn_conf, raw, shown):
    assert gunicorn_conf["private_path"](raw) == shown


@pytest.mark.parametrize("address", [ADDRESS, "2001:db8::7"])
def test_gunicorns_error_log_leaves_out_the_address_of_a_malformed_request(gunicorn_conf, address):
    from gunicorn.config import Config

    logger = gunicorn_conf["logger_class"](Config())
    stream = io.StringIO()
    logger.error_log.addHandler(logging.StreamHandler(stream))
    try:
        logger.warning(f"Invalid request from ip={address}: Invalid HTTP method: 'G\\x00T'")
    finally:
        logger.error_log.handlers.pop()
    assert stream.getvalue() == "Invalid request: Invalid HTTP method: 'G\\x00T'\n"


def test_a_refused_table_result_is_one_line_with_its_4xx(referee_client, demo, log_text):
    """A wrong sum answers 400 and a stale version 409 ("Trust on the day"): still one line each, the code the
    service gave, not Django's "Bad Request" or "Conflict" besides."""
    from tests.tournament.views.referee.conftest import form_data

    url = "/t/demo/referee/sessions/6/tables/1/"
    wrong = form_data(["41200", "30900", "25700", "22000"])  # 119,800 (3.6)
    assert referee_client.post(url, wrong, HTTP_X_REQUEST_ID="sum-1").status_code == 400
    assert " code=table_sum status=400 method=POST " in only_line(log_text)
    referee_client.post(url, form_data(["41200", "30900", "25700", "22200"], key="first-post-1"))
    stale = form_data(["30000", "30000", "30000", "30000"], key="second-post-1", version=0)
    assert referee_client.post(url, stale, HTTP_X_REQUEST_ID="stale-1").status_code == 409
    lines = refused_lines(log_text())
    assert len(lines) == 2 and " code=stale_result status=409 method=POST " in lines[1], lines
    assert " django.request " not in log_text()


SHEET_TOKEN = "c0ffee0ddba11f00d5eed123"  # the shape of a players' sheet link (referee.sheet.sheet_token)


@pytest.mark.parametrize(
    "path_",
    [
        f"/t/demo/sessions/1/tables/99/sheet/{SHEET_TOKEN}/",  # a table that does not exist
        f"/t/demo/sessions/99/tables/1/sheet/{SHEET_TOKEN}/",  # a session that does not exist
        f"/t/nope/sessions/1/tables/1/sheet/{SHEET_TOKEN}/",  # a tournament that does not exist
        f"/t/demo/sessions/1/tables/1/sheet/{SHEET_TOKEN}/extra/",  # no page at all (no URL pattern)
        f"/t/demo/sessions/1/tables/1/sheet/{SHEET_TOKEN}",  # without its slash
        f"/accounts/set-password/MQ/{SHEET_TOKEN}/x/",
    ],
)
def test_a_404_does_not_log_the_token(demo, log_text, path_):
    response = Client().get(path_, {"q": "Jansen"}, HTTP_X_REQUEST_ID="nf-1")
    assert response.status_code in (301, 404)
    text = log_text()
    assert SHEET_TOKEN not in text and "Jansen" not in text
    if response.status_code == 404:
        assert " WARNING django.request [nf-1] Not Found: /" in text and "/***/" in text, text


@with_test_urls
def test_a_500_at_a_sheet_does_not_log_the_token(db, log_text):
    response = Client(raise_request_exception=False).get(
        f"/t/demo/sessions/1/tables/1/sheet/{SHEET_TOKEN}/", HTTP_X_REQUEST_ID="err-9"
    )
    assert response.status_code == 500
    text = log_text()
    assert (
        " ERROR django.request [err-9] Internal Server Error: /t/demo/sessions/1/tables/1/sheet/***/\n"
        in text
    )
    assert "ValueError: no sheet at /t/demo/sessions/1/tables/1/sheet/***/" in text  # the traceback too
    assert SHEET_TOKEN not in text


def test_the_development_servers_lines_do_not_log_the_token(log_text):
    logging.getLogger("django.server").warning(
        '"%s" %s %s', f"GET /t/demo/sessions/1/tables/1/sheet/{SHEET_TOKEN}/?q=Jansen HTTP/1.1", "404", "179"
    )
    text = log_text()
    assert '"GET /t/demo/sessions/1/tables/1/sheet/***/ HTTP/1.1" 404 179' in text
    assert SHEET_TOKEN not in text and "Jansen" not in text


def test_gunicorns_error_log_does_not_log_the_token_or_query(gunicorn_conf):
    from gunicorn.config import Config

    logger = gunicorn_conf["logger_class"](Config())
    stream = io.StringIO()
    logger.error_log.addHandler(logging.StreamHandler(stream))
    try:
        try:
            raise OSError(f"broken pipe at /t/demo/sessions/1/tables/1/sheet/{SHEET_TOKEN}/")
        except OSError:
            logger.exception(
                "Error handling request %s", f"/t/demo/sessions/1/tables/1/sheet/{SHEET_TOKEN}/?q=Jansen"
            )
    finally:
        logger.error_log.handlers.pop()
    text = stream.getvalue()
    assert text.startswith("Error handling request /t/demo/sessions/1/tables/1/sheet/***/\n")
    assert "OSError: broken pipe at /t/demo/sessions/1/tables/1/sheet/***/" in text
    assert SHEET_TOKEN not in text and "Jansen" not in text


def secret_paths() -> list[str]:
    """A path for every URL of the site with a ``<token>`` in it, the token being SHEET_TOKEN."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns, prefix=""):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern) and "<token>" in re.sub(r"<\w+:", "<", route):
                yield "/" + re.sub(r"<(?:(\w+):)?(\w+)>", lambda m: sample(*m.groups()), route)

    def sample(converter, name):
        return SHEET_TOKEN if name == "token" else "7" if converter == "int" else "MQ"

    return list(walk(get_resolver("config.urls").url_patterns))


def nginx_mask(path_: str) -> str:
    """deploy/nginx.conf's map of $uri to the logged path, in Python's syntax."""
    conf = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf").read_text()
    pattern, replacement = re.search(r'map \$uri \$tenbou_log_path \{\s*"~([^"]+)" "([^"]+)";', conf).groups()
    pattern = pattern.replace("(?<", "(?P<")
    return re.sub(pattern, re.sub(r"\$\{(\w+)\}", r"\\g<\1>", replacement), path_)


def test_every_secret_url_is_masked_alike_by_tenbou_gunicorn_and_nginx(gunicorn_conf):
    from tournament.logs.privacy import private

    paths = secret_paths()
    # the players' score sheet, a player's check-in link, the set-password link, Django's password-reset link
    assert len(paths) == 4
    for secret in paths:
        masked = private(secret)
        assert SHEET_TOKEN not in masked and masked == secret.replace(SHEET_TOKEN, "***")
        assert gunicorn_conf["private_path"](secret + "?q=Jansen") == masked
        assert nginx_mask(secret) == masked


def test_a_players_check_in_link_is_not_logged(demo, log_text, gunicorn_conf):
    """The signed link of a schedule card's QR code (selectors.check_in): a 404 at it logs ***, as gunicorn does."""
    from tournament.models import Registration
    from tournament.selectors.check_in import check_in_path

    path_ = check_in_path(Registration.objects.filter(tournament=demo).first())
    token = path_.rstrip("/").rsplit("/", 1)[1]
    assert Client().get(path_ + "x/", HTTP_X_REQUEST_ID="ci-1").status_code == 404  # no such page
    assert Client().get(path_.replace(token, token[::-1])).status_code == 404  # a wrong token
    text = log_text()
    assert "/check-in/***/" in text and token not in text and token[::-1] not in text
    assert gunicorn_conf["private_path"](path_) == "/t/demo/check-in/***/"
