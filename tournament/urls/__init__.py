"""URLs by audience: public.py (read-only pages and public downloads), organise.py (/t/<slug>/organise/...),
referee.py (/t/<slug>/referee/...), display.py (the hall's screens: /t/<slug>/clock/, /t/<slug>/display/), guides.py
(/help/: the guides), api.py (/api/v1/: the read API). The paths are stable: they are printed on paper and bookmarked.

Each module is included under its audience's namespace (operations.audiences: what a page's audience decides, its
caching and its language); the URL names stay without a prefix."""

from django.urls import path

from tournament.operations.audiences import API, DISPLAY, GUIDES, ORGANISE, PUBLIC, REFEREE, addresses

urlpatterns = [
    path("", addresses(PUBLIC, "tournament.urls.public")),
    path("", addresses(ORGANISE, "tournament.urls.organise")),
    path("", addresses(REFEREE, "tournament.urls.referee")),
    path("", addresses(DISPLAY, "tournament.urls.display")),
    path("api/v1/", addresses(API, "tournament.urls.api")),
    path("help/", addresses(GUIDES, "tournament.urls.guides")),
]
