"""services.setup: a new tournament with its sessions and its first organiser, all or nothing; each step audited
as by the service it calls."""

from datetime import UTC, datetime

import pytest

from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import Tournament, TournamentRole
from tournament.services.setup import set_up_tournament

NINE = datetime(2026, 5, 9, 9, 0, tzinfo=UTC)
ELEVEN = datetime(2026, 5, 9, 11, 0, tzinfo=UTC)


def set_up(actor=None, **changes):
    details = {"slug": "lotus", "name": "Lotus Open", "ruleset": "ema-2016", "sessions": 3, **changes}
    return set_up_tournament(actor=actor, **details)


@pytest.mark.django_db
def test_the_tournament_its_sessions_and_its_organiser(make_user):
    olga = make_user("olga")
    since = last_entry_id()
    tournament = set_up(olga, starts=[NINE, ELEVEN], session_minutes=100, city="Leiden")
    assert (tournament.city, tournament.session_minutes) == ("Leiden", 100)
    assert list(tournament.sessions.values_list("number", "starts_at", "duration_minutes")) == [
        (1, NINE, 100),
        (2, ELEVEN, 100),
        (3, None, 100),
    ]
    assert list(TournamentRole.objects.values_list("tournament", "user", "role")) == [
        (tournament.pk, olga.pk, "organiser")
    ]
    assert new_actions(since) == ["tournament.create", "session.create", "role.grant"]
    audited(
        since, "tournament.create", summary="Created tournament Lotus Open", actor=olga, tournament=tournament
    )
    audited(since, "session.create", summary="Created sessions 1, 2, 3", actor=olga, tournament=tournament)
    audited(since, "role.grant", summary="olga is now organiser", actor=olga, tournament=tournament)


@pytest.mark.parametrize("count", [0, 41])
def test_a_session_count_outside_1_to_40_is_refused_before_anything(db, count):
    refused(lambda: set_up(sessions=count), "bad_session_count", "between 1 and 40")


def test_a_refused_session_start_leaves_no_tournament_behind(db):
    """The tournament is created before its sessions: the refusal of a start takes it back too."""
    refused(
        lambda: set_up(starts=[NINE, datetime(1999, 12, 31, 9, 0, tzinfo=UTC)]),
        "bad_session_start",
        "Session 2: the start must be in the years 2000 to 2100.",
    )
    assert not Tournament.objects.exists()


def test_a_refused_tournament_creates_no_sessions(db):
    refused(lambda: set_up(slug="Lotus Open"), "bad_slug")
