"""The prize ceremony's papers: the prize list (every prize and who wins it, A4) and the certificates (one landscape
A4 page per winner of each prize: a tie the tie-breaks cannot break gives each of its players a certificate that
says with whom the place is shared; a prize nobody holds yet gives one with an empty line for the name). Both read
selectors.prizes, as the prize pages do, and are printed in the language asked for (the prize page asks for the
tournament's)."""

from typing import NamedTuple

from django.utils.translation import gettext_lazy

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


class Certificate(NamedTuple):
    entry: AwardedPrize
    winner: PrizeWinner | None  # None: nobody holds the place yet (a line to write the name on)
    shared_with: tuple[str, ...]  # the other players or groups of a tie the tie-breaks cannot break


@register
class CertificatesDocument(Document):
    identifier = "certificates"
    name = gettext_lazy("Prize certificates")
    template = "print/certificates.html"

    def context(self) -> dict:
        awarded = _awarded(self.tournament)
        return {"awarded": awarded, "certificates": certificates(awarded)}


def certificates(awarded: PrizeList) -> list[Certificate]:
    """One certificate per winner of each prize, in the prizes' order; one with no name for a prize nobody holds."""
    pages = []
    for entry in awarded.prizes:
        if not entry.winners:
            pages.append(Certificate(entry, None, ()))
        for winner in entry.winners:
            others = tuple(other.name for other in entry.winners if other.key != winner.key)
            pages.append(Certificate(entry, winner, others))
    return pages
