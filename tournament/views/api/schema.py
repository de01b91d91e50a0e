"""The read API's OpenAPI 3.1 schema (drf-spectacular, from the views' serializers in schemas.py) as JSON: made once
per process (it changes only with the code) and answered as the API's other answers (an ETag from its bytes, 304,
compressed, public)."""

import functools
import hashlib
import json

from csp.decorators import csp_update
from django.utils.decorators import method_decorator
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView

from tournament.operations.caching import Version, answer, digest
from tournament.views.api.base import JSON, ApiView, own_query


@functools.cache
def schema_bytes() -> tuple[bytes, str]:
    """The schema's JSON and the digest of it (its ETag)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    body = json.dumps(schema, ensure_ascii=False, separators=(",", ":")).encode()
    return body, digest("api schema", hashlib.sha256(body).hexdigest())


class Schema(ApiView):
    @extend_schema(exclude=True)
    def get(self, request):
        body, key = schema_bytes()
        version = Version(key, None, shared=own_query(request._request, {}))
        return answer(request._request, version, lambda etag: body, content_type=JSON)


@method_decorator(csp_update({"img-src": ["data:"], "style-src": ["'unsafe-inline'"]}), name="get")
class Docs(SpectacularSwaggerSplitView):
    """Swagger UI over the schema (/api/v1/docs/): drf-spectacular-sidecar's files from our static files, its
    start-up script a file of its own (no inline script). Its icons are data: images and it sets an inline style,
    which this page alone allows."""

    url_name = "api_schema"
