"""One hand at a time: payments, riichi bets, counters, and the refusals of impossible hands.

Expected figures are worked out by hand from the EMA Riichi Competition Rules 2016 (section in each test).
"""

import pytest

from scoring.errors import ScoringError
from scoring.hands import parse_log, replay, score_game
from scoring.ruleset import EMA_2008, EMA_2016, NTS, build_ruleset


def play(hands, ruleset=EMA_2016, **log):
    return score_game(ruleset, parse_log({"hands": hands, **log}))


def after(hands, ruleset=EMA_2016):
    return play(hands, ruleset).hands[-1].after


def refusal(hands, ruleset=EMA_2016, **log):
    with pytest.raises(ScoringError) as error:
        play(hands, ruleset, **log)
    return error.value


def test_triple_ron_each_winner_paid_with_counters_and_sticks_to_the_first_after_the_discarder():
    """4.1: the discarder pays each winner the hand plus 300 per counter; 3.3.14: the bets to the first winner
    after the discarder. Hand 1: draw with S tenpai (+3,000, 1 counter, E noten so the deal passes to S, and
    S's riichi stick stays). Hand 2, dealer S, 1 counter: W discards; N (1 fan 30 = 1,000), E (2 fan 30 =
    2,000) and S (dealer, 1 fan 30 = 1,500) win, each +300. First after W is N: the stick goes to N."""
    state = after(
        [
            {"draw": {"tenpai": ["S"]}, "riichi": ["S"]},
            {
                "ron": [
                    {"seat": "S", "fan": 1, "fu": 30},
                    {"seat": "E", "fan": 2, "fu": 30},
                    {"seat": "N", "fan": 1, "fu": 30},
                ],
                "from": "W",
            },
        ]
    )
    # after hand 1: E 29,000 S 32,000 (33,000 - 1,000 stick) W 29,000 N 29,000
    assert state.scores == (29_000 + 2_300, 32_000 + 1_800, 29_000 - 5_400, 29_000 + 1_300 + 1_000)
    assert (state.dealer, state.counters, state.sticks) == (1, 2, 0)  # S won as dealer: stays, a counter


def test_second_winner_gets_own_riichi_bet_back_and_first_winner_the_rest():
    """4.1: "Riichi declarers that win, always get their riichi bet back"; the other bets (E's, and one left on
    the table by the draw) go to the winner closest to the discarder's right. N discards: E (N+1) is first,
    W (N+3) second. Hand 1: draw, nobody tenpai: 1 counter; E noten, the deal passes to S."""
    state = after(
        [
            {"draw": {"tenpai": []}, "riichi": ["S"]},
            {
                "ron": [{"seat": "W", "fan": 2, "fu": 30}, {"seat": "E", "fan": 1, "fu": 30}],
                "from": "N",
                "riichi": ["E", "W"],
            },
        ]
    )
    # W: -1,000 + 1,000 back + 2,000 + 300; E: -1,000 + 1,000 (S's stick) + 1,000 (own) + 1,000 + 300
    assert state.scores == (30_000 + 2_300, 29_000, 30_000 + 2_300, 30_000 - 3_000 - 600)


def test_dealer_tsumo_with_counters():
    """3.4.10: 100 per counter from each. Dealer E, after two draws with E tenpai (2 counters): E tsumo 1 fan
    30 = 500 each (East tsumo) + 200 each."""
    state = after(
        [
            {"draw": {"tenpai": ["E"]}},
            {"draw": {"tenpai": ["E"]}},
            {"tsumo": {"seat": "E", "fan": 1, "fu": 30}},
        ]
    )
    assert state.scores == (36_000 + 2_100, 28_000 - 700, 28_000 - 700, 28_000 - 700)
    assert (state.dealer, state.counters) == (0, 3)


def test_liable_discarder_pays_the_whole_hand():
    """3.3.9: the liable player is also the discarder: he pays the full 48,000 (East yakuman ron)."""
    state = after([{"ron": [{"seat": "E", "yakuman": 1, "liable": "W"}], "from": "W"}])
    assert state.scores == (78_000, 30_000, -18_000, 30_000)


