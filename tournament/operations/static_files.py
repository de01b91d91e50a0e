"""The static files of the installed apps that Tenbou serves: every app's but what it never links. Django REST
framework's own browsable API (rest_framework/) is not used (the read API answers JSON, its docs are Swagger UI),
nor drf-spectacular-sidecar's ReDoc (drf_spectacular_sidecar/redoc/): 6 MB of scripts, fonts and source maps that
collectstatic would otherwise copy and WhiteNoise compress at every start (scripts/serve.sh)."""

from django.contrib.staticfiles.finders import AppDirectoriesFinder

NEVER_LINKED = ("rest_framework", "drf_spectacular_sidecar/redoc/*")


class AppStaticFinder(AppDirectoriesFinder):
    def list(self, ignore_patterns):
        return super().list([*(ignore_patterns or ()), *NEVER_LINKED])
