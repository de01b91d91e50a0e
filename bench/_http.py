"""A small HTTP client for the load benchmark: one loopback connection per simulated person, cookies kept like a
browser's, every request timed. Standard library only (http.client)."""

import gzip
import http.client
import re
import time
from html.parser import HTMLParser
from urllib.parse import urlencode

TIMEOUT = 30


class Client:
    """One person's browser: a keep-alive connection and a cookie jar. ``encoding``: what it accepts
    (Accept-Encoding; a phone's browser over plain HTTP asks for gzip); a gzip answer is unpacked."""

    def __init__(self, port: int, record, encoding: str = "gzip"):
        self.port = port
        self.record = record  # record(kind, seconds, status)
        self.encoding = encoding
        self.cookies: dict[str, str] = {}
        self.connection = None

    def request(self, kind: str, method: str, path: str, *, body: dict | None = None, headers=None):
        """(status, headers, text); status 0 when the request failed (timeout, connection reset)."""
        send = {"Host": f"127.0.0.1:{self.port}", "Accept-Language": "en", "Accept-Encoding": self.encoding}
        if self.cookies:
            send["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body).encode()
            send["Content-Type"] = "application/x-www-form-urlencoded"
        send.update(headers or {})
        start = time.perf_counter()
        try:
            status, found, text = self._send_or_resend(method, path, data, send)
        except (OSError, http.client.HTTPException):
            self.close()
            self.record(kind, time.perf_counter() - start, 0)
            return 0, {}, ""
        self.record(kind, time.perf_counter() - start, status)
        return status, found, text

    def _send_or_resend(self, method, path, data, headers):
        """A kept-alive connection the server has closed meanwhile fails at once without an answer; a browser
        then sends the request again on a new connection, and so does this client (once)."""
        reused = self.connection is not None
        try:
            return self._send(method, path, data, headers)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.close()
            if not reused:
                raise
            return self._send(method, path, data, headers)

    def _send(self, method, path, data, headers):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        body = response.read()
        if response.getheader("Content-Encoding", "") == "gzip":
            body = gzip.decompress(body)
        text = body.decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie = value.split(";", 1)[0]
                key, _sep, val = cookie.partition("=")
                self.cookies[key.strip()] = val.strip()
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


class FormInputs(HTMLParser):
    """The inputs of one form (by its id), or of the first form when no id is given: name -> value."""

    def __init__(self, form_id: str | None = None):
        super().__init__()
        self.form_id, self.inside, self.done, self.values = form_id, False, False, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and not self.done and (self.form_id is None or attrs.get("id") == self.form_id):
            self.inside = True
        elif (
            self.inside
            and tag == "input"
            and attrs.get("name")
            and attrs.get("type") not in ("checkbox", "submit")
        ):
            self.values.setdefault(attrs["name"], attrs.get("value") or "")

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside, self.done = False, True


def form_inputs(html: str, form_id: str | None = None) -> dict[str, str]:
    parser = FormInputs(form_id)
    parser.feed(html)
    return parser.values


def login(client: Client, username: str, password: str) -> bool:
    status, _headers, html = client.request("login", "GET", "/accounts/login/")
    token = form_inputs(html).get("csrfmiddlewaretoken") or _csrf_from(html)
    body = {"username": username, "password": password, "csrfmiddlewaretoken": token, "next": "/"}
    status, _headers, _html = client.request("login", "POST", "/accounts/login/", body=body)
    return status == 302


def _csrf_from(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    return found.group(1) if found else ""


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]
