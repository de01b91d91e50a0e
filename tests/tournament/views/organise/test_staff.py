"""The staff page: appointing an existing login, creating a new one with a one-time link to set its password
(Django's password reset token: it works once, and only until the password is set), removing a role. Every
change is in the audit log; the link itself is not."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tournament.models import AuditEntry, TournamentRole


def roles(tournament) -> set[tuple[str, str]]:
    return set(TournamentRole.objects.filter(tournament=tournament).values_list("user__username", "role"))


def test_an_existing_login_is_appointed(organiser_client, demo, make_user):
    make_user("rita")
    since = last_entry_id()
    response = organiser_client.post(
        page("staff/appoint/"), {"username": "rita", "role": "referee"}, follow=True
    )
    assert "rita is now referee." in response.content.decode()
    assert ("rita", "referee") in roles(demo) and actions(demo, since) == ["role.grant"]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"username": "nobody", "role": "referee"}, "There is no login nobody."),
        ({"username": "org", "role": "organiser"}, "org is organiser of this tournament already."),
        ({"username": "org", "role": "boss"}, "Select a valid choice."),
        ({"username": "", "role": "referee"}, "This field is required."),
    ],
)
def test_appointing_refusals_are_named(organiser_client, demo, data, message):
    before, since = roles(demo), last_entry_id()
    response = organiser_client.post(page("staff/appoint/"), data)
    assert response.status_code == 400 and message in response.content.decode()
    assert roles(demo) == before and actions(demo, since) == []


def create(client, username="rita", role="referee", slug="demo"):
    data = {"username": username, "first_name": "Rita", "last_name": "Jansen", "role": role}
    return client.post(page("staff/new-login/", slug), data)


def link_of(response) -> str:
    return re.search(
        r'<p class="link"><a href="(http://testserver/accounts/set-password/[^"]+)"',
        response.content.decode(),
    )[1]


def test_a_new_login_gets_a_one_time_link_that_sets_the_password(organiser_client, demo, client):
    since = last_entry_id()
    response = create(organiser_client)
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-store"
    assert "The login rita is created" in response.content.decode()
    rita = get_user_model().objects.get(username="rita")
    assert not rita.has_usable_password() and ("rita", "referee") in roles(demo)
    assert actions(demo, since) == ["user.create", "role.grant"]
    link = link_of(response)
    assert not AuditEntry.objects.filter(
        data__icontains=link.split("/")[-2]
    ).exists()  # the token is not stored

    client.logout()
    form_page = client.get(link, follow=True)  # Django moves the token into the session, then shows the form
    assert "Login name: rita." in form_page.content.decode()
    set_url = form_page.redirect_chain[-1][0]
    response = client.post(set_url, {"new_password1": "Mahjong-4-ever", "new_password2": "Mahjong-4-ever"})
    assert response.status_code == 302 and response["Location"] == "/welcome/"
    assert client.get("/welcome/")["Location"] == "/t/demo/referee/"  # logged in, on the referee's page
    rita.refresh_from_db()
    assert rita.check_password("Mahjong-4-ever")
    assert actions(demo, since)[-1] == "user.password"

    client.logout()
    again = client.get(link, follow=True).content.decode()
    assert "This link does not work (any more)" in again


def test_a_new_link_only_for_a_login_without_a_password(organiser_client, demo, make_user):
    create(organiser_client)
    rita = get_user_model().objects.get(username="rita")
    since = last_entry_id()
    response = organiser_client.post(page("staff/link/"), {"user": rita.pk})
    assert "A new link for rita" in response.content.decode() and actions(demo, since) == ["user.link"]
    org = get_user_model().objects.get(username="org")  # has a password: nobody but its owner changes it
    response = organiser_client.post(page("staff/link/"), {"user": org.pk}, follow=True)
    assert "org has a password already" in response.content.decode()
    assert "/accounts/set-password/" not in response.content.decode()
    outsider = make_user("outsider")
    outsider.set_unusable_password()
    outsider.save()
    response = organiser_client.post(page("staff/link/"), {"user": outsider.pk}, follow=True)
    assert "/accounts/set-password/" not in response.content.decode()
    assert organiser_client.post(page("staff/link/"), {"user": "x"}).status_code == 400


@pytest.mark.parametrize(
    "username, message",
    [
        ("org", "The login name org is taken."),
        ("ORG", "The login name ORG is taken."),
        ("rita jansen", "Enter a valid username."),
    ],
)
def test_a_new_login_with_a_bad_name_is_refused(organiser_client, demo, username, message):
    count, since = get_user_model().objects.count(), last_entry_id()
    response = create(organiser_client, username=username)
    assert response.status_code == 400 and message in response.content.decode()
    assert get_user_model().objects.count() == count and actions(demo, since) == []


def test_a_role_is_removed(organiser_client, demo, make_user):
    make_user("rita", tournament=demo, role="referee")
    role = TournamentRole.objects.get(tournament=demo, user__username="rita")
    since = last_entry_id()
    response = organiser_client.post(page("staff/remove/"), {"role": role.pk}, follow=True)
    assert "rita is no longer referee." in response.content.decode()
    assert ("rita", "referee") not in roles(demo) and actions(demo, since) == ["role.revoke"]


def test_the_last_organiser_stays(organiser_client, demo, small):
    role = TournamentRole.objects.get(tournament=demo, user__username="org")
    response = organiser_client.post(page("staff/remove/"), {"role": role.pk}, follow=True)
    assert "org is the only organiser of Tenbou Demo Open 2026; appoint another organiser first." in (
        response.content.decode()
    )
    assert ("org", "organiser") in roles(demo)
    other = TournamentRole.objects.create(tournament=small, user=role.user, role="referee")
    assert (
        organiser_client.post(page("staff/remove/"), {"role": other.pk}).status_code == 404
    )  # not this tournament
    assert organiser_client.post(page("staff/remove/"), {"role": "1; drop"}).status_code == 400


# Staff of two tournaments: the organiser of one never gets hold of the other's logins (issue "Trust on the day").


@pytest.fixture
def small_client(small, make_user):
    """The organiser of Small Open, in a browser of their own."""
    client = Client()
    client.force_login(make_user("olga", tournament=small, role="organiser"))
    return client


@pytest.fixture
def root_client(demo, django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("site.root", password="x-secret-123"))
    return client


def set_password(link: str) -> int:
    """Open the link in a fresh browser and set a password: the status of the post (302 when it worked)."""
    browser = Client()
    form_page = browser.get(link, follow=True)
    set_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link
    password = {"new_password1": "Mahjong-4-ever", "new_password2": "Mahjong-4-ever"}
    return browser.post(set_url, password).status_code


def test_another_tournaments_login_without_a_password_is_not_appointed(organiser_client, small_client, demo):
    # The attack, step 1: Small Open's organiser creates bob (no password yet); the demo's organiser appoints bob
    # as referee, to ask for his link next. Refused: a login without a password gets roles in one tournament.
    create(small_client, username="bob", role="organiser", slug="small")
    since = last_entry_id()
    response = organiser_client.post(page("staff/appoint/"), {"username": "bob", "role": "referee"})
    html = response.content.decode()
    assert response.status_code == 400 and "bob has no password yet" in html and "Small Open" not in html
    assert ("bob", "referee") not in roles(demo) and actions(demo, since) == []


def test_no_link_for_a_login_with_a_role_in_another_tournament(organiser_client, small_client, demo, small):
    # The attack, step 2: bob of Small Open has a role in the demo too (say a site administrator gave it); the
    # demo's organiser asks for his set-password link, which would make them organiser of Small Open. Refused,
    # without naming the other tournament.
    first_link = link_of(create(small_client, username="bob", role="organiser", slug="small"))
    bob = get_user_model().objects.get(username="bob")
    TournamentRole.objects.create(tournament=demo, user=bob, role="referee")
    since = last_entry_id()
    response = organiser_client.post(page("staff/link/"), {"user": bob.pk})
    html = response.content.decode()
    assert response.status_code == 400 and "/accounts/set-password/" not in html
    assert "bob also has a role in another tournament" in html and "Small Open" not in html
    assert actions(demo, since) == [] and actions(small, since) == []
    staff_page = organiser_client.get(page("staff/")).content.decode()
    assert f'name="user" value="{bob.pk}"' not in staff_page  # no "New link" button for bob
    assert "Only a site administrator can make the link that sets its password." in staff_page  # says why not
    # Small Open's organiser cannot make one either now, but the link they made before still works.
    assert small_client.post(page("staff/link/", "small"), {"user": bob.pk}).status_code == 400
    assert set_password(first_link) == 302


def test_a_site_administrator_makes_a_link_for_a_shared_login_and_the_earlier_one_keeps_working(
    root_client, small_client, demo
):
    # Links are not stored: making one invalidates no other; all of them stop when the password is set.
    first_link = link_of(create(small_client, username="bob", role="organiser", slug="small"))
    response = root_client.post(page("staff/appoint/"), {"username": "bob", "role": "referee"})
    assert response.status_code == 302 and ("bob", "referee") in roles(demo)
    bob = get_user_model().objects.get(username="bob")
    since = last_entry_id()
    second_link = link_of(root_client.post(page("staff/link/"), {"user": bob.pk}))
    assert actions(demo, since) == ["user.link"]
    assert set_password(first_link) == 302
    assert set_password(second_link) == 200  # the form again, saying the link no longer works


def test_the_same_tournament_may_give_its_own_login_without_a_password_another_role(small_client, small):
    second = link_of(create(small_client, username="bob", role="referee", slug="small"))
    response = small_client.post(page("staff/appoint/", "small"), {"username": "bob", "role": "organiser"})
    assert response.status_code == 302 and ("bob", "organiser") in roles(small)
    bob = get_user_model().objects.get(username="bob")
    third = link_of(small_client.post(page("staff/link/", "small"), {"user": bob.pk}))
    assert set_password(second) == 302 and set_password(third) == 200


def test_the_link_form_names_nobody_outside_the_tournament(
    organiser_client, small, make_user, django_user_model
):
    # Posting the link form with user ids 1..N answered "<login> has a password already" for every account.
    others = [
        django_user_model.objects.create_superuser("site.root", password="x-secret-123"),
        make_user("olga.small", tournament=small, role="organiser"),
        make_user("someone.else"),
    ]
    for user_id in [user.pk for user in others] + [999_999, "99999999999999999999", "x", ""]:
        response = organiser_client.post(page("staff/link/"), {"user": user_id})
        html = response.content.decode()
        assert response.status_code == 400 and "That login has no role in this tournament." in html
        assert not any(user.username in html for user in others)
        assert "/accounts/set-password/" not in html
