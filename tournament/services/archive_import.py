"""Loading a whole tournament from an archive (tournament.readers.archive validates it first; nothing is written then)."""

from datetime import date, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.database.snapshot_reasons import REPLACE_TOURNAMENT, reason
from tournament.errors import DomainError
from tournament.models import (
    Attendance,
    Cut,
    CutPlace,
    Penalty,
    Prize,
    Registration,
    Seat,
    SeatResult,
    Session,
    Table,
    TableResult,
    Tournament,
)
from tournament.models.prizes import TYPED
from tournament.readers.archive import SIDE_SETTINGS, validate_archive
from tournament.services import audit, snapshots
from tournament.services.people import Person, people_for
from tournament.services.snapshots import check_covered, snapshot_before


def import_archive(*, actor, data: dict, replace: bool = False, update_people: bool = False) -> Tournament:
    """Create the tournament of a validated archive. An existing slug is refused unless ``replace``; replacing
    takes a snapshot of the database first (services.snapshots), and without one nothing changes.

    A player whose EMA number belongs to a person other tournaments know under another name or country is
    refused unless ``update_people`` (then each of those tournaments gets an audit entry; services.people).
    """
    validate_archive(data)
    slug = data["tournament"]["slug"]
    replaced = [slug] if Tournament.objects.filter(slug=slug).exists() else []
    if replaced:
        _check_replace(slug, replace)
    with snapshot_before(reason(REPLACE_TOURNAMENT, slug) if replaced else None):
        return _import(actor, data, update_people, replace=replace, covered=replaced)


def _check_replace(slug: str, replace: bool) -> None:
    if not replace:
        raise DomainError.coded("slug_taken", slug=slug)


@transaction.atomic
def _import(actor, data: dict, update_people: bool, *, replace: bool, covered: list[str]) -> Tournament:
    slug = data["tournament"]["slug"]
    existing = Tournament.objects.select_for_update().filter(slug=slug).first()
    if existing is not None:
        _check_replace(slug, replace)
        check_covered(covered, [slug], where=existing.name)
        existing.delete()
    tournament = _create_tournament(data["tournament"])
    registrations = _create_registrations(tournament, data["players"], actor, update_people)
    label = audit.actor_label(actor)
    counts = _create_sessions(tournament, data.get("sessions", []), registrations, actor, label)
    penalties = _create_penalties(data.get("penalties", []), registrations, tournament, actor, label)
    _create_prizes(tournament, data.get("prizes", []))
    if "cut" in data:
        _create_cut(tournament, data["cut"], registrations)
    audit.record(
        actor=actor,
        tournament=tournament,
        action="tournament.import",
        summary=_("Imported %(slug)s from an archive%(replaced)s")
        % {"slug": slug, "replaced": _(" (replaced)") if existing else ""},
        data={
            "slug": slug,
            "replaced": existing is not None,
            "players": len(registrations),
            "sessions": counts[0],
            "results": counts[1],
            "penalties": penalties,
            **snapshots.noted(),
        },
    )
    return tournament


def _create_tournament(fields: dict) -> Tournament:
    return Tournament.objects.create(
        slug=fields["slug"],
        name=fields["name"],
        short_name=fields.get("short_name", ""),
        city=fields.get("city", ""),
        country=fields.get("country", ""),
        start_date=date.fromisoformat(fields["start_date"]) if fields.get("start_date") else None,
        end_date=date.fromisoformat(fields["end_date"]) if fields.get("end_date") else None,
        ruleset=fields.get("ruleset", "ema-2016"),
        ruleset_overrides=fields.get("ruleset_overrides", {}),
        qualification=fields.get("qualification", False),
        is_public=fields.get("public", True),  # written only for a hidden tournament
        **{key: fields[key] for key in SIDE_SETTINGS if key in fields},  # the model's defaults otherwise
    )


def _create_registrations(tournament: Tournament, players: list, actor, update_people: bool) -> dict:
    wanted = [
        Person(p["first_name"], p["last_name"], p.get("ema_id"), p.get("country", ""), where=f"players[{i}]")
        for i, p in enumerate(players)
    ]
    people = people_for(wanted, actor=actor, confirm_rename=update_people)
    created = Registration.objects.bulk_create(
        Registration(
            tournament=tournament,
            player=person,
            key=player["key"],
            club=player.get("club", ""),
            team=player.get("team") or "",
            categories=player.get("categories", []),
            status=player.get("status", "active"),
        )
        for player, person in zip(players, people, strict=True)
    )
    return {registration.key: registration for registration in created}


