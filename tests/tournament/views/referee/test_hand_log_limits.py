"""Issue "Trust on the day", item 13: the table form's hidden ``hands`` (the digital score sheet's hand log) is
bounded in size (MAX_HAND_LOG_BYTES) and nesting (MAX_HAND_LOG_DEPTH) before it is parsed, read strictly, and a game
has at most MAX_HANDS hands. Before, a deeply nested value raised RecursionError (500) and a 0.5 MB log of 30,000
chombo re-deals was stored. A refusal is a 400 naming the field; nothing is written."""

import json

import pytest

from scoring.limits import MAX_HAND_LOG_BYTES, MAX_HANDS
from tests.tournament.views.referee.conftest import form_data, table_url
from tournament.models import AuditEntry, Penalty, TableResult

EVEN = ["30000", "30000", "30000", "30000"]  # nothing but re-deals: everybody keeps 30,000 (3.4.6)


def chombos(count: int) -> str:
    """``count`` chombo re-deals (2016: nothing changes at the table, 3.4.6) and then hands to the end of the game
    would be needed; a log of chombos only is a game in progress, refused too, but after the bounds below."""
    return json.dumps({"hands": [{"chombo": "E"}] * count})


def written() -> tuple:
    return TableResult.objects.count(), AuditEntry.objects.count(), Penalty.objects.count()


def post_hands(client, table, hands: str):
    before = written()
    response = client.post(table_url(table), form_data(EVEN, hands=hands))
    assert written() == before
    return response


def test_a_deeply_nested_hand_log_is_refused_before_it_is_parsed(referee_client, table):
    response = post_hands(referee_client, table, "[" * 100_000 + "]" * 100_000)
    assert response.status_code == 400
    assert "The hand log (hands) is" in response.content.decode()


@pytest.mark.parametrize(
    "hands",
    [
        '{"hands": [{"chombo": [[[[[[["E"]]]]]]]}]}',  # deeper than the hand log's own shape (5 levels)
        "[" * 7 + "]" * 7,
    ],
)
def test_nesting_beyond_the_hand_logs_shape_is_refused(referee_client, table, hands):
    response = post_hands(referee_client, table, hands)
    assert response.status_code == 400
    assert "The hand log (hands) is damaged at line 1 column" in response.content.decode()
    assert "nested more than 6 levels deep" in response.content.decode()


def test_thirty_thousand_chombo_re_deals_are_refused_by_size(referee_client, table):
    hands = chombos(30_000)
    assert len(hands) > 500_000
    response = post_hands(referee_client, table, hands)
    assert response.status_code == 400
    assert f"The hand log (hands) is larger than {MAX_HAND_LOG_BYTES // 1024} KB" in response.content.decode()


def test_more_hands_than_a_game_has_are_refused_even_when_small(referee_client, table):
    hands = chombos(MAX_HANDS + 1)
    assert len(hands) < MAX_HAND_LOG_BYTES
    response = post_hands(referee_client, table, hands)
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        f"The hand log (hands) cannot be read: {MAX_HANDS + 1} hands; a game has at most {MAX_HANDS}" in html
    )


@pytest.mark.parametrize(
    ("hands", "reason"),
    [
        ('{"hands": [{"chombo": "E", "fan": ' + "9" * 5000 + "}]}", "a number with more than 15 digits"),
        ('{"hands": [], "hands": []}', "appears more than once"),
        ('{"hands": [NaN]}', "NaN is not a number"),
        ('{"hands": [', "not valid JSON"),
    ],
)
def test_a_hand_log_no_score_sheet_makes_is_refused_naming_the_field(referee_client, table, hands, reason):
    response = post_hands(referee_client, table, hands)
    assert response.status_code == 400
    html = response.content.decode()
    assert "The hand log (hands) is damaged" in html and reason in html


def test_the_largest_allowed_log_is_read_and_checked_by_the_rules(referee_client, table):
    """MAX_HANDS chombos fit in the size and the count: the log is read, and the service says why it cannot be
    saved (a game of re-deals only has not ended: 3.5)."""
    response = post_hands(referee_client, table, chombos(MAX_HANDS))
    assert response.status_code == 400  # refused by the service, not by the form's bounds
    html = response.content.decode()
    assert "The hand log (hands)" not in html and "the game is not over" in html
