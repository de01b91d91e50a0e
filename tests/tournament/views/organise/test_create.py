"""Creating a tournament on /organise/new/: details, rules (checked by the scoring rules), sessions with start
times; the creator becomes its organiser; a refusal names what and where and creates nothing."""

import pytest
from django.test import Client
from django.utils import timezone

from tournament.models import AuditEntry, Tournament, TournamentRole

GOOD = {
    "name": "Leiden Riichi Open",
    "short_name": "LRO",
    "slug": "leiden-2026",
    "city": "Leiden",
    "country": "ned",
    "start_date": "2026-06-13",
    "end_date": "2026-06-14",
    "session_minutes": "90",
    "signal_minutes": "15",
    "ruleset": "ema-2016",
    "sessions": "3",
    "starts": "2026-06-13 10:00\n13-06-2026 13:00\n\n2026-06-14T10:00\n",
}


@pytest.fixture
def admin_client(client, db, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x-secret-123"))
    return client


def test_a_tournament_is_created_with_its_sessions_and_organiser(admin_client):
    response = admin_client.post("/organise/new/", GOOD)
    assert response.status_code == 302 and response["Location"] == "/t/leiden-2026/organise/players/"
    tournament = Tournament.objects.get(slug="leiden-2026")
    assert (tournament.name, tournament.country, tournament.ruleset_overrides) == (
        "Leiden Riichi Open",
        "NED",
        {},
    )
    starts = [timezone.localtime(s.starts_at) for s in tournament.sessions.order_by("number")]
    assert [(s.year, s.month, s.day, s.hour) for s in starts] == [
        (2026, 6, 13, 10),
        (2026, 6, 13, 13),
        (2026, 6, 14, 10),
    ]
    assert set(tournament.sessions.values_list("duration_minutes", flat=True)) == {90}
    assert TournamentRole.objects.filter(
        tournament=tournament, user__username="root", role="organiser"
    ).exists()
    actions = list(
        AuditEntry.objects.filter(tournament=tournament).order_by("id").values_list("action", flat=True)
    )
    assert actions == ["tournament.create", "session.create", "role.grant"]


def test_rule_changes_are_stored_as_overrides(admin_client):
    data = {
        **GOOD,
        "uma": "12.000; 4.000; -4.000; -12.000",
        "chombo_points": "8000",
        "leftover_riichi": "lost",
    }
    assert admin_client.post("/organise/new/", data).status_code == 302
    tournament = Tournament.objects.get(slug="leiden-2026")
    assert tournament.ruleset_overrides == {
        "uma": [12_000, 4_000, -4_000, -12_000],
        "chombo_points": 8_000,
        "leftover_riichi": "lost",
    }
    assert tournament.rules.uma == (12_000, 4_000, -4_000, -12_000)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"uma": "5000; 15000; -5000; -15000"}, "The uma must not increase from 1st to 4th place."),
        ({"uma": "15000; 5000"}, "Four whole numbers from 1st to 4th place"),
        ({"starts": "2026-06-13 10:00\nsaturday"}, "Line 2: &#x27;saturday&#x27; is not a date and time"),
        ({"sessions": "2"}, "3 start times for 2 sessions"),
        ({"sessions": "41"}, "less than or equal to 40"),
        ({"end_date": "2026-06-12"}, "The last day is before the first day."),
        ({"signal_minutes": "90"}, "The signal must sound before the end of the session."),
        ({"country": "NLD"}, "NLD is the ISO code; the EMA code is NED."),
        ({"country": "NL"}, "Use the three-letter EMA country code"),
        ({"slug": "Leiden 2026"}, "Enter a valid “slug”"),
        ({"name": ""}, "This field is required."),
        ({"lateness_max_minutes": "-1"}, "lateness_max_minutes must be a whole number from 1 to 600"),
    ],
)
def test_bad_input_is_named_and_creates_nothing(admin_client, change, message):
    response = admin_client.post("/organise/new/", {**GOOD, **change})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Tournament.objects.exists() and not AuditEntry.objects.exists()


def test_a_taken_short_address_is_refused(admin_client, demo):
    response = admin_client.post("/organise/new/", {**GOOD, "slug": "demo"})
    assert "A tournament with this short address exists already." in response.content.decode()
    assert Tournament.objects.count() == 1


def test_a_user_with_the_permission_creates_and_organises(client, db, make_user):
    from django.contrib.auth.models import Permission

    user = make_user("pim")
    user.user_permissions.add(Permission.objects.get(codename="create_tournaments"))
    client.force_login(user)
    client.post("/organise/new/", {**GOOD, "starts": ""})
    tournament = Tournament.objects.get(slug="leiden-2026")
    assert tournament.sessions.count() == 3 and not tournament.sessions.exclude(starts_at=None).exists()
    assert client.get("/t/leiden-2026/organise/").status_code == 200


def test_a_new_tournament_is_a_draft_until_its_organiser_publishes_it(admin_client):
    """Issue 28: created hidden; the public pages (the fast path answers an anonymous reader first) and the list of
    tournaments show nothing until the organiser publishes it on the settings page."""
    admin_client.post("/organise/new/", GOOD)
    tournament = Tournament.objects.get(slug="leiden-2026")
    assert not tournament.is_public
    client = Client()  # a reader without a login
    for page in ("/t/leiden-2026/", "/t/leiden-2026/standings/", "/t/leiden-2026/display/"):
        assert client.get(page).status_code == 404, page
    assert "Leiden Riichi Open" not in client.get("/").content.decode()
    dashboard = admin_client.get("/t/leiden-2026/organise/").content.decode()
    assert "only its staff see it" in dashboard and "/t/leiden-2026/organise/settings/#public" in dashboard
    admin_client.post(
        "/t/leiden-2026/organise/settings/", {"part": "public", "what": "tournament", "value": "on"}
    )
    assert Tournament.objects.get(slug="leiden-2026").is_public
    assert client.get("/t/leiden-2026/").status_code == 200
    assert "Leiden Riichi Open" in client.get("/").content.decode()
