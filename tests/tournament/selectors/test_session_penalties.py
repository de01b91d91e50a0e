"""selectors.session_penalties: each session's penalties for the organiser's dashboard, cancelled ones kept with no
change to the standings and not counted, in one query."""

from tournament.selectors.session_penalties import penalties_by_session
from tournament.services import penalties
from tournament.services.tournaments import create_tournament


def test_penalties_by_session_with_what_each_changes(small, django_assert_num_queries):
    """conftest.py: p02 chombo -20,000 (3.4.6), p07 3 minutes late -3,000 (5.7), p05's obstruction cancelled: 0."""
    warned = penalties.give_penalty(
        actor=None,
        registration=small.regs["p08"],
        session=small.two,
        kind="warning",
        reason="phone on the table",
    )
    with django_assert_num_queries(1):
        found = penalties_by_session(small.tournament)
        lines = {
            number: [
                (p.registration.key, p.registration.player.last_name, p.kind, p.cancelled, p.change)
                for p in given.listed
            ]
            for number, given in found.items()
        }
    assert lines == {
        1: [
            ("p02", "Last02", "chombo", False, -20_000),
            ("p07", "Last07", "lateness", False, -3_000),
            ("p05", "Last05", "obstruction", True, 0),
        ],
        2: [("p08", "Last08", "warning", False, 0)],
    }
    assert found[2].listed[0].pk == warned.pk
    # counted: the penalties not cancelled (selectors.penalties.active_penalties)
    assert [(found[n].counted, found[n].cancelled) for n in (1, 2)] == [(2, 1), (1, 0)]


def test_no_penalties(db):
    assert penalties_by_session(create_tournament(actor=None, slug="calm", name="Calm Open")) == {}
