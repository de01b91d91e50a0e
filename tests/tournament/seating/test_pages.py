"""The seating pages: who may open them, the generate / preview / save flow, swaps, imports, withdrawals, and the
public player and session pages. The event: 32 players p01..p32, 8 published sessions, 1-5 with results."""

import io

import pytest
from openpyxl import Workbook

from tournament.models import AuditEntry, Registration, Seat
from tournament.selectors.seating_plan import stored_seating
from tournament.services import players

BASE = "/t/event/organise/seating/"
ORGANISER_PAGES = ["", "generate/", "import/", "withdrawals/", "sessions/6/"]
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
ORGANISER_POSTS = ["generate/", "proposal/save/", "publish/", "sessions/6/swap/", "sessions/6/by-standings/"]

pytestmark = pytest.mark.usefixtures("quick_search")  # the pages and flows, not the search


@pytest.fixture
def event(played):
    return played  # tests/conftest.py: built once, each test rolled back


@pytest.fixture
def organiser(client, event, make_user):
    client.force_login(make_user("org", tournament=event, role="organiser"))
    return client


def seats_of(event, number: int) -> list[tuple]:
    return list(
        Seat.objects.filter(session__tournament=event, session__number=number)
        .order_by("table__number", "order")
        .values_list("table__number", "wind", "registration__key")
    )


@pytest.mark.parametrize("page", ORGANISER_PAGES)
def test_anonymous_visitors_are_sent_to_the_login(client, event, page):
    response = client.get(BASE + page)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("page", ORGANISER_PAGES)
def test_a_referee_may_not_open_the_organiser_pages(client, event, make_user, page):
    client.force_login(make_user("ref", tournament=event, role="referee"))
    assert client.get(BASE + page).status_code == 403


@pytest.mark.parametrize("page", ORGANISER_POSTS)
def test_a_referee_may_not_change_the_seating(client, event, make_user, page):
    client.force_login(make_user("ref", tournament=event, role="referee"))
    before = stored_seating(event)
    assert client.post(BASE + page, {"sessions": "8", "seed": "1"}).status_code == 403
    assert stored_seating(event) == before


@pytest.mark.parametrize("page", ORGANISER_PAGES)
def test_the_organiser_pages_open(organiser, page):
    assert organiser.get(BASE + page).status_code == 200


def test_changes_need_a_post(organiser):
    assert organiser.get(BASE + "proposal/save/").status_code == 405
    assert organiser.get(BASE + "sessions/6/swap/").status_code == 405


def test_generate_previews_without_writing_and_saves_on_confirmation(organiser, event):
    before = stored_seating(event)
    audit_before = AuditEntry.objects.count()
    response = organiser.post(BASE + "generate/", {"sessions": "8", "seed": "3"})
    job = (
        event.jobs.get()
    )  # the search is a background job (run at once in tests); its page offers the proposal
    assert response.status_code == 302 and response["Location"] == f"/t/event/organise/jobs/{job.pk}/"
    assert "Review the proposed seating" in organiser.get(response["Location"]).content.decode()
    assert organiser.post(BASE + f"proposal/from-job/{job.pk}/")["Location"] == BASE + "proposal/"
    assert stored_seating(event) == before and AuditEntry.objects.count() == audit_before
    html = organiser.get(BASE + "proposal/").content.decode()
    assert "Proposed seating — not saved yet" in html
    assert (
        "Generated with seed 3." in html
        and "Sessions with results stay exactly as they are: 1, 2, 3, 4, 5." in html
    )
    assert "Sessions 6, 7, 8 are published: players will see the new seating" in html
    response = organiser.post(BASE + "proposal/save/")
    assert response.status_code == 302
    after = stored_seating(event)
    assert all(after[n] == before[n] for n in range(1, 6))
    for number in (
        6,
        7,
        8,
    ):  # a full seating was saved (it may equal the old one: a still-optimal plan is kept)
        assert sorted(p for table in after[number] for p in table) == sorted(
            p for table in before[number] for p in table
        )
    assert AuditEntry.objects.filter(tournament=event, action="seating.generated").count() == 1
    assert organiser.get(BASE + "proposal/").status_code == 302  # nothing waits any more


def test_discarding_a_proposal_writes_nothing(organiser, event):
    before = stored_seating(event)
    organiser.post(BASE + "generate/", {"sessions": "8", "seed": "3"})
    organiser.post(BASE + f"proposal/from-job/{event.jobs.get().pk}/")
    organiser.post(BASE + "proposal/discard/")
    assert organiser.post(BASE + "proposal/save/").status_code == 302
    assert stored_seating(event) == before


