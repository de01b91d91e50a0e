"""What the hall's screen shows, as data: the organiser's choice (HallDisplay) and the next session to show the
seating of. The pages the screen shows (the seating, the standings and the side rankings cut into pages that fit
a 16:9 screen) are built from these reads in tournament.presenters.hall."""

from django.db.models import Exists, OuterRef

from scoring.clock import START
from tournament.models import ClockEvent, HallDisplay, Session, TableResult, Tournament
from tournament.selectors.changes import Stamp
from tournament.selectors.memo import remembered


def hall_display(tournament: Tournament) -> HallDisplay:
    """The organiser's choice; before any choice every page, 15 seconds each (version 0, not saved)."""
    found = HallDisplay.objects.filter(tournament=tournament).first()
    return found or HallDisplay(tournament=tournament, pages=list(HallDisplay.PAGES), version=0)


def hall_display_as_of(tournament: Tournament, stamp: Stamp) -> HallDisplay:
    """``hall_display`` read once per change stamp (selectors.memo): the organiser's choice and the announcement
    change only through services.hall_display, each change audited. Read it, never change it: it is shared."""
    return remembered(f"hall-display|{tournament.pk}", stamp, lambda: hall_display(tournament))


def next_seating_session(tournament: Tournament) -> Session | None:
    """The first session with published seating whose clock has not started and that has no results."""
    started = ClockEvent.objects.filter(session=OuterRef("pk"), kind=START)
    played = TableResult.objects.filter(table__session=OuterRef("pk"))
    return (
        tournament.sessions.filter(seating_published=True)
        .exclude(Exists(started))
        .exclude(Exists(played))
        .order_by("number")
        .first()
    )
