"""Side rankings as data (docs/organisers.md, "Side rankings and prizes"): a grouping (team, country, club) or a
category, read from the main standings by selectors.side_rankings, as the ``standings`` command's JSON, CSV and text
table, and as CSV and xlsx exports through the registry (``team-ranking-csv`` ... ``category-ranking-xlsx``; text
cells formula-safe, tabular.py).

JSON rows of a grouping: ``rank``, ``tied``, the group's name under the grouping's own key (``team``, ``country``
or ``club``), ``members`` (archive keys in standings order), ``counted`` (the members whose totals make the total),
``total``, ``short`` (fewer members than K: listed after every full group). Rows of a category: the player's row of
the standings JSON with ``rank`` and ``tied`` in the category, and ``overall_rank`` and ``overall_tied``.
"""

from collections.abc import Iterator
from functools import cached_property
from typing import NamedTuple
from urllib.parse import urlencode

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from scoring.errors import ScoringError
from scoring.points import format_points
from scoring.side_rankings import CLUB, COUNTRY, TEAM, clean_category
from tournament import selectors
from tournament.display.names import rank_label
from tournament.exporters.base import ExportRequestError
from tournament.exporters.standings import (
    dumped,
    rank_cell,
    standing_cells,
    standings_headers,
)
from tournament.exporters.tabular import Cell, TableExporter, csv_text, register_table
from tournament.exporters.xlsx import POINTS_FORMAT
from tournament.presenters.records import (
    category_record,
    category_rows,
    chosen_best,
    group_record,
    group_rows,
)
from tournament.selectors.results import last_session
from tournament.selectors.side_rankings import (
    TOURNAMENT_SETTING,
    categories_in_use,
    groupings_in_use,
)

GROUP_HEADERS = ("rank", "total", "counted", "members", "short")  # the group's name is the second column


# -- groups -------------------------------------------------------------------------------------------------------


