"""The tournament archive's shape, version 1 (../shared/spec/archive-format.md): its "format" and "version", the
keys of each object (True: required) and the tournament's side-ranking settings it carries. The one home of these,
shared by the reader (tournament.readers.archive, which validates) and the writer
(tournament.exporters.archive_writer)."""

FORMAT = "riichi-tournament-archive"  # the archive's "format" and "version" (archive-format.md)
VERSION = 1

TOP_KEYS = {
    "format": True,
    "version": True,
    "tournament": True,
    "players": True,
    "sessions": False,
    "penalties": False,
    "prizes": False,
    "cut": False,  # the cut after session N and who went through (docs/formats.md, "The cut in the archive")
}
TOURNAMENT_KEYS = {
    "slug": True,
    "name": True,
    "short_name": False,
    "city": False,
    "country": False,
    "start_date": False,
    "end_date": False,
    "ruleset": False,
    "ruleset_overrides": False,
    "qualification": False,
    "public": False,
    "tie_breaks": False,
    "team_best": False,
    "country_best": False,
    "club_best": False,
    "shown_groups": False,
    "shown_categories": False,
}
BEST_KEYS = ("team_best", "country_best", "club_best")
# The tournament's side-ranking settings the archive carries (in this order), each written only when it is not the
# model's default.
SIDE_SETTINGS = ("tie_breaks", *BEST_KEYS, "shown_groups", "shown_categories")
PLAYER_KEYS = {
    "key": True,
    "first_name": True,
    "last_name": True,
    "ema_id": False,
    "country": False,
    "club": False,
    "status": False,
    "team": False,
    "categories": False,
}
SESSION_KEYS = {
    "number": True,
    "starts_at": False,
    "duration_minutes": False,
    "tables": True,
    "absent": False,
}
TABLE_KEYS = {"number": True, "seats": True, "leftover_sticks": False, "hands": False}
SEAT_KEYS = {
    "wind": True,
    "player": True,
    "score": False,
    "substitute": False,
    "substitute_name": False,
    "substitute_player": False,  # a reserve who plays the seat from the start (5.8)
}
PRIZE_KEYS = {"kind": False, "title": False, "ranking": True, "category": False, "place": True}
PENALTY_KEYS = {
    "player": True,
    "session": True,
    "kind": True,
    "minutes": False,
    "points": False,
    "reason": False,
    "cancelled": False,
    "cancel_reason": False,
}
CUT_KEYS = {
    "after_session": True,
    "top": True,
    "carry": True,
    "sessions": False,
    "consolation": False,
    "created": False,
    "players": True,
}
CUT_PLAYER_KEYS = {"player": True, "group": True, "place": True, "how": False}
