"""The services and selectors behind the organiser's pages, called directly."""

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.tournament.views.organise.conftest import actions, last_entry_id
from tournament.models import AuditEntry, Registration, TournamentRole
from tournament.selectors.audit import LogFilter, audit_entries
from tournament.selectors.status_change import Placing, status_change
from tournament.selectors.visibility import standings_visible
from tournament.services import DomainError, publication, staff
from tournament.services.registrations import update_registration
from tournament.services.sessions import set_sessions
from tournament.services.setup import set_up_tournament


def test_status_change_by_hand(small):
    # Totals (3.6, uma 15,000 / 5,000 / -5,000 / -15,000): Anna +25,000, Bram +10,000, Cees -10,000, Dirk -25,000.
    anna = Registration.objects.get(tournament=small, key="a")
    disqualified = status_change(anna, "disqualified")  # ranked below everyone else (5.5, 5.8)
    assert disqualified.before == Placing(1, False, 25_000, 4)
    assert disqualified.after == Placing(4, False, 25_000, 4)
    assert disqualified.moved == 3
    withdrawn = status_change(anna, "withdrawn")  # left out (5.8): the others are 1, 2, 3
    assert withdrawn.after == Placing(None, False, None, 3) and withdrawn.moved == 3
    cees = Registration.objects.get(tournament=small, key="c")
    assert status_change(cees, "disqualified").moved == 1  # Dirk moves up from 4 to 3
    assert Registration.objects.get(pk=anna.pk).status == "active"  # nothing was written


def test_standings_visible(small, make_user):
    assert standings_visible(small, AnonymousUser())
    publication.set_standings_hidden(actor=None, tournament=small, hidden=True)
    small.refresh_from_db()
    assert not standings_visible(small, AnonymousUser())
    assert not standings_visible(small, make_user("someone"))
    assert standings_visible(small, make_user("rita", tournament=small, role="referee"))


def test_publication_records_only_changes(small):
    since = last_entry_id()
    publication.set_public(actor=None, tournament=small, public=True)  # already public
    publication.set_public(actor=None, tournament=small, public=False)
    publication.set_public(actor=None, tournament=small, public=False)
    assert actions(small, since) == ["tournament.is_public"]


def test_set_up_without_an_actor_appoints_nobody(db):
    tournament = set_up_tournament(actor=None, slug="cli", name="CLI Open", ruleset="ema-2016", sessions=2)
    assert tournament.sessions.count() == 2 and not TournamentRole.objects.exists()
    with pytest.raises(DomainError) as refused:
        set_up_tournament(actor=None, slug="cli-2", name="CLI Two", ruleset="ema-2016", sessions=0)
    assert refused.value.code == "bad_session_count"


def test_session_lengths_are_checked(small):
    with pytest.raises(DomainError, match="Session 2: the length must be between 1 and 600 minutes."):
        set_sessions(actor=None, tournament=small, count=2, times={1: (None, 90), 2: (None, 601)})


def test_removing_a_role_nobody_has(small, make_user):
    rita = make_user("rita")
    with pytest.raises(DomainError) as refused:
        staff.remove_role(actor=None, tournament=small, user=rita, role="referee")
    assert refused.value.code == "no_role"


def test_a_club_too_long_is_refused(small):
    anna = Registration.objects.select_related("player").get(tournament=small, key="a")
    with pytest.raises(DomainError, match="the club is longer than 100 characters"):
        update_registration(
            actor=None,
            registration=anna,
            first_name="Anna",
            last_name="Aalders",
            ema_id=None,
            country="NED",
            club="x" * 101,
        )


def test_the_log_filter_copes_with_any_data(small):
    for data in ({"session": True, "key": 5}, {"sessions": "1"}, [], {"penalty": 10**9, "player": "x"}):
        AuditEntry.objects.create(tournament=small, actor_label="x", action="odd", summary="odd", data=data)
    assert audit_entries(small, LogFilter(session=1)).filter(action="odd").count() == 0
    assert audit_entries(small, LogFilter(player="a")).filter(action="odd").count() == 0
    assert audit_entries(small).filter(action="odd").count() == 4
