"""Login throttling (issue 13): 50 wrong passwords in 22 s and then the right one logged in. Now five wrong
passwords for one username from one address lock that login out for 15 minutes (the right password too), on the
public login and the admin login; an administrator lifts the block with axes_reset."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

RIGHT = "secret-pass-123"  # make_user's password
LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"


def attempt(client, url, username, password, address="127.0.0.1", **extra):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address, **extra)


def fail(client, url, username, times, address="127.0.0.1"):
    return [attempt(client, url, username, f"wrong-{i}", address).status_code for i in range(times)]


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.django_db
def test_four_wrong_passwords_then_the_right_one_logs_in(client, make_user):
    make_user("anna")
    assert fail(client, LOGIN, "anna", 4) == [200] * 4  # the form again, with its error
    response = attempt(client, LOGIN, "anna", RIGHT)
    assert response.status_code == 302 and logged_in(client)


@pytest.mark.django_db
def test_sixth_attempt_is_locked_out_even_with_the_right_password(client, make_user):
    make_user("anna")
    statuses = fail(client, LOGIN, "anna", 6)
    assert statuses[:4] == [200] * 4 and statuses[4:] == [429, 429]  # the fifth failure locks
    response = attempt(client, LOGIN, "anna", RIGHT)
    assert response.status_code == 429 and not logged_in(client)
    html = response.content.decode()
    assert "Too many failed logins" in html and "After 5 wrong passwords for anna" in html
    assert "Try again in 15 minutes" in html and "administrator" in html
    assert '<header class="site-header">' in html  # the site's own layout, not a bare page


@pytest.mark.django_db
def test_lockout_page_in_dutch(client, make_user):
    make_user("anna")
    fail(client, LOGIN, "anna", 5)
    response = attempt(client, LOGIN, "anna", RIGHT, HTTP_ACCEPT_LANGUAGE="nl")
    html = response.content.decode()
    assert response.status_code == 429
    assert "Te vaak mislukt ingelogd" in html and "Probeer het over 15 minuten opnieuw" in html


@pytest.mark.django_db
def test_lockout_is_per_username_and_address(client, make_user):
    make_user("anna")
    make_user("bram")
    fail(client, LOGIN, "anna", 5)
    assert attempt(client, LOGIN, "bram", RIGHT).status_code == 302  # another user from the same address
    client.logout()
    assert attempt(client, LOGIN, "anna", RIGHT, address="10.1.2.3").status_code == 302  # anna elsewhere


@pytest.mark.django_db
def test_administrator_reset_lifts_the_block(client, make_user):
    make_user("anna")
    fail(client, LOGIN, "anna", 5)
    assert attempt(client, LOGIN, "anna", RIGHT).status_code == 429
    call_command("axes_reset", verbosity=0)
    response = attempt(client, LOGIN, "anna", RIGHT)
    assert response.status_code == 302 and logged_in(client)


@pytest.mark.django_db
def test_reset_for_one_username(client, make_user):
    make_user("anna")
    fail(client, LOGIN, "anna", 5)
    call_command("axes_reset_username", "anna", verbosity=0)
    assert attempt(client, LOGIN, "anna", RIGHT).status_code == 302


@pytest.mark.django_db
def test_admin_login_is_throttled_too(client, django_user_model):
    django_user_model.objects.create_superuser("boss", password=RIGHT)
    statuses = fail(client, ADMIN_LOGIN, "boss", 6)
    assert statuses[:4] == [200] * 4 and statuses[4:] == [429, 429]
    response = attempt(client, ADMIN_LOGIN, "boss", RIGHT)
    assert response.status_code == 429 and not logged_in(client)
    assert "Too many failed logins" in response.content.decode()
    call_command("axes_reset", verbosity=0)
    assert attempt(client, ADMIN_LOGIN, "boss", RIGHT).status_code == 302 and logged_in(client)


@pytest.mark.django_db
def test_admin_can_unlock_in_the_admin(client, django_user_model, make_user):
    """The administrator's other way: the access attempts list in /admin/, delete the entry."""
    from axes.models import AccessAttempt

    make_user("anna")
    fail(client, LOGIN, "anna", 5)
    attempt_row = AccessAttempt.objects.get(username="anna")
    boss = django_user_model.objects.create_superuser("boss", password=RIGHT)
    admin = type(client)()
    admin.force_login(boss)
    assert admin.get("/admin/axes/accessattempt/").status_code == 200
    response = admin.post(f"/admin/axes/accessattempt/{attempt_row.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert attempt(client, LOGIN, "anna", RIGHT).status_code == 302


@pytest.mark.django_db
def test_a_lower_limit_from_the_settings(client, make_user, settings):
    settings.AXES_FAILURE_LIMIT = 2
    make_user("anna")
    assert fail(client, LOGIN, "anna", 2) == [200, 429]


def test_limits_come_from_the_environment():
    code = "from config import settings as s; print(s.AXES_FAILURE_LIMIT, s.AXES_COOLOFF_TIME)"
    env = {
        **os.environ,
        "DJANGO_DEBUG": "1",
        "TENBOU_LOGIN_FAILURE_LIMIT": "3",
        "TENBOU_LOGIN_LOCKOUT_MINUTES": "30",
    }
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["3", "0.5"]


@pytest.mark.django_db
def test_login_without_a_request_is_not_throttled_and_still_checks_the_password(make_user):
    """The test client's login() and the shell call authenticate() without a request."""
    from django.contrib.auth import authenticate

    make_user("anna")
    assert authenticate(username="anna", password=RIGHT) is not None
    assert authenticate(username="anna", password="wrong") is None


# --- behind the reverse proxy: the client's address from X-Forwarded-For (login_throttle.client_ip) -------------


def through_proxy(client, username, password, client_address, sent_header=""):
    """A login through nginx: the request comes from 127.0.0.1, which appends the address it saw."""
    forwarded = f"{sent_header}, {client_address}" if sent_header else client_address
    return attempt(client, LOGIN, username, password, "127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)


@pytest.mark.django_db
def test_behind_the_proxy_one_phone_does_not_lock_out_the_others(client, make_user):
    make_user("anna")
    statuses = [through_proxy(client, "anna", f"wrong-{i}", "203.0.113.7").status_code for i in range(6)]
    assert statuses[4:] == [429, 429]  # that phone is locked out
    response = through_proxy(client, "anna", RIGHT, "198.51.100.20")  # anna on her own phone, same proxy
    assert response.status_code == 302 and logged_in(client)


@pytest.mark.django_db
def test_a_forged_forwarded_header_does_not_escape_the_lockout(client, make_user):
    make_user("anna")
    for i in range(5):  # each attempt claims another address, but the proxy appends the real one
        through_proxy(client, "anna", f"wrong-{i}", "203.0.113.7", sent_header=f"192.0.2.{i}")
    assert through_proxy(client, "anna", RIGHT, "203.0.113.7", sent_header="192.0.2.99").status_code == 429


@pytest.mark.django_db
def test_a_client_that_is_no_proxy_cannot_choose_its_address(client, make_user):
    make_user("anna")
    for i in range(5):  # straight to the app, not from a trusted proxy: the header is not believed
        attempt(client, LOGIN, "anna", f"wrong-{i}", "203.0.113.7", HTTP_X_FORWARDED_FOR=f"192.0.2.{i}")
    assert (
        attempt(client, LOGIN, "anna", RIGHT, "203.0.113.7", HTTP_X_FORWARDED_FOR="192.0.2.50").status_code
        == 429
    )


def test_the_client_address_rules(rf, settings):
    from tournament.operations.login_throttle import client_ip

    settings.TENBOU_TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.2"]

    def address(remote, forwarded=None):
        extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
        return client_ip(rf.get("/", REMOTE_ADDR=remote, **extra))

    assert address("203.0.113.7", "192.0.2.1") == "203.0.113.7"  # not from a proxy
    assert address("127.0.0.1") == "127.0.0.1"  # the machine itself, no header
    assert address("127.0.0.1", "192.0.2.1, 203.0.113.7") == "203.0.113.7"  # the right-most
    assert address("127.0.0.1", "203.0.113.7, 10.0.0.2") == "203.0.113.7"  # two proxies in a row
    settings.TENBOU_TRUSTED_PROXIES = [
        "*"
    ]  # compose: the proxy reaches the container through Docker's bridge
    assert address("172.18.0.1", "192.0.2.1, 203.0.113.7") == "203.0.113.7"
