"""Shared fixtures. Tests under tests/scoring need no database; tests under tests/tournament use it."""

import pytest


@pytest.fixture(autouse=True)
def english_by_default():
    """A request in Dutch activates Dutch for the thread; every test starts in English again."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def demo(db):
    """The demo event (32 players, 8 sessions, 5 played; a tie, a chombo, a late player, both substitutes)."""
    from tournament.demo import create_demo

    return create_demo(slug="demo", n_players=32, n_sessions=8, played=5, seed=2026)


@pytest.fixture
def make_user(db, django_user_model):
    def make(username: str, *, tournament=None, role: str | None = None):
        user = django_user_model.objects.create_user(username=username, password="secret-pass-123")
        if tournament is not None and role is not None:
            from tournament.models import TournamentRole

            TournamentRole.objects.create(tournament=tournament, user=user, role=role)
        return user

    return make


@pytest.fixture
def organiser_client(client, demo, make_user):
    client.force_login(make_user("org", tournament=demo, role="organiser"))
    return client


@pytest.fixture
def referee_client(client, demo, make_user):
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    return client
