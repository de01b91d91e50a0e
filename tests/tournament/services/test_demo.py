"""services.demo: a believable demo event written through the services (so its audit log is a real event's, every
entry by the command line): players of several countries, a seating, results with a tie, both kinds of substitute
(5.8) and the incidents (a chombo 3.4.6, a late player 5.7, a warning); the day's people (reserves, attendance, a
reserve substituting in the next session); the demo logins only in development."""

import random
from collections import Counter
from datetime import datetime, time
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Count

from scoring.standings import RESERVE
from tournament.models import Attendance, AuditEntry, Penalty, Seat, SeatResult, TableResult, TournamentRole
from tournament.services.demo import PEOPLE, create_demo, demo_people, table_scores


@pytest.fixture
def small_demo(db):
    """The smallest demo the command makes: 16 players (four tables), four sessions, all played."""
    return create_demo(slug="small-demo", n_players=16, n_sessions=4, played=4, seed=7)


def test_the_players_come_from_several_countries_with_their_own_ema_numbers(small_demo):
    people = list(
        small_demo.registrations.exclude(status=RESERVE).values_list(
            "key", "player__country", "player__ema_id"
        )
    )
    assert [key for key, *_ in people] == [f"p{i:02d}" for i in range(1, 17)]
    assert len({country for _k, country, _e in people}) == 15  # one round of the 15 countries, then again
    numbers = [ema_id for _k, country, ema_id in people if ema_id]
    assert len(numbers) == len(set(numbers)) == 15  # the Czech newcomer has none (CZE)
    assert [country for _k, country, ema_id in people if not ema_id] == ["CZE"]


def test_the_sessions_start_four_a_day_seated_and_published(small_demo, settings):
    zone = ZoneInfo(settings.TIME_ZONE)
    starts = [
        datetime.combine(datetime(2026, 5, 9).date(), t, zone)
        for t in (time(10), time(12, 15), time(14, 45), time(17))
    ]
    sessions = list(small_demo.sessions.order_by("number"))
    assert [s.starts_at for s in sessions] == starts
    assert all(s.seating_published and s.tables.count() == 4 for s in sessions)
    assert TableResult.objects.filter(table__session__tournament=small_demo).count() == 16


def test_the_incidents_are_at_tables_the_event_has(small_demo):
    penalties = Penalty.objects.filter(session__tournament=small_demo).order_by("session__number")
    assert [(p.session.number, p.kind, p.minutes, p.reason) for p in penalties] == [
        (2, "chombo", None, ""),
        (3, "lateness", 4, ""),  # 5.7: 4 minutes late, 4,000 points
        (4, "warning", None, "telephone on the table during play"),
    ]
    substituted = SeatResult.objects.filter(result__table__session__tournament=small_demo).exclude(
        substitute=""
    )
    assert [
        (r.result.table.session.number, r.seat.wind, r.substitute, r.substitute_name) for r in substituted
    ] == [(3, "S", "from_start", "Kees Reserve")]


def test_the_second_session_has_a_tie_for_first_at_table_3(small_demo):
    table = small_demo.sessions.get(number=2).tables.get(number=3)
    raws = sorted(table.current_result().seat_results.values_list("raw_score", flat=True), reverse=True)
    assert raws[0] == raws[1] and sum(raws) == 120_000  # 4 x 30,000 (3.6)


def test_every_entry_of_the_demo_is_by_the_command_line(small_demo):
    entries = AuditEntry.objects.filter(tournament=small_demo)
    assert set(entries.values_list("actor", "actor_label")) == {(None, "command line")}
    counts = dict(entries.values_list("action").annotate(n=Count("id")).values_list("action", "n"))
    assert counts == {
        "tournament.create": 1,
        "player.register": 18,  # 16 players and 2 reserves
        "session.create": 1,
        "seating.set": 4,
        "seating.publish": 1,
        "result.enter": 16,
        "penalty.give": 3,
        "attendance.present": 4 * 18 - 1,  # every session: 16 players and 2 reserves, but the late one
        "attendance.absent": 1,
    }


def test_the_reserves_are_registered_never_seated_and_in_the_hall(small_demo):
    reserves = small_demo.registrations.filter(status=RESERVE).order_by("key")
    assert [(r.key, str(r.player), r.player.country) for r in reserves] == [
        ("r01", "Pieter Smit", "NED"),
        ("r02", "Lotte Peeters", "BEL"),
    ]
    numbers = list(
        small_demo.registrations.exclude(player__ema_id=None).values_list("player__ema_id", flat=True)
    )
    assert len(numbers) == len(set(numbers)) == 17  # the reserves' own, none taken from a player
    assert not Seat.objects.filter(registration__in=reserves).exists()
    marks = Attendance.objects.filter(session__tournament=small_demo)
    assert marks.filter(registration__in=reserves).count() == 2 * 4 and marks.count() == 4 * 18


