"""The read API (tournament.views.api, docs/api.md), under /api/v1/ in the ``api`` audience's namespace. The
addresses are a contract with the programs that read them: a change that breaks one is /api/v2/."""

from django.urls import path

from tournament.operations.fast_public import site_wide
from tournament.views.api import people, play, results, schema, series, statistics, tournaments

TOURNAMENT = "tournaments/<slug:slug>/"
SERIES = "series/<slug:series>/"  # no ``slug``: a series is no tournament (operations.fast_public)

urlpatterns = [
    path("", tournaments.Index.as_view(), name="api_index"),
    path("tournaments/", tournaments.TournamentList.as_view(), name="api_tournaments"),
    path(TOURNAMENT, tournaments.TournamentDetail.as_view(), name="api_tournament"),
    path(TOURNAMENT + "standings/", results.Standings.as_view(), name="api_standings"),
    path(
        TOURNAMENT + "rankings/category/<path:name>/",
        results.CategoryRanking.as_view(),
        name="api_category_ranking",
    ),
    path(TOURNAMENT + "rankings/<slug:grouping>/", results.GroupRanking.as_view(), name="api_group_ranking"),
    path(TOURNAMENT + "sessions/", play.SessionList.as_view(), name="api_sessions"),
    path(TOURNAMENT + "sessions/<int:number>/", play.SessionDetail.as_view(), name="api_session"),
    path(TOURNAMENT + "players/", play.PlayerList.as_view(), name="api_players"),
    path(TOURNAMENT + "players/<slug:key>/", play.PlayerDetail.as_view(), name="api_player"),
    path(TOURNAMENT + "statistics/", statistics.Statistics.as_view(), name="api_statistics"),
    path("series/", series.SeriesList.as_view(), name="api_series_list"),
    path(SERIES, site_wide(series.SeriesDetail.as_view()), name="api_series"),
    path(SERIES + "ranking/", site_wide(series.SeriesRanking.as_view()), name="api_series_ranking"),
    path("people/<str:ema_id>/", site_wide(people.Person.as_view()), name="api_person"),
    path("schema/", schema.Schema.as_view(), name="api_schema"),
    path("docs/", schema.Docs.as_view(), name="api_docs"),
]
