from django.urls import path

from tournament import views

urlpatterns = [
    path("", views.home, name="home"),
    path("t/<slug:slug>/", views.tournament_home, name="tournament"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
]
