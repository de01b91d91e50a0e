"""The read API's records (views/api): tournaments, sessions with their tables, seats and results, players, and a
person across tournaments, as plain data for JSON. Numbers are integers (points) and dates ISO 8601: never localised, never a word of a
language. The standings and side rankings are presenters.records' (the same records as the ``standings`` command's
JSON); the figures of a seat are the overview's (selectors.overview), which the public pages show."""

from scoring.series import SUM_BEST
from scoring.standings import session_result
from scoring.statistics import machine_figures
from tournament.models import Registration, Session, Tournament
from tournament.presenters.records import json_number, standing_row
from tournament.selectors.history import History
from tournament.selectors.overview import Overview
from tournament.selectors.players import PlayerInfo, player_infos
from tournament.selectors.seating import player_schedule
from tournament.selectors.session_seats import SeatLine, session_seats
from tournament.selectors.side_rankings import shown_rankings
from tournament.selectors.statistics import PersonStatistics
from tournament.selectors.visibility import PUBLIC, standings_visible


def _iso(value) -> str | None:
    return None if value is None else value.isoformat()


def tournament_record(tournament: Tournament) -> dict:
    """A tournament as the list and the detail show it."""
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "short_name": tournament.short_name,
        "city": tournament.city,
        "country": tournament.country,
        "start_date": _iso(tournament.start_date),
        "end_date": _iso(tournament.end_date),
        "ruleset": tournament.ruleset,
        "language": tournament.language,
        "standings_visible": standings_visible(tournament, PUBLIC),
    }


def tournament_detail(tournament: Tournament, view: Overview) -> dict:
    """The detail: the list's fields, the players and sessions counted, the sessions with results, and the side
    rankings shown (none while the standings are hidden)."""
    shown = shown_rankings(tournament) if standings_visible(tournament, PUBLIC) else ()
    return tournament_record(tournament) | {
        "players": len(view.latest.players),
        "sessions": len(view.progress),
        "sessions_with_results": list(view.sessions),
        "rankings": [{"kind": ranking.kind, "category": ranking.category or None} for ranking in shown],
    }


def player_record(info: PlayerInfo) -> dict:
    return {
        "key": info.key,
        "first_name": info.first_name,
        "last_name": info.last_name,
        "ema_id": info.ema_id,
        "country": info.country,
        "club": info.club,
        "team": info.team,
        "status": info.status,
    }


def player_records(tournament: Tournament) -> list[dict]:
    """Every registered player, in alphabetical order (selectors.players)."""
    return [player_record(info) for info in player_infos(tournament).values()]


def player_detail(tournament: Tournament, view: Overview, registration: Registration) -> dict:
    """A player: their registration, their published seats and, while the standings are shown, their row of the
    standings (rank, each session's figures, total: presenters.records.standing_row, as the command's JSON)."""
    info = view.latest.players.get(registration.pk)
    if info is None:  # registered after the overview's stamp: read now
        info = player_infos(tournament)[registration.pk]
    seats = [
        {
            "session": line.session.number,
            "table": line.seat.table.number,
            "wind": line.seat.wind,
            "substitute": line.substitute or None,
        }
        for line in player_schedule(tournament, registration)
        if line.seat is not None and not line.substitutes_for
    ]
    standing = None
    if standings_visible(tournament, PUBLIC):
        row = next((row for row in view.latest.rows if row.player == registration.pk), None)
        if row is not None:
            found = standing_row(view.latest, row)
            standing = {name: found[name] for name in ("rank", "tied", "sessions", "total")}
    return player_record(info) | {"seats": seats, "standing": standing}


def session_record(view: Overview, session: Session) -> dict:
    """A session as the list shows it: its time, whether its seating is published, its tables and how many have a
    counted result."""
    progress = view.session_progress(session.number)
    tables = progress.tables if progress else ()
    counted = sum(1 for table in tables if (session.number, table.table) in view.tables)
    return {
        "number": session.number,
        "starts_at": _iso(session.starts_at),
        "duration_minutes": session.duration_minutes,
        "seating_published": session.seating_published,
        "tables": len(tables),
        "tables_with_results": counted,
    }


def session_detail(view: Overview, session: Session) -> dict:
    """A session with its tables in order, each seat in seat order (E, S, W, N) and, once the table's result
    counts, the seat's figures as the session page shows them (raw, place, score, uma, penalties, total); no
    tables while its seating is not published."""
    tables = session_seats(session.pk) if session.seating_published else {}
    return session_record(view, session) | {
        "tables": [_table(view, session.number, number, seats) for number, seats in tables.items()],
    }


def _table(view: Overview, session: int, number: int, seats: list[SeatLine]) -> dict:
    scored = view.tables.get((session, number))
    outcomes = {outcome.player: outcome for outcome in scored.outcomes} if scored else {}
    return {
        "table": number,
        "result": scored is not None,
        "unconfirmed": (session, number) in view.unconfirmed,
        "seats": [_seat(view, session, seat, outcomes.get(seat.registration_id)) for seat in seats],
    }


def _seat(view: Overview, session: int, seat: SeatLine, outcome) -> dict:
    line = {
        "wind": seat.wind,
        "player": seat.key,
        "first_name": seat.first_name,
        "last_name": seat.last_name,
        "substitute": seat.substitute or None,
        "figures": None,
    }
    if outcome is not None:
        deducted = sum(note.points for note in view.penalties.get((seat.registration_id, session), ()))
        line["figures"] = {
            "raw": outcome.raw,
            "place": outcome.place,
            "score": outcome.score,
            "uma": outcome.uma,
            "penalties": deducted,
            "total": session_result(outcome, deducted),
            "substitute": outcome.substitute or None,
        }
    return line


def person_record(history: History, statistics: PersonStatistics) -> dict:
    """A person across tournaments as their public history page shows them (selectors.history: the public
    tournaments they played, latest first, with place, players, total and base rank where the final standings
    are public, null otherwise; the public series they are ranked in), and their statistics from the score sheets
    over the tournaments the public sees with their standings (selectors.statistics.person_statistics), per
    tournament and summed, in the figures of the ``statistics`` command."""
    player = history.player
    return {
        "ema_id": player.ema_id,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "country": player.country,
        "tournaments": [
            {
                "tournament": line.slug,
                "name": line.name,
                "last_day": line.last_day.isoformat(),
                "player": line.key,
                "place": line.place,
                "players": line.players,
                "total": line.total,
                "base_rank": line.base_rank,
            }
            for line in history.lines
        ],
        "series": [
            {
                "series": place.slug,
                "name": place.name,
                "rule": place.rule,
                "rank": place.rank,
                "score": int(place.score) if place.rule == SUM_BEST else float(place.score),
            }
            for place in history.series
        ],
        "statistics": {
            "tournaments": [
                {"tournament": item.tournament.slug, **_figures(item.tally)}
                for item in statistics.tournaments
            ],
            "total": _figures(statistics.total),
        },
    }


def _figures(tally) -> dict:
    return {key: json_number(value) for key, value in machine_figures(tally).items()}
