"""URLs by audience: public.py (read-only pages and public downloads), organise.py (/t/<slug>/organise/...),
referee.py (/t/<slug>/referee/...), display.py (the hall's screens: /t/<slug>/clock/, /t/<slug>/display/), guides.py (/help/: the guides). The paths are stable: they are printed on paper and bookmarked."""

from django.urls import include, path

urlpatterns = [
    path("", include("tournament.urls.public")),
    path("", include("tournament.urls.organise")),
    path("", include("tournament.urls.referee")),
    path("", include("tournament.urls.display")),
    path("help/", include("tournament.urls.guides")),
]
