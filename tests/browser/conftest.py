"""Browser tests: Playwright drives Debian's Chromium against the live test server: its headless shell
(/usr/bin/chromium-headless-shell, the package chromium-headless-shell: the same Blink without the browser's
window, as Playwright's own headless runs use) when installed, else the browser itself (/usr/bin/chromium). The
shell took a third less processor time for the same tests (30.7 against 47.6 s of user and system time for the
layout and rankings tests), and the suite shares two cores with the other run.

They are skipped, with the reason shown, when neither is installed (scripts/system-packages.sh installs them).
"""

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (apt-get install chromium-headless-shell)")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True
    )
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screen(browser):
    """New pages the size of a hall's screen (1920x1080 unless told), each in its own context (another device)."""
    contexts = []

    def open_page(width=1920, height=1080, **options):
        options.setdefault(
            "bypass_csp", True
        )  # the tests' own probes evaluate strings; the pages keep their CSP
        context = browser.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=1, **options
        )
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def shots(tmp_path):
    """Where screenshots go for people to look at: $TENBOU_SCREENSHOTS, or the test's tmp dir."""
    from pathlib import Path

    folder = Path(os.environ.get("TENBOU_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
