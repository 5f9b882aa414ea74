"""The local server application: tool list from the registry, calls through the client.

``create_app()`` returns the MCP ``Server``; ``main()`` serves it over stdio (``data_pkg.mcp.http`` serves the
same application over Streamable HTTP).
Only JSON-RPC goes to stdout; every log line goes to stderr, which the
desktop assistant keeps as the server's log.

What the server does with bad input, so a user reading the host's log knows why:
- no or broken manifest at start: one tool, ``setup_problem``, whose description and result
  explain the diagnostics (file:line:col); fixing the file reloads the real tool set;
- no API key or a bad setting: the tools are listed as usual and every call answers an
  ``isError`` result saying what to set; the same is logged at start;
- wrong arguments: an ``isError`` result naming what is allowed;
- an unknown tool (a former name included): JSON-RPC -32602 naming what to call instead, as every
  protocol version asks (``data_pkg.answers.protocol``, the rule data-hosted follows too);
- a ``tools/list`` cursor: -32602, since the list is one page and no cursor is ever given out.

Log messages (``notifications/message``) go to handshake-era clients, which the ``logging``
capability tells; ``logging/setLevel`` sets the least severity a client is sent.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import warnings
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.caching import CacheableMethod, CacheHint
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.models import InitializationOptions
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError

from data_pkg._version import __version__
from data_pkg.answers import CallContext
from data_pkg.answers.instructions import fitted, local_instructions
from data_pkg.answers.protocol import check_cursor, is_protocol_error
from data_pkg.answers.results import ResultWriter
from data_pkg.catalog import Endpoint, by_key
from data_pkg.mcp._analysis import Analysis
from data_pkg.mcp._handshake import explain_uninitialized
from data_pkg.mcp._reload import Notifier, Reloader
from data_pkg.mcp._state import SETUP_TOOL, Snapshot, ToolState
from data_pkg.mcp._stdio import stdio_transport
from data_pkg.mcp._unknown import unknown_tool
from data_pkg.redact import RedactingFormatter
from data_pkg.toolsets import (
    FIELDS_ARGUMENT,
    AnswerSpec,
    FieldChoiceError,
    choose_fields,
    coerce_arguments,
    no_fields_argument,
    unseen_fields,
)

if TYPE_CHECKING:
    from data_pkg.client import AsyncDataClient

# The user API, rendered on docs/api.md; the module's other public names are for tests and benchmarks.
__all__ = ["LocalServer", "create_app", "main", "serve"]

logger = logging.getLogger("data_pkg.mcp")

Transport = Callable[[], AbstractAsyncContextManager[tuple[Any, Any]]]
"""What ``serve`` reads and writes JSON-RPC through: a (read, write) stream pair as ``Server.run`` takes it."""

WRITER = ResultWriter()
"""Tool results: the shared writer, worded the shared way."""

SERVER_NAME = "data-pkg"
SERVER_TITLE = "Market data (local)"
"""What hosts show for the server (``serverInfo.title``)."""

LIST_TTL_MS = 60_000
"""How long a 2026-07-28 client may reuse ``tools/list`` and ``server/discover`` while hot reload is on: a reload
is announced on ``subscriptions/listen`` at once, so this only bounds a client that does not listen."""
FIXED_LIST_TTL_MS = 3_600_000
"""The same with hot reload off: the tool set cannot change while the process runs."""


def reload_enabled(env: Mapping[str, str]) -> bool:
    """Whether hot reload is on: unless ``DATA_MCP_RELOAD`` is 0, false, no or off."""
    return env.get("DATA_MCP_RELOAD", "1").strip() not in ("0", "false", "no", "off")


def cache_hints(env: Mapping[str, str]) -> dict[CacheableMethod, CacheHint]:
    """The freshness 2026-07-28 results of the listing methods carry (``ttlMs``, ``cacheScope``).

    Private: the list is this server's, for its own clients (the one on stdin, or those of ``serve --http``), never
    for a shared cache.
    """
    hint = CacheHint(LIST_TTL_MS if reload_enabled(env) else FIXED_LIST_TTL_MS, "private")
    return {"tools/list": hint, "server/discover": hint}


def instructions(snapshot: Snapshot) -> str:
    """The server instructions for ``snapshot``: what its set is for (the manifest's description), its tools,
    how answers are cut and noted, how errors read; within the 2,048 characters some hosts keep."""
    if snapshot.registry is None:
        problem = f"data-mcp could not load its tool set: call {SETUP_TOOL} to read why. Saving a fixed manifest"
        return fitted(None, [problem + " reloads it, and the host is told the tools changed."])
    return local_instructions(snapshot.registry)


@dataclass
class Runtime:
    """Everything the handlers share: the tool state, the notifier, the lazily built client."""

    state: ToolState
    notifier: Notifier = field(default_factory=Notifier)
    setup_error: str | None = None
    """A settings problem (bad DATA_* value) found at start; every call reports it."""
    analysis: Analysis = field(default_factory=lambda: Analysis(WRITER))
    """Kept tables and the query tool, when the manifest turns analysis on."""
    _client: AsyncDataClient | None = None

    def client(self) -> AsyncDataClient:
        """The data client, built on the first call so that listing tools never loads it."""
        if self._client is None:
            from data_pkg.client import AsyncDataClient, Settings

            overrides: dict[str, Any] = {} if "DATA_CACHE" in self.state.env else {"cache": "memory"}
            self._client = AsyncDataClient(settings=Settings.from_env(self.state.env, **overrides))
        return self._client


def check_settings(env: Mapping[str, str]) -> str | None:
    """The first problem with the client settings, logged now rather than at the first call."""
    from data_pkg.client import Settings
    from data_pkg.errors import ConfigurationError

    try:
        settings = Settings.from_env(env)
    except ConfigurationError as error:
        logger.error("configuration: %s", error)
        return f"[config] {error}. Fix the server's environment in the host's config and restart the host."
    if settings.api_key is None:
        logger.error("DATA_API_KEY is not set: tools are listed, but every call will fail until it is")
    if settings.base_url is None:
        logger.error("DATA_BASE_URL is not set: tools are listed, but every call will fail until it is")
    return None


class LocalServer(Server[Any]):
    """The SDK's low-level server, carrying the runtime its handlers share."""

    runtime: Runtime

    def create_initialization_options(
        self,
        notification_options: NotificationOptions | None = None,
        experimental_capabilities: dict[str, dict[str, Any]] | None = None,
        extensions: dict[str, dict[str, Any]] | None = None,
    ) -> InitializationOptions:
        """The SDK's options, saying the tool list can change (hot reload) unless told otherwise.

        Overridden because a transport may build them itself (the HTTP session manager does, per session).
        """
        return super().create_initialization_options(
            notification_options or NotificationOptions(tools_changed=True), experimental_capabilities, extensions
        )


def create_app(env: Mapping[str, str] | None = None, *, runtime: Runtime | None = None) -> LocalServer:
    """The local server application, with its tool set resolved from ``env`` (default: the process environment)."""
    if runtime is None:
        environment = dict(os.environ if env is None else env)
        runtime = Runtime(ToolState.load(environment))
        runtime.setup_error = check_settings(environment)

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        check_cursor(params)
        return types.ListToolsResult(tools=list(runtime.state.current.tools))

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        snapshot = runtime.state.current  # the whole call uses this one registry
        registry = snapshot.registry
        if registry is None and params.name == SETUP_TOOL:
            return WRITER.problem(_no_tool_set(snapshot))
        if registry is not None and registry.query is not None and params.name == registry.query.name:
            return await runtime.analysis.query(registry, dict(params.arguments or {}))
        tool = registry.get(params.name) if registry is not None else None
        if registry is None or tool is None:
            return _unknown(params.name, snapshot, ctx.protocol_version, runtime.state.env)
        if runtime.setup_error:
            return WRITER.problem(runtime.setup_error)
        arguments = dict(params.arguments or {})
        pinned = sorted(set(arguments) & set(tool.fixed))
        if pinned:
            return WRITER.problem(
                f"[bad_arguments] {', '.join(pinned)} is fixed by the manifest for {tool.name}; leave it out."
            )
        endpoint = by_key(tool.endpoint)
        spec = tool.answer
        if FIELDS_ARGUMENT in arguments:  # the columns of this call's answer: never sent upstream
            try:
                spec = _chosen(tool.name, endpoint, spec, arguments.pop(FIELDS_ARGUMENT))
            except FieldChoiceError as error:
                return WRITER.problem(f"[bad_arguments] {error}. {WRITER.next_steps['bad_arguments']}")
        arguments = coerce_arguments(endpoint, arguments) | dict(tool.fixed)
        from data_pkg.errors import DataError

        try:
            client = runtime.client()
            # Structured results must fit the output schema, which the models define; the text is the
            # upstream's own JSON all the same (its date formats, its numbers as strings), from one request.
            # Rows are parsed and validated as the answer reads them: a cut answer costs what it shows.
            value, models = await client.call_lazily(endpoint.key, **arguments)
        except DataError as error:
            logger.info("%s failed: %s", tool.name, error)
            return WRITER.failure(error, tool=tool.name)
        except Exception:
            logger.exception("%s failed unexpectedly", tool.name)
            return WRITER.problem(f"[internal] {tool.name} failed unexpectedly; the server log has the details.")
        unseen = unseen_fields(tool.name, endpoint, spec, value)
        if unseen is not None:
            return WRITER.problem(f"[bad_arguments] {unseen}. {WRITER.next_steps['bad_arguments']}")
        kept, written = await runtime.analysis.keep(registry, endpoint.key, tool, value, params.arguments or {})
        spec = replace(written, fields=spec.fields)  # the kept table's budget, this call's columns
        context = CallContext.of(endpoint, params.arguments, tool.fixed)
        return WRITER.answer(value, spec, context, schema=tool.output_schema, models=models, also=kept, tool=tool.name)

    async def initialized(ctx: ServerRequestContext[Any], params: types.NotificationParams) -> None:
        logger.debug("client initialized (protocol %s)", ctx.protocol_version)
        runtime.notifier.remember(ctx.session)

    async def set_level(ctx: ServerRequestContext[Any], params: types.SetLevelRequestParams) -> types.EmptyResult:
        runtime.notifier.set_level(ctx.session, params.level)
        return types.EmptyResult()

    with warnings.catch_warnings():
        # The logging capability is deprecated for 2026-07-28 clients only; the handshake-era
        # clients this server sends log messages to are told of it by this handler.
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        server = LocalServer(
            SERVER_NAME,
            version=__version__,
            title=SERVER_TITLE,
            instructions=instructions(runtime.state.current),
            cache_hints=cache_hints(runtime.state.env),
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            on_set_logging_level=set_level,
            on_subscriptions_listen=runtime.notifier.listen,
        )
    server.add_notification_handler("notifications/initialized", types.NotificationParams, initialized)
    server.middleware.append(explain_uninitialized)
    server.runtime = runtime
    return server


def _chosen(tool: str, endpoint: Endpoint, spec: AnswerSpec, raw: object) -> AnswerSpec:
    """The answer spec of one call with a ``fields`` argument (FieldChoiceError when the tool takes none)."""
    if not spec.fields_argument:
        raise FieldChoiceError(no_fields_argument(tool, endpoint))
    return choose_fields(tool, endpoint, spec, raw)


def _no_tool_set(snapshot: Snapshot) -> str:
    return "data-mcp has no tool set: " + "; ".join(snapshot.problems)


def _unknown(name: str, snapshot: Snapshot, version: str | None, env: Mapping[str, str]) -> types.CallToolResult:
    """The answer to a call of a tool not served: an error as the session's protocol version has it."""
    if snapshot.registry is None:
        message = f"unknown tool {name!r}: {_no_tool_set(snapshot)}"
    else:
        message = unknown_tool(name, snapshot.registry, env)
    if is_protocol_error("unknown_tool", version):
        raise MCPError(types.INVALID_PARAMS, message, {"tool": name})
    return WRITER.problem(f"[bad_arguments] {message}")


def configure_logging(env: Mapping[str, str]) -> None:
    """Send every log line to stderr at ``DATA_LOG_LEVEL`` (default INFO); stdout is JSON-RPC's."""
    level = env.get("DATA_LOG_LEVEL", "").strip().upper() or "INFO"
    handler = logging.StreamHandler(sys.stderr)
    # Whoever logged it (the SDK, the HTTP library, us), no line shows a key or a URL's password.
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    try:
        root.setLevel(level)
    except ValueError:
        root.setLevel(logging.INFO)
        logger.error("DATA_LOG_LEVEL=%r is not a log level (DEBUG, INFO, WARNING, ERROR); using INFO", level)
    if root.level > logging.DEBUG:
        # The HTTP library logs every request at INFO; keep that for DEBUG runs only.
        logging.getLogger("httpx2").setLevel(logging.WARNING)
    # The file watcher logs each change it filters out at DEBUG: with the log file in a watched
    # folder, every such line is itself a change, and the log feeds itself until the disk is full.
    logging.getLogger("watchfiles").setLevel(logging.INFO)


async def serve(server: LocalServer, transport: Transport = stdio_transport) -> None:
    """Serve ``server`` over stdio, with hot reload unless ``DATA_MCP_RELOAD=0``.

    Malformed lines are answered with JSON-RPC errors by the transport (``_stdio``), and a request
    sent before ``initialize`` is told to initialize first (``_handshake``). ``transport`` is a seam
    for ``benchmarks/stdio_transport.py``, which serves this same app over the SDK's transport.
    """
    runtime = server.runtime
    options = server.create_initialization_options(NotificationOptions(tools_changed=True))
    reload_on = reload_enabled(runtime.state.env)
    reloader = Reloader(runtime.state, runtime.notifier)
    async with transport() as (read_stream, write_stream), anyio.create_task_group() as tasks:
        if reload_on and runtime.state.files:
            tasks.start_soon(reloader.run)
        await server.run(read_stream, write_stream, options)
        reloader.stop()
        tasks.cancel_scope.cancel()


TERMINAL_HINT = (
    "data-mcp is waiting for an MCP client on stdin: an assistant or editor starts it and speaks JSON-RPC to it."
    " From a terminal, try `data-mcp demo` (a session against the built-in sandbox) or `data-mcp tools` (the tool"
    " list); Ctrl-C stops this server."
)
"""Said when a person starts the server in a terminal, where it would otherwise wait in silence."""


def _stdin_is_a_terminal() -> bool:
    try:
        return os.isatty(0)
    except OSError:  # no fd 0 at all
        return False


def prepare(env: Mapping[str, str]) -> LocalServer:
    """Logging to stderr, then the application for ``env``, its tool count logged: what every transport starts with."""
    configure_logging(env)
    server = create_app(env)
    runtime = server.runtime
    logger.info(
        "data-mcp %s serving %d tools (%s)",
        __version__,
        len(runtime.state.current.tools),
        runtime.state.source or "default set",
    )
    return server


def main() -> int:
    """Entry point of ``python -m data_pkg.mcp`` and ``data-mcp serve``."""
    server = prepare(dict(os.environ))
    if _stdin_is_a_terminal():
        logger.warning(TERMINAL_HINT)
    try:
        anyio.run(serve, server)
    except (KeyboardInterrupt, asyncio.CancelledError):
        # Ctrl-C. On Python 3.10, anyio's runner cancels the serving task and lets its CancelledError out instead
        # of a KeyboardInterrupt (3.11's asyncio.Runner converts it); nothing else cancels that task.
        return 130
    return 0
