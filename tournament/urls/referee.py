"""The referee's pages (tournament.views.referee), under /t/<slug>/referee/: phone first."""

from django.urls import path

from tournament.views.referee import sessions

REFEREE = "t/<slug:slug>/referee/"

urlpatterns = [
    path(REFEREE, sessions.home, name="referee_home"),
]
