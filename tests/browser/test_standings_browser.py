import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_standings_on_a_phone(live_server, demo, phone, tmp_path):
    phone.goto(f"{live_server.url}/t/demo/standings/")
    assert phone.locator("h1").inner_text() == "Tenbou Demo Open 2026"
    rows = phone.locator("table.standings tbody tr")
    assert rows.count() == 32
    first = rows.nth(0).locator("td").all_inner_texts()
    # rank (with the places gained since the session before, e.g. "1 ▲3"), player, total
    assert first[0].split()[0] == "1" and first[2].startswith("+")
    # the page fits the phone's width; the wide table scrolls inside its own box
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "standings-phone.png"), full_page=True)


def test_after_session_choice_reloads_the_standings(live_server, demo, phone):
    phone.goto(f"{live_server.url}/t/demo/standings/")
    phone.select_option("#after", "2")
    phone.wait_for_url("**after=2")
    assert "after session 2" in phone.locator("h2").inner_text()
    headers = phone.locator("table.standings thead th").all_inner_texts()
    assert [h for h in headers if h.upper().startswith("S") and h[1:].isdigit()] == ["S1", "S2"]
