"""services.validation: the model's own checks as one refusal naming where and each field, and the length of a
submission key, refused before any query sees it."""

import pytest

from tournament.errors import DomainError
from tournament.models import Penalty, Session, Tournament
from tournament.models.submission import SUBMISSION_KEY_LENGTH
from tournament.services import tournaments
from tournament.services.validation import check_length, check_submission_key, full_clean_or_refuse


def refusal(call) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    return caught.value


def test_a_valid_instance_passes(db):
    full_clean_or_refuse(Tournament(slug="spring", name="Spring Open", country="NED"), where="Spring Open")


def test_each_bad_field_is_named_by_its_label_in_field_order(db):
    tournament = Tournament(slug="spring", name="Spring Open", country="Holland", session_minutes=0)
    error = refusal(lambda: full_clean_or_refuse(tournament, where="Spring Open"))
    assert error.code == "invalid_field"
    assert error.message.startswith("Spring Open: host country: Use the three-letter EMA country code")
    # the fields sorted by name: country before session_minutes, one problem each, separated by "; "
    country, length = error.message.removeprefix("Spring Open: ").split("; ")
    assert country.startswith("host country: ")
    assert length.startswith("session length (minutes): ")


def test_a_problem_of_no_single_field_is_given_without_a_label(db):
    tournament = tournaments.create_tournament(actor=None, slug="spring", name="Spring Open")
    Session.objects.create(tournament=tournament, number=1)
    twin = Session(tournament=tournament, number=1)
    error = refusal(lambda: full_clean_or_refuse(twin, where="Session 1"))
    assert error.code == "invalid_field"
    assert error.message == "Session 1: Session with this Tournament and Session already exists."


def test_a_submission_key_up_to_the_column_is_taken():
    check_submission_key(None)
    check_submission_key("k" * SUBMISSION_KEY_LENGTH)


def test_a_longer_submission_key_is_refused():
    error = refusal(lambda: check_submission_key("k" * (SUBMISSION_KEY_LENGTH + 1)))
    assert error.code == "bad_submission_key"
    assert f"its submission key is longer than {SUBMISSION_KEY_LENGTH} characters" in error.message
    assert "Nothing was saved" in error.message


def test_a_text_up_to_its_column_is_taken():
    check_length("r" * 300, model=Penalty, field="reason", where="session 1, Anna de Vries")


def test_a_longer_text_is_refused_naming_where_and_the_field_by_its_label():
    error = refusal(
        lambda: check_length(
            "r" * 301, model=Penalty, field="cancel_reason", where="session 1, Anna de Vries"
        )
    )
    assert error.code == "too_long"
    assert (
        error.message == "Session 1, Anna de Vries: the reason for cancelling is longer than 300 characters."
    )
