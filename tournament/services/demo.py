"""A believable demo event: players from several countries (accented names, EMA numbers), a schedule, and
results for the first sessions including a tie, a chombo, a late player and both kinds of substitute. The day's
people too: two reserves, who was in the hall for each played session, and in the next session one player absent
with a reserve substituting from the start (5.8).

Everything is written through the services, so the demo also fills the audit log as a real event would.
"""

import random
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings

from scoring.limits import DEMO_TIME_BUDGET
from scoring.seating import generate_schedule
from scoring.standings import RESERVE
from scoring.table import FROM_START, MID_SESSION, WINDS
from tournament.models import Tournament
from tournament.services import (
    attendance,
    penalties,
    players,
    prizes,
    results,
    schedule,
    seating,
    substitutes,
    tournaments,
)
from tournament.services.results import SeatScore

# country, EMA number prefix (None: no EMA number yet), people
PEOPLE = [
    ("NED", "08", ["Anna de Vries", "Joris van den Berg", "Maartje Bakker", "Sanne Visser", "Daan Jansen"]),
    ("GER", "05", ["Jürgen Müller", "Lena Weiß", "Björn Schäfer", "Şükrü Yılmaz", "Käthe Groß"]),
    ("DEN", "03", ["Søren Kjær", "Astrid Møller", "Mads Sørensen"]),
    ("FRA", "04", ["Élodie Lefèvre", "François Dubois", "Chloé Girard"]),
    ("POL", "19", ["Łukasz Wiśniewski", "Zofia Wójcik", "Michał Kowalczyk"]),
    ("HUN", "06", ["Ádám Szűcs", "Zsófia Kovács"]),
    ("SWE", "09", ["Åsa Lindqvist", "Björn Ångström"]),
    ("FIN", "14", ["Väinö Mäkinen", "Aino Järvinen"]),
    ("ESP", "10", ["José Muñoz", "Íñigo Peña"]),
    ("POR", "12", ["João Gonçalves", "Inês Conceição"]),
    ("ITA", "07", ["Niccolò Ricci", "Giulia D'Angelo"]),
    ("SUI", "16", ["Mélanie Zürcher", "Reto Brändli"]),
    ("AUT", "01", ["Hannes Größ", "Marlène Wögerbauer"]),
    ("CZE", None, ["Jiří Dvořák", "Tereza Nováková"]),
    ("GBR", "11", ["Oliver Smith", "Siobhán O'Brien"]),
]

# the reserves r01, r02: country, EMA number (made unique among the players'), first name, last name
RESERVES = [("NED", "08000417", "Pieter", "Smit"), ("BEL", "02000233", "Lotte", "Peeters")]
# the next session's absent player: this seat of the 32-player demo (moved like the incidents, _at)
ABSENT_SEAT = (8, "N")
DEMO_LOGINS = [("organiser", "demo-organiser", "organiser"), ("referee", "demo-referee", "referee")]
SESSIONS_PER_DAY = 4
SESSION_STARTS = [time(10, 0), time(12, 15), time(14, 45), time(17, 0)]


def demo_people(count: int, rng: random.Random) -> list[dict]:
    """``count`` distinct people from several countries, with EMA numbers (the Czech newcomers have none)."""
    rounds = range(max(len(names) for _, _, names in PEOPLE))
    pool = [
        (country, prefix, *names[round_].split(" ", 1))
        for round_ in rounds
        for country, prefix, names in PEOPLE
        if round_ < len(names)
    ]
    people = []
    for index in range(count):
        country, prefix, first, last = pool[index % len(pool)]
        if index >= len(pool):
            last = f"{last} {index // len(pool) + 1}"
        ema_id = f"{prefix}{rng.randrange(10**6):06d}" if prefix else None
        people.append(
            {
                "first_name": first,
                "last_name": last,
                "country": country,
                "ema_id": ema_id,
                "club": f"{country} Riichi Club {rng.randint(1, 3)}",
            }
        )
    return _unique_ema_ids(people)


def _unique_ema_ids(people: list[dict]) -> list[dict]:
    seen = set()
    for person in people:
        while person["ema_id"] in seen:
            person["ema_id"] = f"{person['ema_id'][:2]}{(int(person['ema_id'][2:]) + 1) % 10**6:06d}"
        if person["ema_id"]:
            seen.add(person["ema_id"])
    return people


