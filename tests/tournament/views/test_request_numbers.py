"""Issue "Trust on the day", items 11, 15 and 16: every whole number a request sends goes through one reader
(tournament.views.params). ``²`` (which ``str.isdigit()`` accepts and ``int()`` refuses), ``-1`` where counting
starts at 1, and thousands of digits are a 400 whose page names the parameter, in the reader's language, logged as
a refusal; nothing is written. The valid edges still work."""

import logging

import pytest

from tournament.models import AuditEntry, ClockEvent, SheetEntry, TournamentRole

BAD = ["²", "١", "-1", "1" * 5000, " 2", "2.0", "1e3"]


def written() -> tuple[int, int, int]:
    return AuditEntry.objects.count(), ClockEvent.objects.count(), SheetEntry.objects.count()


def refused(response, name: str, message: str = "") -> None:
    assert response.status_code == 400
    assert (message or f"{name} must be a whole number from") in response.content.decode()


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("path", ["/t/demo/clock/", "/t/demo/display/"])
def test_the_anonymous_hall_pages_refuse_a_poll_that_is_not_a_number(client, demo, path, value):
    refused(client.get(path, {"poll": value}), "poll")


@pytest.mark.parametrize(("value", "seconds"), [("1", 1), ("60", 60), ("", 10)])
def test_the_hall_pages_keep_every_poll_from_1_to_60(client, demo, value, seconds):
    for path in ("/t/demo/clock/", "/t/demo/display/"):
        response = client.get(path, {"poll": value})
        assert response.status_code == 200 and f'data-poll-seconds="{seconds}"' in response.content.decode()


@pytest.mark.parametrize("value", ["0", "61"])
def test_a_poll_outside_1_to_60_is_refused_not_quietly_changed(client, demo, value):
    refused(client.get("/t/demo/clock/", {"poll": value}), "poll")


