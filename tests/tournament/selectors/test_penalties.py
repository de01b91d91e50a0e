"""The penalties that count (tournament.selectors.penalties.active_penalties): given and not cancelled (a penalty is
never deleted, only cancelled, and a cancelled one deducts nothing), of a tournament or one session, for some
players, up to a session; one query."""

import pytest

from tests.tournament.factories import make_event, numbered_people
from tournament.selectors.penalties import active_penalties
from tournament.services.penalties import cancel_penalty, give_penalty

pytestmark = pytest.mark.django_db


@pytest.fixture
def penalised():
    """Two sessions of one table; in another tournament a penalty that must never show."""
    people = numbered_people(4)
    table = [[key for key, *_ in people]]
    tournament = make_event("pen", people, [table, table])
    other = make_event("other", numbered_people(4), [table])
    regs = {r.key: r for r in tournament.registrations.all()}
    one, two = tournament.sessions.order_by("number")

    def give(key, session, kind="chombo", **extra):
        return give_penalty(actor=None, registration=regs[key], session=session, kind=kind, **extra)

    chombo = give("p01", one)  # 3.4.6
    late = give("p02", one, kind="lateness", minutes=3)  # 5.7
    cancelled = give("p03", one)
    cancel_penalty(actor=None, penalty=cancelled, reason="the win was valid after all")
    second = give("p01", two)
    give_penalty(
        actor=None,
        registration=other.registrations.get(key="p01"),
        session=other.sessions.get(),
        kind="chombo",
    )
    return tournament, regs, (one, two), (chombo, late, second)


def test_the_penalties_of_a_tournament_that_are_not_cancelled(penalised, django_assert_num_queries):
    tournament, _regs, _sessions, (chombo, late, second) = penalised
    with django_assert_num_queries(1):
        found = list(active_penalties(tournament=tournament))
    assert sorted(p.pk for p in found) == sorted([chombo.pk, late.pk, second.pk])


def test_up_to_a_session(penalised, django_assert_num_queries):
    tournament, _regs, _sessions, (chombo, late, _second) = penalised
    with django_assert_num_queries(1):
        found = list(active_penalties(tournament=tournament, after_session=1))
    assert sorted(p.pk for p in found) == sorted([chombo.pk, late.pk])


def test_of_one_session_for_some_players(penalised, django_assert_num_queries):
    _tournament, regs, (one, two), (chombo, _late, second) = penalised
    with django_assert_num_queries(1):
        found = list(active_penalties(session=one, registrations=[regs["p01"].pk, regs["p03"].pk]))
    assert [p.pk for p in found] == [chombo.pk]  # p03's was cancelled
    assert [p.pk for p in active_penalties(session=two)] == [second.pk]


def test_a_cancelled_penalty_is_gone_at_once(penalised):
    tournament, _regs, _sessions, (chombo, _late, _second) = penalised
    cancel_penalty(actor=None, penalty=chombo, reason="entered twice")
    assert chombo.pk not in {p.pk for p in active_penalties(tournament=tournament)}
