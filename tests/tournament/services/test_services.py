"""The write path: every change is validated, versioned where needed, attributed and audited."""

import pytest

from tournament.models import AuditEntry, Penalty, TableResult
from tournament.services import DomainError, penalties, players, results, schedule, tournaments
from tournament.services.results import SeatScore


@pytest.fixture
def event(db, django_user_model):
    """16 players, one session seated: table 1 = p001..p004 (E S W N), ..."""
    referee = django_user_model.objects.create_user("ref", password="x-secret-123")
    tournament = tournaments.create_tournament(
        actor=referee, slug="test-open", name="Test Open", country="NED"
    )
    regs = [
        players.register_player(
            actor=referee, tournament=tournament, first_name=f"P{i}", last_name="Test", country="NED"
        )
        for i in range(16)
    ]
    (session,) = schedule.ensure_sessions(actor=referee, tournament=tournament, count=1)
    schedule.set_session_seating(
        actor=referee, session=session, tables=[regs[i : i + 4] for i in range(0, 16, 4)]
    )
    return tournament, regs, session, referee


def scores(*raws, subs=("", "", "", "")):
    return [SeatScore(w, r, s) for w, r, s in zip("ESWN", raws, subs, strict=True)]


def test_result_is_versioned_and_attributed(event):
    tournament, regs, session, referee = event
    table = session.tables.get(number=1)
    first = results.enter_table_result(
        actor=referee, table=table, scores=scores(41_200, 30_900, 25_700, 22_200), expected_version=0
    )
    second = results.enter_table_result(
        actor=referee, table=table, scores=scores(41_200, 30_900, 22_200, 25_700), expected_version=1
    )
    assert (first.version, second.version) == (1, 2)
    assert list(TableResult.objects.filter(table=table).values_list("version", "is_current")) == [
        (2, True),
        (1, False),
    ]
    assert second.entered_by == referee and second.entered_by_label == "ref"
    assert AuditEntry.objects.filter(action="result.enter", actor=referee).count() == 2


def test_wrong_sum_is_refused_and_changes_nothing(event):
    tournament, regs, session, referee = event
    table = session.tables.get(number=2)
    with pytest.raises(DomainError) as error:
        results.enter_table_result(actor=referee, table=table, scores=scores(41_200, 30_900, 25_700, 22_300))
    assert error.value.code == "table_sum"
    assert "Session 1, table 2" in error.value.message and "120,100" in error.value.message
    assert not TableResult.objects.exists()
    assert not AuditEntry.objects.filter(action="result.enter").exists()


def test_repost_of_the_same_form_creates_nothing_new(event):
    tournament, regs, session, referee = event
    table = session.tables.get(number=1)
    kwargs = {
        "actor": referee,
        "table": table,
        "scores": scores(40_000, 30_000, 30_000, 20_000),
        "expected_version": 0,
        "submission_key": "form-123",
    }
    first = results.enter_table_result(**kwargs)
    again = results.enter_table_result(**kwargs)  # the phone re-sends after a Wi-Fi drop
    assert again.pk == first.pk
    assert TableResult.objects.filter(table=table).count() == 1


def test_stale_form_is_refused(event):
    tournament, regs, session, referee = event
    table = session.tables.get(number=1)
    results.enter_table_result(
        actor=referee, table=table, scores=scores(40_000, 30_000, 30_000, 20_000), expected_version=0
    )
    with pytest.raises(DomainError) as error:  # a second referee still had the empty form open
        results.enter_table_result(
            actor=referee, table=table, scores=scores(41_000, 30_000, 29_000, 20_000), expected_version=0
        )
    assert error.value.code == "stale_result"
    assert "version 1" in error.value.message
    assert TableResult.objects.filter(table=table).count() == 1


def test_identical_correction_is_not_a_new_version(event):
    tournament, regs, session, referee = event
    table = session.tables.get(number=1)
    results.enter_table_result(actor=referee, table=table, scores=scores(40_000, 30_000, 30_000, 20_000))
    results.enter_table_result(actor=referee, table=table, scores=scores(40_000, 30_000, 30_000, 20_000))
    assert TableResult.objects.filter(table=table).count() == 1


def test_seating_of_a_session_with_results_cannot_change(event):
    tournament, regs, session, referee = event
    results.enter_table_result(
        actor=referee, table=session.tables.get(number=1), scores=scores(40_000, 30_000, 30_000, 20_000)
    )
    with pytest.raises(DomainError) as error:
        schedule.set_session_seating(
            actor=referee, session=session, tables=[regs[i : i + 4] for i in range(0, 16, 4)]
        )
    assert error.value.code == "session_has_results"


