"""WeasyPrint and pypdf are loaded by tournament.printing.engine alone, when a process first prints
(tournament.printing.pdf._engine): importing them costs 0.7 s of processor time (Pango, HarfBuzz and fontTools
through cffi) that a web worker or a command printing nothing should not pay at its start."""

import subprocess
import sys

from django.conf import settings

PRINTING_LIBRARIES = ("weasyprint", "pypdf")

# In a new interpreter: Django set up, every URL resolved (every view imported) and every module of the app imported
# but the engine; then the libraries loaded so far; then one document printed, and the libraries loaded after it.
PROBE = """
import importlib, os, pkgutil, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django
django.setup()
from django.urls import get_resolver
get_resolver().url_patterns
import tournament
for module in pkgutil.walk_packages(tournament.__path__, "tournament."):
    if module.name != "tournament.printing.engine":
        importlib.import_module(module.name)
libraries = %r
print(" ".join(name for name in libraries if name in sys.modules) or "-")
from tournament.printing.pdf import html_to_pdf
html_to_pdf('<link rel="stylesheet" href="css/print.css"><p>x</p>')
print(" ".join(name for name in libraries if name in sys.modules) or "-")
"""


def test_no_module_but_the_engine_loads_weasyprint_or_pypdf():
    probe = subprocess.run(
        [sys.executable, "-c", PROBE % (PRINTING_LIBRARIES,)],
        cwd=settings.BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0, probe.stderr
    before, after = probe.stdout.split("\n")[:2]
    assert before == "-", f"loaded at start, without printing: {before}"
    assert after == "weasyprint pypdf"
