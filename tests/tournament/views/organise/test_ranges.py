"""Issue "Trust on the day", item 12: every date and number an organiser types has a sane range (scoring.limits),
checked by the form (a 400 naming the field) and again by the service; the new-tournament page, the settings page
and the archive importer take the same values. Nothing is written when one is refused."""

import pytest

from scoring.limits import FIRST_YEAR, LAST_YEAR, MAX_RULE_POINTS, MAX_SESSION_MINUTES
from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tests.tournament.views.organise.test_create import GOOD
from tests.tournament.views.organise.test_settings import sessions_data
from tournament.models import AuditEntry, Session, Tournament
from tournament.services.tournaments import create_tournament

YEARS = f"Give a date in the years {FIRST_YEAR} to {LAST_YEAR}."


@pytest.fixture
def admin_client(client, db, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x-secret-123"))
    return client


def error_at(html: str, name: str) -> str:
    """The text of the form field ``name`` up to the end of its block (where its error is shown)."""
    return html.split(f'name="{name}"')[1].split("</div>")[0]


# -- the settings page -----------------------------------------------------------------------------------------


def test_a_session_start_in_year_9999_is_refused_at_its_field(organiser_client, demo, client):
    """It was saved, and then the public tournament page answered 500 for everybody (OverflowError)."""
    before = list(demo.sessions.values_list("number", "starts_at", "duration_minutes"))
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), sessions_data(demo, 8, start_8="9999-12-31T23:59"))
    assert response.status_code == 400
    assert YEARS in error_at(response.content.decode(), "start_8")
    assert list(demo.sessions.values_list("number", "starts_at", "duration_minutes")) == before
    assert actions(demo, since) == []
    assert client.get("/t/demo/").status_code == 200


@pytest.mark.parametrize("start", [f"{FIRST_YEAR}-01-01T00:00", f"{LAST_YEAR}-12-31T23:59"])
def test_the_first_and_last_years_are_taken_and_the_public_page_shows_them(
    organiser_client, demo, client, start
):
    data = sessions_data(demo, 8, start_8=start, minutes_8=str(MAX_SESSION_MINUTES))
    for number in range(1, 8):  # the sessions must be in order: the same start for all of them
        data[f"start_{number}"] = start if start.startswith(str(FIRST_YEAR)) else data[f"start_{number}"]
    assert organiser_client.post(page("settings/"), data).status_code == 302
    assert client.get("/t/demo/").status_code == 200
    assert client.get("/t/demo/sessions/8/").status_code == 200


@pytest.mark.parametrize("minutes", ["0", str(MAX_SESSION_MINUTES + 1)])
def test_a_session_length_outside_1_to_600_is_refused(organiser_client, demo, minutes):
    response = organiser_client.post(page("settings/"), sessions_data(demo, 8, minutes_8=minutes))
    assert response.status_code == 400 and 'aria-invalid="true"' in error_at(
        response.content.decode(), "minutes_8"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("start_date", "9999-12-31", YEARS),
        ("end_date", "0001-01-01", YEARS),
        ("session_minutes", str(MAX_SESSION_MINUTES + 1), f"less than or equal to {MAX_SESSION_MINUTES}"),
        ("signal_minutes", "32767", "The signal must sound before the end of the session."),
    ],
)
def test_the_details_refuse_dates_and_lengths_out_of_range(organiser_client, demo, field, value, message):
    data = {
        "part": "details",
        "name": demo.name,
        "country": "NED",
        "session_minutes": "90",
        "signal_minutes": "15",
    }
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), {**data, field: value})
    assert response.status_code == 400 and message in error_at(response.content.decode(), field)
    assert actions(demo, since) == []


@pytest.fixture
def fresh_organiser(client, db, make_user):
    """A tournament without results (its rules can change) and its organiser logged in."""
    tournament = create_tournament(actor=None, slug="fresh", name="Fresh Open")
    client.force_login(make_user("olga", tournament=tournament, role="organiser"))
    return client


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("uma", "1" * 5000 + "; 0; 0; -1", "Four whole numbers from 1st to 4th place"),
        ("starting_points", str(10**24), "starting_points must be a whole number from 0 to 100,000"),
        ("lateness_max_minutes", str(MAX_SESSION_MINUTES + 1), "from 1 to 600"),
    ],
)
def test_rule_numbers_are_bounded_on_the_settings_page(fresh_organiser, field, value, message):
    since = last_entry_id()
    data = {"part": "rules", "ruleset": "ema-2016", field: value}
    response = fresh_organiser.post(page("settings/", "fresh"), data)
    assert response.status_code == 400 and message in error_at(response.content.decode(), field)
    assert Tournament.objects.get(slug="fresh").ruleset_overrides == {}
    assert last_entry_id() == since


# -- the new-tournament page -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            {"starts": "0001-01-01 10:00"},
            "starts",
            "Line 1: &#x27;0001-01-01 10:00&#x27; is not in the years",
        ),
        ({"starts": "9999-12-31 23:59"}, "starts", "is not in the years 2000 to 2100"),
        ({"start_date": "0001-01-01", "end_date": "0001-01-02"}, "start_date", YEARS),
        ({"uma": "1" * 5000 + "; 0; 0; -1"}, "uma", "Four whole numbers from 1st to 4th place"),
        ({"uma": f"{10**30}; 0; 0; -{10**30}"}, "uma", "Four whole numbers from 1st to 4th place"),
        (
            {"uma": "150000; 50000; -50000; -150000"},
            "uma",
            "uma must be a whole number from \u2212100,000 to 100,000",
        ),
        (
            {"starting_points": str(10**24)},
            "starting_points",
            "starting_points must be a whole number from 0 to",
        ),
        ({"chombo_points": str(MAX_RULE_POINTS + 1)}, "chombo_points", "from 0 to 100,000"),
        (
            {"substitute_score": str(-MAX_RULE_POINTS - 1)},
            "substitute_score",
            "from \u2212100,000 to 100,000",
        ),
        ({"lateness_max_minutes": "601"}, "lateness_max_minutes", "from 1 to 600"),
        ({"session_minutes": "601"}, "session_minutes", f"less than or equal to {MAX_SESSION_MINUTES}"),
    ],
)
def test_the_new_tournament_page_refuses_out_of_range_input_at_its_field(
    admin_client, change, field, message
):
    """Year 1 and a 5,000-digit uma were a 500; starting points 10^24 and uma 10^30 were stored."""
    response = admin_client.post("/organise/new/", {**GOOD, **change})
    assert response.status_code == 400
    assert message in error_at(response.content.decode(), field)
    assert not Tournament.objects.exists() and not AuditEntry.objects.exists()


def test_the_new_tournament_page_takes_the_edges(admin_client):
    change = {
        "start_date": f"{FIRST_YEAR}-01-01",
        "end_date": f"{LAST_YEAR}-12-31",
        "starts": f"{FIRST_YEAR}-01-01 00:00\n{LAST_YEAR}-12-31 23:59",
        "session_minutes": str(MAX_SESSION_MINUTES),
        "uma": f"{MAX_RULE_POINTS}; 0; 0; -{MAX_RULE_POINTS}",
        "starting_points": str(MAX_RULE_POINTS),
        "lateness_max_minutes": str(MAX_SESSION_MINUTES),
    }
    response = admin_client.post("/organise/new/", {**GOOD, **change})
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug=GOOD["slug"])
    assert tournament.rules.uma == (MAX_RULE_POINTS, 0, 0, -MAX_RULE_POINTS)
    assert set(Session.objects.filter(tournament=tournament).values_list("duration_minutes", flat=True)) == {
        MAX_SESSION_MINUTES
    }
