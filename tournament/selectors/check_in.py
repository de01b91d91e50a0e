"""A player checking in (issue 20): the signed link of their schedule card's QR code and what its page shows.

The link carries ``[tournament id, registration key]`` signed with the server's secret (``django.core.signing``,
salt ``tenbou.check-in``, no time stamp: the card is printed days before and the same card opens the same page), so
only the card's holder can open it and a token of one tournament is refused on another's address. The token is a
secret: the logs show ``/check-in/***/`` (tournament.logs.privacy).

The session to check in for is the player's next one: for a seated player the first session (by number) they are
seated in whose table has no result and whose clock has not ended; for a reserve the first session whose clock has
not ended and that has no result yet (a reserve checks in for a seat that may come free)."""

from datetime import datetime
from typing import NamedTuple

from django.core import signing
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone

from scoring.clock import END
from scoring.penalties import late_between
from scoring.standings import RESERVE, WITHDRAWN
from tournament.models import Attendance, ClockEvent, Registration, Seat, Session, TableResult, Tournament
from tournament.selectors.attendance import lateness
from tournament.selectors.clock import session_clock

SALT = "tenbou.check-in"


def _signer() -> signing.Signer:
    return signing.Signer(salt=SALT)


def check_in_token(registration: Registration) -> str:
    return _signer().sign_object([registration.tournament_id, registration.key])


def check_in_path(registration: Registration) -> str:
    return reverse("check_in", args=[registration.tournament.slug, check_in_token(registration)])


def checking_in(tournament: Tournament, token: str) -> Registration | None:
    """The registration the token was made for, when it is genuine and of this tournament; else None."""
    try:
        found = _signer().unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not (isinstance(found, list) and len(found) == 2 and found[0] == tournament.pk):
        return None
    return (
        Registration.objects.select_related("player", "tournament")
        .filter(tournament=tournament, key=str(found[1]))
        .first()
    )


def next_session(registration: Registration) -> Session | None:
    """The session the player checks in for (the module's docstring), or None when none is left."""
    ended = ClockEvent.objects.filter(session=OuterRef("pk"), kind=END)
    sessions = registration.tournament.sessions.exclude(Exists(ended)).order_by("number")
    if registration.status == WITHDRAWN:
        return None
    if registration.status == RESERVE:
        played = TableResult.objects.filter(table__session=OuterRef("pk"), is_current=True)
        return sessions.exclude(Exists(played)).select_related("tournament").first()
    result = TableResult.objects.filter(table=OuterRef("table"), is_current=True)
    seat = (
        Seat.objects.filter(registration=registration, session__in=sessions)
        .exclude(Exists(result))
        .order_by("session__number")
        .first()
    )
    return None if seat is None else Session.objects.select_related("tournament").get(pk=seat.session_id)


class CheckIn(NamedTuple):
    registration: Registration
    session: Session | None  # None: no session left
    table: int | None  # None for a reserve, or while the seating is not published
    wind: str
    mark: Attendance | None
    started_at: datetime | None  # the session clock's start
    late: int | str | None  # of an arrival: minutes, SUBSTITUTE or None (selectors.attendance.lateness)
    late_now: int | str | None = None  # not checked in, seated, the clock running: how late they are already

    @property
    def present(self) -> bool:
        return self.mark is not None and self.mark.present


def check_in(registration: Registration) -> CheckIn:
    session = next_session(registration)
    if session is None:
        return CheckIn(registration, None, None, "", None, None, None)
    seat = session.seats.select_related("table").filter(registration=registration).first()
    shown = seat is not None and session.seating_published
    mark = Attendance.objects.filter(session=session, registration=registration).first()
    now = timezone.now()
    started = session_clock(session, now).started_at
    late_now = None
    if seat is not None and started is not None and not (mark is not None and mark.present):
        late_now = late_between(started, now, session.tournament.rules) or None
    return CheckIn(
        registration,
        session,
        seat.table.number if shown else None,
        seat.wind if shown else "",
        mark,
        started,
        lateness(mark, started, session.tournament.rules),
        late_now,
    )