def test_the_late_player_replaced_from_the_start_is_absent(small_demo):
    """Session 3: more than 10 minutes late, so a substitute from the start (5.7, 5.8), marked absent."""
    absent = Attendance.objects.get(session__tournament=small_demo, present=False)
    late = SeatResult.objects.get(result__table__session__tournament=small_demo, substitute="from_start")
    assert (absent.session.number, absent.registration) == (3, late.seat.registration)


def test_the_next_session_has_an_absent_player_and_a_reserve_substituting(db):
    """Two of four sessions played: in session 3 (no results) one player is absent and reserve r01 plays the
    seat from the start (5.8), checked in; table 8 of the 32-player demo is table 4 of four."""
    demo = create_demo(slug="day-demo", n_players=16, n_sessions=4, played=2, seed=7)
    substituted = Seat.objects.get(session__tournament=demo, substitute_reserve__isnull=False)
    assert (substituted.session.number, substituted.table.number, substituted.wind) == (3, 4, "N")
    assert (substituted.substitute_reserve.key, substituted.substitute_label) == ("r01", "Pieter Smit")
    marks = {
        (a.registration.key, a.present)
        for a in Attendance.objects.filter(session__tournament=demo, session__number=3)
    }
    assert marks == {("r01", True), (substituted.registration.key, False)}
    assert not TableResult.objects.filter(table__session__number=3, table__session__tournament=demo).exists()


def test_no_demo_logins_outside_development(small_demo):
    assert not get_user_model().objects.exists() and not TournamentRole.objects.exists()


def test_the_demo_logins_in_development(db, settings):
    settings.DEBUG = True
    demo = create_demo(slug="dev-demo", n_players=16, n_sessions=1, played=0)
    users = get_user_model().objects.order_by("username")
    assert [(u.username, u.is_superuser) for u in users] == [
        ("admin", True),
        ("organiser", False),
        ("referee", False),
    ]
    assert users.get(username="organiser").check_password("demo-organiser")
    assert set(TournamentRole.objects.filter(tournament=demo).values_list("user__username", "role")) == {
        ("organiser", "organiser"),
        ("referee", "referee"),
    }


def test_a_table_of_the_demo_adds_up_and_a_tie_is_for_first():
    rng = random.Random(1)
    for _ in range(200):
        raws = table_scores(rng)
        assert sum(raws) == 120_000 and all(raw % 100 == 0 for raw in raws)  # 3.6: 4 x 30,000, in hundreds
        assert -10_000 <= raws[3] <= 80_000
        tie = table_scores(rng, tie_first=True)
        assert sum(tie) == 120_000 and tie[0] == tie[1] > max(tie[2:])


def test_more_people_than_the_pool_get_numbered_last_names():
    pool = sum(len(names) for _country, _prefix, names in PEOPLE)
    people = demo_people(pool + 2, random.Random(1))
    assert [(p["first_name"], p["last_name"]) for p in people[pool:]] == [
        (people[0]["first_name"], people[0]["last_name"] + " 2"),
        (people[1]["first_name"], people[1]["last_name"] + " 2"),
    ]
    numbers = [p["ema_id"] for p in people if p["ema_id"]]
    assert len(numbers) == len(set(numbers))


def test_the_demo_command_shows_teams_categories_and_prizes(db):
    """What `make run` loads shows the side rankings at work: teams of four (16 players make four teams),
    newcomers (the players without an EMA number), two tie-breaks, the rankings shown and the usual prizes."""
    demo = create_demo(slug="side-demo", n_players=16, n_sessions=4, played=2, seed=7, side_rankings=True)
    teams = Counter(demo.registrations.exclude(team="").values_list("team", flat=True))
    assert teams == {"Red Dragons": 4, "White Dragons": 4, "Green Dragons": 4, "East Wind": 4}
    newcomers = [r for r in demo.registrations.select_related("player") if "newcomer" in r.categories]
    assert newcomers and all(not r.player.ema_id for r in newcomers)
    assert demo.tie_breaks == ["best_session", "most_firsts"]
    assert (demo.shown_groups, demo.shown_categories) == (["team", "country"], ["newcomer"])
    places = list(demo.prizes.values_list("ranking", "place"))
    assert places[:4] == [("overall", 1), ("overall", 2), ("overall", 3), ("team", 1)]
