"""URLs by audience: public.py (read-only pages and public downloads), organise.py (/t/<slug>/organise/...),
referee.py (/t/<slug>/referee/...), display.py (the hall's screens: /t/<slug>/clock/, /t/<slug>/display/), guides.py
(/help/: the guides), api.py (/api/v1/: the read API). The paths are stable: they are printed on paper and bookmarked.

Each module is included under its audience's namespace (operations.audiences: what a page's audience decides, its
caching and its language); the URL names stay without a prefix."""

from django.urls import path

from tournament.operations.audiences import API, DISPLAY, GUIDES, ORGANISE, PUBLIC, REFEREE, addresses

urlpatterns = [
    # first: a request of the API resolves before the other audiences' patterns are tried (the fast path resolves
    # every request's address; /api/v1/ behind them cost 40 % of an API 304), and nothing else starts with it
    path("api/v1/", addresses(API, "tournament.urls.api")),
    path("", addresses(PUBLIC, "tournament.urls.public")),
    path("", addresses(ORGANISE, "tournament.urls.organise")),
    path("", addresses(REFEREE, "tournament.urls.referee")),
    path("", addresses(DISPLAY, "tournament.urls.display")),
    path("help/", addresses(GUIDES, "tournament.urls.guides")),
]
