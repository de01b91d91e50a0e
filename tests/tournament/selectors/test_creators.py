"""selectors.creators: who may create tournaments (site administrators and users given the permission), and the
view decorator that asks it."""

import pytest
from django.contrib.auth.models import AnonymousUser, Permission
from django.http import HttpResponse
from django.test import RequestFactory

from tournament.selectors.creators import CREATE_PERMISSION, can_create_tournaments, creator_required


@pytest.fixture
def people(db, django_user_model):
    plain = django_user_model.objects.create_user("plain", password="secret-pass-123")
    creator = django_user_model.objects.create_user("maker", password="secret-pass-123")
    creator.user_permissions.add(Permission.objects.get(codename=CREATE_PERMISSION.split(".")[1]))
    root = django_user_model.objects.create_superuser("root", password="secret-pass-123")
    return {"plain": plain, "maker": django_user_model.objects.get(pk=creator.pk), "root": root}


def test_who_may_create(people, django_assert_max_num_queries):
    assert not can_create_tournaments(AnonymousUser())
    with django_assert_max_num_queries(0):
        assert can_create_tournaments(people["root"])
    with django_assert_max_num_queries(2):  # the user's and the groups' permissions, once
        assert can_create_tournaments(people["maker"])
    assert not can_create_tournaments(people["plain"])


def test_a_role_in_a_tournament_is_not_enough(people, make_user):
    from tournament.services.tournaments import create_tournament

    lotus = create_tournament(actor=None, slug="lotus", name="Lotus Open")
    assert not can_create_tournaments(make_user("org", tournament=lotus, role="organiser"))


def test_the_decorator(people):
    view = creator_required(lambda request: HttpResponse("made"))
    request = RequestFactory().get("/new/?step=2")
    request.user = AnonymousUser()
    response = view(request)
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/new/%3Fstep%3D2"
    request.user = people["plain"]
    refused = view(request)  # a 403 that says whom to ask (issue 28)
    assert refused.status_code == 403 and b"administrator" in refused.content
    request.user = people["maker"]
    assert view(request).content == b"made"