def table_scores(rng: random.Random, *, tie_first: bool = False) -> list[int]:
    """Four raw scores, multiples of 100, adding up to 120,000, spread like real hanchan results."""
    while True:
        deltas = [round(rng.gauss(0, 11_000) / 100) * 100 for _ in range(3)]
        if tie_first:
            deltas[1] = deltas[0] = abs(deltas[0]) + 2_000
        raws = [30_000 + d for d in deltas]
        raws.append(120_000 - sum(raws))
        if -10_000 <= raws[3] <= 80_000 and (not tie_first or raws[0] > max(raws[2:])):
            return raws


def create_demo(
    *,
    slug: str = "demo",
    n_players: int = 32,
    n_sessions: int = 8,
    played: int = 5,
    seed: int = 2026,
    side_rankings: bool = False,
):
    rng = random.Random(seed)
    first_day = date(2026, 5, 9)
    days = (n_sessions + SESSIONS_PER_DAY - 1) // SESSIONS_PER_DAY
    tournament = tournaments.create_tournament(
        actor=None,
        slug=slug,
        name="Tenbou Demo Open 2026",
        short_name="DEMO26",
        city="Utrecht",
        country="NED",
        start_date=first_day,
        end_date=first_day + timedelta(days=days - 1),
    )
    people = demo_people(n_players, rng)
    registrations = [
        players.register_player(
            actor=None,
            tournament=tournament,
            key=f"p{i + 1:02d}",
            **person,
            **_side(i, person, side_rankings),
        )
        for i, person in enumerate(people)
    ]
    reserves = _reserves(tournament, people)
    sessions = schedule.ensure_sessions(
        actor=None, tournament=tournament, count=n_sessions, starts=_starts(first_day, n_sessions)
    )
    # The search's own effort decides when it stops, never the clock: the same seed gives the same demo on a slow
    # or busy machine too (the tests read its figures; DEMO_TIME_BUDGET only bounds a machine gone wrong).
    plan = generate_schedule(
        n_players,
        n_sessions,
        seed=seed,
        groups=[r.player.country for r in registrations],
        time_budget=DEMO_TIME_BUDGET,
    )
    for session, tables in zip(sessions, plan, strict=True):
        schedule.set_session_seating(
            actor=None, session=session, tables=[[registrations[p] for p in t] for t in tables]
        )
    seating.publish_seating(actor=None, tournament=tournament, numbers=[s.number for s in sessions])
    for session in sessions[:played]:
        _attend(session, reserves)
        _play(session, rng)
    _incidents(sessions[:played])
    if played < n_sessions:
        _substitute_absent(sessions[played], reserves[0])
    if side_rankings:
        tournament = _prizes(tournament)
    _logins(tournament)
    return tournament


DEMO_TEAMS = ["Red Dragons", "White Dragons", "Green Dragons", "East Wind", "South Wind", "West Wind"]


