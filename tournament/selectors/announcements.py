"""The hall announcement on show (HallDisplay.announcement, written by services.hall_display): the text in the
reader's language, else in the first language of settings.LANGUAGES that has one; nothing once its end time has
passed. Read by the hall display, every public page's banner (templatetags/announcements.py) and the public pages'
ETag (views/public/live.py), so an ended announcement is gone without anybody removing it."""

from datetime import datetime
from typing import NamedTuple

from django.conf import settings
from django.utils import timezone, translation

from tournament.models import HallDisplay, Tournament


class Announcement(NamedTuple):
    text: str
    language: str  # the language the text is in (the page's lang attribute)
    ends_at: datetime


def current_announcement(
    display: HallDisplay | None, *, now: datetime | None = None, language: str | None = None
) -> Announcement | None:
    """The announcement on show at ``now`` in ``language`` (default: the page's), or None."""
    if display is None or not display.announcement or display.announcement_ends_at is None:
        return None
    if display.announcement_ends_at <= (now or timezone.now()):
        return None
    texts = display.announcement
    wanted = language or translation.get_language() or settings.LANGUAGE_CODE
    for code in (wanted, wanted.split("-")[0], *(code for code, _name in settings.LANGUAGES)):
        if texts.get(code):
            return Announcement(texts[code], code, display.announcement_ends_at)
    return None


def tournament_announcement(
    tournament: Tournament, *, now: datetime | None = None, language: str | None = None
) -> Announcement | None:
    display = HallDisplay.objects.filter(tournament=tournament).first()
    return current_announcement(display, now=now, language=language)
