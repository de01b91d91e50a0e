"""One home per concept (docs/developers.md, "The map"): what the app must not compute again beside its home."""

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


def files_matching(pattern: str) -> list[str]:
    return sorted({found.split(":")[0] for found in lines_matching(pattern)})


def test_nothing_in_the_app_adds_score_and_uma_itself():
    """Pages, exports and the referee's preview take a session's result from scoring.standings.session_result."""
    assert lines_matching(r"\.score\s*\+\s*\w+\.uma|\.result\s*-\s*\w") == []


def test_which_penalties_count_is_asked_of_one_selector():
    """Every read of the penalties that count goes through tournament.selectors.penalties.active_penalties."""
    assert files_matching(r"cancelled\s*=\s*False") == ["selectors/penalties.py"]


def test_four_to_a_table_is_checked_in_one_place():
    """The number of players is checked by scoring.seating.check_player_count, in words by tournament.errors
    (its table of scoring's refusals)."""
    assert lines_matching(r"%\s*4\b") == []
    assert files_matching(r"needs a multiple of 4") == ["errors/messages/scoring.py"]


def test_a_seat_wind_is_shown_through_the_one_letter_of_each_language():
    """Issue 28: the referee's attendance page wrote the stored "E" where every other page writes the language's
    letter (German "O"): a page shows a stored wind through ``|wind_letter`` or its name (display/winds.py); an
    attribute (a CSS class, a form value) keeps the code. The printed results form is a file to type back, in
    codes."""
    templates = APP.parent / "templates"
    shown = re.compile(r"\{\{ *[\w.]*\.wind *\}\}")
    found = []
    for path in templates.rglob("*.html"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            text = re.sub(r'[\w-]+="[^"]*"', "", line)  # attributes keep the stored code
            if shown.search(text) and path.name != "results_form.html":
                found.append(f"{path.relative_to(templates)}:{number}")
    assert found == []


def test_the_lateness_arithmetic_is_scorings():
    """Issue 29: the minutes late and the points they cost are computed by scoring.penalties (late_arrival,
    late_between, lateness_points); the app never multiplies the points a minute or divides seconds itself."""
    assert lines_matching(r"lateness_points_per_minute\s*\*|\*\s*\S*lateness_points_per_minute") == []
    assert lines_matching(r"late_arrival\(\s*\(") == []  # seconds from a subtraction: late_between's


def test_no_template_writes_a_figure_of_a_rule():
    """Issue 29: a page names a rule's figure (points, minutes) from the tournament's rules through
    tournament.display.rule_figures and the number formatter, never as a grouped number of its own ('15,000')."""
    templates = APP.parent / "templates"
    written = [
        f"{path.relative_to(templates)}:{number}"
        for path in templates.rglob("*.html")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\d{1,3},\d{3}|\b1 to 10\b", line)
    ]
    assert written == []
