"""The read API's tests (issue 30, section 4; tournament/views/api). Every API call of these tests goes through
``ApiClient``, which checks the answer's body against the OpenAPI schema the API serves at /api/v1/schema/ (made
strict here: an object may have no key its schema does not name), so every response of the suite's API calls
validates against the schema. The event is the hand-worked one of tests/tournament/views/public/conftest.py (8
players, sessions 1 and 2 played, session 3 seated), whose figures are worked out by hand there."""

import gzip
import json

import brotli
import pytest
from django.test import Client
from django.urls import resolve
from jsonschema import Draft202012Validator

from tests.tournament.views.public.conftest import hand_worked  # noqa: F401 (the fixture)
from tournament.views.api.schema import schema_bytes

# URL name -> the operation id of the schema (tournament/urls/api.py, tournament/views/api)
OPERATIONS = {
    "api_index": "index",
    "api_tournaments": "tournaments",
    "api_tournament": "tournament",
    "api_standings": "standings",
    "api_group_ranking": "group_ranking",
    "api_category_ranking": "category_ranking",
    "api_sessions": "sessions",
    "api_session": "session",
    "api_players": "players",
    "api_player": "player",
    "api_statistics": "statistics",
    "api_series_list": "series_list",
    "api_series": "series",
    "api_series_ranking": "series_ranking",
    "api_person": "person",
}
CHECKED: list[tuple[str, int]] = []  # (operation, status) of every answer checked in this run


def strict(node):
    """A copy of a schema in which an object with properties allows no other key."""
    if isinstance(node, list):
        return [strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    found = {key: strict(value) for key, value in node.items()}
    if "properties" in found and "additionalProperties" not in found:
        found["additionalProperties"] = False
    return found


def openapi() -> dict:
    return json.loads(schema_bytes()[0])


def operation(name: str) -> dict:
    for methods in openapi()["paths"].values():
        for found in methods.values():
            if found.get("operationId") == name:
                return found
    raise AssertionError(f"no operation {name} in the schema")


def body(response) -> bytes:
    coding = response.get("Content-Encoding", "")
    if coding == "gzip":
        return gzip.decompress(response.content)
    if coding == "br":
        return brotli.decompress(response.content)
    return response.content


def validate(path: str, response) -> None:
    """The answer's body against its operation's answer for its status (304: no body)."""
    if response.status_code == 304:
        assert response.content == b""
        return
    name = OPERATIONS[resolve(path.split("?")[0]).url_name]
    answers = operation(name)["responses"]
    assert str(response.status_code) in answers, (path, response.status_code)
    shape = answers[str(response.status_code)]["content"]["application/json"]["schema"]
    document = strict({**shape, "components": openapi()["components"]})
    Draft202012Validator(document).validate(json.loads(body(response)))
    CHECKED.append((name, response.status_code))


class ApiClient(Client):
    """A reader of the API without a cookie, each answer checked against the schema."""

    def get(self, path, *args, **kwargs):
        response = super().get(path, *args, **kwargs)
        validate(path, response)
        return response

    def data(self, path, **headers):
        response = self.get(path, headers=headers)
        assert response.status_code == 200, (path, response.status_code, response.content[:200])
        return json.loads(body(response))


@pytest.fixture
def api():
    return ApiClient()


@pytest.fixture
def event(hand_worked):  # noqa: F811
    return hand_worked
