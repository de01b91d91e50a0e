"""A seat played from the start of a session by a substitute (5.8; rules-interpretation section 2): a registered
reserve or a named guest, chosen before play. The seat stays the registered player's; every page and paper that
shows the seat shows the substitute for them (tournament.display.names.seat_name), and a result entered for the
table scores the seat as substituted from the start (services.results).

A seat whose table has a result changes only as a correction (``correct=True``): the plan changes and the table gets
a new version of its result through services.results (the referee's path of a correction: versioned, audited, the
old version kept) with the same raw points and the seat as planned now. Without ``correct`` it is refused.
"""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.standings import RESERVE, WITHDRAWN
from tournament.errors import DomainError
from tournament.models import Attendance, Registration, Seat, Session, TableResult, Tournament
from tournament.selectors.seating import seats_from_the_start
from tournament.services import audit
from tournament.services.locking import lock_session_numbered
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.validation import check_length


@transaction.atomic
def substitute(
    *,
    tournament: Tournament,
    session_number: int,
    player_key: str,
    reserve_key: str | None = None,
    guest: str | None = None,
    correct: bool = False,
    actor,
) -> Seat:
    """The seat of ``player_key`` in the session is played from the start by the reserve ``reserve_key`` or by the
    guest named ``guest`` (one of the two). The player is marked absent for the session unless an attendance row
    says already whether they came. At a table with a result only with ``correct`` (module doc). Returns the
    seat."""
    session = _locked_session(tournament, session_number)
    seat = _seat(session, player_key)
    player = str(seat.registration.player)
    guest = (guest or "").strip() if guest is not None else None
    if (reserve_key is None) == (guest is None):
        raise DomainError.coded("substitute_choose_one", session=session.number, player=player)
    current = _current_result(seat, player, correct)
    if reserve_key is not None:
        reserve = _free_reserve(session, seat, reserve_key)
        seat.substitute_reserve, seat.substitute_guest = reserve, ""
        name = str(reserve.player)
    else:
        _check_guest(guest, session, player)
        seat.substitute_reserve, seat.substitute_guest = None, guest
        name = guest
    seat.save(update_fields=["substitute_reserve", "substitute_guest"])
    marked = _mark_absent(session, seat.registration, actor)
    corrected = _correct_result(actor, seat, current)
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="seat.substitute",
        summary=_(
            "Session %(session)s, table %(table)s: %(substitute)s substitutes for %(player)s from the start"
        )
        % {"session": session.number, "table": seat.table.number, "substitute": name, "player": player},
        data={
            "session": session.number,
            "table": seat.table.number,
            "wind": seat.wind,
            "player": seat.registration.key,
            "name": player,
            "substitute": name,
            "reserve": reserve_key,
            "guest": seat.substitute_guest,
            "marked_absent": marked,
            "corrected_version": corrected,
        },
    )
    return seat


@transaction.atomic
def remove_substitute(
    *, tournament: Tournament, session_number: int, player_key: str, correct: bool = False, actor
) -> Seat:
    """The registered player plays their seat after all. Their attendance is left as it is (the attendance page
    marks them present). At a table with a result only with ``correct`` (module doc)."""
    session = _locked_session(tournament, session_number)
    seat = _seat(session, player_key)
    player = str(seat.registration.player)
    name = seat.substitute_label
    if not name:
        raise DomainError.coded("substitute_none", session=session.number, player=player)
    current = _current_result(seat, player, correct)
    seat.substitute_reserve, seat.substitute_guest = None, ""
    seat.save(update_fields=["substitute_reserve", "substitute_guest"])
    corrected = _correct_result(actor, seat, current)
    audit.record(
        actor=actor,
        tournament=session.tournament,
        action="seat.substitute_removed",
        summary=_(
            "Session %(session)s, table %(table)s: %(player)s plays after all (%(substitute)s does not)"
        )
        % {"session": session.number, "table": seat.table.number, "substitute": name, "player": player},
        data={
            "session": session.number,
            "table": seat.table.number,
            "player": seat.registration.key,
            "corrected_version": corrected,
            "name": player,
            "substitute": name,
        },
    )
    return seat


def _locked_session(tournament: Tournament, number: int) -> Session:
    """The session, locked like a swap of seats: the tournament first, then the session (the lock order of a
    result entry, so an entry at one of its tables waits or is waited for)."""
    session = lock_session_numbered(tournament, number)
    if session is None:
        raise DomainError.coded("substitute_no_session", tournament=tournament.name, session=number)
    return session


