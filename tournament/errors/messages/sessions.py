"""The refusals about sessions: the schedule and its seating, the clock, attendance, substitutes and the hall
display. ``session`` and ``table`` are numbers, ``player`` and ``reserve`` names or keys as the person typed
them."""

from django.utils.translation import gettext_lazy

MESSAGES = {
    # selectors.seating_plan
    "too_many_players/seated": gettext_lazy(
        "%(count)s players are active or disqualified; the seating generator seats at most %(max)s."
    ),
    "bad_session_count": gettext_lazy("A tournament needs at least one session."),
    "too_many_sessions/plan": gettext_lazy(
        "%(count)s sessions is more than a tournament can have: at most %(max)s."
    ),
    "all_played": gettext_lazy("Sessions 1 to %(count)s all have results; there is no session left to seat."),
    "no_standings": gettext_lazy(
        "Session %(number)s cannot be seated by the standings: no session was played before it."
    ),
    "session_has_results": gettext_lazy("Session %(number)s has results; its seating cannot change."),
    # services.attendance
    "unknown_session": gettext_lazy("%(tournament)s has no session %(number)s."),
    "unknown_player/key": gettext_lazy("No player has the key %(key)s in this tournament."),
    "not_in_session": gettext_lazy(
        "%(player)s (%(key)s) does not play in session %(session)s and is not a reserve."
    ),
    "no_session_left": gettext_lazy("You play in no session that is still to come."),
    "present_and_absent": gettext_lazy("%(keys)s cannot be present and absent at once."),
    # services.clock
    "clock_length/session": gettext_lazy("Session %(session)s: a session lasts 1 to %(limit)s minutes."),
    "clock_no_table": gettext_lazy("Session %(session)s has no table %(table)s."),
    "clock_other_session": gettext_lazy(
        "Session %(other)s's clock is still running: end it before starting session %(session)s."
    ),
    # services.hall_display
    "display_page": gettext_lazy("The hall display has no page %(page)s; choose from %(known)s."),
    "display_seconds": gettext_lazy("A page of the hall display stays %(low)s to %(high)s seconds."),
    # services.schedule
    "bad_session_count/range": gettext_lazy("The number of sessions must be between 1 and %(max)s."),
    "bad_session_start": gettext_lazy(
        "Session %(number)s: the start must be in the years %(first)s to %(last)s."
    ),
    "start_skipped": gettext_lazy(
        "Session %(number)s: %(time)s does not exist in %(zone)s: the clocks go forward that night, so it "
        "would be %(later)s. Type the time the session starts by the hall's clock."
    ),
    "start_twice": gettext_lazy(
        "Session %(number)s: %(time)s happens twice in %(zone)s, the night the clocks go back: first at "
        "UTC%(first)s, then an hour later at UTC%(second)s. Choose a start outside that hour."
    ),
    "table_size/seats": gettext_lazy(
        "Session %(session)s, table %(table)s: a table seats four players, not %(count)s."
    ),
    "foreign_player/table": gettext_lazy(
        "Session %(session)s, table %(table)s: %(player)s is not registered in this tournament."
    ),
    "seated_twice": gettext_lazy(
        "Session %(session)s: %(player)s is seated at table %(first)s and at table %(second)s."
    ),
    # services.seating
    "same_player/swap": gettext_lazy("Choose two different players to swap."),
    "not_seated": gettext_lazy("%(player)s has no seat in session %(session)s."),
    "plan_outdated": gettext_lazy(
        "Session %(session)s: %(player)s is not (or no longer) playing in this tournament. The players "
        "changed after this seating was made: make it again."
    ),
    "plan_outdated/no_seat": gettext_lazy(
        "Session %(session)s: %(player)s has no seat. The players changed after this seating was made: make "
        "it again."
    ),
    "no_seating/publish": gettext_lazy("Session %(number)s has no seating yet; there is nothing to publish."),
    # services.sessions
    "bad_session_length": gettext_lazy(
        "Session %(number)s: the length must be between 1 and %(max)s minutes."
    ),
    "sessions_out_of_order": gettext_lazy(
        "Session %(number)s starts before session %(before)s; check the start times."
    ),
    "session_in_use": gettext_lazy("Session %(number)s has results or penalties; it cannot be removed."),
    # selectors.seating_plan: sessions beyond the schedule (session_number_problem)
    "session_number/below_one": gettext_lazy("%(number)s is not a session number (1 or more)."),
    "session_number/over_max": gettext_lazy("Session %(number)s: a tournament has at most %(max)s sessions."),
    "session_number/gap": gettext_lazy(
        "Session %(number)s cannot be added: this tournament has %(count)s sessions and session %(missing)s "
        "would have no seating. Add sessions one after another."
    ),
    # services.attendance: a player checking in on their phone when the tournament does not allow it
    "self_check_in_off": gettext_lazy("Check in at the referee's desk."),
    # services.substitutes: a seat played from the start by a reserve or a guest (5.8)
    "substitute_no_session": gettext_lazy("%(tournament)s has no session %(session)s."),
    "substitute_not_seated": gettext_lazy("Session %(session)s: %(player)s has no seat in this session."),
    "substitute_not_reserve": gettext_lazy(
        "Session %(session)s: %(reserve)s is not a reserve of this tournament (register the player with the "
        "status reserve first)."
    ),
    "substitute_reserve_busy": gettext_lazy(
        "Session %(session)s: %(reserve)s already plays or substitutes in this session (table %(table)s)."
    ),
    "substitute_guest_blank": gettext_lazy("Session %(session)s, %(player)s: give the guest's name."),
    "substitute_choose_one": gettext_lazy(
        "Session %(session)s, %(player)s: choose either a reserve or a guest as the substitute, one of the two."
    ),
    "substitute_table_has_result": gettext_lazy(
        "Session %(session)s, table %(table)s already has a result, so %(player)s's substitute changes only as a "
        'correction of it (a new version with the same raw points): tick "correct the result" on the '
        "substitutes page, or add --correct to the substitute command."
    ),
    "substitute_none": gettext_lazy("Session %(session)s: nobody substitutes for %(player)s."),
    # services.attendance: "arrived now", everyone here, a lateness proposal dismissed (issue 28)
    "attendance_no_table": gettext_lazy("Session %(session)s has no table %(table)s."),
    "arrival_reserve": gettext_lazy(
        "Session %(session)s: %(player)s is a reserve without a seat; a reserve is marked present, never late."
    ),
    "arrival_substituted": gettext_lazy(
        "Session %(session)s: a substitute plays %(player)s's seat from the start; mark %(player)s present."
    ),
    "arrival_table_done": gettext_lazy(
        "Session %(session)s: %(player)s's table has its result; there is no arrival to mark."
    ),
    "arrival_already_present": gettext_lazy(
        "Session %(session)s: %(player)s is marked present already. If they were not there at the start, mark "
        "them absent first, then arrived."
    ),
    "lateness_dismissal_reason": gettext_lazy(
        "Session %(session)s: say why the lateness of %(player)s is dismissed."
    ),
    "lateness_no_proposal": gettext_lazy("Session %(session)s: no lateness of %(player)s is proposed."),
    # a withdrawn player's remaining seats: a reserve takes them (services.substitutes) or they stay (seating)
    "not_withdrawn": gettext_lazy("%(player)s has not withdrawn; change the player's status first."),
    "withdraw_no_free_reserve": gettext_lazy(
        "Session %(session)s: no reserve is free to take %(player)s's seat. Register a reserve, or re-seat the "
        "remaining sessions instead."
    ),
    # services.hall_display: the hall announcement (its limits are the service's: ANNOUNCEMENT_LENGTH,
    # ANNOUNCEMENT_AHEAD); languages by their names, times in the hall's time zone
    "announcement_empty": gettext_lazy(
        "The announcement is empty: write it in at least one language (%(languages)s)."
    ),
    "announcement_language": gettext_lazy(
        "This site has no language %(language)s: write the announcement in %(languages)s."
    ),
    "announcement_too_long": gettext_lazy(
        "The announcement in %(language)s has %(length)s characters; at most %(limit)s fit on the hall display."
    ),
    "announcement_end_missing": gettext_lazy("The announcement needs an end time: when does it go?"),
    "announcement_end_past": gettext_lazy("The end time %(ends_at)s has passed: choose a later time."),
    "announcement_end_too_far": gettext_lazy(
        "The end time %(ends_at)s is more than %(days)s days ahead: an announcement is for the day (until "
        "%(latest)s at the latest)."
    ),
    "announcement_none": gettext_lazy("There is no announcement on show to remove."),
    # selectors.finals and services.finals: the cut and the final
    "cut_exists": gettext_lazy("The cut after session %(number)s is made already: undo it first."),
    "cut_not_played": gettext_lazy(
        "Session %(number)s has no results: the cut comes after a played session."
    ),
    "cut_later_results": gettext_lazy(
        "Session %(later)s has results: the cut comes after the last session with results, not after session "
        "%(number)s."
    ),
    "cut_consolation_tables": gettext_lazy(
        "The %(count)s players who do not go through cannot play a consolation group: they do not make full tables "
        "of four."
    ),
    "cut_tie": gettext_lazy(
        "A tie at place %(place)s that the tie-breaks do not break: %(players)s. Choose %(count)s of them to go "
        "through."
    ),
    "no_cut": gettext_lazy("This tournament has no cut."),
    "cut_not_final_session": gettext_lazy(
        "Session %(number)s is not a final session seated by the standings within the final: choose %(first)s to "
        "%(last)s."
    ),
    "cut_previous_unplayed": gettext_lazy(
        "Session %(number)s cannot be seated yet: session %(previous)s has no results."
    ),
    "cut_final_played": gettext_lazy(
        "A final session has results: the cut after session %(number)s can no longer be undone."
    ),
}
