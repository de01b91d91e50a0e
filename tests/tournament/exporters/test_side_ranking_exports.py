"""Each side ranking as CSV and xlsx through the exporter registry (``team-ranking-csv`` ... ``category-ranking-xlsx``),
the organiser's exports page listing them, and formula-safe cells, on the hand-worked EVENT
(tests/tournament/side_event.py; figures worked in tests/scoring/test_side_rankings.py, EMA 2016 3.6, 3.6.1, 3.4.6,
5.8)."""

import csv
import io
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournament.side_event import SLUG, side_event
from tournament.exporters.catalogue import ExportRequestError, build_exporter
from tournament.models import Registration

pytestmark = pytest.mark.django_db
FORMULA_TEAM = '=HYPERLINK("http://x","win")'


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


def sheet_rows(data: bytes) -> list[tuple]:
    return list(load_workbook(io.BytesIO(data)).active.iter_rows(values_only=True))


def test_team_ranking_csv_and_xlsx_with_the_tournaments_k():
    tournament = side_event(team_best=2)
    assert csv_rows(build_exporter("team-ranking-csv", tournament).render()) == [
        ["rank", "team", "total", "counted", "members", "short"],
        ["1", "Bamboo", "9000", "2", "Fleur FFF; Kees KKK; Ids III", ""],
        ["2", "Dragons", "7000", "2", "Eva EEE; Gijs GGG; Lot LLL", ""],
        ["3=", "Circles", "0", "2", "Bram BBB; Cor CCC", ""],
        ["3=", "Winds", "0", "2", "Anna AAA; Dirk DDD", ""],
        ["5", "Flowers", "5000", "1", "Joke JJJ", "yes"],
    ]
    workbook = load_workbook(io.BytesIO(build_exporter("team-ranking-xlsx", tournament).render()))
    sheet = workbook.active
    assert sheet.title == "Teams"
    assert [row[:4] for row in sheet.iter_rows(min_row=2, values_only=True)] == [
        (1, "Bamboo", 9_000, 2),
        (2, "Dragons", 7_000, 2),
        (3, "Circles", 0, 2),
        (3, "Winds", 0, 2),
        (5, "Flowers", 5_000, 1),
    ]
    assert sheet["A4"].number_format == '0"="'  # a shared place shows as "3=" and sorts as 3


def test_country_and_club_rankings():
    tournament = side_event()
    countries = csv_rows(build_exporter("country-ranking-csv", tournament).render())
    assert [row[:4] for row in countries] == [
        ["rank", "country", "total", "counted"],
        ["1", "NED", "60000", "3"],
        ["2", "GER", "-3000", "3"],
        ["3", "FRA", "-9000", "3"],
    ]
    clubs = sheet_rows(build_exporter("club-ranking-xlsx", tournament).render())
    assert [row[:4] for row in clubs] == [
        ("rank", "club", "total", "counted"),
        (1, "Lotus", 21_000, 3),
        (2, "Tsumo", 20_000, 3),
        (3, "Riichi", -30_000, 1),
    ]


def test_category_ranking_csv_and_xlsx():
    tournament = side_event()
    exporter = build_exporter("category-ranking-csv", tournament, category="Newcomer")
    assert exporter.filename() == "side-event-category-newcomer.csv"
    rows = csv_rows(exporter.render())
    assert rows[0] == [
        "rank",
        "overall_rank",
        "player",
        "first_name",
        "last_name",
        "ema_id",
        "country",
        "status",
        "session_1",
        "total",
    ]
    assert [row[:3] + row[-1:] for row in rows[1:]] == [
        ["1=", "2=", "e", "20000"],
        ["1=", "2=", "f", "20000"],
        ["3", "5", "j", "5000"],
        ["4", "6", "c", "-10000"],
        ["5", "11", "i", "15000"],
    ]
    sheet = sheet_rows(build_exporter("category-ranking-xlsx", tournament, category="ladies").render())
    assert [row[:3] for row in sheet[1:]] == [(1, 1, "a"), (2, 2, "f")]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "the export category-ranking-csv needs a category"),
        (
            {"category": "junior"},
            "no player of side-event is in the category 'junior' (categories: ladies, newcomer)",
        ),
        ({"category": "x" * 40}, "longer than 39 characters"),
    ],
)
def test_a_category_export_needs_a_category_in_use(options, message):
    tournament = side_event()
    with pytest.raises(ExportRequestError) as refused:
        build_exporter("category-ranking-csv", tournament, **options)
    assert message in str(refused.value)


def test_a_team_name_like_a_formula_comes_out_inert():
    tournament = side_event()
    Registration.objects.filter(tournament=tournament, team="Bamboo").update(team=FORMULA_TEAM)
    rows = csv_rows(build_exporter("team-ranking-csv", tournament).render())
    assert rows[1][1] == "'" + FORMULA_TEAM  # CSV: the apostrophe keeps it text
    cell = load_workbook(io.BytesIO(build_exporter("team-ranking-xlsx", tournament).render())).active["B2"]
    assert (cell.value, cell.data_type, cell.quotePrefix) == (FORMULA_TEAM, "s", True)


# -- the pages and the export command -----------------------------------------------------------------------------


@pytest.fixture
def organiser(client, make_user):
    tournament = side_event()
    client.force_login(make_user("org", tournament=tournament, role="organiser"))
    return client


def test_the_exports_page_lists_each_ranking_in_use(organiser):
    page = organiser.get(reverse("exports", args=[SLUG])).content.decode()
    for identifier in ("team-ranking", "country-ranking", "club-ranking"):
        assert reverse("export", args=[SLUG, f"{identifier}-xlsx"]) in page
        assert reverse("export", args=[SLUG, f"{identifier}-csv"]) in page
    for category in ("ladies", "newcomer"):
        assert reverse("export", args=[SLUG, "category-ranking-csv"]) + f"?category={category}" in page
    assert "Category ranking: newcomer" in page


def test_the_exports_page_leaves_out_groupings_nobody_is_in(organiser):
    Registration.objects.filter(tournament__slug=SLUG).update(team="", club="", categories=[])
    page = organiser.get(reverse("exports", args=[SLUG])).content.decode()
    assert "team-ranking" not in page and "club-ranking" not in page and "category-ranking" not in page
    assert reverse("export", args=[SLUG, "country-ranking-csv"]) in page


def test_the_download_for_the_organiser_and_not_for_the_public(organiser, client):
    url = reverse("export", args=[SLUG, "category-ranking-csv"]) + "?category=NEWCOMER"
    response = organiser.get(url)
    assert response.status_code == 200
    assert 'filename="side-event-category-newcomer.csv"' in response["Content-Disposition"]
    assert csv_rows(response.content)[1][:3] == ["1=", "2=", "e"]
    assert (
        organiser.get(reverse("export", args=[SLUG, "category-ranking-csv"]) + "?category=junior").status_code
        == 404
    )
    organiser.logout()
    assert (
        organiser.get(reverse("export", args=[SLUG, "team-ranking-csv"])).status_code == 302
    )  # to the login


def test_the_export_command_takes_a_category():
    side_event()
    out = StringIO()
    call_command("export", SLUG, "category-ranking-csv", "--category", "newcomer", "-o", "-", stdout=out)
    assert csv_rows(out.getvalue().encode())[1][:3] == ["1=", "2=", "e"]
    with pytest.raises(CommandError, match="no player of side-event is in the category 'junior'"):
        call_command(
            "export", SLUG, "category-ranking-csv", "--category", "junior", "-o", "-", stdout=StringIO()
        )
