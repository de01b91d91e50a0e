"""A minimal browser for tests against a real server process: requests as a TLS-terminating proxy forwards them
(the public Host, X-Forwarded-Proto: https, an Origin on posts, as the browser sends it), cookies kept, and the
forms of a page read as a browser submits them (hidden and text inputs with their values, checked boxes; no
button unless named by the caller). A server with ``tls`` set (nginx in front, scripts/local_nginx.py) is spoken
to over TLS, its self-signed certificate accepted."""

import http.client
import re
import ssl
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from typing import NamedTuple
from urllib.parse import urlencode

HOST = "tenbou.example.org"


class Form(NamedTuple):
    action: str
    id: str
    fields: list[tuple[str, str]]

    def values(self, changes: dict[str, str]) -> list[tuple[str, str]]:
        """The form's own values with ``changes`` typed over them (a name in ``changes`` replaces every value)."""
        kept = [(name, value) for name, value in self.fields if name not in changes]
        return kept + list(changes.items())


class _Forms(HTMLParser):
    """The forms of a page as a browser submits them: hidden and text inputs with their values, checked boxes and
    radios, each select's selected (or first) option; no button."""

    def __init__(self, path: str):
        super().__init__(convert_charrefs=True)
        self.path, self.forms, self._open, self._select, self._first = path, [], False, None, False

    def handle_starttag(self, tag, attrs):
        found = {name: value if value is not None else "" for name, value in attrs}
        if tag == "form":
            self.forms.append(Form(found.get("action") or self.path, found.get("id", ""), []))
            self._open = True
        elif tag == "input" and self._open and found.get("name"):
            kind = found.get("type", "text")
            if kind in ("submit", "button", "image") or (
                kind in ("checkbox", "radio") and "checked" not in found
            ):
                return
            default = "on" if kind in ("checkbox", "radio") else ""
            self.forms[-1].fields.append((found["name"], found.get("value", default)))
        elif tag == "select" and self._open and found.get("name"):
            self._select, self._first = found["name"], True
        elif tag == "option" and self._select and (self._first or "selected" in found):
            fields = self.forms[-1].fields
            fields[:] = [field for field in fields if field[0] != self._select]
            fields.append((self._select, found.get("value", "")))
            self._first = False

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = False
        elif tag == "select":
            self._select = None


def read_forms(html: str, path: str = "") -> list[Form]:
    """The forms of a page; a form without an action posts to ``path``."""
    parser = _Forms(path)
    parser.feed(html)
    return parser.forms


class Page(NamedTuple):
    path: str
    status: int
    headers: dict[str, str]
    text: str

    def forms(self) -> list[Form]:
        return read_forms(self.text, self.path)

    def form(self, *, id: str = "", action: str = "", field: str = "", having: tuple[str, str] | None = None):
        """The one form with this id, action, a field of this name and a field with this value."""
        found = [
            form
            for form in self.forms()
            if (not id or form.id == id)
            and (not action or form.action == action)
            and (not field or any(name == field for name, _value in form.fields))
            and (having is None or having in form.fields)
        ]
        assert len(found) == 1, (
            f"{len(found)} forms match on {self.path} ({self.status}):\n{self.text[:3000]}"
        )
        return found[0]

    def rows(self) -> list[list[str]]:
        """The cells of the first table body's rows, as text."""
        body = self.text.split("<tbody", 1)[1].split("</tbody>", 1)[0]
        return [
            [
                " ".join(re.sub(r"<[^>]*>", " ", cell).split())
                for cell in re.findall(r"<td.*?</td>", row, re.S)
            ]
            for row in body.split("<tr")[1:]
        ]


def connect(server) -> http.client.HTTPConnection:
    if getattr(server, "tls", False):
        context = ssl.create_default_context()  # a trial's self-signed certificate: accepted
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        return http.client.HTTPSConnection("127.0.0.1", server.port, timeout=30, context=context)
    return http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)


class Browser:
    def __init__(self, host: str = HOST):
        self.host, self.cookies = host, {}

    def get(self, server, path: str, *, headers: dict | None = None) -> Page:
        return self.request(server, "GET", path, headers=headers or {})

    def post(self, server, path: str, fields: list[tuple[str, str]]) -> Page:
        headers = {"Origin": f"https://{self.host}", "Content-Type": "application/x-www-form-urlencoded"}
        return self.request(server, "POST", path, body=urlencode(fields), headers=headers)

    def request(self, server, method: str, path: str, *, body: str | None = None, headers: dict) -> Page:
        sent = {"Host": self.host, "X-Forwarded-Proto": "https", "Accept-Language": "en", **headers}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        conn = connect(server)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return Page(path, response.status, dict(response.headers.items()), text)
