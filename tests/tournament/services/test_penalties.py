"""services.penalties: giving a penalty (its points by the rules: EMA 2016 3.4.6, 5.5-5.7; rules-interpretation.md
section 3) and cancelling one with a reason (never deleted). Each audited; each refusal names the player and the
session and writes nothing. The submission key's races are in test_penalty_concurrency.py."""

import pytest

from tests.tournament.factories import make_event, played_event
from tests.tournament.services.expect import audited, last_entry_id, refused
from tournament.models import Penalty, Registration
from tournament.services import penalties, tournaments


@pytest.fixture
def event(db):
    """Eight players p01..p08 (First01 Last01 ...), session 1 seated."""
    return played_event("spring", n_players=8, n_sessions=1, played=0)


@pytest.fixture
def player(event) -> Registration:
    return event.registrations.select_related("player").get(key="p01")


def give(event, player, actor=None, **penalty):
    return penalties.give_penalty(actor=actor, registration=player, session=event.sessions.get(), **penalty)


@pytest.mark.parametrize(
    ("penalty", "label", "deducted"),
    [
        ({"kind": "chombo"}, "chombo", 20_000),  # 3.4.6: 20,000 after uma
        ({"kind": "lateness", "minutes": 4}, "lateness", 4_000),  # 5.7: 1,000 a minute, 1 to 10 minutes
        ({"kind": "obstruction", "points": 8_000, "reason": "slow play"}, "obstruction", 8_000),  # 5.5
        ({"kind": "obstruction", "points": 48_000, "reason": "again"}, "obstruction", 48_000),  # 5.5, serious
        (
            {"kind": "telephone", "points": 5_000, "reason": "rang"},
            "telephone",
            5_000,
        ),  # 5.6, referee's amount
        ({"kind": "warning", "reason": "phone on the table"}, "warning", 0),
    ],
)
def test_a_penalty_is_stored_with_what_it_deducts_and_audited(
    event, player, make_user, penalty, label, deducted
):
    rita = make_user("rita")
    since = last_entry_id()
    given = give(event, player, rita, submission_key="pen-0001", **penalty)
    saved = Penalty.objects.get(pk=given.pk)
    assert (saved.registration, saved.session, saved.kind) == (player, event.sessions.get(), penalty["kind"])
    assert (saved.minutes, saved.points, saved.reason) == (
        penalty.get("minutes"),
        penalty.get("points"),
        penalty.get("reason", ""),
    )
    assert (saved.created_by, saved.created_by_label, saved.cancelled, saved.submission_key) == (
        rita,
        "rita",
        False,
        "pen-0001",
    )
    assert saved.deducted_points(event.rules) == deducted
    entry = audited(
        since,
        "penalty.give",
        summary=f"session 1, First01 Last01: {label}, {deducted} points",
        actor=rita,
        tournament=event,
    )
    assert entry.data == {
        "penalty": saved.pk,
        "key": "p01",
        "name": "First01 Last01",
        "session": 1,
        "kind": penalty["kind"],
        "minutes": penalty.get("minutes"),
        "points": penalty.get("points"),
        "deducted": deducted,
        "reason": penalty.get("reason", ""),
    }


def test_the_chombo_of_the_2008_rules_deducts_nothing(event, player):
    """2008 3.4.6: a chombo is paid at the table as a reverse mangan, so it is in the raw points already."""
    event = tournaments.set_ruleset(actor=None, tournament=event, ruleset="ema-2008")
    since = last_entry_id()
    penalty = give(event, player, kind="chombo")
    assert penalty.deducted_points(event.rules) == 0
    audited(
        since,
        "penalty.give",
        summary="session 1, First01 Last01: chombo, 0 points",
        actor=None,
        tournament=event,
    )


