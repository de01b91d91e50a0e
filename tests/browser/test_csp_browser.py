"""Under the Content-Security-Policy the page's script (static/js/tenbou.js) still does what the inline handlers
did, and the browser reports no blocked script or style."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_language_menu_switches_without_inline_script_and_nothing_is_blocked(live_server, demo, phone):
    blocked = []
    phone.on(
        "console",
        lambda message: blocked.append(message.text) if "Content Security Policy" in message.text else None,
    )
    phone.goto(f"{live_server.url}/t/demo/standings/")
    assert phone.evaluate("document.documentElement.lang") == "en"
    phone.select_option("#language", "nl")
    phone.wait_for_function("document.documentElement.lang === 'nl'")
    assert phone.url.endswith("/t/demo/standings/")
    assert phone.locator("#language").input_value() == "nl"
    phone.select_option("#after", "2")
    phone.wait_for_url("**after=2")
    assert blocked == []