def test_chombo_returns_riichi_bets_and_keeps_counters_and_dealer():
    """3.4.6: no counter is placed, the dealer stays, the riichi bets go back; earlier sticks stay."""
    result = play([{"draw": {"tenpai": ["E"]}, "riichi": ["E"]}, {"chombo": "N", "riichi": ["S", "W"]}])
    before, state = result.hands[-1].before, result.hands[-1].after
    assert state == before
    assert (state.counters, state.sticks, state.dealer) == (1, 1, 0)
    assert result.chombos == ((2, "N"),)


def test_riichi_below_1000_allowed_by_default_and_refused_by_the_debt_policy():
    """2016 3.6: no bankruptcy, the player borrows sticks; a tournament can refuse riichi without 1,000."""
    hands = [
        {"ron": [{"seat": "E", "yakuman": 1}], "from": "W"},  # W 30,000 - 48,000 = -18,000
        {"draw": {"tenpai": ["W"]}, "riichi": ["W"]},
    ]
    assert after(hands).scores[2] == -18_000 - 1_000 + 3_000
    error = refusal(hands, build_ruleset("ema-2016", {"riichi_debt": "refused"}))
    assert error.code == "riichi_without_points"
    assert error.message.startswith("hand 2: W declared riichi with -18,000 points")


def test_leftover_bets_split_between_two_tied_leaders():
    """3.6: the bets left go to the winner, split on a tie. The time signal in hand 1: hand 2 is the last.
    Hand 1: draw, E and S tenpai with riichi: E and S 30,500, W and N 28,500, 2 sticks. Hand 2: draw, all
    tenpai. E and S tie for first: 1,000 each."""
    result = play(
        [{"draw": {"tenpai": ["E", "S"]}, "riichi": ["E", "S"]}, {"draw": {"tenpai": ["E", "S", "W", "N"]}}],
        time_signal=1,
    )
    assert result.ended_by == "time_signal"
    assert result.final == (31_500, 31_500, 28_500, 28_500)
    assert result.leftover == (1_000, 1_000, 0, 0)


def test_leftover_bets_lost_when_the_ruleset_says_so():
    """A ruleset with leftover_riichi "lost": the stick leaves the game and is counted for the table check."""
    ruleset = build_ruleset("ema-2016", {"leftover_riichi": "lost"})
    result = play([{"draw": {"tenpai": ["N"]}, "riichi": ["N"]}], ruleset, time_signal=1)
    # hand 1 is the hand in progress; no "one more" was played, so the game is not over by the signal yet
    assert not result.finished
    result = play(
        [{"draw": {"tenpai": ["N"]}, "riichi": ["N"]}, {"draw": {"tenpai": []}}], ruleset, time_signal=1
    )
    assert result.finished and result.sticks_left == 1
    assert sum(result.final) + 1_000 == ruleset.table_sum


def test_unfinished_game_keeps_its_sticks_and_replay_refuses_it():
    result = play([{"draw": {"tenpai": []}, "riichi": ["E"]}])
    assert not result.finished and result.ended_by is None
    assert result.sticks_left == 1 and sum(result.final) == 119_000
    with pytest.raises(ScoringError) as error:
        replay(EMA_2016, [{"draw": {"tenpai": []}, "riichi": ["E"]}])
    assert error.value.code == "game_not_over"
    assert "after hand 1 (E2)" in error.value.message


def test_south_round_ends_after_eight_deals_and_a_hand_after_it_is_refused():
    """3.5: each dealer once in the east and once in the south round (3.4.11: noten dealer rotates)."""
    eight = [{"draw": {"tenpai": []}}] * 8
    result = play(eight)
    assert result.finished and result.ended_by == "south_round"
    assert [hand.before.round_name for hand in result.hands] == [
        "E1",
        "E2",
        "E3",
        "E4",
        "S1",
        "S2",
        "S3",
        "S4",
    ]
    assert result.hands[-1].after.counters == 8
    error = refusal([*eight, {"draw": {"tenpai": []}}])
    assert error.code == "game_over_south_round"
    assert error.message.startswith("hand 9: the game was over after hand 8")


