"""Writing the tournament archive (../shared/spec/archive-format.md) in a stable order, so that export -> import ->
export gives a byte-identical file. ``tournament.readers.archive`` re-exports these names; validation lives there."""

import json

from django.utils import timezone

from scoring.table import FROM_START, WINDS
from tournament.formats.archive import FORMAT, SIDE_SETTINGS, VERSION
from tournament.models import Attendance, Cut, Penalty, Registration, SeatResult, Session
from tournament.models.prizes import NAMED
from tournament.selectors.visibility import open_to_everybody


def dumps_archive(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def export_archive(tournament) -> dict:
    """The whole tournament as an archive dict in a stable order (players by registration, seats E S W N)."""
    keys = dict(Registration.objects.filter(tournament=tournament).values_list("id", "key"))
    archive = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _export_tournament(tournament),
        "players": [
            _export_player(r)
            for r in Registration.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("id")
        ],
        "sessions": _export_sessions(
            Session.objects.filter(tournament=tournament).order_by("number"),
            keys,
            SeatResult,
            _absent_keys(Attendance.objects.filter(session__tournament=tournament, present=False), keys),
        ),
        "penalties": [
            _export_penalty(p, keys)
            for p in Penalty.objects.filter(session__tournament=tournament)
            .select_related("session")
            .order_by("session__number", "id")
        ],
    }
    prizes = [_export_prize(prize) for prize in tournament.prizes.order_by("order", "id")]
    if prizes:
        archive["prizes"] = prizes
    cut = Cut.objects.filter(tournament=tournament).first()
    if cut is not None:
        archive["cut"] = _export_cut(cut, keys)
    return archive


def _export_cut(cut, keys: dict) -> dict:
    """The cut and who went through (docs/formats.md, "The cut in the archive"), by place at the cut."""
    return {
        "after_session": cut.after_session,
        "top": cut.top,
        "carry": cut.carry,
        "sessions": cut.sessions,
        "consolation": cut.consolation,
        "created": list(cut.created),
        "players": [
            {
                "player": keys[place.registration_id],
                "group": place.group,
                "place": place.place,
                "how": place.how,
            }
            for place in cut.places.order_by("place", "id")
        ],
    }


def _export_tournament(t) -> dict:
    return {
        "slug": t.slug,
        "name": t.name,
        "short_name": t.short_name,
        "city": t.city,
        "country": t.country,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "ruleset": t.ruleset,
        "ruleset_overrides": t.ruleset_overrides,
        "qualification": t.qualification,
        **({} if open_to_everybody(t) else {"public": False}),  # a draft stays a draft where it is imported
        **_side_settings(t),
    }


def _side_settings(t) -> dict:
    """The side-ranking settings that are not the default (docs/formats.md, "The rankings' settings in the
    archive"), in a fixed order."""
    exported = {}
    for key in SIDE_SETTINGS:
        value = getattr(t, key)
        if value != type(t)._meta.get_field(key).get_default():
            exported[key] = value
    return exported


def _export_prize(prize) -> dict:
    # a named prize (no title, named in the reader's language) says so; a typed title is written as before
    exported = {"kind": prize.kind} if prize.kind == NAMED else {"title": prize.title}
    exported["ranking"] = prize.ranking
    if prize.category:
        exported["category"] = prize.category
    exported["place"] = prize.place
    return exported


def _export_player(registration) -> dict:
    player = registration.player
    return {
        "key": registration.key,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "ema_id": player.ema_id,
        "country": player.country,
        "club": registration.club,
        "status": registration.status,
        **({"team": registration.team} if registration.team else {}),
        **({"categories": registration.categories} if registration.categories else {}),
    }


def _absent_keys(absent_rows, keys: dict) -> dict[int, list[str]]:
    """The keys of the players marked absent, sorted, by session id (present marks are not archived)."""
    absent: dict[int, list[str]] = {}
    for session_id, registration_id in absent_rows.values_list("session_id", "registration_id"):
        absent.setdefault(session_id, []).append(keys[registration_id])
    return {session_id: sorted(found) for session_id, found in absent.items()}


def _export_sessions(sessions, keys: dict, seat_result_model, absent: dict[int, list[str]]) -> list:
    current = {
        r.seat_id: r
        for r in seat_result_model.objects.filter(
            result__is_current=True, seat__session__in=sessions
        ).select_related("result")
    }
    exported = []
    for session in sessions.prefetch_related("tables__seats"):
        entry = {
            "number": session.number,
            "starts_at": timezone.localtime(session.starts_at).isoformat() if session.starts_at else None,
            "duration_minutes": session.duration_minutes,
            "tables": [_export_table(table, keys, current) for table in session.tables.all()],
        }
        if absent.get(session.pk):
            entry["absent"] = absent[session.pk]
        exported.append(entry)
    return exported


def _export_table(table, keys: dict, current: dict) -> dict:
    seats = sorted(table.seats.all(), key=lambda seat: WINDS.index(seat.wind))
    exported = {
        "number": table.number,
        "seats": [_export_seat(seat, keys, current.get(seat.pk)) for seat in seats],
    }
    result = next((r.result for r in (current.get(s.pk) for s in seats) if r), None)
    if result is not None and result.leftover_sticks:
        exported["leftover_sticks"] = result.leftover_sticks
    if result is not None and result.hands is not None:
        exported["hands"] = result.hands
    return exported


def _export_seat(seat, keys: dict, result) -> dict:
    exported = {
        "wind": seat.wind,
        "player": keys[seat.registration_id],
        "score": result.raw_score if result else None,
    }
    if result and result.substitute:
        exported["substitute"] = result.substitute
    if result and result.substitute_name:
        exported["substitute_name"] = result.substitute_name
    if result is None and seat.substitute_guest:  # a guest planned from the start (5.8), no result yet
        exported["substitute"], exported["substitute_name"] = FROM_START, seat.substitute_guest
    if (
        result is None and seat.substitute_reserve_id
    ):  # a reserve likewise (issue 28: every planned seat alike)
        exported["substitute"] = FROM_START
    if seat.substitute_reserve_id:  # a reserve planned from the start (5.8), with or without a result
        exported["substitute_player"] = keys[seat.substitute_reserve_id]
    return exported


def _export_penalty(penalty, keys: dict) -> dict:
    exported = {
        "player": keys[penalty.registration_id],
        "session": penalty.session.number,
        "kind": penalty.kind,
    }
    if penalty.minutes is not None:
        exported["minutes"] = penalty.minutes
    if penalty.points is not None:
        exported["points"] = penalty.points
    if penalty.reason:
        exported["reason"] = penalty.reason
    if penalty.cancelled:
        exported["cancelled"] = True
        exported["cancel_reason"] = penalty.cancel_reason
    return exported
