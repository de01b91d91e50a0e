from django.contrib import admin
from django.urls import include, path

from tournament.operations.audiences import ACCOUNTS, addresses

# every address under exactly one audience's namespace (tournament.operations.audiences); admin: Django's own
urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", addresses(ACCOUNTS, "django.contrib.auth.urls")),
    path("", include("tournament.urls")),
]

handler400 = "tournament.views.errors.bad_request"  # names the parameter that was wrong
handler500 = "tournament.views.errors.server_error"  # the 500 page shows the request id the log has
