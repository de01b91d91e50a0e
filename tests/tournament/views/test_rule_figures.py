"""Issue 29: every figure of a rule a page shows comes from the tournament's rules (tournament.display.rule_figures),
never from the page's own sentence. The demo tournament with its rules overridden (5.7: at most 5 minutes late,
2,000 points a minute; 5.8: a substituted player gets -10,000 and uma -12,000; 3.4.6: chombo 30,000; 5.9: the
signal 10 minutes before the end): each page that names one of these figures names the overridden one, and the
book's (10 minutes, 1,000 a minute, -15,000 and uma -15,000, 20,000, the 15-minute signal) nowhere."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.models import AuditEntry, Seat, Tournament
from tournament.selectors.check_in import check_in_path
from tournament.services import clock
from tournament.services.attendance import mark

OVERRIDES = {
    "lateness_max_minutes": 5,
    "lateness_points_per_minute": 2_000,
    "substitute_score": -10_000,
    "substitute_uma": -12_000,
    "chombo_points": 30_000,
}
TABLE = "/t/demo/referee/sessions/6/tables/1/"
SUBSTITUTES = "/t/demo/organise/sessions/6/substitutes/"
ATTENDANCE = "/t/demo/referee/sessions/6/attendance/"


@pytest.fixture
def overridden(demo):
    Tournament.objects.filter(pk=demo.pk).update(
        ruleset_overrides={**demo.ruleset_overrides, **OVERRIDES}, signal_minutes=10, self_check_in=True
    )
    demo.refresh_from_db()
    assert demo.rules.lateness_max_minutes == 5 and demo.rules.substitute_uma == -12_000
    return demo


@pytest.fixture
def staff(client, overridden, make_user):
    """An organiser of the demo (the referee's pages and the organiser's substitutes page)."""
    client.force_login(make_user("org", tournament=overridden, role="organiser"))
    return client


def html(client, path: str, language: str = "en") -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def first_seat(demo, wind="E") -> Seat:
    return Seat.objects.select_related("registration__player", "registration__tournament").get(
        session__tournament=demo, session__number=6, table__number=1, wind=wind
    )


def test_the_referees_table_page_names_the_tournaments_lateness_and_chombo(staff):
    page = html(staff, TABLE)
    assert "Lateness: minutes late, 1 to 5, 2,000 points a minute (later is a substitute" in page
    assert "Chombo: 30,000 points, deducted after uma (3.4.6)." in page
    assert "Obstruction: 8,000 or 12,000 points, up to 48,000 in serious cases (5.5)." in page  # the book's
    for default in ("1 to 10", "1,000 points a minute", " 20,000 points"):
        assert default not in page


def test_the_referees_table_page_in_dutch_through_the_one_number_formatter(staff):
    page = html(staff, TABLE, "nl")
    assert "1 tot 5, 2.000 punten per minuut" in page and "Chombo: 30.000 punten" in page
    assert "1 tot 10" not in page and " 20.000 punten" not in page


def test_a_rule_set_that_pays_chombo_at_the_table_names_no_chombo_after_uma(staff, overridden):
    Tournament.objects.filter(pk=overridden.pk).update(ruleset="ema-2008", ruleset_overrides={})
    page = html(staff, TABLE)
    assert "Chombo: " not in page  # 2008 3.4.6: a reverse mangan, in the raw points
    assert "1 to 10, 1,000 points a minute" in page


def test_the_substitutes_page_names_the_tournaments_substitute_score_and_uma(staff):
    page = html(staff, SUBSTITUTES)
    assert "the registered player gets \u221210,000 and uma \u221212,000." in page
    assert "15,000" not in page
    assert "de ingeschreven speler krijgt \u221210.000 en uma \u221212.000." in html(staff, SUBSTITUTES, "nl")


def test_the_score_sheet_names_the_tournaments_signal(staff, overridden):
    page = html(staff, TABLE + "sheet/")
    assert "The 10-minute signal sounded" in page and "15-minute" not in page
    Tournament.objects.filter(pk=overridden.pk).update(signal_minutes=0)
    page = html(staff, TABLE + "sheet/")
    assert "The time signal sounded" in page and "-minute signal" not in page


def test_the_attendance_page_proposes_by_the_tournaments_points_per_minute(staff, overridden):
    """3 minutes late at 2,000 a minute is 6,000 (5.7): on the page and in the audit entry."""
    session = overridden.sessions.get(number=6)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=2, seconds=30))
    staff.post(ATTENDANCE + "mark/", {"key": first_seat(overridden).registration.key, "present": "arrived"})
    page = html(staff, ATTENDANCE)
    assert "came 3 minutes late" in page and "Proposed: a lateness penalty of 6,000 points." in page
    entry = AuditEntry.objects.get(action="attendance.arrived")
    assert "3 minutes late: a lateness penalty of 6,000 proposed" in entry.summary
    assert entry.data["proposed"] == 6_000 and "3,000" not in page


def test_the_attendance_page_proposes_a_substitute_past_the_tournaments_limit(staff, overridden):
    """5:01 is more than the tournament's 5 minutes: a substitute, not a penalty (5.7)."""
    session = overridden.sessions.get(number=6)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=5, seconds=30))
    staff.post(ATTENDANCE + "mark/", {"key": first_seat(overridden).registration.key, "present": "arrived"})
    page = html(staff, ATTENDANCE)
    assert "came more than 5 minutes after the start: a substitute takes the seat (5.7)" in page
    assert "more than 10 minutes" not in page
    entry = AuditEntry.objects.get(action="attendance.arrived")
    assert "more than 5 minutes late: a substitute proposed" in entry.summary and entry.data["limit"] == 5


def test_the_check_in_page_names_the_tournaments_limit(client, overridden):
    player = first_seat(overridden).registration
    mark(actor=None, tournament=overridden, session_number=6, key=player.key, present=False)
    session = overridden.sessions.get(number=6)
    clock.start_clock(actor=None, session=session, at=timezone.now() - timedelta(minutes=6))
    page = html(client, check_in_path(player))
    assert "Session 6 started more than 5 minutes ago: you are late." in page
    assert "more than 10 minutes" not in page
