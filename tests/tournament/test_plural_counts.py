"""Issue 28: a count shown to people has its singular and plural through ngettext ("1 Chombo vergeben", never
"1 Chombos"; "1 Tisch", "1 Minute", "1 Runde"): the log's sentences, the job titles, the forms' refusals and the
pages' progress lines, in every language."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from tournament.display.audit_words import sentence
from tournament.display.counts import results_file_written, tables_written
from tournament.worker.status import job_title


def german(make, language="de"):
    with translation.override(language):
        return make()


def test_the_results_file_counts_agree_with_their_numbers():
    """What a results file wrote, each count with its own singular or plural, a count of 0 left out."""
    written = {"entered": 1, "corrected": 0, "chombos_only": 1, "unchanged": 2, "given": 1, "cancelled": 2}
    assert german(lambda: results_file_written(**written)) == (
        "1 Tisch eingetragen, Chombos an 1 Tisch geändert, 2 Tische unverändert; 1 Chombo vergeben, 2 Chombos aufgehoben"
    )
    # older log entries: the tables alone, every count named
    assert (
        german(lambda: tables_written(1, 0, 2))
        == "1 Tisch eingetragen, 0 Tische korrigiert, 2 Tische unverändert"
    )
    with translation.override("fr"):  # French: 0 and 1 are singular, a narrow no-break space before ";"
        assert tables_written(0, 1, 2) == "0 table saisie, 1 table corrigée, 2 tables inchangées"
        assert results_file_written(**{**written, "entered": 0, "chombos_only": 0}) == (
            "2 tables inchangées\u202f; 1 chombo attribué, 2 chombos annulés"
        )


@pytest.mark.parametrize(
    ("language", "action", "data", "expected"),
    [
        (
            "nl",
            "player.import",
            {"source": "lijst.xlsx", "keys": ["p1"]},
            "1 speler geïmporteerd uit lijst.xlsx",
        ),
        (
            "de",
            "seating.set",
            {"session": 2, "tables": [["a", "b", "c", "d"]]},
            "Sitzplan der Runde 2 festgelegt (1 Tisch)",
        ),
        ("de", "clock.extra", {"session": 2, "minutes": 1}, "Runde 2: +1 Minute für den Saal"),
        (
            "de",
            "clock.extra",
            {"session": 2, "minutes": -1, "table": 3},
            "Runde 2: \u22121 Minute für Tisch 3",
        ),
        ("de", "clock.extra", {"session": 2, "minutes": 2, "table": 3}, "Runde 2: +2 Minuten für Tisch 3"),
        (
            "de",
            "attendance.present",
            {"session": 1, "name": "Anna", "late": 1, "proposed": 1000},
            "Runde 1: Anna anwesend, 1 Minute zu spät: Verspätungsstrafe von 1.000 vorgeschlagen (5.7)",
        ),
    ],
)
def test_the_log_counts_in_the_singular_for_one(language, action, data, expected):
    assert german(lambda: sentence(action, data), language) == expected


def test_a_job_for_one_session_is_in_the_singular():
    assert (
        german(lambda: job_title("seating", {"sessions": 1, "seed": 2}))
        == "Sitzplan für 1 Runde (Startwert 2)"
    )


@pytest.mark.parametrize("template", ["public/_schedule.html", "referee/home.html", "referee/session.html"])
def test_the_progress_of_one_table_is_in_the_singular(template):
    """Four players are one table: "0 von 1 Tisch eingetragen"."""
    text = Template(
        "{% load i18n %}{% blocktranslate count total=total with entered=entered %}{{ entered }} of {{ total }} table "
        "entered{% plural %}{{ entered }} of {{ total }} tables entered{% endblocktranslate %}"
    )
    assert german(lambda: text.render(Context({"total": 1, "entered": 0}))) == "0 von 1 Tisch eingetragen"
    source = (Path(settings.BASE_DIR) / "templates" / template).read_text(encoding="utf-8")
    assert "{{ entered }} of {{ total }} tables entered{% endblocktranslate %}" in source
    assert "of {{ total }} table entered{% plural %}" in source
