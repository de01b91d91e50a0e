"""The guides' screenshots (docs/img/): the demo of `make run`, in English, with headless Chromium (Debian's
/usr/bin/chromium).

    .venv/bin/python scripts/screenshots_guides.py [--port 8108] [--out docs/img]

It loads the demo (`manage.py demo`, as `make run` does) into a fresh SQLite file in a temporary folder (never the
project's database), serves it with runserver on the port and takes the pictures the README and the guides show:
the public standings, the organiser's dashboard, the hall display, and on a phone the referee's session, the table
form and the attendance page. Run it again after a page changes and commit the PNG files it writes.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from local_server import serving

ROOT = Path(__file__).resolve().parent.parent
WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# name: (path, viewport, login, full page)
PICTURES = {
    "standings": ("/t/demo/standings/", WIDE, None, False),
    "dashboard": ("/t/demo/organise/", WIDE, "organiser", False),
    "display": ("/t/demo/display/", {"width": 1280, "height": 720}, None, False),
    "referee-session": ("/t/demo/referee/sessions/6/", PHONE, "referee", False),
    "referee-table": ("/t/demo/referee/sessions/6/tables/1/", PHONE, "referee", True),
    "attendance": ("/t/demo/referee/sessions/6/attendance/", PHONE, "referee", False),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8108, help="the local port runserver uses (default 8108)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"), help="folder for the PNG files")
    arguments = parser.parse_args()
    out = Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="tenbou-guides-"))
    address = f"127.0.0.1:{arguments.port}"
    env = {
        **os.environ,
        "DJANGO_DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{folder / 'guides.sqlite3'}",
        "TENBOU_BACKUP_DIR": str(folder / "backups"),
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "demo", "--if-missing", "--address", address], cwd=ROOT, env=env, check=True)
    with serving(env, address) as base:
        take_all(base, out)


def take_all(base: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, (path, viewport, login, full_page) in PICTURES.items():
            mobile = viewport["width"] < 600
            context = browser.new_context(
                viewport=viewport, is_mobile=mobile, has_touch=mobile, locale="en-GB"
            )
            page = context.new_page()
            if login:
                page.goto(f"{base}/accounts/login/")
                page.locator("input[name=username]").fill(login)
                page.locator("input[name=password]").fill(f"demo-{login}")
                page.locator("form button[type=submit]").click()
                page.wait_for_load_state()
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            if name == "display":
                page.wait_for_timeout(2500)  # display.js has shown its first page
            target = out / f"{name}.png"
            page.screenshot(path=str(target), full_page=full_page)
            print(target)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
