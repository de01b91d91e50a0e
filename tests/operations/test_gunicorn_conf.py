"""deploy/gunicorn.conf.py: each process listens on its own socket (SO_REUSEPORT) so the kernel spreads new
connections over the processes (issue 33 item 4; bench/many_events.py --spread measures it), except where a socket
cannot be shared that way (a unix socket) or the operator turns it off."""

import runpy
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"


def conf(monkeypatch, **env):
    for name in ("TENBOU_BIND", "TENBOU_REUSE_PORT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(CONF))


def test_each_process_has_its_own_listening_socket_on_a_tcp_address(monkeypatch):
    assert conf(monkeypatch)["reuse_port"] is True
    assert conf(monkeypatch, TENBOU_BIND="127.0.0.1:8000,[::1]:8000")["reuse_port"] is True


@pytest.mark.parametrize("bind", ["unix:/run/tenbou.sock", "127.0.0.1:8000,unix:/run/tenbou.sock", "fd://3"])
def test_a_unix_socket_or_an_inherited_one_stays_shared(monkeypatch, bind):
    # gunicorn would make a unix socket per process at one path, each removing the one before
    assert conf(monkeypatch, TENBOU_BIND=bind)["reuse_port"] is False


def test_the_operator_can_turn_it_off(monkeypatch):
    assert conf(monkeypatch, TENBOU_REUSE_PORT="0")["reuse_port"] is False
    assert conf(monkeypatch, TENBOU_REUSE_PORT="1")["reuse_port"] is True


class Listener:
    def __init__(self, address="http://127.0.0.1:8000"):
        self.closed, self.address = False, address

    def __str__(self):
        return self.address

    def close(self):
        self.closed = True


class Log:
    def __init__(self):
        self.lines = []

    def info(self, message, *args):
        self.lines.append(message % args)


class Worker:
    """What the hook uses of gunicorn's gthread worker: its sockets, alive, set_accept_enabled."""

    def __init__(self):
        self.alive, self.accepting, self.sockets = True, True, [Listener(), Listener("http://[::1]:8000")]
        self.log, self.pid = Log(), 4242

    def set_accept_enabled(self, enabled):
        self.accepting = enabled


def test_a_stopping_process_closes_its_own_socket_as_soon_as_it_stops_accepting(monkeypatch):
    # else the kernel keeps queueing new connections on it while the process finishes its answers (up to
    # graceful_timeout), and resets them when it finally closes it
    worker = Worker()
    conf(monkeypatch)["post_fork"](None, worker)
    worker.set_accept_enabled(False)  # full (worker_connections) while alive: it accepts again later
    assert not worker.accepting and not any(s.closed for s in worker.sockets)
    worker.alive = False  # SIGTERM: systemctl reload, a restart
    worker.set_accept_enabled(False)
    assert not worker.accepting and all(s.closed for s in worker.sockets)


def test_a_shared_socket_stays_open_for_the_other_processes(monkeypatch):
    worker = Worker()
    conf(monkeypatch, TENBOU_REUSE_PORT="0")["post_fork"](None, worker)
    worker.alive = False
    worker.set_accept_enabled(False)
    assert not any(s.closed for s in worker.sockets)


def test_each_process_says_where_it_listens(monkeypatch):
    # the master's "Listening at:" names no socket when each process makes its own; the log still shows the port
    # is this server's (tests/operations/test_two_servers.py waits for the line)
    worker = Worker()
    conf(monkeypatch)["post_fork"](None, worker)
    assert worker.log.lines == ["Listening at: http://127.0.0.1:8000,http://[::1]:8000 (4242)"]
    shared = Worker()
    conf(monkeypatch, TENBOU_REUSE_PORT="0")["post_fork"](None, shared)
    assert shared.log.lines == []  # the master's line names the shared socket
