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


COUNT_SUBMITS = """(() => {
  window.submits = [];
  HTMLFormElement.prototype.submit = function () { window.submits.push(this.querySelector('select').id); };
})();"""
CHOOSE = """([id, value]) => {
  const select = document.getElementById(id);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return window.submits;
}"""


def test_a_choice_sends_its_form_once(live_server, demo, phone):
    """One binding of select[data-autosubmit] (static/js/tenbou.js), on every page, also after a live refresh."""
    phone.add_init_script(COUNT_SUBMITS)  # counts form.submit() instead of leaving the page
    phone.goto(f"{live_server.url}/t/demo/standings/")
    phone.wait_for_function("window.tenbouLive")
    assert phone.evaluate(CHOOSE, ["after", "2"]) == ["after"]
    # live.js puts a fresh copy of the live part in place: the new select sends its form too, once
    phone.evaluate(
        "(() => { const root = document.querySelector('[data-live]'); root.innerHTML = root.innerHTML; })()"
    )
    assert phone.evaluate(CHOOSE, ["after", "3"]) == ["after", "after"]


OPEN_NOTES = "Array.from(document.querySelectorAll('details.note[open]')).map(d => d.querySelector('summary').textContent)"


def open_notes(page, expected: list[str]) -> list[str]:
    """The open pop-ups once the page has settled on ``expected`` (at most 2 s): a tap's ``toggle`` event, which
    tenbou.js answers, comes in a task of its own after the tap."""
    for _ in range(40):
        if page.evaluate(OPEN_NOTES) == expected:
            break
        page.wait_for_timeout(50)
    return page.evaluate(OPEN_NOTES)


@pytest.mark.parametrize("script", [True, False], ids=["with-script", "without-script"])
def test_one_standings_pop_up_at_a_time_on_a_phone(live_server, demo, browser, script, tmp_path):
    """Issue 28: tapping a second marker left the first pop-up open, the two stacked. Opening one closes the other
    (an exclusive group of details, and tenbou.js for browsers without it); without script too."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, java_script_enabled=script
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/standings/")
    if script:  # the script's part alone, as in a browser that does not know exclusive details
        page.evaluate("document.querySelectorAll('details.note').forEach(d => d.removeAttribute('name'))")
    markers = page.locator("table.standings details.note summary")
    assert markers.count() >= 2
    first, second = markers.nth(0), markers.nth(1)
    first.tap()
    assert open_notes(page, [first.text_content()]) == [first.text_content()]
    second.tap()
    assert open_notes(page, [second.text_content()]) == [second.text_content()]
    page.screenshot(path=str(tmp_path / "standings-pop-up-390.png"))
    second.tap()  # tapping the open one closes it
    assert open_notes(page, []) == []
    context.close()