def test_seating_refuses_a_player_twice(event):
    tournament, regs, session, referee = event
    (_, second) = schedule.ensure_sessions(actor=referee, tournament=tournament, count=2)
    tables = [regs[0:4], [regs[0], *regs[5:8]], regs[8:12], regs[12:16]]
    with pytest.raises(DomainError) as error:
        schedule.set_session_seating(actor=referee, session=second, tables=tables)
    assert error.value.code == "seated_twice"
    assert "table 1 and at table 2" in error.value.message


def test_penalty_lateness_over_ten_minutes_points_to_substitution(event):
    tournament, regs, session, referee = event
    with pytest.raises(DomainError) as error:
        penalties.give_penalty(
            actor=referee, registration=regs[0], session=session, kind="lateness", minutes=12
        )
    assert error.value.code == "lateness_over_limit"
    assert "substitute" in error.value.message
    assert not Penalty.objects.exists()


def test_penalty_cancelled_with_reason_is_kept(event):
    tournament, regs, session, referee = event
    penalty = penalties.give_penalty(actor=referee, registration=regs[0], session=session, kind="chombo")
    penalties.cancel_penalty(actor=referee, penalty=penalty, reason="wrong player")
    penalty.refresh_from_db()
    assert penalty.cancelled and penalty.cancel_reason == "wrong player" and penalty.cancelled_by == referee
    assert penalty.deducted_points(tournament.rules) == 0
    with pytest.raises(DomainError):
        penalties.cancel_penalty(actor=referee, penalty=penalty, reason="again")


def test_cancel_needs_a_reason(event):
    tournament, regs, session, referee = event
    penalty = penalties.give_penalty(actor=referee, registration=regs[0], session=session, kind="chombo")
    with pytest.raises(DomainError) as error:
        penalties.cancel_penalty(actor=referee, penalty=penalty, reason="  ")
    assert error.value.code == "cancel_reason"


def test_rules_are_frozen_once_a_result_exists(event):
    tournament, regs, session, referee = event
    tournaments.set_ruleset(
        actor=referee, tournament=tournament, ruleset="ema-2016", overrides={"chombo_points": 10_000}
    )
    results.enter_table_result(
        actor=referee, table=session.tables.get(number=1), scores=scores(40_000, 30_000, 30_000, 20_000)
    )
    with pytest.raises(DomainError) as error:
        tournaments.set_ruleset(actor=referee, tournament=tournament, ruleset="ema-2008")
    assert error.value.code == "ruleset_frozen"


def test_bad_override_is_refused(event):
    tournament, regs, session, referee = event
    with pytest.raises(DomainError) as error:
        tournaments.set_ruleset(
            actor=referee, tournament=tournament, ruleset="ema-2016", overrides={"oka": 1}
        )
    assert error.value.code == "unknown_ruleset_parameter"


def test_register_player_validates_ema_number(event):
    tournament, regs, session, referee = event
    with pytest.raises(DomainError) as error:
        players.register_player(
            actor=referee, tournament=tournament, first_name="Ann", last_name="X", ema_id="0801003"
        )
    assert error.value.code == "bad_ema_id"


def test_same_ema_number_is_the_same_person(event, db):
    tournament, regs, session, referee = event
    other = tournaments.create_tournament(actor=referee, slug="other-open", name="Other Open")
    first = players.register_player(
        actor=referee, tournament=tournament, first_name="Anna", last_name="de Vries", ema_id="08010039"
    )
    second = players.register_player(
        actor=referee, tournament=other, first_name="Anna", last_name="de Vries", ema_id="08010039"
    )
    assert first.player_id == second.player_id
    with pytest.raises(DomainError) as error:
        players.register_player(
            actor=referee, tournament=other, first_name="Anna", last_name="de Vries", ema_id="08010039"
        )
    assert error.value.code == "already_registered"


def test_refusal_is_in_the_language_of_the_request(event):
    from django.utils import translation

    tournament, regs, session, referee = event
    with translation.override("nl"), pytest.raises(DomainError) as error:
        results.enter_table_result(
            actor=referee, table=session.tables.get(number=2), scores=scores(41_200, 30_900, 25_700, 22_300)
        )
    assert error.value.code == "table_sum"
    assert error.value.message.startswith("Sessie 1, tafel 2")
    assert "120.100" in error.value.message and "the scores" not in error.value.message  # Dutch figures
