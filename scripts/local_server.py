"""The development server the screenshot scripts take their pictures from: ``with serving(env) as base:`` runs
``manage.py runserver`` on a free local port (or ``address``) with the script's environment, waits until /healthz
answers and stops it afterwards."""

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.request import urlopen

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def serving(env: dict, address: str | None = None) -> Iterator[str]:
    """The server's base address (``http://127.0.0.1:PORT``) while it runs."""
    address = address or f"127.0.0.1:{free_port()}"
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", address],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://{address}"
        _wait_for(base)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def _wait_for(base: str) -> None:
    for _ in range(100):
        try:
            urlopen(f"{base}/healthz", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no server at {base}")
