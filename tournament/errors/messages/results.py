"""The refusals about results: a table's result, its score sheet and its check, penalties, the results file and
the prizes. ``where`` is the table or the player as the caller names it ("session 6, table 2")."""

from django.utils.translation import gettext_lazy

MESSAGES = {
    # services.checks
    "submission_reused": gettext_lazy("This form was already used for another table."),
    "no_result": gettext_lazy("%(where)s has no result to check."),
    "stale_result": gettext_lazy(
        "%(where)s was changed by %(who)s at %(when)s (now version %(version)s): check the result shown now."
    ),
    "checks_off": gettext_lazy("The second check of results is off in this tournament."),
    "bad_verdict": gettext_lazy("Unknown verdict %(verdict)s."),
    "own_result": gettext_lazy("%(where)s: you entered this result; somebody else must check it."),
    "dispute_reason": gettext_lazy("%(where)s: say what is wrong with the result."),
    # services.penalties
    "already_cancelled": gettext_lazy(
        "The %(kind)s of %(player)s in session %(session)s was cancelled already by %(who)s at %(when)s "
        "(%(reason)s). Nothing was changed."
    ),
    "foreign_player": gettext_lazy("%(player)s is not registered in this tournament."),
    "submission_reused/penalty": gettext_lazy(
        "This form was already used for another penalty (%(player)s, session %(session)s, %(kind)s). Nothing "
        "was saved: open the penalty form again."
    ),
    "cancel_reason": gettext_lazy("Say why the penalty is cancelled."),
    # services.results
    "no_seating": gettext_lazy("%(where)s has no complete seating yet."),
    "winds/scores": gettext_lazy("%(where)s: give one score for each of the winds E, S, W and N."),
    "stale_result/correction": gettext_lazy(
        "%(where)s was changed by %(who)s at %(when)s (now version %(version)s) after you opened the form. "
        "Nothing was saved: check the result shown now and enter your correction again."
    ),
    # services.results_import
    "results_seating_changed": gettext_lazy(
        "%(where)s, %(wind)s: the seating changed since the file was checked. Nothing was written."
    ),
    # services.sheets
    "no_such_chombo": gettext_lazy(
        "%(where)s: line %(line)s of the score sheet is no chombo (any more); nothing was recorded."
    ),
    "stale_sheet": gettext_lazy(
        "%(where)s: the sheet changed on another device meanwhile; nothing was added. Check the hands shown "
        "now."
    ),
    "sheet_full": gettext_lazy(
        "%(where)s: the score sheet has %(count)s lines, the most one game has; nothing was added."
    ),
    "sheet_closed": gettext_lazy(
        "%(where)s already has a result: the score sheet can no longer be changed here. Nothing was added; "
        "ask the referee."
    ),
    "not_yours": gettext_lazy(
        "%(where)s: hand %(hand)s cannot be undone here: the referee entered it. Ask the referee."
    ),
    "chombo_recorded": gettext_lazy(
        "%(where)s: hand %(hand)s cannot be undone here: the referee has recorded its chombo as a penalty. "
        "Ask the referee."
    ),
    "bad_line": gettext_lazy("Unknown kind of line %(kind)s."),
    "game_over": gettext_lazy("%(where)s: the game is over; nothing more can be added."),
    "signal_twice": gettext_lazy("%(where)s: the time signal is on the sheet already."),
    "nothing_to_undo": gettext_lazy("%(where)s: there is no hand to undo."),
    "bad_hand/missing": gettext_lazy("%(where)s: the hand is missing."),
    "chombo_at_table": gettext_lazy(
        "%(where)s: under these rules a chombo is paid at the table; there is no penalty to record."
    ),
    # services.snapshots
    "changed_meanwhile": gettext_lazy(
        "%(where)s changed while the snapshot was being taken, so nothing was changed. Please try again."
    ),
    # services.results_import: a file's tables that have another result (``tables``: where they are)
    "results_differ": gettext_lazy(
        "These tables have a different result already: %(tables)s. Nothing was written; import the file as a "
        "correction to write a new version of each."
    ),
    # services.prizes: a prize names a ranking and a place in it
    "prize_ranking": gettext_lazy(
        "Prize “%(title)s”: there is no ranking “%(ranking)s”; choose one of %(known)s."
    ),
    "prize_place": gettext_lazy(
        "Prize “%(title)s”: the place must be a whole number from 1 to %(limit)s, not %(place)s."
    ),
    "prize_category_unexpected": gettext_lazy(
        "Prize “%(title)s”: only a category prize has a category (“%(category)s” given); choose the category as "
        "its ranking."
    ),
    "prize_no_categories": gettext_lazy(
        "Prize “%(title)s”: no player has the category “%(category)s”, nor any other yet. Give the players their "
        "categories on the players' pages first."
    ),
    "prize_unknown_category": gettext_lazy(
        "Prize “%(title)s”: no player has the category “%(category)s”. The categories in use are %(known)s."
    ),
    "too_many_prizes": gettext_lazy(
        "%(tournament)s has %(count)s prizes; %(adding)s more would be over the %(limit)s allowed. Delete some "
        "first."
    ),
}
