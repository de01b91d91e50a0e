"""HTML to PDF with WeasyPrint: only the project's static files are loaded and only the vendored fonts are used,
so a document is the same on every machine and rendering never touches the network."""

import mimetypes
import os
import threading
from pathlib import Path
from urllib.parse import unquote, urlparse

from django.conf import settings
from django.contrib.staticfiles import finders
from weasyprint import HTML
from weasyprint.document import Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

STATIC_DIR = Path(settings.BASE_DIR) / "static"
BASE_URL = STATIC_DIR.as_uri() + "/"
EMPTY_FONTCONFIG = Path(__file__).with_name("fonts.conf")
_fontconfig_lock = threading.Lock()


class StaticFilesOnly(URLFetcher):
    """Serves static files (``{% static %}`` URLs, or paths under static/) and data: URLs; refuses every other URL."""

    def __init__(self):
        super().__init__(fail_on_errors=True)

    def fetch(self, url, headers=None):
        if url.startswith("data:"):  # images made by the program itself (the score sheet's grid)
            return super().fetch(url, headers)
        path = static_file(url)
        if path is None:
            raise ValueError(f"a printed document may load only static files, not {url}")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": content_type})


def static_file(url: str) -> Path | None:
    parsed = urlparse(url)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    static_prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if path.startswith(static_prefix):
        found = finders.find(path.removeprefix(static_prefix))
        return Path(found) if found else None
    candidate = Path(path).resolve()
    return candidate if candidate.is_relative_to(STATIC_DIR) and candidate.is_file() else None


def vendored_fonts() -> FontConfiguration:
    """A font configuration without system fonts: Fontconfig reads an empty configuration file while it is made."""
    with _fontconfig_lock:
        previous = os.environ.get("FONTCONFIG_FILE")
        os.environ["FONTCONFIG_FILE"] = str(EMPTY_FONTCONFIG)
        try:
            return FontConfiguration()
        finally:
            if previous is None:
                del os.environ["FONTCONFIG_FILE"]
            else:
                os.environ["FONTCONFIG_FILE"] = previous


def laid_out(html: str) -> Document:
    """The document laid out in pages (``.pages``), ready for ``.write_pdf()``."""
    return HTML(string=html, base_url=BASE_URL, url_fetcher=StaticFilesOnly()).render(
        font_config=vendored_fonts()
    )


def html_to_pdf(html: str) -> bytes:
    return laid_out(html).write_pdf()
