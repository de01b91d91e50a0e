"""The figures of a rule set in a template (tournament.display.rule_figures), in the page's language:

{% load rule_figures %}{% rule_figures tournament as rules %} ... {{ rules.lateness_max_minutes }}
{% rule_figures "ema-2016" as rules %} on a page about a rule set in general (no tournament): the named preset's.
"""

from django import template

from scoring.ruleset import Ruleset
from tournament.display.rule_figures import RuleFigures
from tournament.display.rule_figures import rule_figures as figures_of

register = template.Library()


@register.simple_tag
def rule_figures(source) -> RuleFigures:
    """``source``: a tournament (its rules, overrides applied), a rule set, or a preset's key."""
    return figures_of(source if isinstance(source, Ruleset | str) else source.rules)
