"""The staff page: appointing an existing login, creating a new one with a one-time link to set its password
(Django's password reset token: it works once, and only until the password is set), removing a role. Every
change is in the audit log; the link itself is not."""

import re

import pytest
from django.contrib.auth import get_user_model

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


def create(client, username="rita", role="referee"):
    data = {"username": username, "first_name": "Rita", "last_name": "Jansen", "role": role}
    return client.post(page("staff/new-login/"), data)


def link_of(response) -> str:
    return re.search(
        r'<p class="link"><a href="(http://testserver/accounts/set-password/[^"]+)"',
        response.content.decode(),
    )[1]


def test_a_new_login_gets_a_one_time_link_that_sets_the_password(organiser_client, demo, client):
    since = last_entry_id()
    response = create(organiser_client)
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
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