def _create_sessions(tournament, sessions: list, registrations: dict, actor, label: str) -> tuple[int, int]:
    results = 0
    for entry in sessions:
        session = Session.objects.create(
            tournament=tournament,
            number=entry["number"],
            starts_at=datetime.fromisoformat(entry["starts_at"]) if entry.get("starts_at") else None,
            duration_minutes=entry.get("duration_minutes", tournament.session_minutes),
        )
        for table_entry in entry["tables"]:
            results += _create_table(session, table_entry, registrations, actor, label)
        _create_absent(session, entry.get("absent", []), registrations, actor, label)
    return len(sessions), results


def _create_absent(session: Session, keys: list, registrations: dict, actor, label: str) -> None:
    """The players the archive names absent (the archive keeps no present marks: those players have not checked
    in after an import)."""
    now = timezone.now()
    Attendance.objects.bulk_create(
        Attendance(
            session=session,
            registration=registrations[key],
            present=False,
            marked_at=now,
            marked_by=actor,
            marked_by_label=label,
        )
        for key in keys
    )


def _create_table(session: Session, entry: dict, registrations: dict, actor, label: str) -> int:
    table = Table.objects.create(session=session, number=entry["number"])
    seats = Seat.objects.bulk_create(
        Seat(
            table=table,
            session=session,
            wind=s["wind"],
            registration=registrations[s["player"]],
            order="ESWN".index(s["wind"]),
            **_planned_substitute(s, registrations),
        )
        for s in entry["seats"]
    )
    if entry["seats"][0].get("score") is None:
        return 0
    result = TableResult.objects.create(
        table=table,
        version=1,
        is_current=True,
        leftover_sticks=entry.get("leftover_sticks", 0),
        hands=entry.get("hands"),
        entered_by=actor,
        entered_by_label=label,
        note=_("imported from an archive"),
    )
    SeatResult.objects.bulk_create(
        SeatResult(
            result=result,
            seat=seat,
            raw_score=s["score"],
            substitute=s.get("substitute", ""),
            substitute_name=s.get("substitute_name", ""),
        )
        for seat, s in zip(seats, entry["seats"], strict=True)
    )
    return 1


def _planned_substitute(seat: dict, registrations: dict) -> dict:
    """The seat's substitute chosen before play (5.8): a reserve, or a guest named at a seat without a score."""
    if seat.get("substitute_player"):
        return {"substitute_reserve": registrations[seat["substitute_player"]]}
    if seat.get("score") is None and seat.get("substitute_name"):
        return {"substitute_guest": seat["substitute_name"]}
    return {}


def _create_prizes(tournament: Tournament, prizes: list) -> None:
    Prize.objects.bulk_create(
        Prize(
            tournament=tournament,
            order=index,
            kind=prize.get("kind", TYPED),
            title=prize.get("title", ""),
            ranking=prize["ranking"],
            category=prize.get("category", ""),
            place=prize["place"],
        )
        for index, prize in enumerate(prizes)
    )


def _create_cut(tournament: Tournament, cut: dict, registrations: dict) -> None:
    """The cut and who went through, as the archive has them (docs/formats.md, "The cut in the archive")."""
    made = Cut.objects.create(
        tournament=tournament,
        after_session=cut["after_session"],
        top=cut["top"],
        carry=cut["carry"],
        sessions=cut.get("sessions", 1),
        consolation=cut.get("consolation", False),
        created=cut.get("created", []),
    )
    CutPlace.objects.bulk_create(
        CutPlace(
            cut=made,
            registration=registrations[entry["player"]],
            group=entry["group"],
            place=entry["place"],
            how=entry.get("how", ""),
        )
        for entry in cut["players"]
    )


def _create_penalties(penalties: list, registrations: dict, tournament, actor, label: str) -> int:
    sessions = {s.number: s for s in tournament.sessions.all()}
    Penalty.objects.bulk_create(
        Penalty(
            registration=registrations[p["player"]],
            session=sessions[p["session"]],
            kind=p["kind"],
            minutes=p.get("minutes"),
            points=p.get("points"),
            reason=p.get("reason", ""),
            cancelled=p.get("cancelled", False),
            cancel_reason=p.get("cancel_reason", ""),
            created_by=actor,
            created_by_label=label,
        )
        for p in penalties
    )
    return len(penalties)
