"""The rules engine's refusals: every code ``scoring/`` raises (``ScoringError(code, message, **params)``) has its
sentence here (tests/tournament/test_error_codes.py finds the codes in scoring's source). ``scoring``'s own English
``message`` is for its tests and the command line; the logs keep the code."""

from django.utils.translation import gettext_lazy

SCORING = {
    # scoring.table: one table of one session (3.6, 5.8); ``where`` is the table as the caller names it
    "seat_count": gettext_lazy("%(where)s: a table has exactly 4 seats, got %(count)s"),
    "winds": gettext_lazy("%(where)s: the seats must have the four winds E, S, W, N once each"),
    "same_player": gettext_lazy("%(where)s: a player has more than one seat at the table"),
    "score_type": gettext_lazy("%(where)s, seat %(wind)s: the score must be a whole number"),
    "score_range": gettext_lazy("%(where)s, seat %(wind)s: raw points are from %(lowest)s to %(limit)s"),
    "score_unit": gettext_lazy("%(where)s, seat %(wind)s: %(raw)s is not a multiple of %(unit)s"),
    "substitute_kind": gettext_lazy(
        "%(where)s, seat %(wind)s: substitute must be from_start or mid_session, not '%(substitute)s'"
    ),
    "leftover_sticks": gettext_lazy(
        "%(where)s: under %(ruleset)s leftover riichi sticks go to the winner and are part of the raw scores"
    ),
    "negative_sticks": gettext_lazy("%(where)s: leftover riichi sticks cannot be negative"),
    "table_sum": gettext_lazy(
        "%(where)s: the scores add up to %(total)s; they must add up to %(expected)s (%(off)s)"
    ),
    # scoring.penalties (3.4.6, 5.5-5.7); ``penalty`` is the kind, shown by its name
    "penalty_kind": gettext_lazy("%(where)s: unknown penalty kind '%(kind)s'; use one of %(kinds)s"),
    "penalty_minutes": gettext_lazy("%(where)s: minutes belong to a lateness penalty only"),
    "penalty_fixed_amount": gettext_lazy(
        "%(where)s: a %(penalty)s penalty has a fixed amount: give no points"
    ),
    "penalty_points": gettext_lazy(
        "%(where)s: a %(penalty)s penalty needs points, a positive multiple of %(unit)s up to %(limit)s"
    ),
    "penalty_reason": gettext_lazy("%(where)s: this penalty needs a reason"),
    "lateness_minutes": gettext_lazy("%(where)s: lateness needs the minutes late, 1 or more"),
    "lateness_over_limit": gettext_lazy(
        "%(where)s: %(minutes)s minutes late is more than %(limit)s; this is not a penalty: the player is replaced "
        "by a substitute from the start of the session (5.7). Enter the seat as substituted from the start instead."
    ),
    "obstruction_points": gettext_lazy(
        "%(where)s: obstruction is 8,000 or 12,000 points, or 12,000 to 48,000 in serious or repeated cases (5.5)"
    ),
    # scoring.ruleset: a tournament's rules (``key`` is the parameter's name in the rules and the archive)
    "unknown_ruleset": gettext_lazy("unknown rules '%(ruleset)s'; choose one of %(choices)s"),
    "unknown_ruleset_parameter": gettext_lazy("unknown rule parameter '%(key)s'; allowed: %(allowed)s"),
    "bad_ruleset_choice": gettext_lazy("%(key)s must be one of %(choices)s"),
    "bad_ruleset_value": gettext_lazy("%(key)s must be a whole number from %(low)s to %(high)s"),
    "bad_uma": gettext_lazy("uma must be a list of four whole numbers"),
    "uma_order": gettext_lazy("uma must not increase from 1st to 4th place"),
    "uma_sum": gettext_lazy(
        "the uma adds up to %(total)s, not 0: confirm that this is the tournament's house rule to keep it"
    ),
    "bad_ruleset_flag": gettext_lazy("%(key)s must be true or false"),
    # scoring.clock (5.9); the service puts the session in front
    "clock_order": gettext_lazy("a clock event cannot come before the last one."),
    "clock_kind": gettext_lazy("unknown clock event '%(kind)s'."),
    "clock_waiting": gettext_lazy("the clock has not been started yet."),
    "clock_running": gettext_lazy("the clock is already running."),
    "clock_paused": gettext_lazy("the clock is paused; resume it first."),
    "clock_ended": gettext_lazy("the clock has ended; it cannot change any more."),
    "clock_length": gettext_lazy("a session lasts at least one minute."),
    "clock_extra_minutes": gettext_lazy(
        "extra time is 1 to %(limit)s minutes (a minus sign takes minutes back)."
    ),
    "player_count": gettext_lazy(
        "%(players)s players are active or disqualified, but the seating needs a multiple of 4: register "
        "%(missing)s more or make reserves active."
    ),
    "clock_extra_below_zero": gettext_lazy("the hall has only %(given)s extra minutes to take back."),
    "clock_table_extra_below_zero": gettext_lazy(
        "table %(table)s has only %(given)s extra minutes to take back."
    ),
    # scoring.hands.log: the hand log (docs/formats.md, "The hand log"); the hand's number is put in front
    "bad_log": gettext_lazy('a hand log is an object {"hands": [...]}'),
    "bad_log_key": gettext_lazy("unknown key '%(key)s' in the hand log (hands, time_signal)"),
    "too_many_hands": gettext_lazy(
        "%(count)s hands; a game has at most %(limit)s (chombo re-deals included)"
    ),
    "bad_time_signal": gettext_lazy(
        "time_signal must be the number of a hand in the log (1 to %(hands)s), not '%(value)s'"
    ),
    "bad_hand": gettext_lazy("a hand is an object with one of ron, tsumo, draw, chombo"),
    "hand_kinds": gettext_lazy("a hand has exactly one of ron, tsumo, draw, chombo"),
    "bad_hand_key": gettext_lazy("unknown key '%(key)s' in a %(kind)s hand"),
    "tsumo_with_discarder": gettext_lazy('a tsumo is a self-draw: it has no discarder ("from")'),
    "bad_tsumo": gettext_lazy('tsumo is one winner, e.g. {"seat": "E", "fan": 2, "fu": 30}'),
    "ron_without_discarder": gettext_lazy('a ron needs the discarder: "from"'),
    "bad_ron": gettext_lazy("ron is a list of one to three winners"),
    "ron_seat_twice": gettext_lazy("%(seat)s wins twice in one ron"),
    "discarder_wins": gettext_lazy("the discarder %(seat)s cannot win on their own discard"),
    "bad_win": gettext_lazy('a winner is an object with "seat" and "fan"/"fu" or "yakuman"'),
    "bad_win_key": gettext_lazy("unknown key '%(key)s' in a winner (seat, fan, fu, yakuman, liable)"),
    "liable_winner": gettext_lazy("the winner %(seat)s cannot be liable for their own hand"),
    "bad_fan": gettext_lazy("%(name)s must be a whole number, 0 or more, not '%(value)s'"),
    "winner_without_fan": gettext_lazy("winner %(seat)s: a winning hand has at least 1 fan (4.1)"),
    "bad_liable": gettext_lazy("liability (3.3.9) is for big three dragons or big four winds: give yakuman"),
    "bad_draw": gettext_lazy('a draw is {"tenpai": [...]}, the seats that showed a waiting hand'),
    "bad_seats": gettext_lazy("%(name)s must be a list of seats (E, S, W, N)"),
    "seat_named_twice": gettext_lazy("%(name)s names a seat twice"),
    "unknown_seat": gettext_lazy("%(name)s: unknown seat '%(value)s'; seats are E, S, W, N"),
    # scoring.hands.game: the game hand by hand (3.3.14, 3.4, 3.5, 5.9)
    "not_riichi": gettext_lazy("%(ruleset)s is not a riichi ruleset: hand logs are riichi only"),
    "game_over_south_round": gettext_lazy(
        "the game was over after hand %(last)s (end of the south round, 3.5)"
    ),
    "game_over_time_signal": gettext_lazy(
        "the game was over after hand %(last)s (the hand after the time signal, 5.9)"
    ),
    "game_not_over": gettext_lazy(
        "the game is not over after hand %(hands)s (%(round)s): the south round is not finished and no time "
        "signal ends it (5.9)"
    ),
    "game_without_hands": gettext_lazy("the hand log has no hands: the game is not over"),
    "hands_mismatch": gettext_lazy(
        "%(where)s: seat %(seat)s has %(raw)s raw points but its hands give %(final)s"
    ),
    "hands_sticks_mismatch": gettext_lazy(
        "%(where)s: %(sticks)s leftover riichi sticks recorded but the hands leave %(left)s"
    ),
    "riichi_without_points": gettext_lazy(
        "%(seat)s declared riichi with %(points)s points; %(ruleset)s does not allow riichi without %(stick)s "
        "points"
    ),
    # scoring.hands.value: one win from fan and minipoints (4.1, 4.2, section 6)
    "bad_fu": gettext_lazy(
        "%(fu)s minipoints are not possible: 25 (seven pairs) or an even number from 20 to 110"
    ),
    "missing_fu": gettext_lazy("Choose the minipoints: a hand of %(fan)s fan needs them."),
    "impossible_fu_20": gettext_lazy(
        "%(fu)s minipoints are not possible with %(fan)s fan here: 20 only on a self-drawn pinfu of 2 fan or more "
        "(4.1.1, section 6)."
    ),
    "impossible_fu_25": gettext_lazy(
        "%(fu)s minipoints are not possible with %(fan)s fan here: 25 is seven pairs, with 2 fan or more, 3 when "
        "self-drawn (4.2.2, section 6)."
    ),
    "fan_and_yakuman": gettext_lazy("give either the fan or the yakuman count, not both"),
    "no_fan": gettext_lazy("A winning hand has at least 1 fan (4.1)."),
    "multiple_yakuman": gettext_lazy(
        "%(ruleset)s does not count multiple yakuman (4.2: yakuman are not cumulative)"
    ),
    # scoring.hands.tiles: the tile calculator (4.1, 4.2)
    "tiles_ruleset": gettext_lazy("the tile calculator follows the 2016 rules only, not %(ruleset)s"),
    "renhou_dealer": gettext_lazy(
        "Blessing of Man is never East's: East discards first, so East has had a turn before any discard he "
        "could win on (4.2.4). East winning on the first go-around wins on his own deal, self-drawn: Blessing of "
        "Heaven (4.2.5)."
    ),
    "not_a_win": gettext_lazy("the tiles are not a winning hand"),
    "no_yaku": gettext_lazy("the hand has no yaku (4.1: at least one yaku is needed)"),
    "riichi_open_hand": gettext_lazy("riichi needs a concealed hand (3.3.14)"),
    "double_riichi_open_hand": gettext_lazy("double riichi needs a concealed hand (3.3.14)"),
    "ippatsu_without_riichi": gettext_lazy("ippatsu needs riichi"),
    "robbing_kong_self_drawn": gettext_lazy(
        "Robbing a Kong is a win on another player's tile, not self-drawn"
    ),
    "after_kong_on_discard": gettext_lazy("After a Kong is self-drawn (the loose tile after the kong)"),
    "heaven_with_kong": gettext_lazy("Blessing of Heaven allows no kong"),
    "earth_with_call": gettext_lazy("Blessing of Earth allows no call or kong"),
    "man_with_call": gettext_lazy("Blessing of Man allows no call or kong"),
    "under_the_sea_after_kong": gettext_lazy("Under the Sea and After a Kong do not combine"),
    "under_the_sea_robbing_kong": gettext_lazy(
        "Under the Sea on a discard and Robbing a Kong do not combine"
    ),
    "calculator_refused": gettext_lazy("the calculator refuses the hand (%(reason)s)"),
    "bad_seat_wind": gettext_lazy(
        "“The winner is East (dealer)” is ticked, but the seat wind is %(seat)s: the dealer is always East (2.1). "
        "Choose the seat wind East, or untick the dealer."
    ),
    "unknown_seat_wind": gettext_lazy("the seat wind must be E, S, W or N, not '%(wind)s'"),
    "unknown_round_wind": gettext_lazy("the round wind must be E, S, W or N, not '%(wind)s'"),
    "bad_tiles": gettext_lazy("tiles '%(tiles)s': write them like 123m456p789s11z (z: 1-7)"),
    "five_of_a_tile": gettext_lazy("tiles '%(tiles)s': more than four of one tile"),
    "tile_count": gettext_lazy(
        "a winning hand has 14 tiles plus one per kong; got %(count)s with %(kongs)s kongs"
    ),
    "win_tile_missing": gettext_lazy("the winning tile %(tile)s is not among the tiles outside the melds"),
    "bad_win_tile": gettext_lazy("winning tile '%(tile)s': one tile, like 9s or 5z"),
    "bad_dora": gettext_lazy("dora indicator '%(tile)s': one tile, like 9s or 5z"),
    "bad_ura_dora": gettext_lazy("ura dora indicator '%(tile)s': one tile, like 9s or 5z"),
    "bad_meld": gettext_lazy("meld '%(meld)s': write chi:123m, pon:555z, kan:1111p or ankan:9999s"),
    "meld_not_in_hand": gettext_lazy("meld '%(meld)s' is not among the tiles of the hand"),
    "meld_shape": gettext_lazy("meld '%(meld)s' is not a %(kind)s"),
    # scoring.hands.nts, nts_tiles: the Dutch classical rules (NTS)
    "bad_points": gettext_lazy("points and doublings cannot be negative"),
    "unknown_limit_hand": gettext_lazy("unknown limit hand '%(key)s'; one of %(choices)s"),
    "limit_hand_waiting": gettext_lazy(
        "a waiting regular limit hand counts its sets, not half the limit (NTS 2.3.1)"
    ),
    "nts_two_doublings": gettext_lazy(
        "mahjong needs at least %(minimum)s doublings, this hand has %(doublings)s (NTS 1.8)"
    ),
    "nts_not_a_win": gettext_lazy("the tiles are not a winning hand under NTS"),
    # scoring.seating: the seating generator (players are its numbers 0..N-1)
    "too_many_players": gettext_lazy(
        "%(players)s players is more than any event has: the generator seats at most %(limit)s"
    ),
    "too_many_sessions": gettext_lazy(
        "%(sessions)s sessions is more than any event has: the generator plans at most %(limit)s"
    ),
    "bad_seed": gettext_lazy("the seed must be a whole number from 0 to %(limit)s"),
    "table_size": gettext_lazy("session %(session)s, table %(table)s: %(size)s players instead of 4"),
    "fixed_table_size": gettext_lazy(
        "fixed session %(session)s, table %(table)s: %(size)s players instead of 4"
    ),
    "unknown_player": gettext_lazy(
        "session %(session)s, table %(table)s: player %(player)s is not in 0..%(highest)s"
    ),
    "player_twice": gettext_lazy(
        "session %(session)s: player %(player)s is seated at table %(first)s and at table %(table)s"
    ),
    "player_missing": gettext_lazy("session %(session)s: player %(player)s has no seat"),
    "session_count": gettext_lazy("%(sessions)s is not a number of sessions"),
    "time_budget": gettext_lazy("the time budget must be a number of seconds above 0, not %(budget)s"),
    "groups_length": gettext_lazy("groups has %(groups)s entries for %(players)s players"),
    "unknown_ghost": gettext_lazy("ghost %(player)s is not a player 0..%(highest)s"),
    "start_sessions": gettext_lazy(
        "the schedule to start from has %(sessions)s sessions instead of %(expected)s"
    ),
    "fixed_session": gettext_lazy("fixed session %(session)s is not a session 0..%(highest)s"),
    "fixed_player": gettext_lazy(
        "fixed session %(session)s, table %(table)s: player %(player)s is unknown or seated twice"
    ),
    "ranking": gettext_lazy("the ranking must list different players, a multiple of 4 (%(count)s given)"),
    # scoring.side_rankings: categories, K of "the best K members", the tie-breaks for prizes
    "category_empty": gettext_lazy("A category needs a name."),
    "category_too_long": gettext_lazy("The category '%(name)s' is longer than %(limit)s characters."),
    "too_many_categories": gettext_lazy("%(count)s categories: a player has at most %(limit)s."),
    "best_out_of_range": gettext_lazy(
        "The best %(best)s members: the number of members counted must be from 1 to %(limit)s."
    ),
    "unknown_tie_break": gettext_lazy("Unknown tie-break '%(name)s'; choose from %(known)s."),
    "tie_break_twice": gettext_lazy("The tie-break '%(name)s' is chosen twice."),
    # scoring.finals: the cut after session N
    "cut_top_tables": gettext_lazy("The top %(top)s cannot play a final: the top X must be a multiple of 4."),
    "cut_top_field": gettext_lazy(
        "The top %(top)s is more than the %(field)s players who may go through to the final."
    ),
    "cut_sessions": gettext_lazy("A final has 1 to %(most)s sessions, not %(sessions)s."),
    "cut_carry": gettext_lazy("The carry-over '%(carry)s' is unknown; choose from %(known)s."),
}
