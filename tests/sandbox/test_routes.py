"""Every catalog path is served the way the upstream serves it."""

from __future__ import annotations

import httpx2
import pytest

from data_pkg.catalog import ENDPOINTS, Endpoint
from data_pkg.sandbox._data import load_model

from ._support import request_for

SERVED = [e for e in ENDPOINTS if e.status == "live" and not e.hosted_only and e.format == "json" and not e.bulk]
LIVE_PATHS = {e.path for e in ENDPOINTS if e.status == "live"}
WITHDRAWN_ONLY = sorted({e.path for e in ENDPOINTS if e.status == "withdrawn"} - LIVE_PATHS)


@pytest.mark.parametrize("endpoint", SERVED, ids=lambda e: e.spec)
def test_every_live_json_endpoint_answers_model_valid_rows_for_the_demo_key(
    client: httpx2.Client, endpoint: Endpoint
) -> None:
    path, params = request_for(endpoint)
    response = client.get(path, params={**params, "apikey": "demo"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert isinstance(body, list)
    assert body, "a request with sensible arguments should get at least one row"
    if endpoint.single:
        assert len(body) == 1
    if endpoint.model == "str":
        assert all(isinstance(item, str) for item in body)
        return
    assert endpoint.model is not None
    model = load_model(endpoint.model)
    for row in body:
        model.model_validate(row)


@pytest.mark.parametrize("path", WITHDRAWN_ONLY)
def test_a_path_whose_endpoints_are_all_withdrawn_answers_404_with_an_error_message(
    client: httpx2.Client, path: str
) -> None:
    response = client.get(path, params={"apikey": "demo", "symbol": "AAPL"})
    assert response.status_code == 404
    assert "Error Message" in response.json()


def test_an_unknown_path_answers_404(client: httpx2.Client) -> None:
    response = client.get("/stable/no-such-endpoint", params={"apikey": "demo"})
    assert response.status_code == 404
    assert "Error Message" in response.json()


def test_a_missing_required_parameter_answers_400_naming_it(client: httpx2.Client) -> None:
    response = client.get("/stable/quote", params={"apikey": "demo"})
    assert response.status_code == 400
    assert "'symbol'" in response.json()["Error Message"]


def test_a_badly_typed_parameter_answers_400_naming_it(client: httpx2.Client) -> None:
    response = client.get("/stable/income-statement", params={"apikey": "demo", "symbol": "AAPL", "limit": "many"})
    assert response.status_code == 400
    assert "'limit'" in response.json()["Error Message"]


def test_a_configurable_segment_matches_any_lowercase_value(client: httpx2.Client) -> None:
    response = client.get("/stable/my-feed-2-articles", params={"apikey": "demo"})
    assert response.status_code == 200


def test_the_ratings_add_on_is_refused_to_every_plan(client: httpx2.Client) -> None:
    response = client.get("/stable/acme-search", params={"apikey": "demo"})
    assert response.status_code == 402
    assert response.text.startswith("Restricted Endpoint")


def test_an_interval_outside_the_enum_answers_400(client: httpx2.Client) -> None:
    response = client.get("/stable/historical-chart/2min", params={"apikey": "demo", "symbol": "AAPL"})
    assert response.status_code == 400
    message = response.json()["Error Message"]
    assert "'interval'" in message
    assert "1min" in message


def test_an_encoded_traversal_in_the_interval_is_refused_not_followed(client: httpx2.Client) -> None:
    # %2F keeps the traversal inside one segment on the wire; decoded, it must fail validation.
    response = client.get(
        "/stable/historical-chart/..%2F..%2Fstable%2Fprofile", params={"apikey": "demo", "symbol": "AAPL"}
    )
    assert response.status_code == 400
    assert "../../stable/profile" in response.json()["Error Message"]


def test_a_plain_traversal_in_the_interval_never_reaches_another_endpoint(client: httpx2.Client) -> None:
    for raw in ("/stable/historical-chart/../../x", "/stable/historical-chart/..", "/stable/historical-chart/%2E%2E"):
        response = client.get(raw, params={"apikey": "demo", "symbol": "AAPL"})
        assert response.status_code in (400, 404), raw
        assert "Error Message" in response.json()


def test_health_and_docs_pages_answer_without_a_key(client: httpx2.Client, sandbox_url: str) -> None:
    assert client.get("/healthz").text == "ok"
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert "sandbox-basic" in docs.text
    assert f"DATA_BASE_URL={sandbox_url}" in docs.text
