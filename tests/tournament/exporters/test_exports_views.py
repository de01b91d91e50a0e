"""The exports and printing pages: who may open them, the EMA download refusal, the MERS weight override.

The event: 8 players from 5 countries over 2 days, session 1 played (2 tables), session 2 seated, not played.
"""

import io
import json
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournament.factories import made_in_background
from tournament.models import AuditEntry
from tournament.services.archive_import import import_archive
from tournament.services.tournaments import update_tournament

COUNTRIES = ["NED", "GER", "DEN", "FRA", "POL", "NED", "GER", "DEN"]


def seats(keys: list[str], scores=(None,) * 4) -> list[dict]:
    return [
        {"wind": wind, "player": key, **({"score": score} if score is not None else {})}
        for wind, key, score in zip("ESWN", keys, scores, strict=True)
    ]


@pytest.fixture
def demo(db):
    keys = [f"p{i}" for i in range(1, 9)]
    data = {
        "format": "riichi-tournament-archive",
        "version": 1,
        "tournament": {
            "slug": "demo",
            "name": "Views Open",
            "short_name": "VIEWS",
            "city": "Utrecht",
            "country": "NED",
            "start_date": "2026-05-09",
            "end_date": "2026-05-10",
        },
        "players": [
            {"key": key, "first_name": "Pat", "last_name": f"Player {key}", "country": country}
            for key, country in zip(keys, COUNTRIES, strict=True)
        ],
        "sessions": [
            {
                "number": 1,
                "tables": [
                    {"number": 1, "seats": seats(keys[:4], (40_000, 30_000, 30_000, 20_000))},
                    {"number": 2, "seats": seats(keys[4:], (45_000, 25_000, 35_000, 15_000))},
                ],
            },
            {
                "number": 2,
                "tables": [
                    {"number": 1, "seats": seats(keys[::2])},
                    {"number": 2, "seats": seats(keys[1::2])},
                ],
            },
        ],
    }
    return import_archive(actor=None, data=data)


ORGANISER_ONLY = [
    ("exports", [], ""),
    ("ema_check", [], ""),
    ("ema_preview", [], ""),
    ("ema_download_xlsx", [], "?force=1"),
    ("ema_download_csv", [], "?force=1"),
    ("export", ["archive-json"], ""),
    ("export", ["session-results-csv"], "?session=1"),
    ("export", ["ema-xlsx"], "?force=1"),
    ("print_preview", ["score-sheets"], "?session=1"),
    ("print_pdf", ["seating-by-name"], "?session=1"),
]


def url(name: str, args: list, query: str, slug: str = "demo") -> str:
    return reverse(name, args=[slug, *args]) + query


def test_anonymous_is_sent_to_the_login_page(client, demo):
    for name, args, query in ORGANISER_ONLY:
        response = client.get(url(name, args, query))
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("login")), name


def test_a_referee_is_refused(referee_client):
    for name, args, query in ORGANISER_ONLY:
        assert referee_client.get(url(name, args, query)).status_code == 403, name


def test_the_organiser_gets_every_page_and_file(organiser_client):
    expected_types = {
        "ema_download_xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ema_download_csv": "text/csv",
    }
    for name, args, query in ORGANISER_ONLY:
        response = organiser_client.get(url(name, args, query))
        assert response.status_code == 200, name
        if name in expected_types:
            assert response["Content-Type"] == expected_types[name]
    pdf = made_in_background(organiser_client, url("print_pdf", ["seating-by-name"], "?session=1"))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    page = organiser_client.get(url("exports", [], "")).content.decode()
    assert reverse("print_pdf", args=["demo", "score-sheets"]) + "?session=2" in page


def test_starting_a_job_is_for_organisers_only(referee_client, demo):
    for target in (url("print_pdf", ["standings"], ""), url("export_job", ["archive-json"], "")):
        assert Client().post(target)["Location"].startswith(reverse("login"))
        assert referee_client.post(target).status_code == 403
    assert not demo.jobs.exists()


