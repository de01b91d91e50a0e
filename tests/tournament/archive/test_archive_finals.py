"""The cut in the archive (docs/formats.md, "The cut in the archive"): the session, X, the carry-over, who went
through and how a tie was decided, and the final sessions round-trip byte-identically; the imported tournament has
the same final ranking; a bad cut names its JSON path. The event: tests/scoring/finals_event.py, worked by hand."""

import copy
import json

import pytest

from tests.scoring.finals_event import FINAL_RANKING
from tests.tournament.finals_event import finals_event, play_the_final
from tournament import selectors
from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.readers.archive import ArchiveError, validate_archive
from tournament.services import finals, substitutes
from tournament.services.archive_import import import_archive

pytestmark = pytest.mark.django_db


def keyed(tournament) -> list[tuple]:
    standings = selectors.standings(tournament)
    return [(row.rank, row.tied, standings.player(row).key, row.total) for row in standings.rows]


def test_the_cut_and_the_final_round_trip_byte_identically():
    tournament = finals_event(tie_breaks=("fewest_fourths",))
    finals.make_cut(
        actor=None, tournament=tournament, after_session=6, top=8, carry="halved", decided=("p21",)
    )
    substitutes.substitute(
        tournament=tournament, session_number=7, player_key="p25", guest="Gast Speler", actor=None
    )
    play_the_final(tournament)
    first = dumps_archive(export_archive(tournament))
    data = json.loads(first)
    assert data["cut"] | {"players": data["cut"]["players"][-1:]} == {
        "after_session": 6,
        "top": 8,
        "carry": "halved",
        "sessions": 1,
        "consolation": False,
        "created": [7],
        "players": [{"player": "p21", "group": "final", "place": 8, "how": "organiser"}],
    }
    data["tournament"]["slug"] = "open-copy"
    copy_of = import_archive(actor=None, data=data)
    assert keyed(copy_of) == FINAL_RANKING
    again = json.loads(dumps_archive(export_archive(copy_of)))
    again["tournament"]["slug"] = "open"
    assert dumps_archive(again) == first


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"top": 6}, "cut.top"),
        ({"carry": "doubled"}, "cut.carry"),
        ({"after_session": 9}, "cut.after_session"),
        ({"players": [{"player": "nobody", "group": "final", "place": 1}]}, "cut.players[0].player"),
        ({"sessions": 5}, "cut.sessions"),
    ],
)
def test_a_bad_cut_names_its_path(change, path, finals_open):
    tournament = finals_open
    finals.make_cut(actor=None, tournament=tournament, after_session=6, top=8, carry="halved")
    data = export_archive(tournament)
    bad = copy.deepcopy(data)
    bad["cut"].update(change)
    with pytest.raises(ArchiveError) as refused:
        validate_archive(bad)
    assert path in str(refused.value)
    validate_archive(data)
