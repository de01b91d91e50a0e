"""The cut and the final (docs/organisers.md, "Finals and cuts"): making the cut after session N (who goes through
as selectors.finals previews it, the organiser's decision where the tie-breaks leave a tie, audited), the final
sessions created and the first seated by place, a later final session seated by the standings within the final,
and undoing the cut before the first final result."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.standings import CONSOLATION, FINAL
from tournament.database.snapshot_reasons import RESEAT, reason
from tournament.errors import DomainError
from tournament.models import Cut, CutPlace, Registration, Session, Table, Tournament
from tournament.models.finals import CARRY_CHOICES
from tournament.selectors.finals import (
    CutPreview,
    final_results_entered,
    final_seating,
    preview_cut,
    refuse_undecided,
)
from tournament.services import audit, schedule, snapshots
from tournament.services.locking import lock_tournament
from tournament.services.snapshots import check_covered, snapshot_before


def make_cut(
    *,
    actor,
    tournament: Tournament,
    after_session: int,
    top: int,
    carry: str,
    sessions: int = 1,
    consolation: bool = False,
    decided: tuple[str, ...] = (),
) -> CutPreview:
    """Make the cut the preview shows: store who goes through, create the final sessions (those missing) and seat
    the first by place, the finalists at tables 1 to X/4, the consolation group after them; a later final session
    planned already loses its seating (it is seated by the standings within the final). A tie the tie-breaks leave
    is refused naming the players, unless ``decided`` (their keys) names who goes through. Replacing a seating
    takes a snapshot of the database first (services.snapshots), as the seating pages do."""
    chosen = {
        "after_session": after_session,
        "top": top,
        "carry": carry,
        "sessions": sessions,
        "consolation": consolation,
        "decided": tuple(decided),
    }
    preview = refuse_undecided(preview_cut(tournament, **chosen))  # a refused cut costs no snapshot
    replaced = _seated(tournament, preview.numbers)
    with snapshot_before(reason(RESEAT, tournament.slug, replaced) if replaced else None):
        return _make_cut(actor, tournament, chosen, replaced)


def _seated(tournament: Tournament, numbers) -> list[int]:
    seated = tournament.sessions.filter(number__in=list(numbers), tables__isnull=False)
    return sorted(set(seated.values_list("number", flat=True)))


@transaction.atomic
def _make_cut(actor, tournament: Tournament, chosen: dict, covered: list[int]) -> CutPreview:
    lock_tournament(tournament.pk)
    preview = refuse_undecided(preview_cut(tournament, **chosen))
    check_covered(
        covered,
        _seated(tournament, preview.numbers),
        where=_("The seating of %(tournament)s") % {"tournament": tournament.name},
    )
    after_session, top, carry = chosen["after_session"], chosen["top"], chosen["carry"]
    sessions, consolation, decided = chosen["sessions"], chosen["consolation"], chosen["decided"]
    existing = set(tournament.sessions.values_list("number", flat=True))
    cut = Cut.objects.create(
        tournament=tournament,
        after_session=after_session,
        top=top,
        carry=carry,
        sessions=sessions,
        consolation=consolation,
        created=[number for number in preview.numbers if number not in existing],
    )
    CutPlace.objects.bulk_create(
        CutPlace(cut=cut, registration_id=t.player.registration_id, group=t.group, place=t.place, how=t.how)
        for t in preview.players
    )
    created = schedule.ensure_sessions(actor=actor, tournament=tournament, count=preview.numbers[-1])
    first = next(session for session in created if session.number == preview.numbers[0])
    registrations = Registration.objects.filter(tournament=tournament).select_related("player").in_bulk()
    tables = [*preview.tables(FINAL), *preview.tables(CONSOLATION)]
    schedule.set_session_seating(
        actor=actor,
        session=first,
        tables=[[registrations[info.registration_id] for info in table] for table in tables],
    )
    Table.objects.filter(session__tournament=tournament, session__number__in=preview.numbers[1:]).delete()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="finals.cut",
        summary=_("Cut after session %(session)s: the top %(top)s play the final, scores %(carry)s")
        % {"session": after_session, "top": top, "carry": dict(CARRY_CHOICES)[carry]},
        data={
            "after_session": after_session,
            "top": top,
            "carry": carry,
            "sessions": sessions,
            "consolation": consolation,
            "finalists": {t.player.key: t.how for t in preview.finalists},
            "consolation_group": [t.player.key for t in preview.consolation_group],
            "decided": list(decided),
            **snapshots.noted(),
        },
    )
    return preview


@transaction.atomic
def seat_final_session(*, actor, tournament: Tournament, number: int, seed: int = 0) -> list[list[int]]:
    """Seat final session ``number`` (after the first) by the standings within the final."""
    lock_tournament(tournament.pk)
    tables = final_seating(tournament, number, seed=seed)
    registrations = Registration.objects.filter(tournament=tournament).select_related("player").in_bulk()
    session = tournament.sessions.get(number=number)
    schedule.set_session_seating(
        actor=actor, session=session, tables=[[registrations[r] for r in table] for table in tables]
    )
    audit.record(
        actor=actor,
        tournament=tournament,
        action="finals.seat",
        summary=_("Final session %(session)s seated by the standings within the final") % {"session": number},
        data={"session": number, "seed": seed},
    )
    return tables


@transaction.atomic
def undo_cut(*, actor, tournament: Tournament) -> None:
    """Undo the cut before the first final result: the sessions it created are removed, the others lose the
    seating it gave them, and the standings are the standings again."""
    lock_tournament(tournament.pk)
    cut = Cut.objects.filter(tournament=tournament).first()
    if cut is None:
        raise DomainError.coded("no_cut")
    if final_results_entered(tournament, cut):
        raise DomainError.coded("cut_final_played", number=cut.after_session)
    numbers = list(range(cut.after_session + 1, cut.after_session + cut.sessions + 1))
    finals = Session.objects.filter(tournament=tournament, number__in=numbers)
    finals.filter(number__in=cut.created).delete()
    for session in finals.exclude(number__in=cut.created):
        session.tables.all().delete()
    data = {"after_session": cut.after_session, "top": cut.top, "carry": cut.carry, "removed": cut.created}
    cut.delete()
    audit.record(
        actor=actor,
        tournament=tournament,
        action="finals.undo",
        summary=_("Cut after session %(session)s undone") % {"session": data["after_session"]},
        data=data,
    )
