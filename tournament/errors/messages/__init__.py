"""The one table of refusals: every code a refusal carries, with its sentence, keyed by code.

A code with more than one sentence (the same refusal said for a file's row and for a form) is keyed
``code/variant``; the error carries the code before the slash. The table is written by area, one module each
(``scoring``: the rules engine's codes; ``people``, ``sessions``, ``results``: the services'), and assembled here
only; a key in two areas is an error at import. tests/tournament/test_error_codes.py proves every entry has its
sentence in every language of settings.LANGUAGES and is made from the parameters its raise sites pass.
"""

from tournament.errors.messages import people, results, scoring, series, sessions

AREAS = {
    "scoring": scoring.SCORING,
    "people": people.MESSAGES,
    "sessions": sessions.MESSAGES,
    "results": results.MESSAGES,
    "series": series.MESSAGES,
}


def _assembled(areas: dict) -> dict:
    table: dict = {}
    for area, messages in areas.items():
        twice = sorted(set(table) & set(messages))
        if twice:
            raise ImportError(f"tournament.errors.messages.{area}: keys in another area too: {twice}")
        table.update(messages)
    return table


MESSAGES = _assembled(AREAS)
SCORING_MESSAGES = scoring.SCORING  # the codes scoring/ raises (tests/tournament/test_error_codes.py)
