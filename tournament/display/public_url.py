"""Absolute addresses for QR codes and anything else that leaves the screen (printed cards and score sheets).

The base is ``settings.TENBOU_PUBLIC_URL`` (env ``TENBOU_PUBLIC_URL``, e.g. ``http://192.168.1.10:8000`` for the
venue's own network) when it is set; otherwise the host of the request that asked for the document; otherwise,
on the command line, ``http://localhost:8000``.
"""

from django.conf import settings

COMMAND_LINE_BASE = "http://localhost:8000"


def public_base(request=None) -> str:
    """The scheme and host, without a trailing slash."""
    configured = getattr(settings, "TENBOU_PUBLIC_URL", "")
    if configured:
        return configured.rstrip("/")
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return COMMAND_LINE_BASE


def absolute(path: str, base: str | None = None) -> str:
    """``path`` (as ``reverse`` gives it) on the public base."""
    return (base or public_base()) + path
