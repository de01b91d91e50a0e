"""Public pages (tournament.views.public): read-only, no login."""

from django.urls import path

from tournament.views.landing import landing
from tournament.views.public import calculator, check_in, downloads, find, pages, player, prizes, seating

urlpatterns = [
    path("", pages.home, name="home"),
    path("favicon.ico", pages.favicon, name="favicon"),
    path("welcome/", landing, name="landing"),
    path("calculator/", calculator.calculator, name="calculator"),
    path("t/<slug:slug>/", pages.tournament_home, name="tournament"),
    path("t/<slug:slug>/standings/", pages.standings, name="standings"),
    path("t/<slug:slug>/sessions/<int:number>/", seating.session_seating, name="session_seating"),
    path("t/<slug:slug>/find/", find.find_player, name="find_player"),
    path("t/<slug:slug>/prizes/", prizes.prizes, name="prizes"),
    path("t/<slug:slug>/players/<slug:key>/", player.player_schedule, name="player_schedule"),
    path("t/<slug:slug>/check-in/<str:token>/", check_in.check_in_page, name="check_in"),
    path("t/<slug:slug>/export/<slug:identifier>/", downloads.export, name="export"),
]
