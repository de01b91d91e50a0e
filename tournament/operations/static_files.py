"""The static files of the installed apps that Tenbou serves: every app's but what it never links. Django REST
framework's own browsable API (rest_framework/) is not used (the read API answers JSON, its docs are Swagger UI),
nor drf-spectacular-sidecar's ReDoc (drf_spectacular_sidecar/redoc/): 6 MB of scripts, fonts and source maps that
collectstatic would otherwise copy and WhiteNoise compress at every start (scripts/serve.sh)."""

import brotli
import whitenoise.compress
from django.contrib.staticfiles.finders import AppDirectoriesFinder
from whitenoise.storage import CompressedManifestStaticFilesStorage

from scoring.limits import LARGE_STATIC_FILE

NEVER_LINKED = ("rest_framework", "drf_spectacular_sidecar/redoc/*")


class AppStaticFinder(AppDirectoriesFinder):
    def list(self, ignore_patterns):
        return super().list([*(ignore_patterns or ()), *NEVER_LINKED])


class CompressedManifestStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's production storage (hashed names, each file also kept compressed), whose Brotli compression
    goes easier on the large files (``Compressor``)."""

    def create_compressor(self, **kwargs):
        return Compressor(**kwargs)


class Compressor(whitenoise.compress.Compressor):
    """Brotli at its best (quality 11) for the files under LARGE_STATIC_FILE bytes, Tenbou's own styles and
    scripts that every phone loads, and at quality 9 above it, the vendored bundles of the admin and of the API's
    Swagger UI: 9 % larger, 20 times faster (Swagger UI's 1.6 MB bundle: 3.4 s against 0.17 s, twice per
    collectstatic, which scripts/serve.sh runs at every start)."""

    @staticmethod
    def compress_brotli(data: bytes) -> bytes:
        return brotli.compress(data, quality=11 if len(data) < LARGE_STATIC_FILE else 9)
