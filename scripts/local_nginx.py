"""deploy/nginx.conf run as it is, on this machine, by whoever runs it (no root): for a trial in front of `make serve`,
for tests/operations/test_nginx_cache.py and for bench/public_pages.py.

    python scripts/local_nginx.py [--app 127.0.0.1:8000] [--port 8443]

Only what cannot be the same on a workstation is changed, each replacement checked to be there: the two servers
listen on the loopback (HTTPS on ``--port``, the HTTP redirect on a free port), the upstream is ``--app``, the
certificate is a self-signed one for tenbou.example.org made here with openssl, and the access log and the
micro-cache go into a temporary folder, which is also nginx's prefix (its pid, error log and temporary files).
Everything else, the micro-cache, its key and bypass, the log format and its token mask, is the deploy file's.
Debian's package (``apt-get install nginx``; scripts/system-packages.sh installs it as root) gives the program.
Try it: ``curl -k --resolve tenbou.example.org:8443:127.0.0.1 https://tenbou.example.org:8443/`` (the app needs
DJANGO_ALLOWED_HOSTS=tenbou.example.org).
"""

import argparse
import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "deploy" / "nginx.conf"
HOST = "tenbou.example.org"
START_SECONDS = 10


def nginx_program() -> str | None:
    """Debian's nginx (in /usr/sbin, which is not on every user's PATH), or None when it is not installed."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def site_config(*, app: str, https_port: int, http_port: int, work: Path) -> str:
    """deploy/nginx.conf with the workstation's addresses and paths; a replacement that no longer finds its text
    is an error, so the trial never quietly runs something other than the deploy file."""
    text = SITE.read_text()
    changes = {
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen [::]:80;": "",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{https_port} ssl http2;",
        "listen [::]:443 ssl http2;": "",
        "server 127.0.0.1:8000;": f"server {app};",
        f"/etc/letsencrypt/live/{HOST}/fullchain.pem": str(work / "certificate.pem"),
        f"/etc/letsencrypt/live/{HOST}/privkey.pem": str(work / "key.pem"),
        "/var/log/nginx/tenbou.access.log": str(work / "access.log"),
        "/var/lib/nginx/tenbou-cache": str(work / "cache"),
    }
    for old, new in changes.items():
        if old not in text:
            raise RuntimeError(f"{SITE} no longer has {old!r}: update scripts/local_nginx.py")
        text = text.replace(old, new)
    return text


def main_config(work: Path) -> str:
    """nginx.conf around the site: Debian's /etc/nginx/nginx.conf trimmed to what a trial needs, every path in
    ``work``. As root the workers stay root too (Debian's www-data could not read a temporary folder)."""
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    temp = "\n".join(
        f"    {kind}_temp_path {work / ('temp-' + kind)};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{user}worker_processes 1;\npid {work / 'nginx.pid'};\nerror_log {work / 'error.log'};\n"
        f"events {{ worker_connections 1024; }}\n"
        f"http {{\n{temp}\n    access_log off;\n    include {work / 'tenbou.conf'};\n}}\n"
    )


def self_signed_certificate(work: Path) -> None:
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-days", "2", "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=DNS:{HOST}",
         "-keyout", str(work / "key.pem"), "-out", str(work / "certificate.pem")],
        check=True, capture_output=True,
    )  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LocalNginx:
    """nginx with deploy/nginx.conf in front of ``app`` (host:port) on https://127.0.0.1:<port>, until stop().
    ``work``: the folder for its files (a new temporary one when None, removed at stop)."""

    tls = True  # tests/operations/http_client.py talks TLS to it

    def __init__(self, app: str, *, port: int | None = None, work: Path | None = None):
        program = nginx_program()
        if program is None:
            raise RuntimeError("nginx is not installed (apt-get install nginx)")
        self._own_work = work is None
        self.work = Path(tempfile.mkdtemp(prefix="tenbou-nginx-")) if work is None else work
        self.port = port or free_port()
        self.name = "nginx"
        self.access_log = self.work / "access.log"
        self_signed_certificate(self.work)
        (self.work / "tenbou.conf").write_text(
            site_config(app=app, https_port=self.port, http_port=free_port(), work=self.work)
        )
        (self.work / "nginx.conf").write_text(main_config(self.work))
        command = [program, "-p", str(self.work), "-c", str(self.work / "nginx.conf"),
                   "-e", str(self.work / "error.log"), "-g", "daemon off;"]  # fmt: skip
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        if checked.returncode:
            raise RuntimeError(f"nginx refused the configuration:\n{checked.stderr}")
        self._stderr = (self.work / "stderr.log").open("w")
        self.process = subprocess.Popen(command, stderr=self._stderr, start_new_session=True)
        self._wait_until_listening()

    def _wait_until_listening(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx stopped:\n{self.error_log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(
            f"nginx did not listen on {self.port} within {START_SECONDS} s:\n{self.error_log()}"
        )

    def error_log(self) -> str:
        self._stderr.flush()
        logs = (self.work / name for name in ("stderr.log", "error.log"))
        return "".join(path.read_text() for path in logs if path.exists())

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(
                self.process.pid, signal.SIGTERM
            )  # fast shutdown: nothing of a trial is worth waiting for
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self._stderr.close()
        if self._own_work:
            shutil.rmtree(self.work, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default="127.0.0.1:8000", help="the app's address (default 127.0.0.1:8000)")
    parser.add_argument("--port", type=int, default=8443, help="nginx's HTTPS port (default 8443)")
    args = parser.parse_args()
    with LocalNginx(args.app, port=args.port) as nginx:
        print(f"nginx with deploy/nginx.conf on https://{HOST}:{nginx.port}/ (127.0.0.1) in front of {args.app}; "
              f"access log {nginx.access_log}; Ctrl-C stops it", flush=True)  # fmt: skip
        with contextlib.suppress(KeyboardInterrupt):
            nginx.process.wait()


if __name__ == "__main__":
    main()