def _side(index: int, person: dict, wanted: bool) -> dict:
    """A demo player's team and categories: teams of four for the first 22 players (the last a team of two, listed
    after the full teams when the best 3 count), 'newcomer' for the players without an EMA number, 'junior' for
    every seventh."""
    if not wanted:
        return {}
    team = DEMO_TEAMS[index // 4] if index < 4 * len(DEMO_TEAMS) - 2 else ""
    categories = [
        name for name, member in (("newcomer", not person["ema_id"]), ("junior", index % 7 == 3)) if member
    ]
    return {"team": team, "categories": categories}


def _prizes(tournament: Tournament) -> Tournament:
    """The side rankings on the public pages (teams of best 3, countries, newcomers), two tie-breaks for prizes,
    and the usual prizes, so a new organiser sees them at work."""
    tournament = tournaments.set_rankings(
        actor=None,
        tournament=tournament,
        tie_breaks=["best_session", "most_firsts"],
        team_best=3,
        country_best=3,
        club_best=None,
        shown_groups=["team", "country"],
        shown_categories=["newcomer"],
    )
    prizes.add_usual_prizes(actor=None, tournament=tournament)
    return tournament


def _reserves(tournament: Tournament, people: list[dict]) -> list[str]:
    """Register the reserves (never seated, never ranked); their EMA numbers are kept apart from the players'."""
    wanted = [
        {
            "country": country,
            "ema_id": ema_id,
            "first_name": first,
            "last_name": last,
            "club": f"{country} Riichi Club 1",
        }
        for country, ema_id, first, last in RESERVES
    ]
    keys = []
    for index, person in enumerate(_unique_ema_ids([*people, *wanted])[len(people) :]):
        key = f"r{index + 1:02d}"
        players.register_player(actor=None, tournament=tournament, key=key, status=RESERVE, **person)
        keys.append(key)
    return keys


def _attend(session, reserves: list[str]) -> None:
    """Who was in the hall: every seated player and the reserves, except the player of session 3 replaced from the
    start for being more than 10 minutes late (5.7, _substitution)."""
    absent = [
        seat.registration.key
        for seat in session.seats.select_related("table", "registration")
        if _substitution(session.number, seat.table.number, seat.wind, session.tables.count())[0]
        == FROM_START
    ]
    seated = session.seats.exclude(registration__key__in=absent).order_by("registration__key")
    attendance.mark_many(
        actor=None,
        tournament=session.tournament,
        session_number=session.number,
        present=[*seated.values_list("registration__key", flat=True), *reserves],
        absent=absent,
    )


def _substitute_absent(session, reserve: str) -> None:
    """The next session: the reserve checked in and plays the seat of an absent player from the start (5.8)."""
    table, wind = ABSENT_SEAT
    seat = session.seats.get(table__number=_at(table, session.tables.count()), wind=wind)
    attendance.mark(
        actor=None, tournament=session.tournament, session_number=session.number, key=reserve, present=True
    )
    substitutes.substitute(
        tournament=session.tournament,
        session_number=session.number,
        player_key=seat.registration.key,
        reserve_key=reserve,
        actor=None,
    )


def _starts(first_day: date, count: int) -> list[datetime]:
    zone = ZoneInfo(settings.TIME_ZONE)
    return [
        datetime.combine(
            first_day + timedelta(days=i // SESSIONS_PER_DAY), SESSION_STARTS[i % SESSIONS_PER_DAY], zone
        )
        for i in range(count)
    ]


def _play(session, rng: random.Random) -> None:
    tables = list(session.tables.all())
    for table in tables:
        raws = table_scores(rng, tie_first=(session.number == 2 and table.number == _at(3, len(tables))))
        scores = [
            SeatScore(wind, raw, *_substitution(session.number, table.number, wind, len(tables)))
            for wind, raw in zip(WINDS, raws, strict=True)
        ]
        results.enter_table_result(actor=None, table=table, scores=scores, expected_version=0)


def _at(table: int, tables: int) -> int:
    """Where an incident placed at ``table`` of the 32-player demo happens in an event of ``tables`` tables."""
    return (table - 1) % tables + 1


def _substitution(session: int, table: int, wind: str, tables: int) -> tuple[str, str]:
    """Session 3: a player more than 10 minutes late is replaced from the start; session 5: one falls ill."""
    if (session, table, wind) == (3, _at(2, tables), "S"):
        return FROM_START, "Kees Reserve"
    if (session, table, wind) == (5, _at(4, tables), "W"):
        return MID_SESSION, "Kees Reserve"
    return "", ""


def _incidents(played: list) -> None:
    def seat(session, table, wind):
        placed = _at(table, session.tables.count())
        return session.seats.get(table__number=placed, wind=wind).registration

    if len(played) >= 2:
        penalties.give_penalty(
            actor=None, registration=seat(played[1], 1, "N"), session=played[1], kind="chombo"
        )
    if len(played) >= 3:
        penalties.give_penalty(
            actor=None, registration=seat(played[2], 4, "E"), session=played[2], kind="lateness", minutes=4
        )
    if len(played) >= 4:
        penalties.give_penalty(
            actor=None,
            registration=seat(played[3], 6, "W"),
            session=played[3],
            kind="warning",
            reason="telephone on the table during play",
        )


def _logins(tournament: Tournament) -> list[tuple[str, str]]:
    """Demo users with known passwords, only in development (DEBUG): they would be a hole in production."""
    if not settings.DEBUG:
        return []
    from django.contrib.auth import get_user_model

    user_model = get_user_model()
    admin, created = user_model.objects.get_or_create(
        username="admin", defaults={"is_staff": True, "is_superuser": True}
    )
    if created:
        admin.set_password("demo-admin")
        admin.save()
    for username, password, role in DEMO_LOGINS:
        user, created = user_model.objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.save()
        tournaments.grant_role(actor=None, tournament=tournament, user=user, role=role)
    return [("admin", "demo-admin"), *[(u, p) for u, p, _ in DEMO_LOGINS]]
