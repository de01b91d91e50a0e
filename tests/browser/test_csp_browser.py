"""Under the Content-Security-Policy the page's script (static/js/tenbou.js) still does what the inline handlers
did, and the browser reports no blocked script or style."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_language_links_switch_and_the_menu_sends_without_inline_script_nothing_blocked(
    live_server, demo, phone
):
    blocked = []
    phone.on(
        "console",
        lambda message: blocked.append(message.text) if "Content Security Policy" in message.text else None,
    )
    phone.goto(f"{live_server.url}/t/demo/standings/?after=3")
    assert phone.evaluate("document.documentElement.lang") == "en"
    assert phone.context.cookies() == []  # nothing kept for a reader who chose nothing
    phone.locator(".language a[hreflang=nl]").click()
    phone.wait_for_function("document.documentElement.lang === 'nl'")
    assert phone.url.endswith("/t/demo/standings/?after=3")  # the same page, its query too
    assert phone.locator(".language [aria-current]").inner_text().startswith("NL")
    assert [cookie["name"] for cookie in phone.context.cookies()] == ["django_language"]
    phone.select_option("#after", "2")
    phone.wait_for_url("**after=2")
    assert blocked == []
