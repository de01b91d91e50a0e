from django.urls import include, path

from tournament.views import public

urlpatterns = [
    path("", public.home, name="home"),
    path("t/<slug:slug>/", public.tournament_home, name="tournament"),
    path("t/<slug:slug>/standings/", public.standings, name="standings"),
    path("", include("tournament.urls_parts.exports")),
    path("", include("tournament.urls_parts.seating")),
]
