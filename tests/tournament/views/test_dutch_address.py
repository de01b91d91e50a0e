"""One form of address per page in Dutch (issue 21, item 11): a page says "je/jouw" or "u/uw" to its reader, never
both. Each page's visible text (no scripts, styles or tags) is read as a Dutch reader reads it."""

import re
from html import unescape

import pytest

INFORMAL = re.compile(r"\b(je|jij|jou|jouw|jullie)\b", re.I)
FORMAL = re.compile(r"\b(u|uw)\b", re.I)

PUBLIC = [
    "/",
    "/calculator/",
    "/t/demo/",
    "/t/demo/standings/",
    "/t/demo/players/p01/",
    "/t/demo/players/p12/",
    "/t/demo/sessions/5/",
]
STAFF = [
    "/t/demo/referee/",
    "/t/demo/referee/sessions/6/",
    "/t/demo/referee/sessions/6/tables/1/",
    "/t/demo/referee/sessions/6/tables/1/sheet/",
    "/t/demo/organise/",
    "/t/demo/organise/settings/",
    "/t/demo/organise/players/",
    "/t/demo/organise/log/",
    "/t/demo/organise/ema/",
    "/t/demo/organise/exports/",
    "/t/demo/organise/staff/",
    "/t/demo/organise/display/",
]


def visible_text(html: str) -> str:
    html = re.sub(r"(?s)<(script|style|svg)\b.*?</\1>", " ", html)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def both_forms(client, url: str) -> tuple[list[str], list[str]]:
    response = client.get(url, headers={"accept-language": "nl"})
    assert response.status_code == 200, url
    text = visible_text(response.content.decode())
    return sorted(set(INFORMAL.findall(text))), sorted(set(FORMAL.findall(text)))


@pytest.mark.parametrize("url", PUBLIC)
def test_a_public_page_keeps_one_form_of_address(client, demo, url):
    informal, formal = both_forms(client, url)
    assert not (informal and formal), (url, informal, formal)


@pytest.mark.parametrize("url", STAFF)
def test_a_staff_page_keeps_one_form_of_address(client, demo, make_user, url):
    client.force_login(make_user("olga", tournament=demo, role="organiser"))
    informal, formal = both_forms(client, url)
    assert not (informal and formal), (url, informal, formal)


def test_the_check_sees_a_page_that_mixes_them():
    text = visible_text(
        "<p>Kies <b>je</b> tafel.</p><p>Uw wachtwoord is gewijzigd.</p><script>var u = 1;</script>"
    )
    assert INFORMAL.findall(text) == ["je"] and FORMAL.findall(text) == ["Uw"]
