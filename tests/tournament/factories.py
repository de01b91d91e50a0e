"""Small events for the seating product tests, built through the services (no tests here).

The shared ``demo`` fixture seats its players by country, which makes the generator search for seconds; these
events use schedules the generator builds at once, so the seating tests stay fast.
"""

import functools
import random

from scoring.seating import generate_schedule
from scoring.table import WINDS
from tournament.models import Registration, Tournament
from tournament.services import players, results, schedule, tournaments
from tournament.services.demo import table_scores
from tournament.services.results import SeatScore


def make_event(slug: str, people, sessions=()) -> Tournament:
    """A tournament with these players (key, first, last, country, club) and the given seating (keys)."""
    tournament = tournaments.create_tournament(actor=None, slug=slug, name=f"Event {slug}")
    for key, first, last, country, club in people:
        players.register_player(
            actor=None,
            tournament=tournament,
            key=key,
            first_name=first,
            last_name=last,
            country=country,
            club=club,
        )
    if sessions:
        by_key = {r.key: r for r in Registration.objects.filter(tournament=tournament)}
        created = schedule.ensure_sessions(actor=None, tournament=tournament, count=len(sessions))
        for session, tables in zip(created, sessions, strict=True):
            schedule.set_session_seating(
                actor=None, session=session, tables=[[by_key[k] for k in table] for table in tables]
            )
    return tournament


def numbered_people(count: int, clubs: int = 0) -> list[tuple]:
    """Players p01, p02, ... from two countries, optionally spread over ``clubs`` clubs."""
    return [
        (
            f"p{i:02d}",
            f"First{i:02d}",
            f"Last{i:02d}",
            "NED" if i % 2 else "GER",
            f"Club {i % clubs}" if clubs else "",
        )
        for i in range(1, count + 1)
    ]


def played_event(
    slug: str = "event", *, n_players: int = 32, n_sessions: int = 8, played: int = 5, seed: int = 1
) -> Tournament:
    """Players p01..pNN, every session seated (by generator index = registration order) and published, and
    results for the first ``played`` sessions."""
    people = numbered_people(n_players)
    plan = _plan(n_players, n_sessions, seed)
    keys = [key for key, *_ in people]
    tournament = make_event(slug, people, [[[keys[p] for p in t] for t in session] for session in plan])
    tournament.sessions.update(seating_published=True)
    rng = random.Random(seed)
    for session in tournament.sessions.filter(number__lte=played):
        for table in session.tables.all():
            scores = [SeatScore(wind, raw) for wind, raw in zip(WINDS, table_scores(rng), strict=True)]
            results.enter_table_result(actor=None, table=table, scores=scores, expected_version=0)
    return tournament


@functools.lru_cache
def _plan(n_players: int, n_sessions: int, seed: int) -> tuple:
    """The generator's schedule, searched once per test process for each size and seed (it is the same every
    time: the search stops on effort, scoring/seating/generator.py)."""
    return tuple(
        tuple(tuple(table) for table in session)
        for session in generate_schedule(n_players, n_sessions, seed=seed)
    )


def made_in_background(client, url: str, data: dict | None = None):
    """POST a page that starts a background job (the immediate task backend runs it at once in tests), check the
    job's page says it is ready, and return the response of the job's file."""
    started = client.post(url, data or {})
    assert started.status_code == 302, f"{url} answered {started.status_code}"
    job_page = started["Location"]
    assert "Download" in client.get(job_page).content.decode()
    return client.get(job_page + "file/")
