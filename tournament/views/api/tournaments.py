"""The read API's tournaments: the public ones, one page at a time, and each one's detail; and the API's index."""

from django.db.models import F
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema

from tournament.models import Tournament
from tournament.presenters.api import tournament_detail, tournament_record
from tournament.selectors.changes import site_stamp
from tournament.selectors.overview import overview
from tournament.views.api import schemas
from tournament.views.api.base import (
    ApiView,
    api_tournament,
    page_of,
    page_query,
    site_answer,
    tournament_answer,
)

PAGE_PARAMETERS = [
    OpenApiParameter("page", int, description="the page, from 1 (past the last: the last)"),
    OpenApiParameter("per_page", int, description="rows on a page (default 100)"),
]


class Index(ApiView):
    @extend_schema(
        operation_id="index",
        tags=["index"],
        responses=schemas.answers(schemas.Index),
        summary="The API's addresses",
    )
    def get(self, request):
        links = {
            "tournaments": reverse("api_tournaments"),
            "series": reverse("api_series_list"),
            "schema": reverse("api_schema"),
            "docs": reverse("api_docs"),
        }
        return site_answer(request, "index", site_stamp(), lambda: links)


class TournamentList(ApiView):
    @extend_schema(
        operation_id="tournaments",
        responses=schemas.answers(schemas.TournamentPage),
        parameters=PAGE_PARAMETERS,
        summary="The public tournaments, the latest first",
    )
    def get(self, request):
        query = page_query(request)
        path = reverse("api_tournaments")

        def build():
            latest_first = (F("start_date").desc(nulls_last=True), "-pk")  # no date yet: after the dated ones
            found = Tournament.objects.filter(is_public=True).order_by(*latest_first)
            return page_of(path, [tournament_record(tournament) for tournament in found], query)

        return site_answer(request, "tournaments", site_stamp(), build, query=query)


class TournamentDetail(ApiView):
    @extend_schema(
        operation_id="tournament", responses=schemas.answers(schemas.TournamentDetail), summary="A tournament"
    )
    def get(self, request, slug):
        tournament = api_tournament(request, slug)
        return tournament_answer(
            request,
            tournament,
            "tournament",
            lambda fresh, stamp: tournament_detail(fresh, overview(fresh, stamp)),
        )
