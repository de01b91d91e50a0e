"""services.publication: the public pages on or off, the standings hidden or shown; only a change is audited."""

import pytest

from tests.tournament.services.expect import audited, last_entry_id, new_actions
from tournament.models import Tournament
from tournament.services import publication, tournaments


@pytest.fixture
def spring(db):
    return tournaments.create_tournament(actor=None, slug="spring", name="Spring Open")


def test_unpublishing_and_publishing_again_are_stored_and_audited(spring, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    publication.set_public(actor=olga, tournament=spring, public=False)
    assert not Tournament.objects.get(pk=spring.pk).is_public
    entry = audited(
        since,
        "tournament.is_public",
        summary="Tournament unpublished: the public pages are off",
        actor=olga,
        tournament=spring,
    )
    assert entry.data == {"is_public": False}
    since = last_entry_id()
    publication.set_public(actor=None, tournament=spring, public=True)
    assert Tournament.objects.get(pk=spring.pk).is_public
    audited(
        since,
        "tournament.is_public",
        summary="Tournament published: the public pages are on",
        actor=None,
        tournament=spring,
    )


def test_hiding_and_showing_the_standings_are_stored_and_audited(spring, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    returned = publication.set_standings_hidden(actor=olga, tournament=spring, hidden=True)
    assert returned.standings_hidden and Tournament.objects.get(pk=spring.pk).standings_hidden
    entry = audited(
        since,
        "tournament.standings_hidden",
        summary="Standings hidden from the public",
        actor=olga,
        tournament=spring,
    )
    assert entry.data == {"standings_hidden": True}
    since = last_entry_id()
    publication.set_standings_hidden(actor=None, tournament=spring, hidden=False)
    assert not Tournament.objects.get(pk=spring.pk).standings_hidden
    audited(
        since,
        "tournament.standings_hidden",
        summary="Standings shown to the public again",
        actor=None,
        tournament=spring,
    )


def test_the_standings_as_they_are_already_write_nothing(spring):
    since = last_entry_id()
    publication.set_standings_hidden(actor=None, tournament=spring, hidden=False)
    assert new_actions(since) == []


def test_a_stale_copy_of_the_tournament_changes_only_its_own_field(spring):
    """The service reads the row again (locked): an organiser's old copy does not write back other fields."""
    stale = Tournament.objects.get(pk=spring.pk)
    tournaments.update_tournament(actor=None, tournament=spring, name="Spring Open 2026")
    publication.set_standings_hidden(actor=None, tournament=stale, hidden=True)
    saved = Tournament.objects.get(pk=spring.pk)
    assert (saved.name, saved.standings_hidden) == ("Spring Open 2026", True)
