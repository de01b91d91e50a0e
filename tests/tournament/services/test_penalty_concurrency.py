"""give_penalty and its submission key: a re-post returns the first penalty, a key reused for another penalty is
refused, and two identical posts at the same moment give one penalty and no error (PostgreSQL's row locks; SQLite's
one writing transaction at a time, from a file as in production: the ``writers_database`` fixture)."""

import threading
import time

import pytest
from django.db import connection

from tournament.models import AuditEntry, Penalty
from tournament.services import DomainError, penalties, players, schedule, tournaments


def _event(actor=None):
    tournament = tournaments.create_tournament(actor=actor, slug="penalty-race", name="Penalty Race")
    regs = [
        players.register_player(actor=actor, tournament=tournament, first_name=f"P{i}", last_name="Race")
        for i in range(4)
    ]
    (session,) = schedule.ensure_sessions(actor=actor, tournament=tournament, count=1)
    return regs, session


@pytest.mark.django_db
def test_repost_returns_the_first_penalty():
    regs, session = _event()
    kwargs = {"actor": None, "registration": regs[0], "session": session, "kind": "chombo"}
    first = penalties.give_penalty(**kwargs, submission_key="form-1")
    again = penalties.give_penalty(**kwargs, submission_key="form-1")
    assert again.pk == first.pk
    assert Penalty.objects.count() == 1
    assert AuditEntry.objects.filter(action="penalty.give").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "change",
    [
        {"registration": 1},  # another player
        {"kind": "lateness", "minutes": 3},  # another kind
    ],
)
def test_key_reused_for_another_penalty_is_refused(change):
    regs, session = _event()
    penalties.give_penalty(
        actor=None, registration=regs[0], session=session, kind="chombo", submission_key="form-2"
    )
    kwargs = {"actor": None, "registration": regs[0], "session": session, "kind": "chombo"}
    kwargs.update(change)
    if "registration" in change:
        kwargs["registration"] = regs[change["registration"]]
    with pytest.raises(DomainError) as error:
        penalties.give_penalty(**kwargs, submission_key="form-2")
    assert error.value.code == "submission_reused"
    assert "P0 Race" in error.value.message and "session 1" in error.value.message
    assert Penalty.objects.count() == 1


def _race(monkeypatch, calls):
    """Run the calls in threads at the same moment; the pause between the key check and the insert makes both
    pass an unlocked check before either writes. Returns each thread's penalty or exception."""
    real_points = penalties.penalty_points

    def slow_points(*args, **kwargs):
        time.sleep(0.3)
        return real_points(*args, **kwargs)

    monkeypatch.setattr(penalties, "penalty_points", slow_points)
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, kwargs):
        try:
            barrier.wait()
            outcomes[index] = penalties.give_penalty(**kwargs)
        except Exception as error:  # noqa: BLE001 - the test reports what each thread got
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, kw)) for i, kw in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


both_engines = pytest.mark.usefixtures("writers_database")


@both_engines
@pytest.mark.django_db(transaction=True)
def test_two_identical_posts_at_once_give_one_penalty(monkeypatch):
    regs, session = _event()
    kwargs = {
        "actor": None,
        "registration": regs[0],
        "session": session,
        "kind": "chombo",
        "submission_key": "double-tap",
    }
    outcomes = _race(monkeypatch, [kwargs, dict(kwargs)])
    assert all(isinstance(outcome, Penalty) for outcome in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    assert Penalty.objects.count() == 1
    assert AuditEntry.objects.filter(action="penalty.give").count() == 1


@both_engines
@pytest.mark.django_db(transaction=True)
def test_one_key_for_two_players_at_once_gives_one_penalty_and_a_refusal(monkeypatch):
    regs, session = _event()
    calls = [
        {"actor": None, "registration": reg, "session": session, "kind": "chombo", "submission_key": "shared"}
        for reg in regs[:2]
    ]
    outcomes = _race(monkeypatch, calls)
    kinds = sorted(type(outcome).__name__ for outcome in outcomes)
    assert kinds == ["DomainError", "Penalty"], outcomes
    refusal = next(outcome for outcome in outcomes if isinstance(outcome, DomainError))
    assert refusal.code == "submission_reused"
    assert Penalty.objects.count() == 1


def test_penalty_kinds_are_the_scoring_kinds_with_labels():
    from scoring.penalties import PENALTY_KINDS

    assert [kind for kind, _label in Penalty.KIND_CHOICES] == list(PENALTY_KINDS)
    assert all(str(label) for _kind, label in Penalty.KIND_CHOICES)
