"""The hall's screens (tournament.views.display): read-only, no login, like the public pages."""

from django.urls import path

from tournament.views.display import clock, hall

urlpatterns = [
    path("t/<slug:slug>/clock/", clock.clock_page, name="clock"),
    path("t/<slug:slug>/clock.json", clock.clock_json, name="clock_json"),
    path("t/<slug:slug>/display/", hall.display_page, name="display"),
    path("t/<slug:slug>/display.json", hall.display_json, name="display_json"),
    path("t/<slug:slug>/display/pages/", hall.display_pages, name="display_pages"),
]
