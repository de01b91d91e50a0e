"""The read API's standings and side rankings: the records of the ``standings`` command's JSON
(presenters.records: the same rows and figures), from the overview the public pages show (selectors.overview).
Hidden standings are a 404 for all of them; a side ranking the organiser does not show is a 404, as its page."""

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema

from scoring.side_rankings import GROUPINGS
from tournament.models.prizes import CATEGORY
from tournament.presenters.records import category_record, group_record, standings_record
from tournament.selectors.overview import overview
from tournament.selectors.side_rankings import shown_ranking
from tournament.views.api import schemas
from tournament.views.api.base import ApiView, api_tournament, tournament_answer, visible_standings
from tournament.views.params import session_number_param, session_param


class Standings(ApiView):
    @extend_schema(
        operation_id="standings",
        responses=schemas.answers(schemas.Standings),
        parameters=[OpenApiParameter("after_session", int, description="as they stood after this session")],
        summary="The standings (as `standings SLUG --format json`)",
    )
    def get(self, request, slug):
        tournament = api_tournament(request, slug)
        visible_standings(tournament)
        after = session_number_param(request.GET, "after_session")

        def build(fresh, stamp):
            shown = session_param(request.GET, fresh, "after_session")  # a session it does not have: 404
            return standings_record(overview(fresh, stamp).standings_after(shown))

        return tournament_answer(request, tournament, "standings", build, query={"after_session": after})


class GroupRanking(ApiView):
    @extend_schema(
        operation_id="group_ranking",
        responses=schemas.answers(schemas.GroupRanking),
        summary="A ranking of teams, countries or clubs",
    )
    def get(self, request, slug, grouping):
        tournament = api_tournament(request, slug)
        visible_standings(tournament)
        if grouping not in GROUPINGS or shown_ranking(tournament, grouping) is None:
            raise Http404
        return tournament_answer(
            request,
            tournament,
            f"ranking|{grouping}",
            lambda fresh, stamp: group_record(overview(fresh, stamp).latest, grouping),
        )


class CategoryRanking(ApiView):
    @extend_schema(
        operation_id="category_ranking",
        responses=schemas.answers(schemas.CategoryRanking),
        summary="The players of a category ranked among themselves",
    )
    def get(self, request, slug, name):
        tournament = api_tournament(request, slug)
        visible_standings(tournament)
        ranking = shown_ranking(tournament, CATEGORY, name)
        if ranking is None:
            raise Http404
        return tournament_answer(
            request,
            tournament,
            f"category|{ranking.category}",
            lambda fresh, stamp: category_record(overview(fresh, stamp).latest, ranking.category),
        )
