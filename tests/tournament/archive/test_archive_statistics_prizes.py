"""The prizes of the statistics in the archive (docs/formats.md, "The rankings' settings in the archive"): the
rankings ``most_wins`` and ``highest_hand`` are read and written like the others, export -> import -> export
byte-identical; an unknown ranking is still refused with its path."""

import copy
import json

import pytest

from tests.tournament.archive.test_archive import HAND_WORKED
from tournament.exporters.archive_writer import dumps_archive, export_archive
from tournament.models import Tournament
from tournament.readers.archive import ArchiveError, validate_archive
from tournament.services.archive_import import import_archive

PRIZES = [
    {"kind": "place", "ranking": "most_wins", "place": 1},
    {"title": "Yakuman hunter", "ranking": "highest_hand", "place": 1},
]


def test_the_prizes_of_the_statistics_round_trip(db):
    data = copy.deepcopy(HAND_WORKED) | {"prizes": copy.deepcopy(PRIZES)}
    tournament = import_archive(actor=None, data=copy.deepcopy(data))
    assert list(tournament.prizes.values_list("kind", "title", "ranking", "place")) == [
        ("place", "", "most_wins", 1),
        ("", "Yakuman hunter", "highest_hand", 1),
    ]
    text = dumps_archive(export_archive(tournament))
    assert json.loads(text)["prizes"] == PRIZES
    import_archive(actor=None, data=json.loads(text), replace=True)
    assert dumps_archive(export_archive(Tournament.objects.get(slug=tournament.slug))) == text


def test_an_unknown_ranking_is_refused_with_its_path():
    data = copy.deepcopy(HAND_WORKED) | {"prizes": [{"kind": "place", "ranking": "most_riichi", "place": 1}]}
    with pytest.raises(ArchiveError, match=r"prizes\[0\]\.ranking"):
        validate_archive(data)