def test_generate_form_shows_the_player_count_problem(organiser, event):
    players.set_status(actor=None, registration=event.registrations.get(key="p09"), status="withdrawn")
    response = organiser.post(BASE + "generate/", {"sessions": "8", "seed": "0"})
    assert response.status_code == 400  # a refused post, as on the other organiser pages
    assert "31 players are active or disqualified" in response.content.decode()


def test_swap_updates_the_seats_and_the_page(organiser, event):
    session_seats = Seat.objects.filter(session__tournament=event, session__number=6)
    first = session_seats.get(table__number=1, wind="E")
    second = session_seats.get(table__number=2, wind="N")
    response = organiser.post(
        BASE + "sessions/6/swap/", {"first": first.pk, "second": second.pk}, follow=True
    )
    html = response.content.decode()
    assert "changed places; the report below is up to date" in html
    places = {key: (table, wind) for table, wind, key in seats_of(event, 6)}
    assert places[first.registration.key] == (2, "N") and places[second.registration.key] == (1, "E")
    assert "Quality of the seating" in html


def test_a_session_with_results_cannot_be_swapped(organiser, event):
    before = seats_of(event, 2)
    html = organiser.get(BASE + "sessions/2/").content.decode()
    assert "has results: the seating cannot change" in html and "Swap two players" not in html
    first, second = Seat.objects.filter(session__tournament=event, session__number=2)[:2]
    response = organiser.post(
        BASE + "sessions/2/swap/", {"first": first.pk, "second": second.pk}, follow=True
    )
    assert "Session 2 has results; its seating cannot change." in response.content.decode()
    assert seats_of(event, 2) == before


def test_publish_and_hide_a_session(organiser, event):
    response = organiser.post(BASE + "publish/", {"sessions": ["7"], "next": "https://evil.example/"})
    assert response["Location"] == BASE  # only addresses of this site are followed
    assert not event.sessions.get(number=7).seating_published  # without "published": hidden
    response = organiser.post(
        BASE + "publish/", {"sessions": ["7"], "published": "on", "next": BASE + "sessions/7/"}
    )
    assert response["Location"] == BASE + "sessions/7/"
    assert event.sessions.get(number=7).seating_published


def upload(name: str, content: bytes):
    file = io.BytesIO(content)
    file.name = name
    return file


def test_import_csv_previews_then_saves_exactly_the_file(organiser, event):
    expected = {n: stored_seating(event)[n] for n in (7, 6)}
    event.sessions.get(number=6).tables.all().delete()  # session 6 has no seating now
    response = organiser.post(
        BASE + "import/", {"file": upload("plan.csv", seating_csv_from(expected, event))}
    )
    assert response.status_code == 302 and response["Location"] == BASE + "proposal/"
    assert 6 not in stored_seating(event)
    assert (
        "Imported from a file; every row was checked." in organiser.get(BASE + "proposal/").content.decode()
    )
    organiser.post(BASE + "proposal/save/")
    assert {n: stored_seating(event)[n] for n in (6, 7)} == {6: expected[6], 7: expected[7]}
    assert AuditEntry.objects.filter(tournament=event, action="seating.imported").count() == 1


def seating_csv_from(seating: dict, event) -> bytes:
    by_id = {r.pk: r.key for r in event.registrations.all()}
    lines = ["sessie;tafel;wind;speler"]
    for number, tables in seating.items():
        for t, table in enumerate(tables, start=1):
            for wind, registration_id in zip("NWSE", reversed(table), strict=True):  # rows in another order
                lines.append(f"{number};{t};{wind};{by_id[registration_id]}")
    return "\n".join(lines).encode()


def test_import_xlsx_with_ema_numbers_and_seat_order(organiser, event):
    session = stored_seating(event)[8]
    players_by_id = {r.pk: r for r in event.registrations.select_related("player")}
    for registration in players_by_id.values():
        registration.player.ema_id = f"0801{registration.pk:04d}"
        registration.player.save()
    ema = {pk: r.player.ema_id for pk, r in players_by_id.items()}
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Session", "Table", "Player"])
    for t, table in enumerate(session, start=1):
        for registration_id in table:
            sheet.append([8, t, int(ema[registration_id])])  # as a number: the leading zero is lost
    content = io.BytesIO()
    workbook.save(content)
    response = organiser.post(BASE + "import/", {"file": upload("plan.xlsx", content.getvalue())})
    assert response.status_code == 302
    organiser.post(BASE + "proposal/save/")
    assert stored_seating(event)[8] == session


