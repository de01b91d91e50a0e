"""The figures of a rule set as people read them (issue 29): a page that says how many minutes of lateness are a
penalty, what a substituted player gets or what an obstruction costs takes the figures from here, never from its
own sentence, so a tournament that overrides a rule (``scoring.ruleset.OVERRIDABLE``) reads its own figures. A
tournament's page gives the tournament's rules (``Tournament.rules``); a page about a rule set in general gives the
named preset (``scoring.ruleset.PRESETS``). Every figure goes through the one number formatter
(``tournament.display.numbers``), in the page's language: '−15,000' in English, '−15.000' in Dutch."""

from typing import NamedTuple

from scoring.penalties import OBSTRUCTION_LOW, OBSTRUCTION_RANGE
from scoring.ruleset import PRESETS, Ruleset
from tournament.display.numbers import points_full, whole


class RuleFigures(NamedTuple):
    lateness_max_minutes: str  # 5.7: '10'
    lateness_points_per_minute: str  # 5.7: '1,000'
    substitute_score: str  # 5.8, signed: '−15,000'
    substitute_uma: str  # 5.8, signed: '−15,000'
    chombo_points: str  # 3.4.6, deducted after uma: '20,000' ('0' where chombo is paid at the table)
    obstruction_low: str  # 5.5, the book's (no rule set changes it): '8,000'
    obstruction_middle: str  # 5.5: '12,000'
    obstruction_high: str  # 5.5: '48,000'


def rule_figures(rules: Ruleset | str, *, language: str | None = None) -> RuleFigures:
    """The figures of ``rules`` (a rule set, or a preset's key) in the active language (or ``language``)."""
    if isinstance(rules, str):
        rules = PRESETS[rules]
    low, high = OBSTRUCTION_RANGE
    return RuleFigures(
        lateness_max_minutes=whole(rules.lateness_max_minutes, language=language),
        lateness_points_per_minute=whole(rules.lateness_points_per_minute, language=language),
        substitute_score=points_full(rules.substitute_score, language=language),
        substitute_uma=points_full(rules.substitute_uma, language=language),
        chombo_points=whole(rules.chombo_points, language=language),
        obstruction_low=whole(OBSTRUCTION_LOW, language=language),
        obstruction_middle=whole(low, language=language),
        obstruction_high=whole(high, language=language),
    )
