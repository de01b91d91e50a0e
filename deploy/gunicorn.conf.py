"""Gunicorn settings for Tenbou, from environment variables (used by scripts/serve.sh, the systemd unit and the
container). Defaults suit a 2-core machine: 3 processes of 4 threads each.

TENBOU_BIND                  address:port or unix:/path (default 127.0.0.1:8000)
TENBOU_WORKERS               processes (default 3)
TENBOU_THREADS               threads per process (default 4)
TENBOU_TIMEOUT               seconds before a silent worker is restarted (default 60; a 100-page PDF takes ~10 s)
TENBOU_FORWARDED_ALLOW_IPS   proxies whose X-Forwarded-* headers are trusted (default 127.0.0.1,::1)
TENBOU_ACCESS_LOG            1 to log every request (default 1): no client address, no user agent, with the request id
TENBOU_REUSE_PORT            1 (default): each process listens on its own socket (SO_REUSEPORT) and the kernel spreads
                             new connections over them; 0: one socket shared by all (see ``reuse_port`` below)

What gunicorn writes goes through ``PrivateLogger``: the access log has the method, the path without its query string
(``?q=`` holds what somebody typed) and with its one-time token (a players' score sheet, a check-in link,
a set-password or password-reset link) replaced by ``***`` (tournament/logs/privacy.py, the mask Tenbou's own log uses); the error
log's lines are masked the same way ("Error handling request /path"), and "Invalid request from ip=..." (a
malformed request) loses the address.
"""

import os
import re

from gunicorn.glogging import Logger

from tournament.logs.privacy import PrivateRecords, private

wsgi_app = "config.wsgi:application"
bind = os.environ.get("TENBOU_BIND", "127.0.0.1:8000").split(",")
worker_class = "gthread"
workers = int(os.environ.get("TENBOU_WORKERS", "3"))
threads = int(os.environ.get("TENBOU_THREADS", "4"))
timeout = int(os.environ.get("TENBOU_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
# One listening socket per process (SO_REUSEPORT) on a TCP address: the kernel hands each new connection to one of
# them (by its addresses' hash), so a burst of keep-alive connections is spread over the processes. With one shared
# socket every process's accept loop (gthread) takes as many connections as it can while it is awake: measured
# (bench/many_events.py --spread), one process held most of a burst's connections and worked alone on one core
# while the others idled, for as long as the connections stayed open. Not for a unix socket (gunicorn would make
# one per process at the same path, each removing the one before) nor a socket handed over by systemd (fd://).
reuse_port = os.environ.get("TENBOU_REUSE_PORT", "1") == "1" and not any(
    address.startswith(("unix:", "fd://")) for address in bind
)


def post_fork(server, worker):
    """With a socket per process, a stopping process (``systemctl reload``, a restart) closes its own socket as soon
    as it stops accepting: the kernel then hands new connections to the other processes' sockets. Left open while the
    process finishes its answers (up to graceful_timeout), new connections would be queued on it and reset when it
    closed it at the end. (gthread's ``set_accept_enabled(False)`` is where it stops accepting; a worker class
    without it keeps gunicorn's own order.)"""
    if not reuse_port:
        return
    # gunicorn's master says "Listening at:" with nothing when each process makes its own socket: each says it here
    # (as the master does: address, pid), so the log still shows the port is this server's
    worker.log.info(
        "Listening at: %s (%s)", ",".join(str(listener) for listener in worker.sockets), worker.pid
    )
    accept = getattr(worker, "set_accept_enabled", None)
    if accept is None:
        return

    def set_accept_enabled(enabled):
        accept(enabled)
        if not enabled and not worker.alive:
            for listener in worker.sockets:
                listener.close()  # gunicorn's sockets close once; its own close at the end does nothing more

    worker.set_accept_enabled = set_accept_enabled


forwarded_allow_ips = os.environ.get("TENBOU_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
errorlog = "-"
accesslog = "-" if os.environ.get("TENBOU_ACCESS_LOG", "1") == "1" else None
access_log_format = '%(t)s "%(r)s" %(s)s %(B)s %(M)sms id=%({x-request-id}o)s'

_INVALID_FROM = re.compile(r"^Invalid request from ip=\S*?(?=: )")


def private_path(raw_uri: str) -> str:
    """The path of a request without its query string, its one-time token replaced by ``***``."""
    return private(raw_uri.split("?", 1)[0])


class PrivateLogger(Logger):
    """gunicorn's logger without addresses, user agents, referrers, query strings or one-time tokens."""

    def __init__(self, cfg):
        super().__init__(cfg)
        if not any(isinstance(found, PrivateRecords) for found in self.error_log.filters):
            self.error_log.addFilter(PrivateRecords())

    def warning(self, msg, *args, **kwargs):
        super().warning(_INVALID_FROM.sub("Invalid request", str(msg)), *args, **kwargs)

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        path = private_path(environ.get("RAW_URI", ""))
        atoms.update(h="-", a="-", f="-", q="-", U=path, r=f"{atoms['m']} {path} {atoms['H']}")
        return atoms


logger_class = PrivateLogger
# gunicorn's control socket (gunicornc) is not used; one per user would clash between two servers on one machine
control_socket_disable = True
