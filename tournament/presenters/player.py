"""The lines of a player's page (views/public/player.py): each session with table, wind, opponents, raw points,
place, uma, penalties, substitute, session result, running total and rank after it, and the cells' labels; built
from the overview (selectors.overview), the figures through presenters.figures."""

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.display.names import rank_label
from tournament.display.numbers import points_full
from tournament.display.winds import WIND_NAMES
from tournament.presenters.figures import SessionFigures, penalty_text, substitute_text
from tournament.selectors.overview import Overview


def player_labels() -> dict[str, str]:
    """Each cell's label (shown before the value when a row becomes a block on a phone), translated once."""
    return {
        "session": _("Session"),
        "starts": _("Starts"),
        "table": _("Table"),
        "wind": _("Wind"),
        "opponents": _("Playing with"),
        "raw": _("Raw points"),
        "place": _("Place"),
        "uma": _("Uma"),
        "penalties": _("Penalties"),
        "substitute": pgettext("public results", "Substitute"),
        "result": _("Result"),
        "running": _("Running total"),
        "rank": _("Rank after"),
    }


def player_line(
    figures: SessionFigures, view: Overview, registration_id: int, schedule, result, history
) -> dict:
    """One session of the player's page: when and where they play (``schedule``: selectors.seating.player_schedule),
    with whom, and once played the figures of ``result`` (their standings line of the session) with their marks,
    the running total and the rank after it (``history``: selectors.overview)."""
    number = schedule.session.number
    players_url = reverse("player_schedule", args=[view.latest.tournament.slug, "x"])[: -len("x/")]
    seat = schedule.seat
    line = {
        "session": number,
        "starts_at": schedule.session.starts_at,
        "published": schedule.session.seating_published or result is not None,
        "table": seat.table.number if seat else None,
        "wind": seat.wind if seat else None,
        "opponents": [(f"{players_url}{key}/", name) for key, name in schedule.opponents],
        "substituted_by": schedule.substitute,
        "substitutes_for": schedule.substitutes_for,
        "played": result is not None and result.table is not None,
    }
    if result is None:
        line["wind_name"] = WIND_NAMES.get(line["wind"], "")
        return line
    if result.table is not None:
        outcome = view.outcome(number, result.table, registration_id)
        line.update(
            table=result.table,
            wind=result.wind,
            raw=points_full(result.raw, sign=False, language=figures.language),
            place=outcome.place if outcome else None,
            uma=figures.points(result.uma),
        )
    after = history.get(number)
    line.update(
        penalty_notes=[
            penalty_text(note, language=figures.language)
            for note in view.penalties.get((registration_id, number), ())
        ],
        substitute=substitute_text(
            result.substitute or "", view.substitute_names.get((registration_id, number), "")
        ),
        unconfirmed=(number, result.table) in view.unconfirmed,
        wind_name=WIND_NAMES.get(line["wind"], ""),
        result=figures.points(result.total),
        running=figures.points(after.total) if after else "",
        rank=rank_label(after.rank, after.tied) if after else "",
    )
    return line
