"""Who may open what: per-tournament roles, hidden tournaments, styled refusals, the page after logging in."""

import pytest

from tournament.services.tournaments import create_tournament, update_tournament

STAFF_URLS = ["/t/{slug}/organise/seating/", "/t/{slug}/organise/exports/", "/t/{slug}/referee/"]


@pytest.mark.parametrize("path", STAFF_URLS)
def test_anonymous_people_are_sent_to_the_login_page(client, demo, path):
    response = client.get(path.format(slug="demo"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


HALL_URLS = ["/t/{slug}/display/", "/t/{slug}/display.json", "/t/{slug}/display/pages/", "/t/{slug}/clock/"]


@pytest.mark.parametrize("path", STAFF_URLS + HALL_URLS + ["/t/{slug}/", "/t/{slug}/standings/"])
def test_a_hidden_tournament_cannot_be_told_from_a_missing_one(client, demo, make_user, path):
    update_tournament(actor=None, tournament=demo, is_public=False)
    assert client.get(path.format(slug="demo")).status_code == 404
    assert client.get(path.format(slug="no-such-event")).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(path.format(slug="demo")).status_code == 404


def test_a_hidden_tournament_stays_open_to_its_staff(client, demo, make_user):
    update_tournament(actor=None, tournament=demo, is_public=False)
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    assert client.get("/t/demo/referee/").status_code == 200
    assert client.get("/t/demo/standings/").status_code == 200
    assert client.get("/t/demo/organise/seating/").status_code == 403


def test_a_referee_of_another_tournament_gets_a_styled_403(client, demo, make_user):
    other = create_tournament(actor=None, slug="other-open", name="Other Open")
    client.force_login(make_user("outsider", tournament=other, role="referee"))
    response = client.get("/t/demo/referee/")
    assert response.status_code == 403
    assert "This page is not open to you" in response.content.decode()
    dutch = client.get("/t/demo/referee/", headers={"accept-language": "nl"}).content.decode()
    assert "Deze pagina is niet voor u" in dutch


def test_the_404_page_is_styled_in_both_languages(client, db):
    assert "There is no such page" in client.get("/t/nothing-here/").content.decode()
    dutch = client.get("/t/nothing-here/", headers={"accept-language": "nl"}).content.decode()
    assert "Deze pagina bestaat niet" in dutch


def test_a_referee_lands_on_the_referee_page_after_logging_in(client, demo, make_user):
    make_user("rita", tournament=demo, role="referee")
    response = client.post("/accounts/login/", {"username": "rita", "password": "secret-pass-123"})
    assert response.status_code == 302
    assert client.get(response["Location"])["Location"] == "/t/demo/referee/"


def test_an_organiser_lands_on_the_organiser_pages(client, demo, make_user):
    make_user("olga", tournament=demo, role="organiser")
    response = client.post(
        "/accounts/login/", {"username": "olga", "password": "secret-pass-123"}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/t/demo/organise/"  # the dashboard


def test_the_navigation_shows_the_links_of_the_users_roles(client, demo, make_user):
    client.force_login(make_user("rita", tournament=demo, role="referee"))
    html = client.get("/t/demo/referee/").content.decode()
    assert "/t/demo/referee/" in html and "/t/demo/organise/seating/" not in html
    client.force_login(make_user("olga", tournament=demo, role="organiser"))
    html = client.get("/t/demo/organise/seating/").content.decode()
    assert "/t/demo/referee/" in html and "/t/demo/organise/exports/" in html
