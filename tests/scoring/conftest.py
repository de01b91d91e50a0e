"""The rule tests under `make mutation` (docs/developers.md, "Running the tests"): mutmut runs the tests that reach
each of some thousands of small changes, so the property tests (Hypothesis) draw fewer examples there
(TENBOU_MUTATION=1, set by scripts/mutation.sh); every hand-worked case runs as always. `make test` keeps each
test's own number."""

import os

from hypothesis import settings

MUTATION_EXAMPLES = 15

settings.register_profile("mutation", max_examples=MUTATION_EXAMPLES, deadline=None)
if os.environ.get("TENBOU_MUTATION"):
    settings.load_profile("mutation")


def examples(wanted: int) -> int:
    """A property test's number of examples: ``wanted``, or the mutation run's fewer."""
    return min(wanted, MUTATION_EXAMPLES) if os.environ.get("TENBOU_MUTATION") else wanted
