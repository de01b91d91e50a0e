"""The refusals about series (tournament/services/series.py, the ``series`` command and the organiser's series
page): keyed by code, ``series`` and ``tournament`` are names or short addresses as the caller gives them."""

from django.utils.translation import gettext_lazy

MESSAGES = {
    "series_slug_taken": gettext_lazy("A series with the short address %(slug)s exists already."),
    "series_name_missing": gettext_lazy("A series needs a name."),
    "series_rule": gettext_lazy("Unknown ranking rule %(rule)s; the rules are %(rules)s."),
    "series_best": gettext_lazy("The best tournaments counted must be from 1 to %(limit)s, not %(best)s."),
    "series_minimum": gettext_lazy(
        "The tournaments needed to be ranked must be from 1 to %(limit)s, not %(minimum)s."
    ),
    "series_best_needed": gettext_lazy("The rule %(rule)s needs the number of best tournaments counted."),
    "series_mers_counts": gettext_lazy(
        "The EMA ranking (MERS) decides itself how many tournaments count: leave out the best and the minimum."
    ),
    "series_twice": gettext_lazy("%(tournament)s is in the series %(series)s already."),
    "series_not_member": gettext_lazy("%(tournament)s is not in the series %(series)s."),
    "series_full": gettext_lazy("A series has at most %(limit)s tournaments."),
}
