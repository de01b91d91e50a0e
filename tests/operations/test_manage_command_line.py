"""`manage.py` from a checkout (docs/commands.md): after `make run` a command needs no configuration (the
checkout's marker gives it the development settings `make run` used), and without configuration nor marker it
stops with one line saying what to do, never a traceback. Production (a secret key, a database) is untouched."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SHOW_DEBUG = "from django.conf import settings; print(settings.DEBUG)"


def clean_env(**values) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "TENBOU_", "DATABASE"))
    }
    return {**env, **values}


def run_manage(checkout: Path, *args: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(checkout / "manage.py"), *args],
        cwd=checkout,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def checkout_copy(tmp_path: Path, *, marker: bool) -> Path:
    """A checkout's manage.py beside links to the code (the settings' BASE_DIR stays the real checkout, so nothing
    is written there: the commands below read settings only)."""
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    shutil.copy(ROOT / "manage.py", checkout / "manage.py")
    for package in ("config", "tournament", "scoring"):
        (checkout / package).symlink_to(ROOT / package)
    if marker:
        (checkout / ".tenbou-development").write_text("written by make run\n")
    return checkout


def test_without_configuration_a_command_stops_with_one_line_saying_what_to_do(tmp_path):
    result = run_manage(checkout_copy(tmp_path, marker=False), "shell", "-c", SHOW_DEBUG)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "DJANGO_SECRET_KEY" in lines[0] and "DJANGO_DEBUG=1" in lines[0] and "make run" in lines[0]


def test_after_make_run_a_command_in_the_checkout_has_the_development_settings(tmp_path):
    result = run_manage(checkout_copy(tmp_path, marker=True), "shell", "-c", SHOW_DEBUG)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "True"


def test_the_marker_never_overrides_a_configuration(tmp_path):
    """A secret key, a database or an explicit DJANGO_DEBUG=0 is a configuration: the marker is not looked at."""
    checkout = checkout_copy(tmp_path, marker=True)
    secret = run_manage(checkout, "shell", "-c", SHOW_DEBUG, DJANGO_SECRET_KEY="k" * 50)
    assert secret.returncode == 0 and secret.stdout.split()[-1] == "False"
    database = run_manage(
        checkout, "shell", "-c", SHOW_DEBUG, DATABASE_URL=f"sqlite:///{tmp_path / 'other.sqlite3'}"
    )
    assert database.returncode == 2 and "DJANGO_SECRET_KEY" in database.stderr
    debug_off = run_manage(checkout, "shell", "-c", SHOW_DEBUG, DJANGO_DEBUG="0")
    assert debug_off.returncode == 2 and "Traceback" not in debug_off.stderr


def test_make_run_leaves_the_marker_and_git_ignores_it():
    makefile = (ROOT / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "touch .tenbou-development" in run
    assert "/.tenbou-development" in (ROOT / ".gitignore").read_text().splitlines()


def test_check_deploy_passes_with_the_production_settings_from_the_marked_checkout(tmp_path):
    checkout = checkout_copy(tmp_path, marker=True)
    result = run_manage(
        checkout,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY="k" * 20 + "-production-secret-of-some-length-0123456789",
        DJANGO_ALLOWED_HOSTS="tenbou.example.org",
    )
    assert result.returncode == 0, result.stderr


def test_the_container_never_gets_the_mark():
    assert "/.tenbou-development" in (ROOT / ".dockerignore").read_text().splitlines()
