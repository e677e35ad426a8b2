"""The OpenAPI schema fuzzed with schemathesis (bounded): no input makes the server answer 5xx."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from server_helpers import make_settings

from stonework.server.app import create_app

_folder = Path(tempfile.mkdtemp(prefix="stonework-fuzz-"))
app = create_app(make_settings(_folder))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
_running: list[TestClient] = []


def _started() -> None:
    # The app's services start with its lifespan; one client keeps it running for the module.
    if not _running:
        client = TestClient(app)
        client.__enter__()
        _running.append(client)
        answer = client.post(
            "/api/tables",
            json={"game": "aztec", "seed": 1, "seats": [{"kind": "human"}, {"kind": "open"}]},
        )
        assert answer.status_code == 201


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_no_input_makes_a_server_error(case: schemathesis.Case) -> None:
    _started()
    case.call_and_validate(checks=[not_a_server_error])


def teardown_module() -> None:
    for client in _running:
        client.__exit__(None, None, None)
