"""Extract every message of the code into the catalogues: Django's makemessages over the folders that hold the
program (SOURCES: not the tests, benchmarks, tools or scripts), for every language of settings.LANGUAGES but English,
without obsolete entries.

    .venv/bin/python scripts/extract_messages.py                 # the project's locale/ (make messages)
    .venv/bin/python scripts/extract_messages.py --into /tmp/x   # a copy: /tmp/x/<language>/LC_MESSAGES/django.po

makemessages walks the folder it runs in and writes into the locale folder beside the files, so it runs in a
temporary folder that holds links to SOURCES and to the target locale folder. A message that the extraction no
longer finds is dropped: a constant shown to people is marked where it is defined (gettext_lazy, gettext_noop), so
the extraction sees it. tests/tournament/test_catalogues.py runs this on a copy of locale/ and holds every language
to no untranslated and no fuzzy entry.
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("config", "scoring", "tournament", "templates")


def extract(locale: Path) -> None:
    """makemessages of SOURCES into the locale folder ``locale`` (its <language>/LC_MESSAGES/django.po)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    languages = [code for code, _name in settings.LANGUAGES if code != "en"]
    with tempfile.TemporaryDirectory(prefix="tenbou-messages-") as folder:
        for source in SOURCES:
            os.symlink(ROOT / source, Path(folder) / source)
        os.symlink(locale.resolve(), Path(folder) / "locale")
        settings.LOCALE_PATHS = [str(Path(folder) / "locale")]
        here = os.getcwd()
        os.chdir(folder)
        try:
            call_command("makemessages", locale=languages, no_obsolete=True, symlinks=True, verbosity=0)
        finally:
            os.chdir(here)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--into", type=Path, default=ROOT / "locale", help="the locale folder (default locale/)"
    )
    extract(parser.parse_args().into)


if __name__ == "__main__":
    main()
