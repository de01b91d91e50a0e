"""selectors.visibility.tournament_names: a hidden tournament is named only to those with a role in it (the rule of
selectors.visibility.tournament_visible), counted for everybody else."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from tournament.models import TournamentRole
from tournament.selectors.visibility import tournament_names
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
