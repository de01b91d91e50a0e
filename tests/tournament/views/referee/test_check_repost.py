"""The second check posted twice ("Trust on the day"): a phone that re-posts the confirm or dispute form (bad
Wi-Fi, a double tap) records one check, as a re-posted result records one version (services.results)."""

import pytest

from tests.operations.http_client import read_forms
from tests.tournament.views.referee.conftest import table_url
from tournament.models import AuditEntry, ResultCheck
from tournament.services import DomainError
from tournament.services.checks import check_result
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import update_tournament


@pytest.fixture
def entered(demo, table, make_user):
    """Version 1 of session 6, table 1, entered by rita, with the second check on."""
    update_tournament(actor=None, tournament=demo, confirmation_required=True)
    rita = make_user("rita", tournament=demo, role="referee")
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (41_200, 30_900, 25_700, 22_200), strict=True)]
    enter_table_result(actor=rita, table=table, scores=scores, expected_version=0)
    return rita


def check_form(client, table, verdict: str) -> list[tuple[str, str]]:
    """The page's confirm (or dispute) form as the phone posts it: its hidden fields and the button pressed."""
    html = client.get(table_url(table)).content.decode()
    forms = [form for form in read_forms(html) if form.action.endswith("/check/")]
    form = forms[0] if verdict == "confirmed" else forms[1]
    return form.values({"verdict": verdict, **({"reason": "E was 42,200"} if verdict == "disputed" else {})})


@pytest.mark.parametrize("verdict", ["confirmed", "disputed"])
def test_a_reposted_check_records_one_check(referee_client, table, entered, verdict):
    data = check_form(referee_client, table, verdict)
    first = referee_client.post(table_url(table, "check/"), dict(data))
    again = referee_client.post(table_url(table, "check/"), dict(data))  # the phone re-posts
    assert first.status_code == again.status_code == 302
    assert ResultCheck.objects.filter(result__table=table).count() == 1
    assert AuditEntry.objects.filter(action=f"result.{verdict}", data__table=table.number).count() == 1


def test_each_page_gives_its_check_forms_their_own_keys(referee_client, table, entered):
    keys = [dict(check_form(referee_client, table, v))["submission_key"] for v in ("confirmed", "disputed")]
    assert len(set(keys)) == 2 and all(len(key) >= 8 for key in keys)


def test_the_service_returns_the_check_its_key_made_and_refuses_the_key_elsewhere(
    demo, table, entered, make_user
):
    olga = make_user("olga", tournament=demo, role="referee")
    first = check_result(
        actor=olga, table=table, version=1, verdict="confirmed", submission_key="check-key-01"
    )
    again = check_result(
        actor=olga, table=table, version=1, verdict="confirmed", submission_key="check-key-01"
    )
    assert again == first and ResultCheck.objects.count() == 1
    other = demo.sessions.get(number=6).tables.get(number=2)
    scores = [SeatScore(w, 30_000) for w in "ESWN"]
    enter_table_result(actor=entered, table=other, scores=scores, expected_version=0)
    with pytest.raises(DomainError) as refused:
        check_result(actor=olga, table=other, version=1, verdict="confirmed", submission_key="check-key-01")
    assert refused.value.code == "submission_reused"
    assert ResultCheck.objects.count() == 1


def test_the_same_check_again_without_a_key_adds_nothing(demo, table, entered, make_user):
    olga = make_user("olga", tournament=demo, role="referee")
    first = check_result(actor=olga, table=table, version=1, verdict="disputed", reason="E was 42,200")
    assert (
        check_result(actor=olga, table=table, version=1, verdict="disputed", reason="E was 42,200 ") == first
    )
    confirmed = check_result(
        actor=olga, table=table, version=1, verdict="confirmed"
    )  # a changed verdict counts
    assert confirmed != first and ResultCheck.objects.count() == 2
