"""What the stdio server takes from the SDK beyond its public API, pinned the way it relies on it.

- ``_reload`` keys handshake-era clients by ``ServerSession._connection``, a private attribute: the SDK
  builds a new session object per message, and only the connection behind them stays. Were it renamed,
  ``getattr``'s fallback would key by the session object and a client would be remembered once per message.
  It forgets a client through that connection's ``exit_stack``, which the SDK closes when the connection ends.
- ``_stdio`` hands ``Server.run`` a plain pair of memory streams and settles each request when an answer with
  its id comes back on the write stream; at end of input it keeps the read stream open until every request
  is answered, because the SDK cancels the handlers still running when that stream ends (their answer:
  -32000 "Connection closed").
- ``_stdfds`` points the Windows standard handle back at a descriptor with ``rebind_std_handle_to_fd``.

A release that changes one of these fails here, naming it, instead of in a user's session.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import mcp_types as types
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server import NotificationOptions, Server, ServerRequestContext
from mcp.shared.message import SessionMessage

from data_pkg.mcp._reload import _connection

pytestmark = pytest.mark.anyio


def _server(sessions: list[Any], entered: anyio.Event | None = None) -> Server[Any]:
    """A server with one tool; with ``entered``, the tool sets it and then waits for ever."""

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        sessions.append(ctx.session)
        if entered is not None:
            entered.set()
            await anyio.Event().wait()
        return types.CallToolResult(content=[types.TextContent(text="answered")])

    return Server("contract", on_call_tool=call_tool)


def _request(id_: int, method: str, params: dict[str, Any] | None = None) -> SessionMessage:
    return SessionMessage(types.JSONRPCRequest(jsonrpc="2.0", id=id_, method=method, params=params))


HELLO = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "contract", "version": "0"}}
CALL = {"name": "echo", "arguments": {}}


@dataclass
class _Peer:
    """The client's ends of the plain stream pair ``Server.run`` serves, as ``_stdio`` hands it over."""

    send: MemoryObjectSendStream[SessionMessage | Exception]
    receive: MemoryObjectReceiveStream[SessionMessage]
    after_end: list[types.JSONRPCMessage] = field(default_factory=list)
    """What the server wrote that was not read before the end of input (filled once ``Server.run`` returned)."""


@asynccontextmanager
async def _connected(server: Server[Any]) -> AsyncIterator[_Peer]:
    """A handshake-era client of ``server``, initialized; leaving ends its input and waits for ``Server.run``."""
    send, server_reads = anyio.create_memory_object_stream[SessionMessage | Exception](10)
    server_writes, receive = anyio.create_memory_object_stream[SessionMessage](10)
    peer = _Peer(send, receive)
    options = server.create_initialization_options(NotificationOptions(tools_changed=True))
    with anyio.fail_after(10):
        async with send, receive:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(server.run, server_reads, server_writes, options)
                await send.send(_request(1, "initialize", HELLO))
                opened = (await receive.receive()).message
                assert isinstance(opened, types.JSONRPCResponse) and opened.id == 1
                initialized = types.JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized")
                await send.send(SessionMessage(initialized))
                yield peer
                await send.aclose()  # end of input
            while True:  # Server.run has returned: whatever it wrote is in the stream
                try:
                    peer.after_end.append(receive.receive_nowait().message)
                except (anyio.WouldBlock, anyio.EndOfStream):
                    break


async def test_a_handshake_clients_sessions_share_one_private_connection_and_clients_do_not() -> None:
    sessions: list[Any] = []
    closed: list[object] = []
    server = _server(sessions)
    async with _connected(server) as first:
        for id_ in (2, 3):
            await first.send.send(_request(id_, "tools/call", CALL))
            await first.receive.receive()
        stack = getattr(_connection(sessions[0]), "exit_stack", None)
        assert isinstance(stack, AsyncExitStack), "the notifier forgets a client on its connection's exit_stack"
        stack.callback(closed.append, "first")
        assert closed == []
    assert closed == ["first"]  # run when the connection ended
    async with _connected(server) as second:
        await second.send.send(_request(2, "tools/call", CALL))
        await second.receive.receive()
    one, again, other = sessions
    assert hasattr(one, "_connection"), "the SDK no longer keeps the connection as ServerSession._connection"
    assert _connection(one) is _connection(again)
    assert _connection(one) is not _connection(other)


async def test_server_run_answers_on_plain_memory_streams_each_answer_with_its_requests_id() -> None:
    async with _connected(_server([])) as peer:
        await peer.send.send(_request(2, "tools/call", CALL))
        await peer.send.send(_request(3, "no/such/method"))
        answers = [(await peer.receive.receive()).message for _ in range(2)]
    assert {(type(a).__name__, a.id) for a in answers} == {("JSONRPCResponse", 2), ("JSONRPCError", 3)}


async def test_a_handler_still_running_when_the_read_stream_ends_is_cancelled_not_waited_for() -> None:
    # Why _stdio keeps the read stream open after EOF until every request is answered (DRAIN_SECONDS).
    entered = anyio.Event()
    async with _connected(_server([], entered)) as peer:
        await peer.send.send(_request(2, "tools/call", CALL))
        await entered.wait()
    answers = [m for m in peer.after_end if getattr(m, "id", None) == 2]
    assert answers and all(isinstance(a, types.JSONRPCError) for a in answers)  # never the call's result
    assert {a.error.code for a in answers if isinstance(a, types.JSONRPCError)} == {types.CONNECTION_CLOSED}


def test_the_windows_handle_rebind_takes_one_descriptor() -> None:
    from mcp.os.win32.utilities import rebind_std_handle_to_fd

    assert list(inspect.signature(rebind_std_handle_to_fd).parameters) == ["fd"]
