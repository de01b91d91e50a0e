"""What the hall's screen shows: the organiser's choice of pages and how long each stays (``HallDisplay``), and the
hall announcement (lunch, prize giving) on the display and the public pages until its end time, in each language of
settings.LANGUAGES. Every change raises the display's version, so open displays follow it at once."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.limits import ANNOUNCEMENT_LENGTH
from tournament.display import dates
from tournament.errors import DomainError
from tournament.models import HallDisplay, Tournament
from tournament.selectors.announcements import current_announcement
from tournament.selectors.hall import hall_display
from tournament.services import audit

PAGE_SECONDS = (5, 300)
ANNOUNCEMENT_AHEAD = timedelta(days=3)  # the latest end time from now: an announcement is for the day


@transaction.atomic
def set_hall_display(
    *, actor, tournament: Tournament, pages: list[str], page_seconds: int, clock_alone: bool
) -> HallDisplay:
    """Save the choice; its version goes up, so open displays follow it on their next look."""
    unknown = [page for page in pages if page not in HallDisplay.PAGES]
    if unknown:
        raise DomainError.coded("display_page", page=", ".join(unknown), known=", ".join(HallDisplay.PAGES))
    low, high = PAGE_SECONDS
    if not low <= page_seconds <= high:
        raise DomainError.coded("display_seconds", low=low, high=high)
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


@transaction.atomic
def set_announcement(
    *,
    actor,
    tournament: Tournament,
    texts: dict[str, str],
    ends_at: datetime | None,
    now: datetime | None = None,
) -> HallDisplay:
    """Show ``texts`` ({language code: text}; an empty language is left out) on the hall display and the public
    pages until ``ends_at``, replacing the announcement on show. Refused: no text at all, a language the site does
    not offer, a text over ANNOUNCEMENT_LENGTH, no end time, an end time not after ``now`` or over
    ANNOUNCEMENT_AHEAD ahead."""
    now = now or timezone.now()
    kept = _checked_texts(texts)
    _check_end(ends_at, now)
    display = _locked_display(tournament)
    display.announcement, display.announcement_ends_at = kept, ends_at
    display.version += 1
    display.save()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="display.announcement",
        summary=_("Hall announcement until %(ends_at)s") % {"ends_at": _shown_time(ends_at)},
        data={"texts": kept, "ends_at": ends_at.isoformat()},
    )
    return display


@transaction.atomic
def remove_announcement(*, actor, tournament: Tournament, now: datetime | None = None) -> HallDisplay:
    """Take the announcement on show away at once (before its end time)."""
    display = _locked_display(tournament)
    if current_announcement(display, now=now or timezone.now()) is None:
        raise DomainError.coded("announcement_none")
    display.announcement, display.announcement_ends_at = {}, None
    display.version += 1
    display.save()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="display.announcement_removed",
        summary=_("Hall announcement removed"),
    )
    return display


def _locked_display(tournament: Tournament) -> HallDisplay:
    """The saved choice, locked; the first save (an announcement before any choice of pages) keeps what the screen
    showed before it, every page (selectors.hall.hall_display), not none."""
    display, _created = HallDisplay.objects.select_for_update().get_or_create(
        tournament=tournament, defaults={"pages": list(hall_display(tournament).pages)}
    )
    return display


def _checked_texts(texts: dict[str, str]) -> dict[str, str]:
    names = dict(settings.LANGUAGES)
    languages = ", ".join(str(name) for name in names.values())
    unknown = sorted(code for code in texts if code not in names)
    if unknown:
        raise DomainError.coded("announcement_language", language=", ".join(unknown), languages=languages)
    kept = {code: texts[code].strip() for code in names if (texts.get(code) or "").strip()}
    if not kept:
        raise DomainError.coded("announcement_empty", languages=languages)
    for code, text in kept.items():
        if len(text) > ANNOUNCEMENT_LENGTH:
            raise DomainError.coded(
                "announcement_too_long",
                language=str(names[code]),
                length=len(text),
                limit=ANNOUNCEMENT_LENGTH,
            )
    return kept


def _check_end(ends_at: datetime | None, now: datetime) -> None:
    if ends_at is None:
        raise DomainError.coded("announcement_end_missing")
    if ends_at <= now:
        raise DomainError.coded("announcement_end_past", ends_at=_shown_time(ends_at))
    latest = now + ANNOUNCEMENT_AHEAD
    if ends_at > latest:
        raise DomainError.coded(
            "announcement_end_too_far",
            ends_at=_shown_time(ends_at),
            days=ANNOUNCEMENT_AHEAD.days,
            latest=_shown_time(latest),
        )


def _shown_time(value: datetime) -> str:
    """A time as the organiser reads it: in the hall's time zone, "Sat 9 May 2026, 15:00" in the page's language."""
    return dates.when(value, year=True)
