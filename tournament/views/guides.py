"""The guides at /help/: the MkDocs site that `make docs` builds from docs/ into ``settings.TENBOU_HELP_DIR``
(default build/help/), served by the app from those files so they work in a hall without internet.

Any reader may read them (no login, no cookie, the same bytes for everybody: public for five minutes). A path
outside the folder, or a file that is not there (the site not built: run `make docs`), is a 404. The pages carry
Material's few inline scripts (its settings and colour scheme, written at build time): each answer's CSP allows
exactly those, by their SHA-256, and nothing else inline; and its icons, which its stylesheet draws as ``data:`` SVG
images (the guides' pages only: no page of theirs shows anything a person typed).
"""

import base64
import hashlib
import mimetypes
import re
from pathlib import Path

from django.conf import settings
from django.http import FileResponse, Http404, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)
KEPT_SECONDS = 300  # how long a browser or a proxy may keep a page of the guides


@require_safe
def guide(request, path: str = ""):
    root = Path(settings.TENBOU_HELP_DIR).resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root):
        raise Http404("not a file of the guides")
    if target.is_dir():
        target = target / "index.html"
    if not target.is_file():
        raise Http404("the guides are not built here (make docs)")
    content_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
    if content_type == "text/html":
        body = target.read_bytes()
        response = HttpResponse(body, content_type="text/html; charset=utf-8")
        hashes = [_digest(script) for script in INLINE_SCRIPT.findall(body)]
        response._csp_update = {"img-src": ["data:"], **({"script-src": hashes} if hashes else {})}
    else:
        response = FileResponse(target.open("rb"), content_type=content_type)
    patch_cache_control(response, public=True, max_age=KEPT_SECONDS)
    return response


def _digest(script: bytes) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
