"""The read API is cached as the public pages (tournament/operations/caching.py, fast_public.py): an ETag from the
change stamp, 304, ``Cache-Control: public, max-age``, compressed, no cookie, the fast path for a tournament's
answers; its lists have pages; one address is limited to TENBOU_API_RATE requests a minute (api_throttle.py)."""

import json
from types import SimpleNamespace

import pytest

from tests.tournament.views.api.conftest import ApiClient, body
from tests.tournament.views.public.conftest import enter
from tournament.operations import api_throttle

STANDINGS = "/api/v1/tournaments/hand-worked/standings/"
PLAYERS = "/api/v1/tournaments/hand-worked/players/"
# session 3, table 1 (h E, g S, f W, e N) as tests/tournament/views/public/test_standings_page.py enters it
SESSION_3_TABLE_1 = {"E": 45_000, "S": 35_000, "W": 25_000, "N": 15_000}


def fast(response) -> bool:
    return getattr(response.wsgi_request, "fast_public", False)


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_an_answer_is_public_compressed_cookie_free_and_304_on_the_fast_path(event, settings, encoding):
    first = ApiClient().get(STANDINGS, headers={"accept-encoding": encoding})
    assert first.status_code == 200 and not fast(first)
    assert first["Content-Encoding"] == encoding and first["Content-Type"] == "application/json"
    cache_control = {part.strip() for part in first["Cache-Control"].split(",")}
    assert {"public", f"max-age={settings.TENBOU_PUBLIC_MAX_AGE}"} <= cache_control
    assert first["Vary"] == "Accept-Encoding" and not first.cookies and "Set-Cookie" not in first
    assert not first.wsgi_request.session.accessed

    again = ApiClient().get(STANDINGS, headers={"accept-encoding": encoding})
    assert fast(again) and again.content == first.content and again["ETag"] == first["ETag"]
    asked = {"accept-encoding": encoding, "if-none-match": first["ETag"]}
    not_modified = ApiClient().get(STANDINGS, headers=asked)
    assert fast(not_modified) and not_modified.status_code == 304 and not_modified.content == b""
    assert not_modified["Cache-Control"] == first["Cache-Control"]


def test_a_change_is_a_new_etag_with_the_new_figures(event):
    before = ApiClient().get(STANDINGS)
    enter(event, 3, 1, SESSION_3_TABLE_1)
    after = ApiClient().get(STANDINGS, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert json.loads(body(after))["after_session"] == 3


def test_the_language_of_the_reader_makes_no_other_answer(event):
    english = ApiClient().get(STANDINGS, headers={"accept-language": "en"})
    german = ApiClient().get(STANDINGS, headers={"accept-language": "de"})
    assert fast(german) and german["ETag"] == english["ETag"] and german.content == english.content


def test_a_query_that_is_not_the_answers_own_is_answered_to_its_reader_alone(event):
    odd = ApiClient().get(STANDINGS + "?after_session=1&x=1")
    assert odd.status_code == 200 and "private" in odd["Cache-Control"]
    own = ApiClient().get(STANDINGS + "?after_session=1")
    assert "public" in own["Cache-Control"]


def test_the_list_of_tournaments_is_cached_by_the_sites_stamp(event):
    first = ApiClient().get("/api/v1/tournaments/")
    assert "public" in first["Cache-Control"]
    assert (
        ApiClient().get("/api/v1/tournaments/", headers={"if-none-match": first["ETag"]}).status_code == 304
    )
    enter(event, 3, 1, SESSION_3_TABLE_1)  # any audited change is a new version of the site
    assert (
        ApiClient().get("/api/v1/tournaments/", headers={"if-none-match": first["ETag"]}).status_code == 200
    )


def test_a_list_has_pages(api, event):
    first = api.data(PLAYERS + "?per_page=3")
    assert first["count"] == 8 and len(first["results"]) == 3 and first["previous"] is None
    assert first["next"] == PLAYERS + "?page=2&per_page=3"
    last = api.data(PLAYERS + "?page=3&per_page=3")
    assert (
        len(last["results"]) == 2
        and last["next"] is None
        and last["previous"] == PLAYERS + "?page=2&per_page=3"
    )
    past = api.data(PLAYERS + "?page=9&per_page=3")  # past the last page: the last, as the pages' lists
    assert past["results"] == last["results"]
    every = [
        row["key"] for page in (1, 2, 3) for row in api.data(PLAYERS + f"?page={page}&per_page=3")["results"]
    ]
    assert sorted(every) == list("abcdefgh")
    assert api.data(PLAYERS)["count"] == 8 and len(api.data(PLAYERS)["results"]) == 8
    assert api.get(PLAYERS + "?per_page=0").status_code == 400


@pytest.fixture(autouse=True)
def one_window(monkeypatch):
    """The rate limit counts in fixed one-minute windows: a test's requests all fall in one (a test that crossed a
    minute's end started counting again and was not refused)."""
    monkeypatch.setattr(api_throttle, "time", SimpleNamespace(time=lambda: 1_800_000_030.0))  # 30 s into one


def test_one_address_is_limited_on_the_fast_path_and_the_normal_way(event, settings):
    settings.TENBOU_API_RATE = 3
    seen = [ApiClient().get(STANDINGS) for _ in range(3)]
    assert [response.status_code for response in seen] == [200, 200, 200] and fast(seen[-1])
    refused = ApiClient().get(STANDINGS)  # the fast path's refusal
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= api_throttle.WINDOW_SECONDS
    refused_view = ApiClient().get("/api/v1/tournaments/")  # no slug: the view's (DRF's throttle)
    assert refused_view.status_code == 429 and "Retry-After" in refused_view
    other = ApiClient(REMOTE_ADDR="192.0.2.7").get(STANDINGS)  # another address counts on its own
    assert other.status_code == 200


def test_behind_the_proxy_each_client_counts_on_its_own(event, settings):
    settings.TENBOU_API_RATE = 2
    settings.TENBOU_TRUSTED_PROXIES = ["127.0.0.1"]
    for _ in range(2):
        assert ApiClient(HTTP_X_FORWARDED_FOR="198.51.100.1").get(STANDINGS).status_code == 200
    assert ApiClient(HTTP_X_FORWARDED_FOR="198.51.100.1").get(STANDINGS).status_code == 429
    assert ApiClient(HTTP_X_FORWARDED_FOR="198.51.100.2").get(STANDINGS).status_code == 200


def test_a_request_counts_once_when_the_fast_path_leaves_it_to_the_view(event, settings):
    settings.TENBOU_API_RATE = 2
    assert ApiClient().get(STANDINGS).status_code == 200  # the fast path counted it, the view answered
    assert ApiClient().get(STANDINGS).status_code == 200
    assert ApiClient().get(STANDINGS).status_code == 429
