"""WeasyPrint and pypdf at work: a document's HTML laid out in pages with the vendored fonts alone, loading only
the static files (``StaticFilesOnly``, through pdf.static_file), and PDFs written and joined. Only this module
imports them, and tournament.printing.pdf only when a document is first laid out (``pdf._engine``): a process that
prints nothing does not load them."""

import io
import mimetypes
import os
import threading
from collections.abc import Iterable
from contextlib import contextmanager
from copy import copy
from pathlib import Path

from pypdf import PdfWriter
from weasyprint import HTML
from weasyprint.document import Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from tournament.printing.pdf import BASE_URL, PrintingError, static_file, static_name

EMPTY_FONTCONFIG = Path(__file__).with_name("fonts.conf")
_fontconfig_lock = threading.Lock()


class StaticFilesOnly(URLFetcher):
    """Serves static files (``{% static %}`` URLs, hashed or not, or paths under static/) and data: URLs; refuses
    every other URL."""

    def __init__(self):
        super().__init__(fail_on_errors=True)

    def fetch(self, url, headers=None):
        if url.startswith("data:"):  # images made by the program itself (the score sheet's grid)
            return super().fetch(url, headers)
        path = static_file(url)
        if path is None and static_name(url) is not None:
            raise ValueError(f"the static file {static_name(url)} was not found ({url})")
        if path is None:
            raise ValueError(f"a printed document may load only static files, not {url}")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": content_type})


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


@contextmanager
def fetch_errors_as_printing_errors():
    try:
        yield
    except FatalURLFetchingError as error:
        cause = error.__cause__
        raise PrintingError(f"the printed document could not be made: {cause or error}") from cause


def laid_out(html: str, font_config: FontConfiguration | None = None) -> Document:
    """The document laid out in pages (``.pages``), ready for ``.write_pdf()``; documents to be joined share one
    ``font_config``."""
    with fetch_errors_as_printing_errors():
        return HTML(string=html, base_url=BASE_URL, url_fetcher=StaticFilesOnly()).render(
            font_config=font_config or vendored_fonts()
        )


def joined(documents: list[Document], title: str) -> Document:
    """Several laid-out documents as one, their pages in order, each page exactly as its own document lays it out
    (WeasyPrint's ``copy`` of the pages of all; the PDF's title is ``title``)."""
    if not documents:
        raise PrintingError("there is nothing to print")
    whole = documents[0].copy([page for document in documents for page in document.pages])
    whole.metadata = copy(whole.metadata)  # the first document's own stays as it was
    whole.metadata.title = title
    return whole


def joined_pdfs(parts: Iterable[bytes], title: str) -> bytes:
    """Several PDFs as one, their pages in order (pypdf): a long document written part by part, so that only one
    part's layout is in memory at a time; the PDF's title is ``title``."""
    whole = PdfWriter()
    for part in parts:
        whole.append(io.BytesIO(part))
    if not whole.pages:
        raise PrintingError("there is nothing to print")
    whole.add_metadata({"/Title": title, "/Producer": "Tenbou (WeasyPrint, pypdf)"})
    out = io.BytesIO()
    whole.write(out)
    return out.getvalue()


def written(document: Document) -> bytes:
    with fetch_errors_as_printing_errors():
        return document.write_pdf()
