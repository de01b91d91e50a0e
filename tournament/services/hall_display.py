"""What the hall's screen shows: the organiser's choice of pages and how long each stays (``HallDisplay``)."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models import HallDisplay, Tournament
from tournament.services import audit

PAGE_SECONDS = (5, 300)


@transaction.atomic
def set_hall_display(
    *, actor, tournament: Tournament, pages: list[str], page_seconds: int, clock_alone: bool
) -> HallDisplay:
    """Save the choice; its version goes up, so open displays follow it on their next look."""
    unknown = [page for page in pages if page not in HallDisplay.PAGES]
    if unknown:
        raise DomainError(
            "display_page",
            _("The hall display has no page %(page)s; choose from %(known)s.")
            % {"page": ", ".join(unknown), "known": ", ".join(HallDisplay.PAGES)},
        )
    low, high = PAGE_SECONDS
    if not low <= page_seconds <= high:
        raise DomainError(
            "display_seconds",
            _("A page of the hall display stays %(low)s to %(high)s seconds.") % {"low": low, "high": high},
        )
    display, _created = HallDisplay.objects.select_for_update().get_or_create(tournament=tournament)
    display.pages = [page for page in HallDisplay.PAGES if page in pages]
    display.page_seconds = page_seconds
    display.clock_alone = clock_alone
    display.version += 1
    display.save()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="display.settings",
        summary=_("Hall display: %(pages)s, %(seconds)s seconds per page")
        % {"pages": ", ".join(display.pages) or "-", "seconds": page_seconds},
        data={"pages": display.pages, "page_seconds": page_seconds, "clock_alone": clock_alone},
    )
    return display