# --- refusals of give_penalty ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("penalty", "code", "words"),
    [
        (
            {"kind": "lateness", "minutes": 11},
            "lateness_over_limit",
            "11 minutes late is more than 10",
        ),  # 5.7
        (
            {"kind": "lateness", "minutes": 0},
            "lateness_minutes",
            "lateness needs the minutes late, 1 or more",
        ),
        ({"kind": "lateness"}, "lateness_minutes", "lateness needs the minutes late"),
        (
            {"kind": "obstruction", "points": 10_000, "reason": "x"},
            "obstruction_points",
            "8,000 or 12,000 points",
        ),
        ({"kind": "obstruction", "points": 8_000}, "penalty_reason", "this penalty needs a reason"),
        ({"kind": "warning", "reason": "  "}, "penalty_reason", "this penalty needs a reason"),
        ({"kind": "telephone", "points": 5_050, "reason": "x"}, "penalty_points", "positive multiple of 100"),
        ({"kind": "chombo", "points": 8_000}, "penalty_fixed_amount", "has a fixed amount"),
        ({"kind": "chombo", "minutes": 3}, "penalty_minutes", "minutes belong to a lateness penalty only"),
        ({"kind": "yellow-card"}, "penalty_kind", "unknown penalty kind 'yellow-card'"),
    ],
)
def test_a_penalty_the_rules_do_not_allow_is_refused_naming_player_and_session(
    event, player, penalty, code, words
):
    message = refused(lambda: give(event, player, **penalty), code, words)
    assert message.startswith("Session 1, First01 Last01")


def test_a_player_of_another_tournament_is_refused(event):
    stranger = make_event("autumn", [("x1", "Xavier", "Vreemd", "BEL", "")]).registrations.get()
    refused(
        lambda: give(event, stranger, kind="chombo"),
        "foreign_player",
        "Xavier Vreemd is not registered in this tournament.",
    )


def test_a_damaged_submission_key_is_refused(event, player):
    refused(lambda: give(event, player, kind="chombo", submission_key="k" * 65), "bad_submission_key")


# --- cancel_penalty ------------------------------------------------------------------------------------------------


def test_a_cancelled_penalty_is_kept_with_who_when_and_why_and_audited(event, player, make_user):
    rita, olga = make_user("rita"), make_user("olga")
    penalty = give(event, player, rita, kind="lateness", minutes=3)
    since = last_entry_id()
    penalties.cancel_penalty(actor=olga, penalty=penalty, reason="the clock was wrong")
    saved = Penalty.objects.get(pk=penalty.pk)
    assert (saved.cancelled, saved.cancel_reason, saved.cancelled_by) == (True, "the clock was wrong", olga)
    assert saved.cancelled_at is not None and saved.deducted_points(event.rules) == 0
    entry = audited(
        since,
        "penalty.cancel",
        summary="Cancelled lateness of First01 Last01 in session 1",
        actor=olga,
        tournament=event,
    )
    assert entry.data == {
        "penalty": penalty.pk,
        "key": "p01",
        "name": "First01 Last01",
        "session": 1,
        "kind": "lateness",
        "reason": "the clock was wrong",
    }


def test_a_penalty_cancelled_already_is_refused_naming_who_and_why(event, player, make_user):
    penalty = give(event, player, kind="chombo")
    penalties.cancel_penalty(actor=make_user("olga"), penalty=penalty, reason="wrong player")
    message = refused(
        lambda: penalties.cancel_penalty(actor=None, penalty=penalty, reason="again"),
        "already_cancelled",
        "The chombo of First01 Last01 in session 1 was cancelled already by olga at ",
        "(wrong player). Nothing was changed.",
    )
    assert "again" not in message


def test_a_cancel_without_a_reason_is_refused(event, player):
    penalty = give(event, player, kind="chombo")
    refused(
        lambda: penalties.cancel_penalty(actor=None, penalty=penalty, reason=" \n"),
        "cancel_reason",
        "Say why the penalty is cancelled.",
    )


# --- texts longer than their column: PostgreSQL refuses them with an error (a 500), SQLite stores them --------------


def test_a_reason_longer_than_300_characters_is_refused(event, player):
    refused(
        lambda: give(event, player, kind="warning", reason="r" * 301),
        "too_long",
        "Session 1, First01 Last01: the reason is longer than 300 characters.",
    )
    assert give(event, player, kind="warning", reason="r" * 300).reason == "r" * 300


def test_a_reason_for_cancelling_longer_than_300_characters_is_refused(event, player):
    penalty = give(event, player, kind="chombo")
    refused(
        lambda: penalties.cancel_penalty(actor=None, penalty=penalty, reason="r" * 301),
        "too_long",
        "Session 1, First01 Last01: the reason for cancelling is longer than 300 characters.",
    )
    assert penalties.cancel_penalty(actor=None, penalty=penalty, reason="r" * 300).cancel_reason == "r" * 300