def _seat(session: Session, player_key: str) -> Seat:
    seat = (
        session.seats.select_related("table", "registration__player", "substitute_reserve__player")
        .filter(registration__key=player_key)
        .first()
    )
    if seat is None:
        raise DomainError.coded("substitute_not_seated", session=session.number, player=player_key)
    return seat


def _current_result(seat: Seat, player: str, correct: bool) -> TableResult | None:
    """The current result of the seat's table; a table with one is refused unless this is a correction."""
    current = seat.table.results.filter(is_current=True).first()
    if current is not None and not correct:
        raise DomainError.coded(
            "substitute_table_has_result", session=seat.session.number, table=seat.table.number, player=player
        )
    return current


def _correct_result(actor, seat: Seat, current: TableResult | None) -> int | None:
    """A new version of the table's result with the same raw points, leftover sticks, note and hand log, the
    other seats as they were, and this seat as planned now (services.results.as_planned: from the start under the
    substitute's name, or no substitute). Returns the version written (the current one when nothing changed),
    None without a result."""
    if current is None:
        return None
    scores = [
        SeatScore(row.seat.wind, row.raw_score)
        if row.seat_id == seat.pk
        else SeatScore(row.seat.wind, row.raw_score, row.substitute, row.substitute_name)
        for row in current.seat_results.select_related("seat")
    ]
    result = enter_table_result(
        actor=actor,
        table=seat.table,
        scores=scores,
        expected_version=current.version,
        leftover_sticks=current.leftover_sticks,
        note=current.note,
        hands=current.hands,
    )
    return result.version


def _free_reserve(session: Session, seat: Seat, key: str) -> Registration:
    """The reserve ``key`` of the tournament, neither seated nor substituting elsewhere in the session."""
    reserve = (
        Registration.objects.select_related("player")
        .filter(tournament_id=session.tournament_id, key=key, status=RESERVE)
        .first()
    )
    if reserve is None:
        raise DomainError.coded("substitute_not_reserve", session=session.number, reserve=key)
    busy = (
        session.seats.select_related("table")
        .filter(Q(registration=reserve) | Q(substitute_reserve=reserve))
        .exclude(pk=seat.pk)
        .first()
    )
    if busy is not None:
        raise DomainError.coded(
            "substitute_reserve_busy",
            session=session.number,
            reserve=str(reserve.player),
            table=busy.table.number,
        )
    return reserve


def _check_guest(guest: str, session: Session, player: str) -> None:
    if not guest:
        raise DomainError.coded("substitute_guest_blank", session=session.number, player=player)
    where = _("Session %(session)s, %(player)s") % {"session": session.number, "player": player}
    check_length(guest, model=Seat, field="substitute_guest", where=where)


def _mark_absent(session: Session, registration: Registration, actor) -> bool:
    """Record the player absent when no attendance row says yet whether they came; True when it was written."""
    _row, created = Attendance.objects.get_or_create(
        session=session,
        registration=registration,
        defaults={
            "present": False,
            "marked_at": timezone.now(),
            "marked_by": actor,
            "marked_by_label": audit.actor_label(actor),
        },
    )
    return created


@transaction.atomic
def reserve_for_withdrawn(*, actor, registration: Registration, reserve_key: str) -> list[Seat]:
    """A withdrawn player's seats a substitute can still take from the start (selectors.seating.seats_from_the_start:
    no result, no substitute yet, the session's clock not started) are each played from the start by the reserve
    ``reserve_key`` (the other choice is the re-seat of services.seating); a seat in a session whose clock runs is a
    substitute during the session (5.8), entered on the referee's form, not here. All or nothing: a session where the
    reserve is not free refuses the whole change. Returns the seats, in session order."""
    registration = Registration.objects.select_related("player", "tournament").get(pk=registration.pk)
    if registration.status != WITHDRAWN:
        raise DomainError.coded("not_withdrawn", player=str(registration.player))
    done = []
    for number in [seat.session.number for seat in seats_from_the_start(registration)]:
        try:
            done.append(
                substitute(
                    tournament=registration.tournament,
                    session_number=number,
                    player_key=registration.key,
                    reserve_key=reserve_key,
                    actor=actor,
                )
            )
        except DomainError as error:
            if error.code not in ("substitute_reserve_busy", "substitute_not_reserve"):
                raise
            raise DomainError.coded(
                "withdraw_no_free_reserve", session=number, player=str(registration.player)
            ) from error
    return done
