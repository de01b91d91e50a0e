"""The standings after any session, or the final results, with the tournament's header."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament import selectors
from tournament.presenters.records import standings_rows
from tournament.printing.documents import Document, register
from tournament.selectors.progress import tournament_progress
from tournament.selectors.results import last_session

WIDE_STANDINGS_FROM = 9  # sessions; from this many on, the standings are printed landscape


@register
class StandingsDocument(Document):
    identifier = "standings"
    name = gettext_lazy("Standings")
    template = "print/standings.html"
    options = ("after_session",)

    def filename(self) -> str:
        after = self.given.get("after_session")
        return f"{self.tournament.slug}-standings{f'-after-session-{after}' if after else ''}.pdf"

    def context(self) -> dict:
        standings = selectors.standings(self.tournament, after_session=self.given.get("after_session"))
        shown = last_session(standings)
        sessions = range(1, shown + 1)
        rows = []
        for row in standings_rows(standings):
            by_session = {line["session"]: line["total"] for line in row["sessions"]}
            rows.append({**row, "by_session": [by_session.get(n) for n in sessions]})
        return {
            "title": self._title(shown),
            "sessions": sessions,
            "rows": rows,
            "wide": len(sessions) >= WIDE_STANDINGS_FROM,
        }

    def _title(self, shown: int) -> str:
        total = self.tournament.sessions.count()
        if "after_session" not in self.given and shown == total and total > 0 and self._complete():
            return _("Final results")
        return _("Standings after session %(number)s") % {"number": shown}

    def _complete(self) -> bool:
        return all(session.complete for session in tournament_progress(self.tournament) if session.tables)