@pytest.mark.parametrize(
    ("hand", "code", "message"),
    [
        (
            {"ron": [{"seat": "X", "fan": 1, "fu": 30}], "from": "W"},
            "unknown_seat",
            "hand 1: seat: unknown seat 'X'",
        ),
        (
            {"ron": [{"seat": "S", "fan": 0, "fu": 30}], "from": "W"},
            "winner_without_fan",
            "hand 1: winner S: a winning hand",
        ),
        ({"ron": [{"seat": "S", "fan": 2, "fu": 35}], "from": "W"}, "bad_fu", "hand 1: minipoints 35"),
        (
            {"ron": [{"seat": "S", "fan": 1, "fu": 20}], "from": "W"},
            "impossible_fu_20",
            "hand 1: 20 minipoints",
        ),
        ({"ron": [{"seat": "S", "fan": 2, "fu": 30}]}, "ron_without_discarder", "hand 1: a ron needs"),
        (
            {"ron": [{"seat": "S", "fan": 2, "fu": 30}], "from": "S"},
            "discarder_wins",
            "hand 1: the discarder S",
        ),
        (
            {"ron": [{"seat": "S", "fan": 2, "fu": 30}], "from": "Q"},
            "unknown_seat",
            "hand 1: from: unknown seat",
        ),
        (
            {"tsumo": {"seat": "E", "fan": 2, "fu": 30}, "from": "W"},
            "tsumo_with_discarder",
            "hand 1: a tsumo",
        ),
        ({"tsumo": {"seat": "E", "fan": 3, "liable": "S"}}, "bad_liable", "hand 1: liability (3.3.9)"),
        (
            {"tsumo": {"seat": "E", "yakuman": 1, "liable": "E"}},
            "liable_winner",
            "hand 1: the winner E cannot",
        ),
        ({"tsumo": {"seat": "E", "yakuman": 2}}, "multiple_yakuman", "hand 1: ema-2016 does not count"),
        ({"draw": {"tenpai": ["E", "E"]}}, "seat_named_twice", "hand 1: tenpai names a seat twice"),
        ({"draw": {}}, "bad_draw", "hand 1: a draw is"),
        ({"chombo": "W", "ron": []}, "hand_kinds", "hand 1: a hand has exactly one"),
        ({"chombo": "W", "dealer": "E"}, "bad_hand_key", "hand 1: unknown key 'dealer'"),
        ({"draw": {"tenpai": []}, "riichi": "E"}, "bad_seats", "hand 1: riichi must be a list"),
    ],
)
def test_impossible_hands_are_refused_naming_the_hand(hand, code, message):
    error = refusal([hand])
    assert error.code == code
    assert error.message.startswith(message)
    assert error.params["hand"] == 1


def test_refusal_names_the_hand_number_in_the_log():
    error = refusal([{"draw": {"tenpai": []}}, {"tsumo": {"seat": "N", "fan": 1, "fu": 25}}])
    assert (error.code, error.params["hand"]) == ("impossible_fu_25", 2)


@pytest.mark.parametrize(
    ("log", "code"),
    [
        ({"hands": {}}, "bad_log"),
        ({"hands": [], "dealer": "E"}, "bad_log_key"),
        ({"hands": [{"draw": {"tenpai": []}}], "time_signal": 2}, "bad_time_signal"),
        ({"hands": [{"draw": {"tenpai": []}}], "time_signal": True}, "bad_time_signal"),
    ],
)
def test_bad_logs_are_refused(log, code):
    with pytest.raises(ScoringError) as error:
        parse_log(log)
    assert error.value.code == code


def test_hand_logs_are_riichi_only():
    with pytest.raises(ScoringError) as error:
        play([{"draw": {"tenpai": []}}], NTS)
    assert error.value.code == "not_riichi"


def test_hand_after_the_time_signal_end_is_refused():
    """5.9: signal in hand 1: hand 1 is finished, hand 2 is the one more; hand 3 is refused."""
    hands = [{"draw": {"tenpai": []}}] * 3
    error = refusal(hands, time_signal=1)
    assert error.code == "game_over_time_signal"
    assert error.message == "hand 3: the game was over after hand 2 (the hand after the time signal, 5.9)"