def test_a_bad_file_lists_every_problem_and_imports_nothing(organiser, event):
    before = stored_seating(event)
    rows = [
        "session,table,player",
        "6,1,p01",
        "6,1,p02",
        "6,1,p03",
        "6,x,p04",  # row 5: not a table number
        "6,2,p99",  # row 6: unknown player
        "1,1,p05",  # row 7: session 1 has results
    ]
    response = organiser.post(BASE + "import/", {"file": upload("bad.csv", "\n".join(rows).encode())})
    html = response.content.decode()
    assert response.status_code == 200
    assert "The file has 2 problems; nothing was imported." in html
    assert "<td>5</td><td>table</td><td>&#x27;x&#x27; is not a number of 1 or more.</td>" in html
    assert "<td>6</td><td>player</td><td>No player with the key or EMA number &#x27;p99&#x27;.</td>" in html
    fixed = "\n".join(rows[:4] + ["6,1,p04", "1,1,p05"]).encode()
    html = organiser.post(BASE + "import/", {"file": upload("bad.csv", fixed)}).content.decode()
    assert "<td>6</td><td>session</td><td>Session 1 has results; its seating cannot change.</td>" in html
    assert "Session 6: First05 Last05 (p05) has no seat." in html
    assert stored_seating(event) == before


def test_wrong_file_type(organiser):
    html = organiser.post(BASE + "import/", {"file": upload("plan.pdf", b"%PDF")}).content.decode()
    assert "Upload a .csv or .xlsx file." in html


def test_seat_by_standings_previews_a_session(organiser):
    response = organiser.post(BASE + "sessions/6/by-standings/", {"avoid": ""}, follow=True)
    html = response.content.decode()
    assert "Seated by the current standings" in html and "This seats 1 session:" in html


def test_public_session_page_shows_published_seating(client, event):
    html = client.get("/t/event/sessions/6/").content.decode()
    assert "Seating of session 6" in html
    assert "Last01, First01" in html and "Table 8" in html
    assert html.count('href="/t/event/players/p') >= 64  # the list and the tables link to the players


def test_public_session_page_hides_unpublished_seating(client, event, make_user):
    event.sessions.filter(number=7).update(seating_published=False)
    html = client.get("/t/event/sessions/7/").content.decode()
    assert "not published yet" in html and "First01" not in html
    client.force_login(make_user("org", tournament=event, role="organiser"))
    html = client.get("/t/event/sessions/7/").content.decode()
    assert "only organisers see this page now" in html and "First01" in html


def test_my_schedule_shows_table_wind_and_results(client, event):
    event.sessions.filter(number=8).update(seating_published=False)
    table, wind = next((t, w) for t, w, key in seats_of(event, 6) if key == "p01")
    html = client.get("/t/event/players/p01/").content.decode()
    assert "First01 Last01" in html and "My schedule" in html
    row_6 = html.split('data-label="Session">6<', 1)[1].split("</tr>", 1)[0]
    assert f'data-label="Table">{table}<' in row_6
    assert WIND_NAMES[wind] in row_6
    row_8 = html.split('data-label="Session">8<', 1)[1].split("</tr>", 1)[0]
    assert "seating not published yet" in row_8
    row_1 = html.split('data-label="Session">1<', 1)[1].split("</tr>", 1)[0]
    assert 'class="points result"' in row_1 and ("+" in row_1 or "-" in row_1)


def test_unknown_player_and_private_tournament(client, event):
    assert client.get("/t/event/players/nobody/").status_code == 404
    event.is_public = False
    event.save()
    assert client.get("/t/event/players/p01/").status_code == 404
    assert client.get("/t/event/sessions/1/").status_code == 404


def test_keep_apart_offers_the_team_as_the_command_does(organiser, event):
    """Issue 28: the generator's "Also keep apart" offers the team beside club and country, the same choices as
    generate_seating --avoid, and the proposal says what it kept apart."""
    from tournament.forms.seating import GenerateForm
    from tournament.selectors.seating_plan import AVOID_CHOICES

    html = organiser.get(BASE + "generate/").content.decode()
    assert '<option value="team">players of the same team</option>' in html
    assert [value for value, _label in GenerateForm().fields["avoid"].choices] == ["", *AVOID_CHOICES]
    for registration in event.registrations.all():
        Registration.objects.filter(pk=registration.pk).update(team=f"T{int(registration.key[1:]) % 8}")
    response = organiser.post(BASE + "generate/", {"sessions": "8", "seed": "3", "avoid": "team"})
    job = event.jobs.get()
    assert response["Location"] == f"/t/event/organise/jobs/{job.pk}/"
    organiser.post(BASE + f"proposal/from-job/{job.pk}/")
    html = organiser.get(BASE + "proposal/").content.decode()
    assert "Players of the same team are kept apart where possible." in html
    assert "meetings of players of the same team" in html
