"""The production storage (config/settings.py STORAGES, tournament/operations/static_files.py) keeps each collected
file compressed with Brotli: at quality 11 under LARGE_STATIC_FILE bytes (Tenbou's own styles and scripts), at 9
above it (the vendored bundles), where 11 took 3.4 s for Swagger UI's bundle at every collectstatic."""

import subprocess
import sys

import brotli
from django.conf import settings

from scoring.limits import LARGE_STATIC_FILE
from tournament.operations.static_files import CompressedManifestStorage, Compressor

PRODUCTION = "tournament.operations.static_files.CompressedManifestStorage"


def test_production_collects_with_this_storage():
    production = {"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "x" * 50,
                  "DJANGO_ALLOWED_HOSTS": "tenbou.example.org"}  # fmt: skip
    probe = 'from config import settings; print(settings.STORAGES["staticfiles"]["BACKEND"])'
    found = subprocess.run([sys.executable, "-c", probe], cwd=settings.BASE_DIR, env=production,
                           capture_output=True, text=True, check=True)  # fmt: skip
    assert found.stdout.strip() == PRODUCTION
    assert isinstance(CompressedManifestStorage().create_compressor(quiet=True), Compressor)


def test_small_files_at_quality_11_large_ones_at_9():
    # a style sheet's worth of text, and a bundle's: text that compresses differently at 9 and 11
    small = b"".join(
        b".table-%d { margin: %dpx; padding: %dem; }\n" % (i, i % 7, i % 3) for i in range(1_500)
    )
    large = small * (LARGE_STATIC_FILE // len(small) + 1)
    assert len(small) < LARGE_STATIC_FILE <= len(large)
    for data, quality in ((small, 11), (large, 9)):
        packed = Compressor.compress_brotli(data)
        assert brotli.decompress(packed) == data
        assert packed == brotli.compress(data, quality=quality)
        assert packed != brotli.compress(data, quality=20 - quality)
