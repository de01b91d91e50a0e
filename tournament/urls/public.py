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
    player,
    prizes,
    rankings,
    seating,
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
]
