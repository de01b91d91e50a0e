"""Who may open the organiser's pages: organisers of the tournament (and site administrators); referees get a
403, anonymous people the login page, outsiders of a hidden tournament a 404. Creating a tournament needs the
"create tournaments" permission."""

import pytest
from django.contrib.auth.models import Permission

from tests.tournament.views.organise.conftest import page
from tournament.models import Tournament
from tournament.services.tournaments import update_tournament

PAGES = [
    "",
    "settings/",
    "players/",
    "players/add/",
    "players/upload/",
    "players/upload/preview/",
    "players/p01/edit/",
    "players/p01/status/?status=withdrawn",
    "staff/",
    "log/",
]
POSTS = [
    "settings/",
    "players/add/",
    "players/p01/status/",
    "staff/appoint/",
    "staff/new-login/",
    "staff/remove/",
]


@pytest.mark.parametrize("path", PAGES)
def test_organisers_open_every_page(organiser_client, path):
    response = organiser_client.get(page(path))
    assert response.status_code in (200, 302)  # the preview sends back to the upload when no list waits
    if response.status_code == 302:
        assert response["Location"] == page("players/upload/")


@pytest.mark.parametrize("path", PAGES + POSTS)
def test_anonymous_people_are_sent_to_log_in(client, demo, path):
    response = client.get(page(path)) if path in PAGES else client.post(page(path))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("path", PAGES + POSTS)
def test_referees_are_refused(referee_client, path):
    response = referee_client.get(page(path)) if path in PAGES else referee_client.post(page(path))
    assert response.status_code == 403
    assert "This page is not open to you" in response.content.decode()


@pytest.mark.parametrize("path", PAGES)
def test_a_hidden_tournament_is_not_found_by_outsiders(client, demo, make_user, path):
    update_tournament(actor=None, tournament=demo, is_public=False)
    assert client.get(page(path)).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(page(path)).status_code == 404


def test_an_organiser_of_another_tournament_is_refused(client, demo, small, make_user):
    client.force_login(make_user("olga", tournament=small, role="organiser"))
    assert client.get(page("")).status_code == 403
    assert client.get(page("", "small")).status_code == 200


def test_site_administrators_organise_every_tournament(client, demo, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x-secret-123"))
    assert client.get(page("")).status_code == 200
    assert client.get(page("staff/")).status_code == 200


def test_creating_a_tournament_needs_the_permission(client, db, make_user):
    assert client.get("/organise/new/")["Location"].startswith("/accounts/login/")
    user = make_user("pim")
    client.force_login(user)
    assert client.get("/organise/new/").status_code == 403
    assert client.post("/organise/new/", {"name": "X", "slug": "x"}).status_code == 403
    assert not Tournament.objects.exists()
    user.user_permissions.add(Permission.objects.get(codename="create_tournaments"))
    assert client.get("/organise/new/").status_code == 200


def test_the_list_of_tournaments_shows_the_users_roles(client, demo, small, make_user):
    user = make_user("rita", tournament=demo, role="referee")
    client.force_login(user)
    html = client.get("/organise/").content.decode()
    assert "/t/demo/referee/" in html and "/t/small/" not in html and "New tournament" not in html


def test_an_organiser_lands_on_the_dashboard(client, demo, make_user):
    make_user("olga", tournament=demo, role="organiser")
    response = client.post(
        "/accounts/login/", {"username": "olga", "password": "secret-pass-123"}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/t/demo/organise/"


def test_somebody_who_may_create_but_has_no_role_lands_on_the_list(client, db, make_user):
    user = make_user("pim")
    user.user_permissions.add(Permission.objects.get(codename="create_tournaments"))
    response = client.post(
        "/accounts/login/", {"username": "pim", "password": "secret-pass-123"}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/organise/"
    assert "New tournament" in response.content.decode()


def test_the_navigation_leads_with_the_dashboard_and_marks_the_current_page(organiser_client):
    html = organiser_client.get(page("players/")).content.decode()
    nav = html[html.index('<nav class="site-nav">') : html.index("</nav>")]
    links = [part.split('"')[1] for part in nav.split("<a href=")[1:]]
    organiser_links = [link for link in links if "/organise/" in link]
    assert organiser_links[0] == page("")
    assert page("log/") in organiser_links and page("staff/") in organiser_links
    assert nav.count('aria-current="page"') == 1
    assert f'<a href="{page("players/")}" aria-current="page">' in nav
