"""Who may create tournaments (issue 28): /organise/new/ tells a login without the permission to ask the site's
administrator (not "no role in this tournament"); the administrator allows it on /organise/creators/."""

from html import unescape

from django.contrib.auth.models import Permission

from tournament.models import AuditEntry


def test_new_tournament_without_the_permission_says_whom_to_ask(client, make_user):
    client.force_login(make_user("pim"))
    response = client.get("/organise/new/")
    html = unescape(response.content.decode())
    assert response.status_code == 403
    assert "Ask the site's administrator to allow you to create tournaments" in html
    assert "no role" not in html


def test_new_tournament_without_the_permission_in_german(client, make_user):
    client.force_login(make_user("pim"))
    html = client.get("/organise/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Administrator" in html and "Turniere anzulegen" in html


def test_the_site_administrator_allows_and_takes_away_creating_tournaments(
    client, make_user, django_user_model
):
    pim = make_user("pim")
    client.force_login(django_user_model.objects.create_superuser("root", password="x-secret-123"))
    page = client.get("/organise/creators/").content.decode()
    assert '<label for="id_username"' in page
    assert "/organise/creators/" in client.get("/organise/").content.decode()
    response = client.post("/organise/creators/", {"username": "pim", "allowed": "1"})
    assert response.status_code == 302
    assert django_user_model.objects.get(pk=pim.pk).has_perm("tournament.create_tournaments")
    assert "pim" in client.get("/organise/creators/").content.decode()
    client.post("/organise/creators/", {"username": "pim", "allowed": "0"})
    assert not django_user_model.objects.get(pk=pim.pk).has_perm("tournament.create_tournaments")
    assert AuditEntry.objects.filter(action="user.privileges").count() == 2
    client.force_login(pim)
    assert client.get("/organise/new/").status_code == 403


def test_an_unknown_login_is_refused_on_the_form(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x-secret-123"))
    response = client.post("/organise/creators/", {"username": "nobody", "allowed": "1"})
    assert response.status_code == 400 and "nobody" in response.content.decode()


def test_only_site_administrators_see_the_page(client, make_user):
    user = make_user("pim")
    user.user_permissions.add(Permission.objects.get(codename="create_tournaments"))
    client.force_login(user)
    assert client.get("/organise/creators/").status_code == 403
    assert client.post("/organise/creators/", {"username": "pim", "allowed": "0"}).status_code == 403
