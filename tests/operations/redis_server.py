"""A throw-away Redis server for the tests (Debian's ``redis-server``; scripts/system-packages.sh installs it as root),
started as the test run starts PostgreSQL (scripts/with-postgres.sh): on a free loopback port, nothing saved to disk,
its files in a temporary folder, stopped afterwards."""

import shutil
import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

START_SECONDS = 10


def redis_program() -> str | None:
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def redis_server(work: Path):
    """Yields the server's URL (``redis://127.0.0.1:PORT/0``) while it runs."""
    port = free_port()
    command = [redis_program(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(work),
               "--save", "", "--appendonly", "no", "--daemonize", "no", "--logfile", str(work / "redis.log")]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                log = work / "redis.log"
                raise RuntimeError(f"redis-server did not start:\n{log.read_text() if log.exists() else ''}")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
