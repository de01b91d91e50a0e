"""Rendered once per change: ETag and Last-Modified, 304 for an unchanged page, a change makes a new ETag and new
content, in this process and in another one (simulated by emptying the cache), and every kind of write moves the
change stamp; results replaced underneath (a restored backup) show without a restart."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.utils.http import http_date

from tests.tournament.views.public.conftest import enter, row_of
from tournament.models import AuditEntry, SeatResult
from tournament.selectors.changes import change_stamp
from tournament.services import checks, penalties, players, seating, tournaments

PAGES = ["/t/hand-worked/standings/", "/t/hand-worked/sessions/3/", "/t/hand-worked/players/e/"]
# session 3, table 1 (h E, g S, f W, e N): h +17.3 + 15.0 = +32.3, g +3.1 + 5.0 = +8.1, f -5.4 - 5.0 = -10.4,
# e -15.0 - 15.0 = -30.0 (EMA 2016 3.6); figures no page shows before
SESSION_3_TABLE_1 = {"E": 47_300, "S": 33_100, "W": 24_600, "N": 15_000}
NEW_FIGURE = {PAGES[0]: "+32.3", PAGES[1]: "+32.3", PAGES[2]: "\u221230.0"}


@pytest.mark.parametrize("url", PAGES)
def test_an_unchanged_page_is_a_304(client, hand_worked, url):
    first = client.get(url)
    assert first.status_code == 200  # its Cache-Control: test_http_caching.py
    again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]


def test_last_modified_is_the_time_of_the_last_change(client, hand_worked):
    response = client.get(PAGES[0])
    latest = AuditEntry.objects.order_by("-id").first()
    assert response["Last-Modified"] == http_date(int(latest.created_at.timestamp()))
    again = client.get(PAGES[0], headers={"if-modified-since": response["Last-Modified"]})
    assert again.status_code == 304


@pytest.mark.parametrize("url", PAGES)
def test_a_new_result_makes_a_new_etag_and_new_content(client, hand_worked, url):
    before = client.get(url)
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    after = client.get(url, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert NEW_FIGURE[url] in after.content.decode() and NEW_FIGURE[url] not in before.content.decode()


def test_another_process_sees_the_change_too(client, hand_worked):
    """Process A renders and remembers; a result is saved (by process B); A answers with the new page at once,
    and a process that remembers nothing (B) renders the same page."""
    url = PAGES[0]
    old = client.get(url)
    enter(hand_worked, 3, 1, SESSION_3_TABLE_1)
    in_a = client.get(url, headers={"if-none-match": old["ETag"]})
    cache.clear()
    in_b = client.get(url, headers={"if-none-match": old["ETag"]})
    assert in_a.status_code == in_b.status_code == 200
    assert in_a["ETag"] == in_b["ETag"] != old["ETag"]
    assert _live(in_a) == _live(in_b) != _live(old)
    assert "Standings after session 3" in _live(in_b)


def _live(response) -> str:
    return response.content.decode().split('id="live"', 1)[1]


def test_the_etag_depends_on_the_language_and_the_viewer(client, hand_worked, make_user):
    english = client.get(PAGES[0])
    dutch = client.get(PAGES[0], headers={"accept-language": "nl"})
    assert english["ETag"] != dutch["ETag"]
    assert (
        client.get(PAGES[0], headers={"if-none-match": english["ETag"], "accept-language": "nl"}).status_code
        == 200
    )
    client.force_login(make_user("org", tournament=hand_worked, role="organiser"))
    organiser = client.get(PAGES[0])
    assert organiser["ETag"] != english["ETag"]
    assert "/print/standings/" in _live(organiser) and "/print/" not in _live(english)


def test_the_page_is_rendered_once_per_change(client, hand_worked, django_assert_max_num_queries):
    client.get(PAGES[0])
    with django_assert_max_num_queries(4):  # tournament, stamp, the layout's seating link (, session)
        response = client.get(PAGES[0])
    assert response.status_code == 200


@pytest.mark.skipif(
    connection.vendor == "sqlite", reason="SQLite commits its entries in the order of their ids"
)
def test_a_later_commit_with_a_lower_id_changes_the_stamp(hand_worked):
    """PostgreSQL hands out ids when a row is written, not when it commits: an entry with a lower id than the
    latest may become visible later. The stamp counts the entries, so it changes all the same."""
    before = change_stamp(hand_worked)
    missing = min(
        set(range(1, before.last_id)) - set(AuditEntry.objects.values_list("id", flat=True)), default=None
    )
    if missing is None:  # every id below the latest is taken: make a gap first
        AuditEntry.objects.create(id=before.last_id + 10, tournament=hand_worked, actor_label="x", action="x")
        before, missing = change_stamp(hand_worked), before.last_id + 5
    AuditEntry.objects.create(id=missing, tournament=hand_worked, actor_label="x", action="late commit")
    after = change_stamp(hand_worked)
    assert after.last_id == before.last_id and after.token != before.token


def test_changes_of_another_tournament_do_not_count(hand_worked, demo):
    before = change_stamp(hand_worked)
    players.set_status(actor=None, registration=demo.registrations.first(), status="withdrawn")
    assert change_stamp(hand_worked) == before


def _writes(tournament):
    """One call per kind of write the public pages show, each through its service."""
    user = get_user_model().objects.create_user("someone")
    registration = tournament.registrations.get(key="a")
    session_3 = tournament.sessions.get(number=3)
    table_2_1 = tournament.sessions.get(number=2).tables.get(number=1)
    return {
        "result": lambda: enter(tournament, 3, 1, SESSION_3_TABLE_1),
        "check": lambda: checks.check_result(actor=None, table=table_2_1, version=1, verdict="disputed", reason="x"),
        "penalty": lambda: penalties.give_penalty(
            actor=None, registration=registration, session=session_3, kind="chombo"
        ),
        "cancel penalty": lambda: penalties.cancel_penalty(
            actor=None, penalty=registration.penalties.get(session=session_3), reason="appeal"
        ),
        "status": lambda: players.set_status(actor=None, registration=registration, status="disqualified"),
        "register": lambda: players.register_player(
            actor=None, tournament=tournament, first_name="New", last_name="Player", ema_id=None, country="NED"
        ),
        "person": lambda: players.update_person(
            actor=None, player=registration.player, first_name="Anne", last_name="de Vries", ema_id="08010039",
            country="NED",
        ),
        "unpublish": lambda: seating.publish_seating(
            actor=None, tournament=tournament, numbers=[3], published=False
        ),
        "swap": lambda: seating.swap_players(
            actor=None, session=session_3, first=registration, second=tournament.registrations.get(key="b")
        ),
        "details": lambda: tournaments.update_tournament(actor=None, tournament=tournament, name="Renamed Open"),
        "role": lambda: tournaments.grant_role(actor=None, tournament=tournament, user=user, role="referee"),
    }  # fmt: skip


@pytest.mark.parametrize(
    "write",
    ["result", "check", "penalty", "cancel penalty", "status", "register", "person", "unpublish", "swap",
     "details", "role"],
)  # fmt: skip
def test_every_write_moves_the_stamp(hand_worked, write):
    writes = _writes(hand_worked)
    if write == "cancel penalty":
        writes["penalty"]()
    if write == "check":
        tournaments.update_tournament(actor=None, tournament=hand_worked, confirmation_required=True)
    before = change_stamp(hand_worked)
    writes[write]()
    assert change_stamp(hand_worked).token != before.token


def test_an_archive_import_starts_with_a_stamp(db):
    import copy

    from tests.tournament.archive.test_archive import HAND_WORKED
    from tournament.services.archive_import import import_archive

    tournament = import_archive(actor=None, data=copy.deepcopy(HAND_WORKED))
    assert change_stamp(tournament).last_id >= 1


def test_a_swap_shows_on_the_session_page(client, hand_worked):
    url = "/t/hand-worked/sessions/3/"
    before = client.get(url)
    a, b = hand_worked.registrations.get(key="a"), hand_worked.registrations.get(key="b")
    seating.swap_players(actor=None, session=hand_worked.sessions.get(number=3), first=a, second=b)
    after = client.get(url, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200
    # table 2 of session 3 was d E, c S, b W, a N: a and b changed seats
    assert "West" in row_of(_live(after), "Vries, Anna de") and "North" in row_of(
        _live(before), "Vries, Anna de"
    )


@pytest.mark.django_db(transaction=True)
def test_a_restored_backup_shows_without_a_restart(client, hand_worked):
    """A restore puts the backup's rows under the same ids and its own audit log (a new stamp): the pages show
    the restored figures at once. Session 2, table 2 in the backup: b E 25,000, f S 31,000, d W 32,000,
    h N 32,000 instead of 32,000 / 32,000 / 31,000 / 25,000 (3.6.1: d and h tie first, +12.0 each; f +1.0 - 5.0
    = -4.0; b -5.0 - 15.0 = -20.0), so d's total is -25.8 + 12.0 = -13.8 (conftest)."""
    url = "/t/hand-worked/players/d/"
    assert "\u221213.8" not in _live(client.get(url))
    table = hand_worked.sessions.get(number=2).tables.get(number=2)
    seats = SeatResult.objects.filter(result__table=table, result__is_current=True).order_by("seat__order")
    for seat, raw in zip(list(seats), (25_000, 31_000, 32_000, 32_000), strict=True):
        SeatResult.objects.filter(pk=seat.pk).update(raw_score=raw)
    AuditEntry.objects.create(tournament=hand_worked, actor_label="backup", action="the backup's last entry")
    assert "\u221213.8" in _live(client.get(url))


def test_a_page_another_process_is_building_is_waited_for():
    import threading

    from tournament.operations import caching

    key = caching.PREFIX + "test-elsewhere"
    cache.add(f"{key}:v1{caching.BUILDING_SUFFIX}", 1, 5)  # another process started building this page
    threading.Timer(0.05, lambda: cache.set(key, ("v1", {"body": "built elsewhere"}))).start()
    built = []
    found = caching.once(key, "v1", lambda: built.append(1) or {"body": "built here"})
    assert found == {"body": "built elsewhere"} and built == []


def test_a_refused_build_leaves_no_marker_behind():
    from django.http import Http404

    from tournament.operations import caching

    key = caching.PREFIX + "test-refused"

    def refuse():
        raise Http404

    with pytest.raises(Http404):
        caching.once(key, "v1", refuse)
    assert not [found for found in cache._cache if found.endswith(caching.BUILDING_SUFFIX)]
    assert caching.once(key, "v1", lambda: {"body": "now"}) == {"body": "now"}
