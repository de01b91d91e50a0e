"""HTML to PDF with WeasyPrint: only the project's static files are loaded and only the vendored fonts are used,
so a document is the same on every machine and rendering never touches the network.

``{% static %}`` gives ``/static/css/print.css`` in development and the hashed name ``print.<hash>.css`` (whose
``url()``s name hashed fonts) with the production storage: a static URL is resolved through the staticfiles
finders (the source files) and then the static storage (what ``collectstatic`` wrote), never fetched. A file that
cannot be loaded stops the rendering with a ``PrintingError`` naming it (WeasyPrint's own error is a
BaseException that would skip every error handler).

WeasyPrint and pypdf themselves are in tournament.printing.engine, which this module imports when a document is
first laid out: the names below (laid_out, written, joined, ...) are the engine's.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.exceptions import SuspiciousFileOperation

if TYPE_CHECKING:
    from weasyprint.document import Document
    from weasyprint.text.fonts import FontConfiguration

STATIC_DIR = Path(settings.BASE_DIR) / "static"
BASE_URL = STATIC_DIR.as_uri() + "/"


class PrintingError(RuntimeError):
    """A printed document could not be made: a file it needs could not be loaded, or the static files were not
    collected. The message names the file."""


def static_file(url: str) -> Path | None:
    """The local file behind a static URL, or None when the URL is not one of the static files."""
    name = static_name(url)
    if name is not None:
        return _found(name)
    parsed = urlparse(url)
    if parsed.scheme != "file":
        return None
    candidate = Path(unquote(parsed.path)).resolve()
    return candidate if candidate.is_relative_to(STATIC_DIR) and candidate.is_file() else None


def static_name(url: str) -> str | None:
    """The static file's name in a ``{% static %}`` URL (``css/print.css``), or None. ``STATIC_URL`` may be a path
    (resolved against the document's ``file:`` base) or a full URL (a CDN, still read from the local files)."""
    static_url = urlparse(settings.STATIC_URL)
    parsed = urlparse(url)
    if static_url.scheme:
        if (parsed.scheme, parsed.netloc) != (static_url.scheme, static_url.netloc):
            return None
    elif parsed.scheme != "file":
        return None
    prefix = "/" + static_url.path.strip("/") + "/"
    if not parsed.path.startswith(prefix):
        return None
    name = posixpath.normpath(unquote(parsed.path.removeprefix(prefix)))
    return None if name.startswith(("..", "/")) or name == "." else name


def _found(name: str) -> Path | None:
    """The source file (finders), else the collected file (the storage: hashed names live only there), else the
    source of a hashed name the manifest knows."""
    found = _finders_find(name) or _stored(name)
    if found is None and isinstance(staticfiles_storage, ManifestFilesMixin):
        original = {hashed: source for source, hashed in staticfiles_storage.hashed_files.items()}.get(name)
        found = _finders_find(original) if original else None
    return found


def _finders_find(name: str) -> Path | None:
    try:
        found = finders.find(name)
    except (SuspiciousFileOperation, ValueError):  # outside the static folders, or a NUL in the name
        return None
    return Path(found) if found and Path(found).is_file() else None


def _stored(name: str) -> Path | None:
    try:
        path = Path(staticfiles_storage.path(name))
        return path if path.is_file() else None
    except (NotImplementedError, SuspiciousFileOperation, ValueError):  # no local files, outside it, a NUL
        return None


def check_static_files() -> None:
    """The production storage needs ``collectstatic`` first; without its manifest every ``{% static %}`` fails."""
    if isinstance(staticfiles_storage, ManifestFilesMixin) and not staticfiles_storage.hashed_files:
        raise PrintingError(
            'the static files have not been collected: run `python manage.py collectstatic` (docs/operators.md, "Production")'
        )


# The work itself is tournament.printing.engine's, loaded on first use (_engine).
def vendored_fonts() -> FontConfiguration:
    return _engine().vendored_fonts()


def laid_out(html: str, font_config: FontConfiguration | None = None) -> Document:
    return _engine().laid_out(html, font_config)


def joined(documents: list[Document], title: str) -> Document:
    return _engine().joined(documents, title)


def joined_pdfs(parts: Iterable[bytes], title: str) -> bytes:
    return _engine().joined_pdfs(parts, title)


def written(document: Document) -> bytes:
    return _engine().written(document)


def html_to_pdf(html: str) -> bytes:
    return written(laid_out(html))


def _engine():
    """tournament.printing.engine (WeasyPrint and pypdf), imported when the process first prints: importing them
    loads Pango, HarfBuzz and fontTools through cffi, 0.7 s of processor time that every web worker, command and
    test process would pay at its start, printing or not (tests/tournament/printing/test_engine_loading.py)."""
    from tournament.printing import engine

    return engine


def planned_pages(html: str) -> int:
    """The pages a document's HTML asks for: its page sections (``<section class="page ...">``, each printed on a
    page of its own; print/*.html). What the progress counts on before the layout gives the real count."""
    return len(_PAGE_SECTION.findall(html))


_PAGE_SECTION = re.compile(r'<section class="page[ "]')


def in_chunks(html: str, size: int | None) -> list[str]:
    """A document's HTML as documents of at most ``size`` page sections each (its head and style in each), for a
    document whose pages stand alone (no page numbers, each section one page: Document.pages_stand_alone); the
    whole HTML when ``size`` is None or it has no more sections than that."""
    starts = [found.start() for found in _PAGE_SECTION.finditer(html)]
    if size is None or len(starts) <= size:
        return [html]
    end = html.rindex("</section>") + len("</section>")
    head, tail = html[: starts[0]], html[end:]
    bounds = [*starts[::size], end]
    return [head + html[begin:until] + tail for begin, until in zip(bounds, bounds[1:], strict=False)]
