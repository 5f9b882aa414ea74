"""Each request step of data-hosted alone: the refusal it answers with, and what it lets through.

The HTTP tests (``test_hosted_http_rules.py``, ``test_hosted_sessions.py``, ...) drive the same refusals
through a running server; here each comes from its own step, so a step moved, merged or changed is named.
The app is built, never started: the steps use its memory stores and its upstream for the key check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, MutableMapping
from typing import Any

import httpx2
import pytest
from mcp_types import INVALID_REQUEST, PARSE_ERROR

from data_hosted._app import HostedApp
from data_hosted._http import RefusedError
from data_hosted._sessions import key_tag
from data_hosted._steps import (
    STEPS,
    Pending,
    Step,
    batch_allowed,
    body_within_bound,
    headers_bounded,
    host_allowed,
    in_flight_slot,
    json_content,
    key_accepted,
    key_in_query,
    message_parsed,
    method_allowed,
    no_event_stream,
    not_stopping,
    on_mcp_path,
    origin_allowed,
    session_named,
    version_known,
)
from data_hosted._upstream import Upstream as Transports
from tests.hosted._support import INITIALIZE, KEY, Upstream
from tests.hosted.conftest import hosted_config

pytestmark = pytest.mark.anyio

CALL = b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
OPEN = json.dumps(INITIALIZE).encode()


def make_app(handler: Callable[[httpx2.Request], httpx2.Response] | None = None, **overrides: Any) -> HostedApp:
    config = hosted_config("http://api.test", **overrides)
    return HostedApp(config, upstream=Transports(config.settings, http_transport=Upstream(handler)))


def pending(
    method: str = "POST",
    *,
    path: str = "/mcp",
    query: str = f"apikey={KEY}",
    headers: dict[str, str] | None = None,
    body: bytes = CALL,
    chunks: list[dict[str, Any]] | None = None,
) -> Pending:
    """A request as the ASGI server hands it over (``chunks``: the messages ``receive`` gives, else ``body``)."""
    sent = {"host": "127.0.0.1:8000", "content-type": "application/json", **(headers or {})}
    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in sent.items()],
        "client": ("127.0.0.1", 50000),
    }
    messages = list(chunks if chunks is not None else [{"type": "http.request", "body": body}])

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    return Pending(scope, receive, sent, method)


async def through(app: HostedApp, request: Pending, last: Step) -> Pending:
    """``request`` after every step up to ``last``, in the order of ``STEPS``."""
    for step in STEPS[: STEPS.index(last) + 1]:
        request = await step(app, request)
    return request


async def refused(app: HostedApp, request: Pending, step: Step) -> RefusedError:
    """The refusal ``step`` answers ``request`` with, once the steps before it have passed it."""
    earlier = STEPS[: STEPS.index(step)]
    for before in earlier:
        request = await before(app, request)
    with pytest.raises(RefusedError) as caught:
        await step(app, request)
    return caught.value


async def test_a_server_that_is_stopping_refuses_every_request_first() -> None:
    app = make_app()
    assert await not_stopping(app, pending()) is not None
    app.drain(1.0)
    refusal = await refused(app, pending("PUT", path="/elsewhere"), not_stopping)
    assert (refusal.status, dict(refusal.headers)) == (503, {"retry-after": "1", "connection": "close"})


async def test_headers_past_their_bound_are_431() -> None:
    app = make_app()
    big = {"x-padding": "a" * app.config.max_header}
    assert (await refused(app, pending(headers=big), headers_bounded)).status == 431


@pytest.mark.parametrize("path", ["/", "/mcp2", "/other/mcp"])
async def test_another_path_is_404_and_a_trailing_slash_is_the_same_path(path: str) -> None:
    app = make_app()
    assert (await refused(app, pending(path=path), on_mcp_path)).status == 404
    await on_mcp_path(app, pending(path="/mcp/"))


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [("https://evil.example", False), ("null", False), ("http://localhost:3000", True), ("http://[::1]:80", True)],
)
async def test_an_origin_is_allowed_when_listed_or_on_this_machine(origin: str, allowed: bool) -> None:
    app = make_app()
    request = pending(headers={"origin": origin})
    if allowed:
        await origin_allowed(app, request)
    else:
        assert (await refused(app, request, origin_allowed)).status == 403


async def test_a_missing_or_foreign_host_is_421() -> None:
    app = make_app()
    no_host = pending()
    del no_host.headers["host"]
    assert (await refused(app, no_host, host_allowed)).status == 421
    assert (await refused(app, pending(headers={"host": "evil.example"}), host_allowed)).status == 421
    await host_allowed(make_app(allowed_hosts=("api.example",)), pending(headers={"host": "api.example:443"}))


async def test_a_method_other_than_post_get_or_delete_is_405() -> None:
    refusal = await refused(make_app(), pending("PUT"), method_allowed)
    assert (refusal.status, dict(refusal.headers)) == (405, {"allow": "GET, POST, DELETE"})


@pytest.mark.parametrize(
    ("query", "headers", "says"),
    [
        ("", {}, "Missing API key"),
        ("", {"authorization": f"Bearer {KEY}"}, "Header authentication is not supported"),
        (f"apikey={KEY}&apikey=other", {}, "must appear once"),
        ("apikey=two%20words", {}, "must appear once"),
        ("apikey=", {}, "must appear once"),
    ],
)
async def test_the_key_must_be_one_key_in_the_query_string(query: str, headers: dict[str, str], says: str) -> None:
    refusal = await refused(make_app(), pending(query=query, headers=headers), key_in_query)
    assert refusal.status == 401
    assert says in refusal.message
    assert KEY not in refusal.message


async def test_the_caller_is_the_key_and_its_tag() -> None:
    request = await through(make_app(), pending(), key_in_query)
    assert request.who.api_key.reveal() == KEY
    assert KEY not in request.who.tag


async def test_a_body_past_its_bound_is_413_whether_declared_or_sent() -> None:
    app = make_app(max_body=100)
    declared = pending(headers={"content-length": "101"}, chunks=[])
    assert (await refused(app, declared, body_within_bound)).status == 413
    sent: list[dict[str, Any]] = [
        {"type": "http.request", "body": b"x" * 60, "more_body": True},
        {"type": "http.request", "body": b"x" * 41},
    ]
    assert (await refused(app, pending(chunks=sent), body_within_bound)).status == 413
    gone: list[dict[str, Any]] = [
        {"type": "http.request", "body": b"{", "more_body": True},
        {"type": "http.disconnect"},
    ]
    assert (await refused(app, pending(chunks=gone), body_within_bound)).status == 400
    split: list[dict[str, Any]] = [
        {"type": "http.request", "body": CALL[:10], "more_body": True},
        {"type": "http.request", "body": CALL[10:]},
    ]
    assert (await through(app, pending(chunks=split), body_within_bound)).body == CALL


async def test_a_body_not_sent_as_json_is_415() -> None:
    request = pending(headers={"content-type": "text/plain"})
    assert (await refused(make_app(), request, json_content)).status == 415
    await json_content(make_app(), pending(headers={"content-type": "Application/JSON; charset=utf-8"}))


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{", PARSE_ERROR),
        (b"[" * 100 + b"]" * 100, PARSE_ERROR),
        (b'{"id":1}', INVALID_REQUEST),
        (b"3", INVALID_REQUEST),
    ],
)
async def test_a_body_that_is_no_json_rpc_message_is_400(body: bytes, code: int) -> None:
    refusal = await refused(make_app(), pending(body=body), message_parsed)
    assert (refusal.status, refusal.code) == (400, code)


@pytest.mark.parametrize(
    ("body", "version", "says"),
    [
        (f"[{CALL.decode()}]", "2025-06-18", "Batches were removed after 2025-03-26"),
        ("[]", "2025-03-26", "non-empty"),
        (f"[{CALL.decode()},{{}}]", "2025-03-26", "item 2 of the batch"),
        (f'[{CALL.decode()},{{"jsonrpc":"2.0","id":9,"method":"initialize"}}]', "2024-11-05", "initialize"),
        ("[" + ",".join([CALL.decode()] * 3) + "]", "2025-03-26", "at most 2 messages"),
    ],
)
async def test_a_batch_the_session_may_not_send_is_400(body: str, version: str, says: str) -> None:
    app = make_app(max_batch=2)
    request = pending(body=body.encode(), headers={"mcp-protocol-version": version})
    refusal = await refused(app, request, batch_allowed)
    assert refusal.status == 400
    assert says in refusal.message


async def test_a_request_outside_a_session_is_400_and_an_unknown_session_404() -> None:
    app = make_app()
    assert (await refused(app, pending(), session_named)).status == 400
    assert (await refused(app, pending(headers={"mcp-session-id": "forged"}), session_named)).status == 404
    assert (await refused(app, pending("DELETE", body=b""), session_named)).status == 400


async def test_initialize_opens_a_session_that_later_requests_name() -> None:
    app = make_app()
    opened = await through(app, pending(body=OPEN), session_named)
    assert opened.opening
    assert opened.token
    # The steps after the session's own record it; until then no request can name it.
    assert (await refused(app, pending(headers={"mcp-session-id": opened.token}), session_named)).status == 404
    await app.sessions.open(opened.session_id, opened.who.tag)
    named = await through(app, pending(headers={"mcp-session-id": opened.token}), session_named)
    assert (named.opening, named.session_id) == (False, opened.session_id)


async def open_session(app: HostedApp) -> str:
    opened = await through(app, pending(body=OPEN), session_named)
    await app.sessions.open(opened.session_id, opened.who.tag)
    return opened.token


async def test_get_with_a_session_is_405_and_without_one_the_session_refusal() -> None:
    app = make_app()
    token = await open_session(app)
    refusal = await refused(app, pending("GET", body=b"", headers={"mcp-session-id": token}), no_event_stream)
    assert (refusal.status, dict(refusal.headers)) == (405, {"allow": "POST, DELETE"})
    assert (await refused(app, pending("GET", body=b""), session_named)).status == 400


async def test_a_protocol_version_this_server_does_not_speak_is_400() -> None:
    app = make_app()
    token = await open_session(app)
    request = pending(headers={"mcp-session-id": token, "mcp-protocol-version": "1999-01-01"})
    refusal = await refused(app, request, version_known)
    assert (refusal.status, "'1999-01-01'" in refusal.message) == (400, True)


async def test_each_message_takes_an_in_flight_slot_and_past_the_bound_it_is_429() -> None:
    app = make_app(max_concurrency=3, max_batch=3)
    token = await open_session(app)
    headers = {"mcp-session-id": token, "mcp-protocol-version": "2025-03-26"}
    batch = await through(app, pending(body=b"[" + b",".join([CALL] * 2) + b"]", headers=headers), in_flight_slot)
    assert batch.held == 2
    assert app.in_flight.in_flight(batch.who.tag) == 2
    one = await through(app, pending(headers=headers), in_flight_slot)
    assert app.in_flight.in_flight(one.who.tag) == 3
    refusal = await refused(app, pending(headers=headers), in_flight_slot)
    assert (refusal.status, dict(refusal.headers)) == (429, {"retry-after": "1"})


@pytest.mark.parametrize(("upstream_status", "status"), [(401, 401), (500, 503)])
async def test_initialize_with_a_key_the_upstream_rejects_or_cannot_judge(upstream_status: int, status: int) -> None:
    app = make_app(lambda request: httpx2.Response(upstream_status, json={"Error Message": "no"}))
    refusal = await refused(app, pending(body=OPEN), key_accepted)
    assert refusal.status == status


def refusal_tag(app: HostedApp) -> str:
    return key_tag(app.config.secret, KEY)


async def test_a_later_refusal_frees_the_in_flight_slot_an_earlier_step_took() -> None:
    app = make_app(lambda request: httpx2.Response(401, json={"Error Message": "no"}))
    sent: list[MutableMapping[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    request = pending(body=OPEN)
    await app(request.scope, request.receive, send)
    assert sent[0]["status"] == 401
    assert app.in_flight.in_flight(refusal_tag(app)) == 0
