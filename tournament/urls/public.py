"""Public pages (tournament.views.public): read-only, no login."""

from django.urls import path

from tournament.views.landing import landing
from tournament.views.public import (
    calculator,
    check_in,
    downloads,
    find,
    language,
    pages,
    people,
    player,
    prizes,
    rankings,
    seating,
    series,
)

urlpatterns = [
    path("", pages.home, name="home"),
    path("favicon.ico", pages.favicon, name="favicon"),
    path("welcome/", landing, name="landing"),
    path("calculator/", calculator.calculator, name="calculator"),
    path("language/<str:code>/", language.choose_language, name="choose_language"),
    path("t/<slug:slug>/", pages.tournament_home, name="tournament"),
    path("t/<slug:slug>/standings/", pages.standings, name="standings"),
    path("t/<slug:slug>/rankings/category/<path:name>/", rankings.category_ranking, name="category_ranking"),
    path("t/<slug:slug>/rankings/<slug:grouping>/", rankings.group_ranking, name="group_ranking"),
    path("t/<slug:slug>/sessions/<int:number>/", seating.session_seating, name="session_seating"),
    path("t/<slug:slug>/find/", find.find_player, name="find_player"),
    path("t/<slug:slug>/prizes/", prizes.prizes, name="prizes"),
    path("t/<slug:slug>/players/<slug:key>/", player.player_schedule, name="player_schedule"),
    path("t/<slug:slug>/check-in/<str:token>/", check_in.check_in_page, name="check_in"),
    path("t/<slug:slug>/export/<slug:identifier>/", downloads.export, name="export"),
    # A series and a person are no tournament: their addresses have no ``slug`` (operations.fast_public).
    path("series/<slug:series>/", series.series_page, name="series"),
    path("series/<slug:series>/players/<str:ema_id>/", series.series_player, name="series_player"),
    path("series/<slug:series>/export/<slug:identifier>/", series.series_export, name="series_export"),
    path("people/player-<int:number>/", people.person_by_id, name="person_by_id"),
    path("people/<str:ema_id>/", people.person, name="person"),
]
