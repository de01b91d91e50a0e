"""Screenshots of the tournament day's pages (issue 20) for people to look at: 390 px (a phone) and 1280 px wide, in
English and Dutch (the browser's Accept-Language), with headless Chromium (Debian's /usr/bin/chromium).

    .venv/bin/python scripts/screenshots_tournament_day.py [--out /tmp/shots]

It builds a small demo event in a fresh SQLite file in a temporary folder (never the project's database): 16
players, 4 sessions, 2 played; two reserves; session 3 running for 4 minutes with two players absent (one with a
reserve, one with a guest as substitute), one late (the 5.7 proposal) and one not checked in; session 4 with a
substitute from the start; a withdrawn player; a hall announcement. Then it serves that database with runserver
on a free local port and takes full-page screenshots of the attendance, substitutes and withdrawal pages, the
results-file preview (a file with problems and a good one), the check-in page, the public session page, the hall
display, a substituted player's page and the score-sheet and wall-list previews.
"""

import argparse
import os
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

from local_server import serving

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "shots-pass-123"
WIDTHS = (390, 1280)
LANGUAGES = {"en": "en-GB", "nl": "nl-NL"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/shots", help="folder for the PNG files (default /tmp/shots)")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="tenbou-shots-"))
    env = {
        **os.environ,
        "DJANGO_DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{folder / 'shots.sqlite3'}",
        "TENBOU_BACKUP_DIR": str(folder / "backups"),
        "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
    }
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    paths = build_event(folder)
    with serving(env) as base:
        take_all(base, paths, folder, out)
    print(f"Screenshots in {out}")


def build_event(folder: Path) -> dict:
    """The event, through the services; returns the paths the screenshots need (a check-in link, a player)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from scoring.standings import RESERVE, WITHDRAWN
    from tournament.models import Attendance, Registration, TournamentRole
    from tournament.selectors.check_in import check_in_path
    from tournament.services import attendance, clock, hall_display, players, substitutes
    from tournament.services.demo import create_demo

    event = create_demo(slug="day", n_players=16, n_sessions=4, played=2, seed=20)
    event.self_check_in = True
    event.save(update_fields=["self_check_in"])
    user = get_user_model().objects.create_user("olga", password=PASSWORD, first_name="Olga")
    TournamentRole.objects.create(tournament=event, user=user, role="organiser")
    for key, first, last in (
        ("r01", "Jan", "Jansen"),
        ("r02", "Kees", "Klaassen"),
        ("r03", "Wilma", "de Wit"),
    ):
        players.register_player(
            actor=user, tournament=event, key=key, first_name=first, last_name=last, status=RESERVE
        )
    third, fourth = event.sessions.get(number=3), event.sessions.get(number=4)
    seats = list(third.seats.select_related("registration").order_by("table__number", "wind"))
    keys = [seat.registration.key for seat in seats]
    # session 3: two absent with a substitute each, one late by 4 minutes (the 5.7 proposal), one checked in
    substitutes.substitute(
        tournament=event, session_number=3, player_key=keys[1], reserve_key="r01", actor=user
    )
    substitutes.substitute(
        tournament=event, session_number=3, player_key=keys[6], guest="Piet Gast", actor=user
    )
    attendance.mark(actor=user, tournament=event, session_number=3, key=keys[9], present=False)
    attendance.mark(actor=user, tournament=event, session_number=3, key="r02", present=True)
    for key in keys[2:6]:
        attendance.mark(actor=user, tournament=event, session_number=3, key=key, present=True)
    clock.start_clock(actor=user, session=third, at=timezone.now() - timedelta(minutes=3, seconds=20))
    # the four marked above came before the start (the start is placed in the past, so move their marks too)
    Attendance.objects.filter(session=third, registration__key__in=keys[2:6]).update(
        marked_at=timezone.now() - timedelta(minutes=10)
    )
    attendance.mark(actor=user, tournament=event, session_number=3, key=keys[7], present=True)
    # session 4: a substitute from the start (the hall display shows the next session not started)
    fourth_key = fourth.seats.order_by("table__number", "wind")[2].registration.key
    substitutes.substitute(
        tournament=event, session_number=4, player_key=fourth_key, reserve_key="r03", actor=user
    )
    withdrawn = Registration.objects.get(tournament=event, key=keys[12])
    players.set_status(actor=user, registration=withdrawn, status=WITHDRAWN, reason="ill")
    hall_display.set_announcement(
        actor=user,
        tournament=event,
        texts={
            "en": "Lunch break until 13:30: the next session starts at 13:45 sharp",
            "nl": "Lunchpauze tot 13.30 uur: de volgende sessie begint om 13.45 uur",
        },
        ends_at=timezone.now() + timedelta(hours=2),
    )
    hall_display.set_hall_display(
        actor=user,
        tournament=event,
        pages=["clock", "seating-tables", "seating-names"],
        page_seconds=5,
        clock_alone=False,
    )
    checker = Registration.objects.get(tournament=event, key=keys[0])
    write_results_files(folder, fourth)
    return {"check_in": check_in_path(checker), "player": fourth_key, "withdrawn": withdrawn.key}


def write_results_files(folder: Path, session) -> None:
    """A good results file for the session (every table 120,000) and one with problems."""
    from scoring.standings import WITHDRAWN

    lines = ["session,table,wind,player,score,chombo"]
    raws = (41_200, 33_100, 26_000, 19_700)
    for table in session.tables.order_by("number"):
        seats = sorted(table.seats.select_related("registration"), key=lambda seat: "ESWN".index(seat.wind))
        if any(seat.registration.status == WITHDRAWN for seat in seats):
            continue  # a withdrawn player's table has no result to enter
        for seat, raw in zip(seats, raws, strict=True):
            lines.append(f"{session.number},{table.number},{seat.wind},{seat.registration.key},{raw},0")
    (folder / "good.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad = lines[:]
    bad[2] = bad[2].replace("33100", "33000")  # the table sum is 100 short
    bad[5] = bad[5].replace(",E,", ",N,")  # a wind the player does not sit in
    bad.append(f"{session.number},9,E,zz99,30000,0")  # no table 9, no player zz99
    (folder / "bad.csv").write_text("\n".join(bad) + "\n", encoding="utf-8")


def take_all(base: str, paths: dict, folder: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    pages = {
        "attendance": "/t/day/referee/sessions/3/attendance/",
        "substitutes": "/t/day/organise/sessions/3/substitutes/",
        "withdrawal": f"/t/day/organise/seating/withdrawals/?player={paths['withdrawn']}",
        "check-in": paths["check_in"],
        "session": "/t/day/sessions/4/",
        "session-3": "/t/day/sessions/3/",
        "display": "/t/day/display/",
        "player": f"/t/day/players/{paths['player']}/",
        "score-sheets": "/t/day/print/score-sheets/?session=4",
        "wall-list": "/t/day/print/seating-by-name/?session=4",
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for language, locale in LANGUAGES.items():
            for width in WIDTHS:
                mobile = width < 600
                context = browser.new_context(
                    viewport={"width": width, "height": 844 if mobile else 900},
                    is_mobile=mobile,
                    has_touch=mobile,
                    locale=locale,
                )
                page = context.new_page()
                log_in(page, base, language)
                for name, path in pages.items():
                    page.goto(base + path)
                    if (
                        name == "display"
                    ):  # display.js shows the first page (the clock: session 3 runs), then the next
                        page.wait_for_selector("section.slide-seating-tables:not([hidden])", timeout=40_000)
                    shoot(page, out, name, width, language, full_page=name != "display")
                for name, file in (("results-problems", "bad.csv"), ("results-preview", "good.csv")):
                    page.goto(f"{base}/t/day/organise/results/upload/")
                    page.locator("input[type=file]").set_input_files(str(folder / file))
                    page.locator("form.organise-form button[type=submit]").click()
                    page.wait_for_load_state()
                    shoot(page, out, name, width, language)
                context.close()
        browser.close()


def log_in(page, base: str, language: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("form button[type=submit]").click()
    page.wait_for_load_state()


def shoot(page, out: Path, name: str, width: int, language: str, *, full_page: bool = True) -> None:
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    note = f"  SCROLLS SIDEWAYS ({wide} px)" if wide > width else ""
    path = out / f"{name}-{width}-{language}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"{path}{note}")


if __name__ == "__main__":
    main()
