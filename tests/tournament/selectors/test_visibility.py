"""selectors.visibility.tournament_names: a hidden tournament is named only to those with a role in it (the rule of
selectors.visibility.tournament_visible), counted for everybody else."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from tournament.models import TournamentRole
from tournament.selectors.visibility import PUBLIC, standings_visible, tournament_names, tournament_visible
from tournament.services.tournaments import create_tournament


@pytest.fixture
def three(db):
    return [
        create_tournament(actor=None, slug="lotus", name="Lotus Open"),
        create_tournament(actor=None, slug="secret", name="Hidden Secret Open", is_public=False),
        create_tournament(actor=None, slug="shadow", name="Shadow Cup", is_public=False),
    ]


def test_hidden_tournaments_are_counted_for_a_reader_without_a_role(three, django_user_model):
    ann = django_user_model.objects.create_user("ann", password="secret-pass-123")
    assert tournament_names(three, ann) == "Lotus Open and 2 other tournaments"
    assert tournament_names(three[1:2], AnonymousUser()) == "1 other tournament"
    with translation.override("nl"):
        assert tournament_names(three, ann) == "Lotus Open en 2 andere toernooien"
        assert tournament_names(three[1:], ann) == "2 andere toernooien"
    TournamentRole.objects.create(tournament=three[1], user=ann, role="referee")
    assert tournament_names(three, ann) == "Lotus Open, Hidden Secret Open and 1 other tournament"


def test_site_administrators_and_the_command_line_read_every_name(three, django_user_model):
    root = django_user_model.objects.create_superuser("root", password="x-secret-123")
    everything = "Lotus Open, Hidden Secret Open, Shadow Cup"
    assert tournament_names(three, root) == everything and tournament_names(three, None) == everything


def test_a_hidden_tournament_is_seen_by_its_staff_only(three, django_user_model, django_assert_num_queries):
    lotus, secret, _shadow = three
    ann = django_user_model.objects.create_user("ann", password="secret-pass-123")
    root = django_user_model.objects.create_superuser("root", password="x-secret-123")
    with django_assert_num_queries(0):  # public, or nobody logged in, or a superuser: no role to look up
        assert tournament_visible(lotus, AnonymousUser()) and tournament_visible(lotus, ann)
        assert not tournament_visible(secret, PUBLIC) and tournament_visible(secret, root)
    with django_assert_num_queries(1):
        assert not tournament_visible(secret, ann)
    TournamentRole.objects.create(tournament=secret, user=ann, role="organiser")
    assert tournament_visible(secret, ann)
    assert not tournament_visible(three[2], ann)  # a role in another tournament does not count


def test_hidden_standings_are_for_the_staff(three, django_user_model, django_assert_num_queries):
    lotus = three[0]
    rita = django_user_model.objects.create_user("rita", password="secret-pass-123")
    TournamentRole.objects.create(tournament=lotus, user=rita, role="referee")
    with django_assert_num_queries(0):
        assert standings_visible(lotus, PUBLIC)
    lotus.standings_hidden = True
    assert not standings_visible(lotus, PUBLIC) and standings_visible(lotus, rita)
    assert not standings_visible(
        lotus, django_user_model.objects.create_user("bob", password="secret-pass-123")
    )
