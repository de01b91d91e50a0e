"""services.checks: the second check of a result (when the tournament asks for it): a second person confirms the
current version or disputes it with a reason; never the person who entered it. Each verdict audited."""

import pytest

from tests.tournament.factories import played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import ResultCheck, Table
from tournament.services import tournaments
from tournament.services.checks import check_result
from tournament.services.results import SeatScore, enter_table_result

RAWS = (45_000, 35_000, 25_000, 15_000)  # 120,000 = 4 x 30,000 (3.6)


@pytest.fixture
def event(db):
    """Eight players, session 1 seated (two tables), the second check on."""
    event = played_event("spring", n_players=8, n_sessions=1, played=0)
    return tournaments.update_tournament(actor=None, tournament=event, confirmation_required=True)


@pytest.fixture
def rita(make_user):
    return make_user("rita")


@pytest.fixture
def olga(make_user):
    return make_user("olga")


def table(event, number: int = 1) -> Table:
    return Table.objects.select_related("session__tournament").get(session__tournament=event, number=number)


def entered(event, actor, number: int = 1):
    scores = [SeatScore(wind, raw) for wind, raw in zip("ESWN", RAWS, strict=True)]
    return enter_table_result(actor=actor, table=table(event, number), scores=scores)


def test_a_confirmation_is_stored_and_audited(event, rita, olga):
    result = entered(event, rita)
    since = last_entry_id()
    check = check_result(
        actor=olga, table=table(event), version=1, verdict="confirmed", submission_key="check-0001"
    )
    saved = ResultCheck.objects.get(pk=check.pk)
    assert (saved.result, saved.verdict, saved.reason, saved.checked_by, saved.checked_by_label) == (
        result,
        "confirmed",
        "",
        olga,
        "olga",
    )
    assert saved.submission_key == "check-0001"
    entry = audited(
        since,
        "result.confirmed",
        summary="session 1, table 1: version 1 confirmed",
        actor=olga,
        tournament=event,
    )
    assert entry.data == {"session": 1, "table": 1, "version": 1, "verdict": "confirmed", "reason": ""}


def test_a_dispute_is_stored_with_its_reason_trimmed(event, rita):
    entered(event, rita, number=2)
    since = last_entry_id()
    check = check_result(
        actor=None, table=table(event, 2), version=1, verdict="disputed", reason="  East had 44,000 \n"
    )
    assert ResultCheck.objects.get(pk=check.pk).reason == "East had 44,000"
    entry = audited(
        since,
        "result.disputed",
        summary="session 1, table 2: version 1 disputed",
        actor=None,
        tournament=event,
    )
    assert entry.data["reason"] == "East had 44,000"


def test_a_repost_and_the_same_verdict_again_record_nothing_new(event, rita, olga):
    entered(event, rita)
    first = check_result(
        actor=olga, table=table(event), version=1, verdict="confirmed", submission_key="check-0001"
    )
    since = last_entry_id()
    repost = check_result(
        actor=olga, table=table(event), version=1, verdict="confirmed", submission_key="check-0001"
    )
    again = check_result(
        actor=olga, table=table(event), version=1, verdict="confirmed", submission_key="check-0002"
    )
    assert repost.pk == first.pk == again.pk
    assert ResultCheck.objects.count() == 1 and new_actions(since) == []


def test_a_second_person_adds_a_check_of_their_own(event, rita, olga, make_user):
    entered(event, rita)
    check_result(actor=olga, table=table(event), version=1, verdict="confirmed")
    check_result(
        actor=make_user("otto"), table=table(event), version=1, verdict="disputed", reason="wrong seat"
    )
    assert list(ResultCheck.objects.order_by("id").values_list("checked_by_label", "verdict")) == [
        ("olga", "confirmed"),
        ("otto", "disputed"),
    ]


# --- refusals ------------------------------------------------------------------------------------------------------


def test_a_table_without_a_result_is_refused(event, olga):
    refused(
        lambda: check_result(actor=olga, table=table(event), version=1, verdict="confirmed"),
        "no_result",
        "Session 1, table 1 has no result to check.",
    )


def test_a_check_where_the_second_check_is_off_is_refused(event, rita, olga):
    entered(event, rita)
    tournaments.update_tournament(actor=None, tournament=event, confirmation_required=False)
    refused(
        lambda: check_result(actor=olga, table=table(event), version=1, verdict="confirmed"),
        "checks_off",
        "The second check of results is off in this tournament.",
    )


def test_an_unknown_verdict_is_refused(event, rita, olga):
    entered(event, rita)
    refused(
        lambda: check_result(actor=olga, table=table(event), version=1, verdict="fine"),
        "bad_verdict",
        "Unknown verdict fine.",
    )


def test_the_person_who_entered_the_result_may_not_check_it(event, rita):
    entered(event, rita)
    refused(
        lambda: check_result(actor=rita, table=table(event), version=1, verdict="confirmed"),
        "own_result",
        "Session 1, table 1: you entered this result; somebody else must check it.",
    )


def test_a_dispute_without_a_reason_is_refused(event, rita, olga):
    entered(event, rita)
    refused(
        lambda: check_result(actor=olga, table=table(event), version=1, verdict="disputed", reason="   "),
        "dispute_reason",
        "Session 1, table 1: say what is wrong with the result.",
    )


def test_a_form_used_for_another_table_or_verdict_is_refused(event, rita, olga):
    entered(event, rita)
    entered(event, rita, number=2)
    check_result(actor=olga, table=table(event), version=1, verdict="confirmed", submission_key="check-0001")
    for number, verdict in ((2, "confirmed"), (1, "disputed")):
        refused(
            lambda number=number, verdict=verdict: check_result(
                actor=olga,
                table=table(event, number),
                version=1,
                verdict=verdict,
                reason="x",
                submission_key="check-0001",
            ),
            "submission_reused",
            "This form was already used for another table.",
        )


def test_a_damaged_submission_key_is_refused(event, rita, olga):
    """As every other form's key (services.validation.check_submission_key): PostgreSQL refuses a value longer
    than the column with an error (a 500), SQLite stores it."""
    entered(event, rita)
    refused(
        lambda: check_result(
            actor=olga, table=table(event), version=1, verdict="confirmed", submission_key="k" * 65
        ),
        "bad_submission_key",
        "longer than 64 characters",
    )


def test_a_dispute_reason_longer_than_300_characters_is_refused(event, rita, olga):
    """PostgreSQL refuses a text longer than its column with an error (a 500), SQLite stores it."""
    entered(event, rita)
    refused(
        lambda: check_result(actor=olga, table=table(event), version=1, verdict="disputed", reason="r" * 301),
        "too_long",
        "Session 1, table 1: the reason is longer than 300 characters.",
    )
    check = check_result(actor=olga, table=table(event), version=1, verdict="disputed", reason="r" * 300)
    assert check.reason == "r" * 300
