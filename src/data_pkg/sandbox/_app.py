"""The Starlette application: upstream-shaped routes, plans, quotas and faults.

Order of checks for an API request, chosen to match what a client sees
upstream: latency, key (401), quota (429), route (404 / 400 for a bad path
value), injected fault, plan tier (402 plain text), query parameters (400),
premium parameter values (402 JSON), then the data. Every reply after the key
check carries the rate-limit headers.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route as StarletteRoute
from starlette.types import Receive, Scope, Send

from data_pkg.catalog import tier_rank
from data_pkg.sandbox._config import SandboxConfig
from data_pkg.sandbox._data import ANCHOR, RouteData, route_data, shape_key
from data_pkg.sandbox._faults import Fault, FaultInjector, FaultSettings
from data_pkg.sandbox._files import XLSX_MEDIA_TYPE, csv_chunks, report_workbook
from data_pkg.sandbox._plans import QuotaBook
from data_pkg.sandbox._query import BadQueryError, Value, parse_query
from data_pkg.sandbox._routes import BadPathValueError, Route, Router, build_routes
from data_pkg.sandbox._stream import ROWS_PER_CHUNK, json_chunks

__all__ = ["create_app"]

RESTRICTED = "Restricted Endpoint: This endpoint is not available under your current subscription"
_PREMIUM = (
    "Premium Query Parameter: 'Special Endpoint : This value set for '{param}' is not available "
    "under your current subscription ...'"
)
_JSON = "application/json"
_CACHED_BODIES = 256
_CACHED_BODY_MAX = 64 * 1024

# ---------------------------------------------------------------------------
# Dropped connections. An ASGI app cannot close its connection directly; it
# can only stop mid-body, after which uvicorn closes the socket and logs an
# error. The error is expected when we asked for it, so it is filtered out
# for exactly those requests (the flag lives in the request task's context).

_DROPPING: contextvars.ContextVar[bool] = contextvars.ContextVar("sandbox_dropping", default=False)
_INCOMPLETE = "ASGI callable returned without completing response."


class _QuietIntendedDrops(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (_DROPPING.get() and record.getMessage() == _INCOMPLETE)


def _install_drop_filter() -> None:
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietIntendedDrops) for f in logger.filters):
        logger.addFilter(_QuietIntendedDrops())


class _DroppedResponse(Response):
    """Sends the headers (with the full Content-Length) and half the body, then stops."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        _DROPPING.set(True)
        await send({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
        await send({"type": "http.response.body", "body": self.body[: max(1, len(self.body) // 2)], "more_body": True})


class _DroppedStream(StreamingResponse):
    """A chunked stream that ends without its closing chunk."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        _DROPPING.set(True)
        await send({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
        async for chunk in self.body_iterator:
            body = chunk.encode() if isinstance(chunk, str) else bytes(chunk)
            await send({"type": "http.response.body", "body": body, "more_body": True})


# ---------------------------------------------------------------------------


def _error_json(message: str) -> bytes:
    return json.dumps({"Error Message": message}).encode()


class _Sandbox:
    """The mutable state behind one app: quotas, faults, and route data built on first use."""

    def __init__(self, config: SandboxConfig) -> None:
        self.config = config
        self.keys = config.keys()
        self.tier_ranks = {key: tier_rank(tier) for key, tier in self.keys.items()}
        self.router = Router(build_routes())
        self.quotas = QuotaBook(self.keys, config.quotas)
        self.faults = FaultInjector(config.faults(), config.seed)
        self._data: dict[str, RouteData] = {}
        self._lock = threading.Lock()
        # Answers are deterministic, so recent JSON bodies can be replayed as they are:
        # a benchmark hammering one URL then measures the client, not our generator.
        self._bodies: OrderedDict[tuple[str, tuple[tuple[str, str], ...]], bytes] = OrderedDict()

    def data(self, route: Route, path: str) -> RouteData:
        # Paths of one route may answer in shapes of their own (each chart interval has its example).
        shape = shape_key(route, path)
        key = shape or route.template
        found = self._data.get(key)
        if found is None:
            with self._lock:
                found = self._data.get(key)
                if found is None:
                    found = self._data[key] = route_data(route, list_rows=self.config.list_rows, shape=shape)
        return found

    def json_body(self, data: RouteData, path: str, values: Mapping[str, Value]) -> bytes | Iterator[Any]:
        """A short answer's whole body (cached when small), or a long answer's rows, to be streamed."""
        key = (path, tuple(sorted((k, repr(v)) for k, v in values.items())))
        with self._lock:
            body = self._bodies.get(key)
            if body is not None:
                self._bodies.move_to_end(key)
                return body
        rows = data.iter_rows(path, values)
        first = list(itertools.islice(rows, ROWS_PER_CHUNK))
        if len(first) == ROWS_PER_CHUNK:
            # A long answer (five years of bars, a symbol directory) goes out as it is generated.
            return itertools.chain(first, rows)
        body = json.dumps(first, separators=(",", ":")).encode()
        if len(body) <= _CACHED_BODY_MAX:
            with self._lock:
                self._bodies[key] = body
                if len(self._bodies) > _CACHED_BODIES:
                    self._bodies.popitem(last=False)
        return body

    def reset(self) -> None:
        self.quotas.reset()
        self.faults.configure(self.config.faults())
        self.faults.reset()

    def docs(self, base_url: str) -> str:
        lines = [
            "data-pkg sandbox: the upstream REST API with deterministic synthetic data.",
            "",
            f"Point a client at it:  DATA_BASE_URL={base_url}",
            f"Example:               {base_url}/stable/quote?symbol=AAPL&apikey=demo",
            "",
            "Keys (pass as the apikey query parameter):",
        ]
        for key, tier in self.keys.items():
            quota = self.quotas.quota(key)
            lines.append(f"  {key:<20} plan {tier:<9} {quota.calls} calls per {quota.seconds:g} s")
        lines += [
            "",
            f"Data does not depend on today's date: default ranges end on {ANCHOR.isoformat()}.",
            "Answers are as deep as the upstream's: five years of daily bars without dates, symbol lists of",
            "tens of thousands of rows; limit and page slice them, and a page past the end answers [].",
            "",
            "Control endpoints (no key needed):",
            "  GET  /_sandbox/faults   current fault settings",
            "  POST /_sandbox/faults   change them, JSON body with any of: " + ", ".join(FaultSettings().as_dict()),
            "  POST /_sandbox/reset    restore the startup fault settings, clear quotas and fault counters",
            "  GET  /healthz           liveness",
        ]
        return "\n".join(lines) + "\n"


def _docs_url(scope: Scope) -> str:
    host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
    if host is None:
        server = scope.get("server") or ("127.0.0.1", 80)
        host = f"{server[0]}:{server[1]}"
    return f"{scope.get('scheme', 'http')}://{host}/docs"


LATENCY_HEADER = "X-Sandbox-Latency-Ms"
"""The header of a reply the latency fault delayed: the milliseconds it waited before answering."""


def create_app(config: SandboxConfig | None = None) -> Starlette:
    """A Starlette app serving every catalog path under ``/stable`` the way the upstream does.

    Route metadata is built here once; each route's models are imported and
    its field plan built on the first request that needs them.
    """
    config = config or SandboxConfig()
    sandbox = _Sandbox(config)
    _install_drop_filter()

    async def api(request: Request) -> Response:
        latency_ms = sandbox.faults.settings.latency_ms
        if latency_ms:
            await asyncio.sleep(latency_ms / 1000)
        response = await answer(request)
        if latency_ms:
            # Says what this reply waited, so a client (or a test) sees the fault without timing it.
            response.headers[LATENCY_HEADER] = f"{latency_ms:g}"
        return response

    async def answer(request: Request) -> Response:
        scope = request.scope
        items = request.query_params.multi_items()
        key = next((value for name, value in items if name == "apikey"), None)
        if key is None or key not in sandbox.keys:
            message = (
                f"Invalid API KEY. Feel free to create a Free API Key or visit {_docs_url(scope)} for more information."
            )
            return Response(_error_json(message), 401, media_type=_JSON)
        decision = sandbox.quotas.take(key)
        headers = {"X-Rate-Limit-Limit": str(decision.limit), "X-Rate-Limit-Remaining": str(decision.remaining)}
        if not decision.allowed:
            headers["Retry-After"] = str(decision.retry_after)
            return Response(_error_json(_limit_message(scope)), 429, headers, media_type=_JSON)
        raw_path = scope.get("raw_path") or scope["path"].encode()
        path = raw_path.decode("latin-1")
        try:
            matched = sandbox.router.match(path)
        except BadPathValueError as exc:
            return Response(_error_json(str(exc)), 400, headers, media_type=_JSON)
        if matched is None or matched[0].kind == "withdrawn":
            return Response(_error_json(f"Not found: {scope['path']}"), 404, headers, media_type=_JSON)
        route, path_values = matched
        fault = sandbox.faults.decide(path)
        if fault != "none":
            headers["X-Sandbox-Fault"] = fault
        if fault == "error":
            body = _error_json("Service temporarily unavailable. Please try again later.")
            return Response(body, 503, headers, media_type=_JSON)
        if fault == "error200":
            return Response(_error_json(_limit_message(scope)), 200, headers, media_type=_JSON)
        return _cut_short(_reply(sandbox, route, key, path, path_values, items, headers, fault), fault, headers)

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def docs(request: Request) -> Response:
        base = _docs_url(request.scope).removesuffix("/docs")
        return PlainTextResponse(sandbox.docs(base))

    async def faults(request: Request) -> Response:
        if request.method == "POST":
            try:
                changes = json.loads(await request.body() or b"{}")
                if not isinstance(changes, dict):
                    raise ValueError("the body must be a JSON object of fault settings")
                sandbox.faults.configure(sandbox.faults.settings.updated(changes))
            except ValueError as exc:  # JSONDecodeError is a ValueError too
                return Response(_error_json(str(exc)), 400, media_type=_JSON)
        return Response(json.dumps(sandbox.faults.settings.as_dict()).encode(), media_type=_JSON)

    async def reset(request: Request) -> Response:
        sandbox.reset()
        return Response(json.dumps(sandbox.faults.settings.as_dict()).encode(), media_type=_JSON)

    return Starlette(
        routes=[
            StarletteRoute("/stable/{rest:path}", api, methods=["GET"]),
            StarletteRoute("/healthz", healthz, methods=["GET"]),
            StarletteRoute("/docs", docs, methods=["GET"]),
            StarletteRoute("/_sandbox/faults", faults, methods=["GET", "POST"]),
            StarletteRoute("/_sandbox/reset", reset, methods=["POST"]),
            # Withdrawn endpoints live outside /stable too (older API versions); they answer 404.
            StarletteRoute("/{rest:path}", api, methods=["GET"]),
        ]
    )


def _limit_message(scope: Scope) -> str:
    # The space before the dot and the trailing space are the upstream's own.
    return f"Limit Reach . Please upgrade your plan or visit our documentation for more details at {_docs_url(scope)} "


def _cut_short(response: Response, fault: Fault, headers: dict[str, str]) -> Response:
    """A whole reply cut short for the body faults (a streamed one is cut as it is built)."""
    if fault == "malformed" and not isinstance(response, StreamingResponse):
        body = bytes(response.body)
        response.body = body[: len(body) // 2]
        response.headers["content-length"] = str(len(response.body))
    if fault == "drop" and not isinstance(response, StreamingResponse):
        response = _DroppedResponse(bytes(response.body), response.status_code, headers, response.media_type)
    return response


def _reply(
    sandbox: _Sandbox,
    route: Route,
    key: str,
    path: str,
    path_values: Mapping[str, str],
    items: list[tuple[str, str]],
    headers: dict[str, str],
    fault: Fault,
) -> Response:
    """The reply the upstream would give (402, 400 or the data); a streamed one cut for the body faults."""
    key_rank = sandbox.tier_ranks[key]
    if route.kind == "addon" or key_rank < route.tier_rank:
        # The ratings add-on is sold outside every plan, so every key is refused it.
        return PlainTextResponse(RESTRICTED, 402, headers)
    try:
        values: dict[str, Value] = parse_query(route, items)
    except BadQueryError as exc:
        return Response(_error_json(str(exc)), 400, headers, media_type=_JSON)
    values.update((name, value) for name, value in path_values.items() if name in route.path_params)
    if key_rank == 0:
        refused = _premium_refusal(route, values)
        if refused:
            return Response(_error_json(_PREMIUM.format(param=refused)), 402, headers, media_type=_JSON)
    data = sandbox.data(route, path)
    if route.format == "csv":
        rows = data.bulk_rows(values, sandbox.config.bulk_rows)
        cut_after = 1 if fault in ("malformed", "drop") else None
        chunks = csv_chunks(data.columns, rows, cut_after=cut_after)
        stream = _DroppedStream if fault == "drop" else StreamingResponse
        return stream(chunks, 200, headers, media_type="text/csv")
    if route.format == "xlsx":
        symbol = str(values.get("symbol", "report"))
        year = values.get("year")
        fiscal_year = year if isinstance(year, int) else ANCHOR.year - 1
        workbook = report_workbook(symbol, fiscal_year, str(values.get("period") or "FY"))
        filename = re.sub(r"[^A-Za-z0-9._-]", "_", f"{symbol}-{fiscal_year}.xlsx")
        headers["Content-Disposition"] = f'attachment; filename="{filename}"'
        return Response(workbook, 200, headers, media_type=XLSX_MEDIA_TYPE)
    body = sandbox.json_body(data, path, values)
    if isinstance(body, bytes):
        return Response(body, 200, headers, media_type=_JSON)
    cut_after = 1 if fault in ("malformed", "drop") else None
    stream = _DroppedStream if fault == "drop" else StreamingResponse
    return stream(json_chunks(body, cut_after=cut_after), 200, headers, media_type=_JSON)


def _premium_refusal(route: Route, values: Mapping[str, Value]) -> str | None:
    """The parameter a free (basic) key may not use with this value, if any."""
    limit = values.get("limit")
    if route.statements and isinstance(limit, int) and limit > 5:
        return "limit"
    symbol, symbols = values.get("symbol"), values.get("symbols")
    # A dotted symbol is a non-US listing (VOD.L), which the free plan does not cover.
    if (isinstance(symbol, str) and "." in symbol) or (isinstance(symbols, tuple) and any("." in s for s in symbols)):
        return "symbol"
    return None
