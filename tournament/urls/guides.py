"""The guides (docs/, built by `make docs`) at /help/: tournament/views/guides.py serves the built files."""

from django.urls import path

from tournament.views.guides import guide

urlpatterns = [
    path("", guide, name="help"),
    path("<path:path>", guide, name="help_file"),
]
