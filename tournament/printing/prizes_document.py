"""The prize ceremony's papers: the prize list (every prize and who wins it, A4) and the certificates (one landscape
A4 page per winner of each prize: a tie the tie-breaks cannot break gives each of its players a certificate that
says with whom the place is shared; a prize nobody holds yet gives one with an empty line for the name). Both read
selectors.prizes, as the prize pages do, and are printed in the language asked for (the prize page asks for the
tournament's)."""

from typing import NamedTuple

from django.utils.translation import gettext_lazy

from tournament.display.prizes import prize_title
from tournament.printing.documents import Document, register
from tournament.selectors.changes import change_stamp
from tournament.selectors.overview import overview
from tournament.selectors.prizes import AwardedPrize, PrizeList, PrizeWinner, prize_list


def _awarded(tournament) -> PrizeList:
    return prize_list(overview(tournament, change_stamp(tournament)))


@register
class PrizeListDocument(Document):
    identifier = "prize-list"
    name = gettext_lazy("Prize list")
    template = "print/prize_list.html"

    def context(self) -> dict:
        return {"awarded": _awarded(self.tournament)}


# The certificate's type gets smaller for a longer text (the CSS classes size-1 ... size-3 of print.css), so that
# the longest realistic values fit on the page in every language (tests/tournament/printing/
# test_certificate_layout.py measures it): the most characters of each size, the longest text the smallest.
SIZE_STEPS = {
    "event": (40, 70, 120),  # the tournament's name: one line, two lines, smaller...
    "name": (24, 34, 60),  # a player's or a group's name
    "members": (110, 200, 320),  # a group's counted members, joined
    "prize": (28, 46, 70),  # the prize's title in the document's language
}


def size_class(text: str, steps: tuple[int, ...]) -> str:
    """ "" for a text of at most ``steps[0]`` characters, "size-1" up to ``steps[1]`` ... "size-3" beyond."""
    for index, most in enumerate(steps):
        if len(text) <= most:
            return f"size-{index}" if index else ""
    return f"size-{len(steps)}"


class Certificate(NamedTuple):
    entry: AwardedPrize
    winner: PrizeWinner | None  # None: nobody holds the place yet (a line to write the name on)
    shared_with: tuple[str, ...]  # the other players or groups of a tie the tie-breaks cannot break
    title: str  # the prize's title in the document's language
    sizes: dict[str, str]  # the CSS size class of each long part (event, name, members, prize)


def sizes(event: str, winner: PrizeWinner | None, title: str) -> dict[str, str]:
    texts = {
        "event": event,
        "name": winner.name if winner else "",
        "members": ", ".join(winner.members) if winner else "",
        "prize": title,
    }
    return {part: size_class(text, SIZE_STEPS[part]) for part, text in texts.items()}


@register
class CertificatesDocument(Document):
    identifier = "certificates"
    name = gettext_lazy("Prize certificates")
    template = "print/certificates.html"

    def context(self) -> dict:
        awarded = _awarded(self.tournament)
        return {"awarded": awarded, "certificates": certificates(awarded)}


def certificates(awarded: PrizeList) -> list[Certificate]:
    """One certificate per winner of each prize, in the prizes' order; one with no name for a prize nobody holds.
    The titles are named in the active language (the document's, inside Document.printing)."""
    pages = []
    for entry in awarded.prizes:
        title = prize_title(entry.prize)
        if not entry.winners:
            pages.append(Certificate(entry, None, (), title, sizes(awarded.tournament.name, None, title)))
        for winner in entry.winners:
            others = tuple(other.name for other in entry.winners if other.key != winner.key)
            size = sizes(awarded.tournament.name, winner, title)
            pages.append(Certificate(entry, winner, others, title, size))
    return pages