def group_json(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> str:
    return dumped(group_record(standings, grouping, best))


def group_headers(grouping: str) -> list[str]:
    return [GROUP_HEADERS[0], grouping, *GROUP_HEADERS[1:]]


def group_table(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> Iterator[list]:
    """One row per group in the columns of ``group_headers``: the members by name in standings order."""
    names = {info.key: info.name for info in standings.players.values()}
    for row in group_rows(standings, grouping, best):
        yield [
            rank_cell(row["rank"], row["tied"]),
            row[grouping],
            Cell(row["total"], POINTS_FORMAT),
            len(row["counted"]),
            "; ".join(names[key] for key in row["members"]),
            "yes" if row["short"] else "",
        ]


def group_csv(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> str:
    return csv_text(group_headers(grouping), group_table(standings, grouping, best))


def group_text(standings: selectors.Standings, grouping: str, best=TOURNAMENT_SETTING) -> str:
    """The command's table: place, name, total, the members (those not counted in brackets)."""
    best = chosen_best(standings, grouping, best)
    names = {info.key: info.name for info in standings.players.values()}
    rows = group_rows(standings, grouping, best)
    width = max([len(row[grouping]) for row in rows] + [len(grouping)])
    counted = f"best {best} members" if best else "every member"
    lines = [
        f"{standings.tournament.name} - by {grouping} after session {last_session(standings)} ({counted})",
        f"{'Rank':>5}  {grouping.capitalize():<{width}}  {'Total':>9}  Members",
    ]
    lines.append("-" * (len(lines[1]) + 20))
    for row in rows:
        members = ", ".join(
            names[key] if key in row["counted"] else f"[{names[key]}]" for key in row["members"]
        )
        note = f" (fewer than {best} members)" if row["short"] else ""
        lines.append(
            f"{rank_label(row['rank'], row['tied']):>5}  {row[grouping]:<{width}}  "
            f"{format_points(row['total']):>9}  {members}{note}"
        )
    return "\n".join(lines)


# -- categories ---------------------------------------------------------------------------------------------------


def known_category(tournament, name: str) -> str:
    """The category as the tournament spells it (compared ignoring case); ExportRequestError for a name that is
    empty, too long or no player's."""
    try:
        wanted = clean_category(name).casefold()
    except ScoringError as error:
        raise ExportRequestError(error.message) from None
    in_use = categories_in_use(tournament)
    for known in in_use:
        if known.casefold() == wanted:
            return known
    raise ExportRequestError(
        f"no player of {tournament.slug} is in the category {name.strip()!r} "
        f"(categories: {', '.join(in_use) or 'none yet'})"
    )


def category_json(standings: selectors.Standings, category: str) -> str:
    return dumped(category_record(standings, known_category(standings.tournament, category)))


def category_headers(standings: selectors.Standings) -> list[str]:
    return ["rank", "overall_rank", *standings_headers(standings)[1:]]


def category_table(standings: selectors.Standings, category: str) -> Iterator[list]:
    """The standings' columns with the place in the category first and the overall place beside it."""
    sessions = range(1, last_session(standings) + 1)
    for row in category_rows(standings, category):
        cells = standing_cells(row, sessions)
        yield [
            rank_cell(row["rank"], row["tied"]),
            rank_cell(row["overall_rank"], row["overall_tied"]),
            *cells[1:],
        ]


def category_csv(standings: selectors.Standings, category: str) -> str:
    category = known_category(standings.tournament, category)
    return csv_text(category_headers(standings), category_table(standings, category))


def category_text(standings: selectors.Standings, category: str) -> str:
    category = known_category(standings.tournament, category)
    rows = category_rows(standings, category)
    names = [f"{row['first_name']} {row['last_name']}" for row in rows]
    width = max([len(name) for name in names] + [6])
    header = f"{'Rank':>5}  {'Overall':>7}  {'Player':<{width}}  {'Ctry':<4}{'Total':>9}"
    lines = [
        f"{standings.tournament.name} - category {category} after session {last_session(standings)}",
        header,
        "-" * len(header),
    ]
    for row, name in zip(rows, names, strict=True):
        name += " (DQ)" if row["status"] == "disqualified" else ""
        lines.append(
            f"{rank_label(row['rank'], row['tied']):>5}  {rank_label(row['overall_rank'], row['overall_tied']):>7}  "
            f"{name:<{width}}  {row['country']:<4}{format_points(row['total']):>9}"
        )
    return "\n".join(lines)


# -- the registry -------------------------------------------------------------------------------------------------


class GroupRanking(TableExporter):
    """A grouping's ranking with the tournament's K; one registered class per grouping and format."""

    grouping: str
    title: str  # what the exports page calls it
    options = ("after_session",)

    @cached_property
    def standings(self) -> selectors.Standings:
        return selectors.standings(self.tournament, **self.given)

    def headers(self) -> list[str]:
        return group_headers(self.grouping)

    def rows(self) -> Iterator[list]:
        return group_table(self.standings, self.grouping)


@register_table
class TeamRanking(GroupRanking):
    stem, grouping, sheet_title, title = "team-ranking", TEAM, _("Teams"), _("Team ranking")
    names = {"csv": _("Team ranking (CSV)"), "xlsx": _("Team ranking (xlsx)")}


@register_table
class CountryRanking(GroupRanking):
    stem, grouping, sheet_title, title = "country-ranking", COUNTRY, _("Countries"), _("Country ranking")
    names = {"csv": _("Country ranking (CSV)"), "xlsx": _("Country ranking (xlsx)")}


@register_table
class ClubRanking(GroupRanking):
    stem, grouping, sheet_title, title = "club-ranking", CLUB, _("Clubs"), _("Club ranking")
    names = {"csv": _("Club ranking (CSV)"), "xlsx": _("Club ranking (xlsx)")}


@register_table
class CategoryRanking(TableExporter):
    """One category's ranking (option ``category``, required: a category some player has)."""

    stem = "category-ranking"
    names = {"csv": _("Category ranking (CSV)"), "xlsx": _("Category ranking (xlsx)")}
    sheet_title = _("Category")
    options = ("after_session", "category")

    def __init__(self, tournament, **given):
        super().__init__(tournament, **given)
        if "category" not in self.given:
            raise ExportRequestError(f"the export {self.identifier} needs a category")
        self.category = known_category(tournament, self.given["category"])

    @cached_property
    def standings(self) -> selectors.Standings:
        return selectors.standings(self.tournament, after_session=self.given.get("after_session"))

    def filename(self) -> str:
        return f"{self.tournament.slug}-category-{slugify(self.category) or 'ranking'}.{self.extension}"

    def headers(self) -> list[str]:
        return category_headers(self.standings)

    def rows(self) -> Iterator[list]:
        return category_table(self.standings, self.category)


GROUP_EXPORTERS = {TEAM: TeamRanking, COUNTRY: CountryRanking, CLUB: ClubRanking}
CATEGORY_TITLE = _("Category ranking: %(category)s")


class RankingFiles(NamedTuple):
    """One line of the exports page: the ranking's title and the addresses' identifiers and query."""

    title: str
    csv: str
    xlsx: str
    query: str  # "" or "?category=..."


def ranking_files(tournament) -> list[RankingFiles]:
    """Each side ranking the tournament has a use for: the groupings some player is in, then each category."""
    files = [
        RankingFiles(str(GROUP_EXPORTERS[grouping].title), *_identifiers(GROUP_EXPORTERS[grouping]), "")
        for grouping in groupings_in_use(tournament)
    ]
    for category in categories_in_use(tournament):
        title = CATEGORY_TITLE % {"category": category}
        files.append(
            RankingFiles(title, *_identifiers(CategoryRanking), "?" + urlencode({"category": category}))
        )
    return files


def _identifiers(exporter: type[TableExporter]) -> tuple[str, str]:
    return exporter.variants["csv"].identifier, exporter.variants["xlsx"].identifier