def test_large_exports_are_made_in_the_background(organiser_client, demo):
    archive = made_in_background(organiser_client, url("export_job", ["archive-json"], ""))
    assert json.loads(archive.content)["tournament"]["slug"] == "demo"
    assert archive["Content-Disposition"] == 'attachment; filename="demo-archive.json"'
    results = made_in_background(organiser_client, url("export_job", ["session-results-csv"], "?session=2"))
    assert results["Content-Type"].startswith("text/csv") and b"session" in results.content.lower()
    assert organiser_client.post(url("export_job", ["nope"], "")).status_code == 404
    assert organiser_client.get(url("export_job", ["archive-json"], "")).status_code == 405


def test_public_standings_exports_follow_the_public_switch(client, demo):
    standings = url("export", ["standings-xlsx"], "?after=2")
    response = client.get(standings)
    assert response.status_code == 200
    assert load_workbook(io.BytesIO(response.content)).active["H1"].value == "session_1"
    update_tournament(actor=None, tournament=demo, is_public=False)
    assert client.get(standings).status_code == 404  # hidden: as if it did not exist (issue 13)


def test_unknown_exports_and_documents_are_not_found(organiser_client):
    assert organiser_client.get(url("export", ["nope"], "")).status_code == 404
    assert organiser_client.get(url("print_pdf", ["nope"], "")).status_code == 404
    assert organiser_client.post(url("print_pdf", ["score-sheets"], "?session=9")).status_code == 404
    assert organiser_client.get(url("print_pdf", ["score-sheets"], "?session=9")).status_code == 404
    assert organiser_client.get(url("print_pdf", ["score-sheets"], "?session=99")).status_code == 400  # > 40
    assert organiser_client.get(url("print_pdf", ["score-sheets"], "")).status_code == 404  # needs a session
    assert organiser_client.get(url("export", ["standings-csv"], "?after=x")).status_code == 400


def test_ema_download_refuses_while_results_are_missing(organiser_client, demo):
    response = organiser_client.get(url("ema_download_xlsx", [], ""), follow=True)
    assert response.redirect_chain[-1][0] == url("ema_check", [], "")
    page = response.content.decode()
    assert "The EMA results file is not ready: 1 problem to fix." in page
    assert "Session 2: no results entered yet (2 tables)." in page
    assert reverse("referee_session", args=["demo", 2]) in page  # where the missing results are entered


def test_mers_weight_override_goes_through_the_service(organiser_client, demo):
    preview = url("ema_preview", [], "")
    page = organiser_client.get(preview).content.decode()
    # 2 days + 8 players (0) + 5 countries (0) + no qualification = 2.
    assert '<th>Computed weight</th><td></td><td class="num">2</td>' in page
    response = organiser_client.post(preview, {"mers_weight_override": "2.5"})
    assert response.status_code == 302
    demo.refresh_from_db()
    assert demo.mers_weight_override == Decimal("2.5")
    assert AuditEntry.objects.filter(
        action="tournament.update", data__has_key="mers_weight_override"
    ).exists()
    assert (
        organiser_client.post(preview, {"mers_weight_override": "2.3"}).status_code == 200
    )  # not a 0.5 step
    organiser_client.post(preview, {"mers_weight_override": ""})
    demo.refresh_from_db()
    assert demo.mers_weight_override is None


def test_the_ema_files_data_warnings_are_notes_not_penalty_warnings_in_german(organiser_client, demo):
    """Issue 28: a player without an EMA number was flagged "Verwarnung", the word of the penalty (5): the EMA
    check's level has its own word ("warning" in the context "data check"): German "Hinweis"."""
    organiser_client.cookies["django_language"] = "de"
    page = organiser_client.get(url("ema_check", [], "")).content.decode()
    assert '<span class="level">Hinweis</span>' in page
    assert "Verwarnung" not in page
