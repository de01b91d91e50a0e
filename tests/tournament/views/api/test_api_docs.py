"""The read API's schema and its browsable docs (tournament/views/api/schema.py): the schema cached as the other
answers; Swagger UI from our own static files (drf-spectacular-sidecar), its start-up script a file (no inline
script under the CSP); the assets nothing links (DRF's browsable API, the sidecar's ReDoc) never collected."""

import json

from django.contrib.staticfiles.finders import get_finders
from django.test import Client


def test_the_schema_is_json_and_cached_as_the_answers():
    first = Client().get("/api/v1/schema/", headers={"accept-encoding": "identity"})
    assert first.status_code == 200 and first["Content-Type"] == "application/json"
    assert json.loads(first.content)["info"]["title"] == "Tenbou read API"
    assert "public" in first["Cache-Control"] and not first.cookies
    again = Client().get("/api/v1/schema/", headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304


def test_the_docs_are_swagger_ui_from_our_own_files():
    page = Client().get("/api/v1/docs/")
    html = page.content.decode()
    assert (
        page.status_code == 200
        and "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    )
    assert "//" not in html.split("<script", 1)[1].split(">", 1)[0].replace("/static/", "")  # no CDN address
    csp = dict(part.strip().split(" ", 1) for part in page["Content-Security-Policy"].split(";"))
    assert csp["img-src"] == "'self' data:" and csp["script-src"] == "'self'"  # its icons; no inline script
    script = Client().get("/api/v1/docs/?script=")
    assert script.status_code == 200 and "/api/v1/schema/" in script.content.decode()


def test_the_assets_nothing_links_are_never_collected():
    collected = {path for finder in get_finders() for path, _storage in finder.list([])}
    assert "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in collected
    assert not [
        path for path in collected if path.startswith(("rest_framework/", "drf_spectacular_sidecar/redoc/"))
    ]
