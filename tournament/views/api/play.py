"""The read API's sessions (with their tables, seats and results) and players. The results of each table are
public even while the standings are hidden (selectors.visibility); a player's standing is not."""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import extend_schema

from tournament.models import Registration, Session
from tournament.presenters.api import player_detail, player_records, session_detail, session_record
from tournament.selectors.overview import overview
from tournament.views.api import schemas
from tournament.views.api.base import ApiView, api_tournament, page_of, page_query, tournament_answer
from tournament.views.api.tournaments import PAGE_PARAMETERS


class SessionList(ApiView):
    @extend_schema(
        operation_id="sessions", responses=schemas.answers(schemas.Session(many=True)), summary="The sessions"
    )
    def get(self, request, slug):
        tournament = api_tournament(request, slug)

        def build(fresh, stamp):
            view = overview(fresh, stamp)
            return [session_record(view, session) for session in fresh.sessions.order_by("number")]

        return tournament_answer(request, tournament, "sessions", build)


class SessionDetail(ApiView):
    @extend_schema(
        operation_id="session",
        responses=schemas.answers(schemas.SessionDetail),
        summary="A session: its tables, seats and results",
    )
    def get(self, request, slug, number):
        tournament = api_tournament(request, slug)

        def build(fresh, stamp):
            session = get_object_or_404(Session, tournament=fresh, number=number)
            return session_detail(overview(fresh, stamp), session)

        return tournament_answer(request, tournament, f"session|{number}", build)


class PlayerList(ApiView):
    @extend_schema(
        operation_id="players",
        responses=schemas.answers(schemas.PlayerPage),
        parameters=PAGE_PARAMETERS,
        summary="The players, A to Z",
    )
    def get(self, request, slug):
        tournament = api_tournament(request, slug)
        query = page_query(request)
        path = reverse("api_players", args=[slug])
        return tournament_answer(
            request,
            tournament,
            "players",
            lambda fresh, stamp: page_of(path, player_records(fresh), query),
            query=query,
        )


class PlayerDetail(ApiView):
    @extend_schema(
        operation_id="player",
        responses=schemas.answers(schemas.PlayerDetail),
        summary="A player: seats and standing",
    )
    def get(self, request, slug, key):
        tournament = api_tournament(request, slug)

        def build(fresh, stamp):
            registration = get_object_or_404(Registration, tournament=fresh, key=key)
            return player_detail(fresh, overview(fresh, stamp), registration)

        return tournament_answer(request, tournament, f"player|{key}", build)
