"""A played hand told in the reader's language, for the score sheet's list of hands ("Ron from W: S 3 fan 40
minipoints", in Dutch "Ron op de steen van W: Z 3 fan 40 minipunten"), with the seat letters the page uses
(tournament.display.winds), and a round ("E2", in Dutch "O2"). The rules engine's own description (scoring.hands)
stays English for the command line."""

from django.utils.translation import gettext as _

from scoring.hands.log import CHOMBO, DRAW, RON, SEATS, TSUMO, Hand, Win
from tournament.display.winds import WIND_LETTERS


def describe_hand(hand: Hand, *, chombo_at_table: bool) -> str:
    if hand.kind == RON:
        return _("Ron from %(discarder)s: %(wins)s") % {
            "discarder": _letter(hand.discarder),
            "wins": "; ".join(_win(win) for win in hand.wins),
        }
    if hand.kind == TSUMO:
        return _("Tsumo: %(win)s") % {"win": _win(hand.wins[0])}
    if hand.kind == DRAW:
        if not hand.tenpai:
            return _("Exhaustive draw, nobody tenpai")
        return _("Exhaustive draw, tenpai: %(seats)s") % {"seats": " ".join(_letter(s) for s in hand.tenpai)}
    if hand.kind == CHOMBO and chombo_at_table:
        return _("Chombo: %(seat)s (reverse mangan at the table)") % {"seat": _letter(hand.offender)}
    return _("Chombo: %(seat)s") % {"seat": _letter(hand.offender)}


def _win(win: Win) -> str:
    if win.yakuman:
        value = _("yakuman") if win.yakuman == 1 else _("%(count)s yakuman") % {"count": win.yakuman}
    elif win.fu:
        value = _("%(fan)s fan %(fu)s minipoints") % {"fan": win.fan, "fu": win.fu}
    else:
        value = _("%(fan)s fan") % {"fan": win.fan}
    told = f"{_letter(win.seat)} {value}"
    if win.liable is not None:
        told = _("%(win)s, %(seat)s liable") % {"win": told, "seat": _letter(win.liable)}
    return told


def round_label(name: str) -> str:
    """A round as scoring.hands.game names it (E1 .. S4: the round wind and the how-manieth dealer, 3.4.11; "end"
    after the south round) with the wind's letter in the reader's language."""
    if name[:1] in WIND_LETTERS and name[1:].isdigit():
        return f"{WIND_LETTERS[name[:1]]}{name[1:]}"
    return str(_("after the south round")) if name == "end" else name


def _letter(seat: int) -> str:
    return str(WIND_LETTERS[SEATS[seat]])