def test_a_log_has_at_most_max_hands():
    """scoring.limits.MAX_HANDS (200): a 90-minute game has some 10 to 20 hands (3.5, 5.9); 30,000 chombo re-deals
    (3.4.6, nothing changes at the table) were replayed and stored."""
    from scoring.limits import MAX_HANDS

    assert len(parse_log({"hands": [{"chombo": "E"}] * MAX_HANDS}).hands) == MAX_HANDS
    for count in (MAX_HANDS + 1, 30_000):
        with pytest.raises(ScoringError) as caught:
            parse_log([{"chombo": "E"}] * count)
        assert caught.value.code == "too_many_hands"
        assert (
            caught.value.message
            == f"{count:,} hands; a game has at most {MAX_HANDS} (chombo re-deals included)"
        )


def test_leftover_bets_split_between_three_tied_leaders_are_whole_hundreds():
    """3.6 and the README's decision: 1,000 left to three tied leaders is 300 each and the odd 100 to the first of
    them from the first East; every share is a whole number of points."""
    from scoring.hands.game import leftover_shares

    shares = leftover_shares([31_000, 25_000, 31_000, 31_000], 1_000, 100)
    assert shares == [400, 0, 300, 300]
    assert all(type(share) is int for share in shares)


def test_a_tables_hands_are_named_table_when_no_place_is_given():
    """A table whose hands do not give its raw points is refused naming the place ('table' by default)."""
    from scoring.hands import check_table_hands

    with pytest.raises(ScoringError) as refused:
        check_table_hands(
            EMA_2016, [{"draw": {"tenpai": []}}] * 8, {"E": 31_000, "S": 29_000, "W": 30_000, "N": 30_000}
        )
    assert refused.value.message == "table: seat E has 31000 raw points but its hands give 30000"
    assert refused.value.params["where"] == "table"


def test_an_error_that_names_its_hand_already_is_not_named_twice():
    from scoring.hands.log import at_hand

    named = ScoringError("bad_fu", "hand 2: minipoints 35 are not possible", fu=35, hand=2)
    assert at_hand(5, named) is named
    plain = at_hand(5, ScoringError("bad_fu", "minipoints 35 are not possible", fu=35))
    assert (plain.message, plain.params) == ("hand 5: minipoints 35 are not possible", {"fu": 35, "hand": 5})


def test_each_hand_is_described_as_the_score_sheet_reads_it():
    """The description of each hand (the game's replay shows it): a chombo at the table (2008 3.4.6: a reverse
    mangan, West pays 8,000: 4,000 to East, 2,000 to the others), a draw with nobody tenpai (3.4.2: nothing paid),
    a double ron from West in turn order after the discarder (3.3.14): N's yakuman with E liable (3.3.9) first, then
    S's 2 fan 30 fu."""
    hands = [
        {"chombo": "W"},
        {"draw": {"tenpai": []}},
        {"ron": [{"seat": "S", "fan": 2, "fu": 30}, {"seat": "N", "yakuman": 1, "liable": "E"}], "from": "W"},
    ]
    result = play(hands, EMA_2008)
    assert [hand.description for hand in result.hands] == [
        "chombo W (reverse mangan at the table)",
        "draw, tenpai nobody",
        "ron N 1 yakuman, E liable; S 2 fan 30 fu from W",
    ]
    assert result.hands[0].deltas == (4_000, 2_000, -8_000, 2_000)
    assert play([{"chombo": "W"}]).hands[0].description == "chombo W"  # 2016: the penalty comes after uma


def test_a_finished_game_leaves_no_stick_on_the_table():
    """3.6: the bets left at the end go to the leader: South (riichi and tenpai in hand 1, 32,000) gets the one
    stick after the south round; nothing stays on the table."""
    hands = [{"draw": {"tenpai": ["S"]}, "riichi": ["S"]}] + [{"draw": {"tenpai": []}}] * 7
    result = play(hands)
    assert result.finished and result.sticks_left == 0 and sum(result.leftover) == 1_000


