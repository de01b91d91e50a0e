"""Issue 13: ?after= and ?session= accept only the tournament's sessions; nothing is built for any other."""

import pytest

HOSTILE = ["1000", "9", "0", "-1", "²", "１", "1" * 5000, "1e3", " 2", "2.0"]


@pytest.mark.parametrize("value", HOSTILE)
def test_standings_refuse_sessions_that_do_not_exist(client, demo, value):
    response = client.get("/t/demo/standings/", {"after": value})
    assert response.status_code in (400, 404)
    assert b"<table" not in response.content


@pytest.mark.parametrize("value", HOSTILE)
def test_exports_refuse_them_too(client, organiser_client, demo, value):
    assert client.get("/t/demo/export/standings-csv/", {"after": value}).status_code in (400, 404)
    assert client.get("/t/demo/export/standings-xlsx/", {"after": value}).status_code in (400, 404)
    for url in ("/t/demo/export/session-results-csv/", "/t/demo/print/score-sheets.pdf"):
        assert organiser_client.get(url, {"session": value}).status_code in (400, 404)


def test_existing_sessions_still_work(client, demo):
    assert client.get("/t/demo/standings/", {"after": "3"}).status_code == 200
    assert client.get("/t/demo/standings/", {"after": "8"}).status_code == 200  # planned, no results yet
    assert client.get("/t/demo/export/standings-csv/", {"after": "2"}).status_code == 200


def test_a_malformed_value_gets_a_styled_page_that_says_why(client, demo):
    response = client.get("/t/demo/standings/", {"after": "²"})
    assert response.status_code == 400
    assert "This address is not quite right" in response.content.decode()


def test_the_after_session_choice_lists_only_sessions_with_results(client, demo):
    html = client.get("/t/demo/standings/").content.decode()
    options = html.split('id="after"', 1)[1].split("</select>", 1)[0]
    assert [f'value="{n}"' in options for n in range(1, 9)] == [True] * 5 + [False] * 3
