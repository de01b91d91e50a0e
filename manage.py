#!/usr/bin/env python
"""Django's command-line utility for administrative tasks.

From a checkout where `make run` ran (it leaves the git-ignored marker ``.tenbou-development``), a command given
no configuration at all (no DJANGO_DEBUG, DJANGO_SECRET_KEY or DATABASE_URL) runs with the development settings
`make run` used, on the same SQLite file. Any of those variables is a configuration and the marker is not looked
at, so a server's environment always wins. Settings that cannot load stop the command with one line saying what
to do (exit code 2), not a traceback.
"""

import os
import sys
from pathlib import Path

DEVELOPMENT_MARKER = ".tenbou-development"  # written by `make run`
CONFIGURATION = ("DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DATABASE_URL")


def development_by_default(checkout: Path, environ) -> bool:
    """Whether this command is `make run`'s kind: a marked checkout and no configuration in the environment."""
    return not any(name in environ for name in CONFIGURATION) and (checkout / DEVELOPMENT_MARKER).is_file()


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if development_by_default(Path(__file__).parent, os.environ):
        os.environ["DJANGO_DEBUG"] = "1"
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018 (loads the settings here, where a refusal is one line)
    except ImproperlyConfigured as refused:
        sys.stderr.write(f"manage.py: {refused}\n")
        sys.exit(2)
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
