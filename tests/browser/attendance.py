"""Driving the referee's attendance page on a phone, as the browser tests of the tournament day do."""

import re


def tap(page, name: str, button: str):
    """The button 'Present', 'Absent' or 'Arrived now' of one player's line (its accessible name carries the
    player's name), checked to be a 44 px target, and the page it posts to."""
    target = page.get_by_role("button", name=re.compile(rf"^{button} ?: {re.escape(name)}$"))
    assert target.bounding_box()["height"] >= 44, f"{button} for {name} is under 44 px"
    with page.expect_navigation():
        target.tap()
