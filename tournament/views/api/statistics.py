"""The read API's statistics from the digital score sheets (issue 30, sections 3 and 4): the record of
``statistics SLUG --format json`` (presenters.records.statistics_record: the same rows and figures), built once
per change of the tournament from the overview the public pages show (selectors.statistics.overview_statistics).

Who sees it: the public player page's rule (views/public/player.py): a tournament that is not public is a 404; the
statistics are made of the places at the tables and the hands, which stay public while the organiser hides the
standings, and carry no total and no rank, so hidden standings do not hide them."""

from drf_spectacular.utils import extend_schema

from tournament.presenters.records import statistics_record
from tournament.selectors.overview import overview
from tournament.selectors.statistics import overview_statistics
from tournament.views.api import schemas
from tournament.views.api.base import ApiView, api_tournament, tournament_answer


class Statistics(ApiView):
    @extend_schema(
        operation_id="statistics",
        responses=schemas.answers(schemas.Statistics),
        summary="Each player's statistics from the score sheets (as `statistics SLUG --format json`)",
        description="As the player pages: a tournament that is not public is a 404; hidden standings do not hide "
        "them (no total, no rank). Cached by the tournament's change stamp (ETag, 304).",
    )
    def get(self, request, slug):
        tournament = api_tournament(request, slug)
        return tournament_answer(
            request,
            tournament,
            "statistics",
            lambda fresh, stamp: statistics_record(overview_statistics(overview(fresh, stamp))),
        )