@pytest.mark.parametrize(
    ("hand", "code", "message"),
    [
        (
            {"ron": [{"seat": s, "fan": 1, "fu": 30} for s in "ESWN"], "from": "W"},
            "bad_ron",
            "hand 1: ron is a list of one to three winners",
        ),
        (
            {"ron": [{"seat": s, "fan": 1, "fu": 30} for s in "NSS"], "from": "W"},
            "ron_seat_twice",
            "hand 1: S wins twice in one ron",
        ),
        (
            {"tsumo": {"seat": "E", "yakuman": 1, "liable": "X"}},
            "unknown_seat",
            "hand 1: liable: unknown seat 'X'; seats are E, S, W, N",
        ),
    ],
)
def test_more_impossible_hands_word_for_word(hand, code, message):
    error = refusal([hand])
    assert (error.code, error.message) == (code, message)


def test_payments_are_whole_points_and_a_liable_tsumo_is_paid_by_the_liable_seat_alone():
    """3.4.2: 3,000 noten payment split 1 to 3 is 1,000 each; section 6 and 3.4.10: S self-draws 1 fan 30 fu with one counter:
    East 500 + 100, the others 300 + 100 each;
    3.3.9: a yakuman tsumo with a liable seat is paid by that seat alone (East 32,000 + 300 for one counter),
    the other two pay nothing. Every amount is an integer."""
    from scoring.hands import settle
    from scoring.hands.log import Win

    draw = settle.draw_deltas(EMA_2016, (0, 1, 2))
    assert draw == [1_000, 1_000, 1_000, -3_000] and all(type(d) is int for d in draw)
    tsumo = settle.tsumo_deltas(EMA_2016, Win(1, fan=1, fu=30), dealer=0, counters=1)
    assert tsumo == [-600, 1_400, -400, -400] and all(type(d) is int for d in tsumo)
    liable = settle.tsumo_deltas(EMA_2016, Win(3, yakuman=1, liable=1), dealer=0, counters=1)
    assert liable == [0, -32_300, 0, 32_300]
    assert settle.describe_win(Win(1, fan=6)) == "S 6 fan"


def test_riichi_with_exactly_one_stick_in_hand_is_allowed_when_debt_is_refused():
    """3.6 with riichi_debt "refused": riichi needs 1,000 points in hand; exactly 1,000 is enough, 900 is not."""
    from scoring.hands.game import TableState, play_hand

    ruleset = build_ruleset("ema-2016", {"riichi_debt": "refused"})
    (hand,) = parse_log([{"draw": {"tenpai": []}, "riichi": ["E"]}]).hands
    after = play_hand(ruleset, TableState(scores=(1_000, 30_000, 30_000, 59_000)), hand).after
    assert after.scores[0] == 0  # the stick is on the table
    with pytest.raises(ScoringError) as refused:
        play_hand(ruleset, TableState(scores=(900, 30_100, 30_000, 59_000)), hand)
    assert refused.value.code == "riichi_without_points"


def test_riichi_is_recorded_on_every_kind_of_hand():
    hands = parse_log(
        [
            {"tsumo": {"seat": "E", "fan": 2, "fu": 30}, "riichi": ["E"]},
            {"chombo": "S", "riichi": ["W", "N"]},
        ]
    ).hands
    assert [hand.riichi for hand in hands] == [(0,), (2, 3)]
    error = refusal([{"draw": {"tenpai": []}, "riichi": ["E", "X"]}])
    assert error.message == "hand 1: riichi: unknown seat 'X'; seats are E, S, W, N"


def test_a_draw_names_every_tenpai_seat():
    assert play([{"draw": {"tenpai": ["E", "W"]}}]).hands[0].description == "draw, tenpai E W"


def test_a_riichi_rule_set_starting_at_one_point_is_still_riichi():
    """Hand logs are riichi only: a rule set with no starting points (NTS) is refused, one with any is played."""
    ruleset = build_ruleset("ema-2016", {"starting_points": 1, "score_unit": 1})
    assert replay(ruleset, [{"draw": {"tenpai": []}}] * 8) == {"E": 1, "S": 1, "W": 1, "N": 1}
