"""Bodies that are not JSON-RPC: 400 with a JSON-RPC error and one short sentence, never a 500 or a validation dump."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest

from data_hosted._messages import MAX_DEPTH
from tests.hosted._support import TIMEOUT, headers, open_session, rpc, with_key
from tests.support import ENVELOPE_REFUSALS


@pytest.fixture(scope="module")
def client() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as http:
        yield http


@pytest.fixture(scope="module")
def session(client: httpx2.Client, hosted: str) -> str:
    return open_session(client, hosted)


def _refusal(response: httpx2.Response, code: int) -> str:
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["jsonrpc"] == "2.0" and body["id"] is None and body["error"]["code"] == code
    message = str(body["error"]["message"])
    assert len(message) < 160 and "validation" not in message.lower() and "\n" not in message
    return message


def _nested(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


@pytest.mark.parametrize(
    "body",
    [b"[" * 30_000 + b"]" * 30_000, _nested(5_000), _nested(MAX_DEPTH + 1)],
    ids=["arrays-30000", "objects-5000", "just-too-deep"],
)
def test_deeply_nested_json_is_a_parse_error(client: httpx2.Client, hosted: str, session: str, body: bytes) -> None:
    response = client.post(with_key(hosted), headers=headers(session), content=body)
    assert "nests deeper than" in _refusal(response, -32700)


def test_nesting_within_the_bound_reaches_the_sdk(client: httpx2.Client, hosted: str, session: str) -> None:
    arguments: dict[str, object] = {"endpoint": "quote", "symbol": "AAPL"}
    deep: object = 1
    for _ in range(MAX_DEPTH - 6):  # the envelope takes the other levels
        deep = {"x": deep}
    arguments["extra"] = deep
    response = client.post(
        with_key(hosted), headers=headers(session), json=rpc("tools/call", {"name": "quote", "arguments": arguments})
    )
    assert response.status_code == 200
    assert "does not take extra" in response.text


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b'{"foo": 1}', '"jsonrpc" must be "2.0"'),
        (b"42", "not a number"),
        (b'"ping"', "not a string"),
        (b"null", "not null"),
        (b'{"id": 3, "method": "ping"}', '"jsonrpc" must be "2.0"'),
        (b'{"jsonrpc": "1.0", "id": 3, "method": "ping"}', '"jsonrpc" must be "2.0"'),
        (b'{"jsonrpc": "2.0", "id": 3}', 'needs a "method"'),
        (b'{"jsonrpc": "2.0", "id": 3, "method": 7}', '"method" must be a string'),
        (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', '"id" must be a string or an integer'),
        (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', '"id" must be a string or an integer'),
        (b'{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": 5}', '"params" must be an object'),
        (b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, 5]', "item 2 of the batch"),
    ],
)
def test_json_that_is_not_json_rpc_is_an_invalid_request(
    client: httpx2.Client, hosted: str, session: str, body: bytes, says: str
) -> None:
    response = client.post(with_key(hosted), headers=headers(session), content=body)
    message = _refusal(response, -32600)
    assert message.startswith("Invalid Request: ") and says in message


@pytest.mark.parametrize(("body", "code", "message"), ENVELOPE_REFUSALS)
def test_an_envelope_is_refused_as_on_stdio(
    client: httpx2.Client, hosted: str, session: str, body: str, code: int, message: str
) -> None:
    response = client.post(with_key(hosted), headers=headers(session), content=body.encode())
    assert _refusal(response, code) == message


def test_null_params_are_no_params_as_on_stdio(client: httpx2.Client, hosted: str, session: str) -> None:
    body = b'{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": null}'
    response = client.post(with_key(hosted), headers=headers(session), content=body)
    assert response.status_code == 200 and '"result"' in response.text


def test_the_envelope_is_checked_before_a_session_is_needed(client: httpx2.Client, hosted: str) -> None:
    response = client.post(with_key(hosted), headers=headers(), content=b'{"method": "initialize", "id": 1}')
    assert '"jsonrpc" must be "2.0"' in _refusal(response, -32600)


def test_a_response_to_the_server_and_a_notification_pass(client: httpx2.Client, hosted: str, session: str) -> None:
    for body in (
        b'{"jsonrpc": "2.0", "id": 9, "result": {}}',
        b'{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}',
    ):
        assert client.post(with_key(hosted), headers=headers(session), content=body).status_code == 202
    assert client.post(with_key(hosted), headers=headers(session), json=rpc("ping")).status_code == 200


_CALL = b'"method": "tools/call", "params": {"name": "quote", "arguments": {"endpoint": "quote", "symbol": '


@pytest.mark.parametrize(
    ("body", "where", "request_id"),
    [
        (b'{"jsonrpc": "2.0", "id": "\\ud800", "method": "ping"}', "id holds", None),
        (b'{"jsonrpc": "2.0", "id": "a\\udfffb", "method": "ping"}', "id holds", None),
        (b'{"jsonrpc": "2.0", "id": 7, "method": "ping\\ud800"}', "method holds", 7),
        (b'{"jsonrpc": "2.0", "id": "x", ' + _CALL + b'"\\ud800"}}}', "params.arguments.symbol holds", "x"),
        (b'{"jsonrpc": "2.0", "id": 8, "method": "ping", "params": {"\\udc00": 1}}', 'params."\\udc00" holds', 8),
        (
            b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "id": 2, "method": "\\ud800"}]',
            "[1].method",
            None,
        ),
    ],
    ids=["id", "id-low-half", "method", "argument", "key", "batch-item"],
)
def test_a_lone_surrogate_escape_gets_a_json_rpc_answer(
    client: httpx2.Client, hosted: str, session: str, body: bytes, where: str, request_id: object
) -> None:
    """Issue 21 item 1: valid JSON grammar, but no Unicode text; it used to be HTTP 500 with a traceback."""
    response = client.post(with_key(hosted), headers=headers(session), content=body)
    assert response.status_code == 400, response.text
    answer = response.json()
    assert answer["id"] == request_id and answer["error"]["code"] == -32600
    assert where in answer["error"]["message"] and "lone surrogate" in answer["error"]["message"]
    # The server lives on, and the same session still answers.
    assert client.post(with_key(hosted), headers=headers(session), json=rpc("ping")).status_code == 200


def test_a_lone_surrogate_in_initialize_gets_a_json_rpc_answer(client: httpx2.Client, hosted: str) -> None:
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", '
    body += b'"capabilities": {}, "clientInfo": {"name": "\\ud83d", "version": "1"}}}'
    response = client.post(with_key(hosted), headers=headers(), content=body)
    assert response.status_code == 400 and "mcp-session-id" not in response.headers
    assert "params.clientInfo.name holds a lone surrogate" in response.json()["error"]["message"]


def test_a_surrogate_pair_is_a_character_and_passes(client: httpx2.Client, hosted: str, session: str) -> None:
    body = b'{"jsonrpc": "2.0", "id": "\\ud83d\\ude00", "method": "ping"}'
    response = client.post(with_key(hosted), headers=headers(session), content=body)
    assert response.status_code == 200 and response.json()["id"] == "\U0001f600"
