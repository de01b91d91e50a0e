"""The penalties of each session, for the organiser's dashboard: who, what, how many points, given by whom;
cancelled ones are kept (shown struck through), as the penalty itself is never deleted."""

from tournament.models import Penalty, Tournament


def penalties_by_session(tournament: Tournament) -> dict[int, list[Penalty]]:
    penalties = (
        Penalty.objects.filter(session__tournament=tournament)
        .select_related("registration__player", "session")
        .order_by("session__number", "created_at", "id")
    )
    found: dict[int, list[Penalty]] = {}
    for penalty in penalties:
        penalty.change = -penalty.deducted_points(tournament.rules)  # as the standings count it
        found.setdefault(penalty.session.number, []).append(penalty)
    return found
