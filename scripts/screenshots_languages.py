"""Screenshots of the pages of issue 21 in every language of the interface (en, nl, de, fr) for people to read:
the player's page, the referee's refusal of a wrong sum, the calculator, the organiser's log and the hall display,
390 px wide (a phone) and 1280 px (a desk; the hall display at 1280 and 1920 px), with headless Chromium (Debian's
/usr/bin/chromium).

    .venv/bin/python scripts/screenshots_languages.py [--out /tmp/shots4] [--widths 390,1280]

It builds the demo event (32 players, 5 of 8 sessions played) in a fresh SQLite file in a temporary folder (never
the project's database), gives it a chombo and a changed setting for the log, runs session 6 with one table entered
and an announcement in every language, serves it with runserver on a free local port and takes the screenshots.
The visitor's language is the language cookie (as the switch sets it); the hall display speaks the tournament's
language, set before it is loaded.
"""

import argparse
import os
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

from local_server import serving

ROOT = Path(__file__).resolve().parent.parent
PHONE, DESK = 390, 1280
HALL_SIZES = ((1280, 720), (1920, 1080))
SLUG = "demo"
PLAYER = "p11"
CALCULATOR = "/calculator/?tiles_form=1&tiles=111m234p567p99s555z&win_tile=9s&melds=pon:111m&seat_wind=S"
CALCULATOR_REFUSED = "/calculator/?tiles_form=1&tiles=234m567p99s234678s&win_tile=8s&dealer=on&seat_wind=S"
WRONG_SUM = ("41000", "30000", "30000", "20000")  # 121,000: 1,000 more than 4 x 30,000 (3.6)
HALL_SLIDES = ("clock", "seating-tables", "seating-names", "standings")
ANNOUNCEMENT = {
    "en": "Lunch break until 13:30: the next session starts at 13:45 sharp",
    "nl": "Lunchpauze tot 13.30 uur: de volgende sessie begint om 13.45 uur",
    "de": "Mittagspause bis 13:30 Uhr: die nächste Runde beginnt pünktlich um 13:45 Uhr",
    "fr": "Pause déjeuner jusqu'à 13 h 30 : la prochaine session commence à 13 h 45 précises",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/shots4", help="folder for the PNG files (default /tmp/shots4)")
    parser.add_argument(
        "--widths", default=f"{PHONE},{DESK}", help="widths of the pages other than the hall's"
    )
    arguments = parser.parse_args()
    out = Path(arguments.out)
    widths = [int(width) for width in arguments.widths.split(",")]
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
    build_event()
    with serving(env) as base:
        take_all(base, out, widths)
    print(f"Screenshots in {out}")


def build_event() -> None:
    """The demo, through the services, with what the log, the referee and the hall display need."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from tournament.models import Registration
    from tournament.services import hall_display
    from tournament.services.clock import start_clock
    from tournament.services.demo import create_demo
    from tournament.services.penalties import give_penalty
    from tournament.services.results import SeatScore, enter_table_result
    from tournament.services.tournaments import update_tournament

    event = create_demo(slug=SLUG)
    organiser = get_user_model().objects.get(username="organiser")
    update_tournament(actor=organiser, tournament=event, confirmation_required=True)
    sixth = event.sessions.get(number=6)
    give_penalty(
        actor=organiser,
        registration=Registration.objects.filter(tournament=event).order_by("key").first(),
        session=sixth,
        kind="chombo",
    )
    start_clock(actor=organiser, session=sixth, at=timezone.now() - timedelta(minutes=20))
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (40_000, 30_000, 30_000, 20_000), strict=True)]
    enter_table_result(actor=organiser, table=sixth.tables.get(number=1), scores=scores)
    hall_display.set_announcement(
        actor=organiser, tournament=event, texts=ANNOUNCEMENT, ends_at=timezone.now() + timedelta(hours=2)
    )
    hall_display.set_hall_display(
        actor=organiser, tournament=event, pages=list(HALL_SLIDES), page_seconds=5, clock_alone=False
    )


def take_all(base: str, out: Path, widths: list[int]) -> None:
    from playwright.sync_api import sync_playwright

    from config.settings import LANGUAGES

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for language, _name in LANGUAGES:
            for width in widths:
                take_pages(browser, base, out, language, width)
            for size in HALL_SIZES:
                take_hall(browser, base, out, language, size)
        browser.close()


def take_pages(browser, base: str, out: Path, language: str, width: int) -> None:
    page = new_page(browser, base, language, width)
    page.goto(f"{base}/t/{SLUG}/players/{PLAYER}/")
    shoot(page, out, "player", width, language)
    page.goto(base + CALCULATOR)
    shoot(page, out, "calculator", width, language)
    page.goto(base + CALCULATOR_REFUSED)
    shoot(page, out, "calculator-refused", width, language)
    log_in(page, base, "referee", "demo-referee")
    page.goto(f"{base}/t/{SLUG}/referee/sessions/6/tables/2/")
    for field, raw in zip(page.locator("input.raw").all(), WRONG_SUM, strict=True):
        field.fill(raw)
    page.locator("#table-form button[type=submit]").first.click()
    page.locator("#table-form > p.field-error").first.wait_for()
    shoot(page, out, "refusal", width, language)
    log_in(page, base, "organiser", "demo-organiser")
    page.goto(f"{base}/t/{SLUG}/organise/log/")
    shoot(page, out, "log", width, language)
    page.context.close()


def take_hall(browser, base: str, out: Path, language: str, size: tuple[int, int]) -> None:
    """The hall display speaks the tournament's language: each of its slides as display.js turns to it."""
    from tournament.models import Tournament

    Tournament.objects.filter(slug=SLUG).update(language=language)
    width, height = size
    page = new_page(browser, base, language, width, height)
    page.goto(f"{base}/t/{SLUG}/display/")
    for slide in HALL_SLIDES:
        page.wait_for_selector(f"section.slide-{slide}:not([hidden])", timeout=40_000)
        page.wait_for_timeout(500)
        shoot(page, out, f"display-{slide}", width, language, full_page=False)
    page.context.close()


def new_page(browser, base: str, language: str, width: int, height: int | None = None):
    mobile = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height or (844 if mobile else 900)},
        is_mobile=mobile,
        has_touch=mobile,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    return context.new_page()


def log_in(page, base: str, username: str, password: str) -> None:
    page.context.clear_cookies(name="sessionid")
    page.goto(f"{base}/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state()


def shoot(page, out: Path, name: str, width: int, language: str, *, full_page: bool = True) -> None:
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    note = f"  SCROLLS SIDEWAYS ({wide} px)" if wide > width else ""
    path = out / f"{name}-{width}-{language}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"{path}{note}")


if __name__ == "__main__":
    main()
