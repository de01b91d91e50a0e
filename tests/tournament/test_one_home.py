"""One home per concept (README "Where things live"): what the app must not compute again beside its home."""

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "tournament"


def lines_matching(pattern: str) -> list[str]:
    return [
        f"{path.relative_to(APP)}:{number}"
        for path in APP.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if re.search(pattern, line)
    ]


def test_nothing_in_the_app_adds_score_and_uma_itself():
    """Pages, exports and the referee's preview take a session's result from scoring.standings.session_result."""
    assert lines_matching(r"\.score\s*\+\s*\w+\.uma|\.result\s*-\s*\w") == []


def test_which_penalties_count_is_asked_of_one_selector():
    """Every read of the penalties that count goes through tournament.selectors.penalties.active_penalties."""
    assert lines_matching(r"cancelled\s*=\s*False") == ["selectors/penalties.py:22"]