def test_the_refusal_is_in_the_readers_language_and_logged(client, demo, caplog):
    demo.language = "nl"  # the clock is a hall page: it speaks the tournament's language
    demo.save(update_fields=["language"])
    with caplog.at_level(logging.INFO, logger="tenbou.refused"):
        response = client.get("/t/demo/clock/", {"poll": "²"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 400
    assert "poll moet een heel getal van 1 tot en met 60 zijn." in response.content.decode()
    (record,) = [r for r in caplog.records if r.name == "tenbou.refused"]
    assert record.refusal["code"] == "bad_request" and record.refusal["status"] == 400
    assert record.refusal["message"] == "poll moet een heel getal van 1 tot en met 60 zijn."


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("name", ["page", "per_page"])
def test_the_players_list_refuses_a_page_or_page_size_that_is_not_a_number(organiser_client, name, value):
    refused(organiser_client.get("/t/demo/organise/players/", {name: value}), name)


def test_per_page_minus_one_is_a_400_not_a_server_error(organiser_client):
    """Item 15: ``?per_page=-1`` ended in EmptyPage (500)."""
    refused(organiser_client.get("/t/demo/organise/players/?per_page=-1"), "per_page")
    refused(organiser_client.get("/t/demo/organise/players/?per_page=0"), "per_page")


def test_the_players_list_pages_still_work(organiser_client):
    assert organiser_client.get("/t/demo/organise/players/?per_page=1&page=1").status_code == 200
    assert organiser_client.get("/t/demo/organise/players/?per_page=5000").status_code == 200
    last = organiser_client.get(
        "/t/demo/organise/players/?per_page=10&page=99"
    )  # past the end: the last page
    assert last.status_code == 200


@pytest.mark.parametrize("value", BAD)
def test_the_audit_log_refuses_a_page_that_is_not_a_number(organiser_client, value):
    refused(organiser_client.get("/t/demo/organise/log/", {"page": value}), "page")


@pytest.mark.parametrize("name", ["role", "user"])
@pytest.mark.parametrize("value", ["²", "1" * 5000])
def test_staff_actions_refuse_an_id_that_is_not_a_number(organiser_client, demo, name, value):
    before = (written(), TournamentRole.objects.count())
    url = {"role": "/t/demo/organise/staff/remove/", "user": "/t/demo/organise/staff/link/"}[name]
    # the link form's login is chosen among this tournament's staff: anything else names nobody (item 2)
    message = {"user": "That login has no role in this tournament."}.get(name, "")
    refused(organiser_client.post(url, {name: value}), name, message)
    assert (written(), TournamentRole.objects.count()) == before


@pytest.mark.parametrize("value", ["²", "1" * 5000, "-1"])
def test_the_score_sheet_refuses_a_line_count_that_is_not_a_number(referee_client, value):
    before = written()
    url = "/t/demo/referee/sessions/6/tables/1/sheet/"
    posted = {"action": "signal", "expected_count": value, "submission_key": "k" * 12}
    # a hidden field the page gave out: the sheet's form says it is damaged (referee.sheet.LineForm)
    refused(referee_client.post(url, posted), "expected_count", "This form is damaged: open the sheet again.")
    assert written() == before


def test_the_score_sheet_still_takes_the_count_it_showed(referee_client):
    url = "/t/demo/referee/sessions/6/tables/1/sheet/"
    referee_client.post(url, {"action": "signal", "expected_count": "0", "submission_key": "k" * 12})
    assert SheetEntry.objects.filter(kind=SheetEntry.SIGNAL).count() == 1


@pytest.mark.parametrize("value", ["²", "١", "-1"])
def test_the_referees_search_takes_a_unicode_digit_as_text(referee_client, value):
    """``?q=²`` ended in int('²'): a search is text; only plain digits look for a table number."""
    assert referee_client.get("/t/demo/referee/sessions/6/", {"q": value}).status_code == 200
    page = referee_client.get("/t/demo/referee/sessions/6/", {"q": "2"}).content.decode()
    assert "/tables/2/" in page and "/tables/1/" not in page


# -- item 16: the clock acts on the session it is asked for, or on none ----------------------------------------


@pytest.mark.parametrize(
    ("number", "message"),
    [
        ("99", "session must be a whole number from 1 to 40."),
        ("9", "session: this tournament has no session 9."),
    ],
)
def test_the_clock_refuses_a_session_the_tournament_does_not_have(organiser_client, demo, number, message):
    """``action=start&session=99`` started session 6 (the hall's current session) and wrote its START event."""
    before = written()
    response = organiser_client.post(
        "/t/demo/organise/clock/", {"action": "start", "session": number, "minutes": "90"}
    )
    assert response.status_code == 400 and message in response.content.decode()
    assert written() == before


@pytest.mark.parametrize("value", ["²", "1" * 5000, "0", "-1"])
def test_the_clock_refuses_a_session_that_is_not_a_number(organiser_client, value):
    before = written()
    refused(
        organiser_client.post("/t/demo/organise/clock/", {"action": "start", "session": value}), "session"
    )
    assert written() == before


def test_a_clock_action_must_name_its_session(organiser_client):
    before = written()
    response = organiser_client.post("/t/demo/organise/clock/", {"action": "start", "minutes": "90"})
    assert response.status_code == 400 and "say which session" in response.content.decode()
    assert written() == before


def test_the_clock_starts_the_session_it_names(organiser_client, demo):
    response = organiser_client.post(
        "/t/demo/organise/clock/", {"action": "start", "session": "7", "minutes": "90"}
    )
    assert response.status_code == 302 and response["Location"].endswith("?session=7")
    assert list(ClockEvent.objects.values_list("session__number", "kind")) == [(7, "start")]


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("42", 42), ("-7", -7), ("9" * 18, 10**18 - 1), ("²", None), ("١", None), ("9" * 19, None)]
    + [("", None), ("+1", None), ("1_000", None), ("4\n", None)],
)
def test_whole_number_reads_plain_ascii_digits_only(text, number):
    from tournament.views.params import whole_number

    assert whole_number(text) == number


@pytest.mark.parametrize("value", ["-1", "²", "organise_home"])
def test_a_return_address_that_is_not_a_path_goes_back_to_the_seating_overview(organiser_client, value):
    """``next=-1`` was taken for the name of a page to look up (NoReverseMatch, a 500)."""
    response = organiser_client.post(
        "/t/demo/organise/seating/publish/", {"sessions": "6", "published": "on", "next": value}
    )
    assert response.status_code == 302 and response["Location"] == "/t/demo/organise/seating/"
