"""The stdio transport: one JSON-RPC message per line on stdin and stdout.

It replaces the SDK's ``stdio_server()`` for two reasons. Lines the SDK would drop unanswered
(not JSON, not JSON-RPC) are answered here with a JSON-RPC error (see ``_lines``), so a client
never waits for nothing. And when stdin and stdout are pipes or sockets on POSIX (how hosts
start servers), the event loop reads and writes them itself: no worker thread per message.
Anything else (a file redirected in or out, a terminal, Windows) is served through one reader
thread and blocking writes in worker threads. The SDK's transport, even with a hook for the lines
it cannot read, fails 7 of the 36 lines the tests pin and three more cases (a line over the bound,
calls in flight at EOF, stdout closed): ``benchmarks/stdio_transport.py``, CONTRIBUTING "The MCP SDK".

While serving, fds 0 and 1 point elsewhere (``_stdfds``), so a stray ``print`` or a child
process can neither steal a request nor corrupt the wire. EOF on stdin ends the session; so
does a client that stops reading (stdout closed).

The transport needs the asyncio backend (what ``anyio.run`` uses by default).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from functools import partial
from typing import IO, BinaryIO, Protocol, TypeVar

import anyio
import anyio.lowlevel
import anyio.to_thread
import mcp_types as types
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.shared.message import SessionMessage

from data_pkg.mcp._inbox import DRAIN_SECONDS, Inbox, Unanswered
from data_pkg.mcp._lines import (
    CONNECTION_CLOSED,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    Rejected,
    error_answer,
    id_in_head,
    read_line,
)
from data_pkg.mcp._stdfds import claimed_stdin, claimed_stdout, is_pollable_pipe

logger = logging.getLogger("data_pkg.mcp")

_T = TypeVar("_T")

MAX_LINE = 16 * 2**20
"""Longest line read (bytes): a longer one is answered -32600 and skipped, never held whole. 16 MiB lets a
10 MB argument reach the tool that refuses it by name (the query tool's statement, say)."""

HEAD = 64 * 2**10
"""Bytes kept of a skipped line: enough to read an id sent before the params, as most clients send it."""

_FLUSH_TIMEOUT = 10.0
"""How long the last answers may take to leave at shutdown when the client reads slowly."""

_UNSENDABLE = "Internal error: the answer held text that cannot be encoded as UTF-8; the server log has the details"

_NOT_ANSWERED = f"Connection closed: stdin ended and this request was not answered within {DRAIN_SECONDS:g} s"

_LINES_PER_TURN = 64
"""Lines read in one turn of the event loop at most, so reading a burst never stalls the calls in flight."""


@dataclass(frozen=True, slots=True)
class _Overlong:
    """A line that was skipped: its first bytes, where its id may be."""

    head: bytes


_TOO_LONG = f"Invalid Request: the line is longer than {MAX_LINE} bytes"


class OutputClosedError(Exception):
    """The client closed its end of stdout."""


@asynccontextmanager
async def stdio_transport() -> AsyncIterator[
    tuple[MemoryObjectReceiveStream[SessionMessage | Exception], MemoryObjectSendStream[SessionMessage]]
]:
    """Serve the process's stdin and stdout: yields the SDK's (read, write) stream pair."""
    loop = asyncio.get_running_loop()
    with claimed_stdin() as stdin_fd, claimed_stdout() as stdout_fd:
        output = await _open_output(loop, stdout_fd)
        lines = await _open_input(loop, stdin_fd)
        inbox, unanswered = Inbox(), Unanswered()
        to_session, from_stdin = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        to_stdout, from_session = anyio.create_memory_object_stream[SessionMessage](0)
        try:
            async with anyio.create_task_group() as tasks:

                async def until_output_closes(work: Callable[[], Awaitable[None]]) -> None:
                    try:
                        await work()
                    except OutputClosedError:
                        logger.info("stdout was closed by the client: ending the session")
                        tasks.cancel_scope.cancel()

                reading = anyio.CancelScope()

                async def read() -> None:
                    with reading:
                        await _read_all(lines, inbox, output)

                tasks.start_soon(until_output_closes, read)
                tasks.start_soon(_feed, inbox, to_session, unanswered)
                tasks.start_soon(until_output_closes, partial(_write_all, from_session, output, unanswered))
                yield from_stdin, to_stdout
                # The session has ended (EOF, or the server stopped) and its answers are queued;
                # stdin may never reach EOF, so stop reading it.
                reading.cancel()
                inbox.close()
                await to_stdout.aclose()
            # Whatever the session left unanswered (it stopped first) still gets an answer.
            with suppress(OutputClosedError):
                for request_id in unanswered.left():
                    await output.write(_frame(error_answer(CONNECTION_CLOSED, _NOT_ANSWERED, request_id)))
        finally:
            lines.close()
            await output.aclose()


# --- stdin ---------------------------------------------------------------------------------------


class _Lines(Protocol):
    async def readline(self) -> bytes | _Overlong | None:
        """The next line (with its newline), an ``_Overlong`` for a skipped line, None at EOF."""

    def close(self) -> None:
        """Stop reading."""


async def _open_input(loop: asyncio.AbstractEventLoop, fd: int) -> _Lines:
    reader = asyncio.StreamReader(limit=MAX_LINE)
    polled = await _polled(fd, "rb", partial(loop.connect_read_pipe, lambda: asyncio.StreamReaderProtocol(reader)))
    if polled is not None:
        logger.debug("stdin is read by the event loop")
        return _PipeLines(reader, polled[0])
    logger.debug("stdin is read by a thread (not a pipe or socket the loop can poll)")
    return _ThreadLines(loop, fd)


async def _polled(fd: int, mode: str, connect: Callable[[IO[bytes]], Awaitable[_T]]) -> _T | None:
    """What ``connect`` makes of ``fd`` when the event loop can poll it; None when it cannot.

    A pipe or socket on POSIX can be polled; a file, a terminal or Windows cannot (the loop's
    ``connect_*_pipe`` then raises), and the caller falls back to threads.
    """
    if not is_pollable_pipe(fd):
        return None
    pipe = os.fdopen(fd, mode, buffering=0, closefd=False)
    try:
        return await connect(pipe)
    except (OSError, ValueError, NotImplementedError):
        logger.debug("fd %d cannot be polled", fd, exc_info=True)
        return None


class _PipeLines:
    """Lines read by the event loop itself."""

    def __init__(self, reader: asyncio.StreamReader, transport: asyncio.ReadTransport) -> None:
        self._reader = reader
        self._transport = transport
        self._skipping = False
        self._head = b""

    async def readline(self) -> bytes | _Overlong | None:
        while True:
            try:
                line = await self._reader.readuntil(b"\n")
            except asyncio.IncompleteReadError as end:  # EOF, maybe after a last line without newline
                line = end.partial
                if not line and not self._skipping:
                    return None
            except asyncio.LimitOverrunError as overrun:
                # Drop what is buffered of the line and the rest of it as it arrives (its head is kept once).
                dropped = await self._reader.readexactly(overrun.consumed)
                self._head = self._head if self._skipping else dropped[:HEAD]
                self._skipping = True
                continue
            if self._skipping:
                self._skipping = False
                return _Overlong(self._head)
            return line

    def close(self) -> None:
        self._transport.close()


class _ThreadLines:
    """Lines read by one thread for the whole session, for what the event loop cannot poll."""

    def __init__(self, loop: asyncio.AbstractEventLoop, fd: int) -> None:
        self._loop = loop
        self._queue: asyncio.Queue[bytes | _Overlong | None] = asyncio.Queue(maxsize=1)
        self._stream: BinaryIO = os.fdopen(fd, "rb", closefd=False)
        threading.Thread(target=self._run, name="data-mcp stdin", daemon=True).start()

    def _run(self) -> None:
        try:
            while True:
                line = self._stream.readline(MAX_LINE + 1)
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    while (rest := self._stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                        pass
                    self._put(_Overlong(line[:HEAD]))
                    continue
                self._put(line or None)
                if not line:
                    return
        except Exception:  # a thread has no one to raise to
            # Serving ended (the loop is gone) or stdin failed: either way, nothing more to read.
            logger.debug("stdin reader thread ends", exc_info=True)
            with suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self._queue.put(None), self._loop)

    def _put(self, item: bytes | _Overlong | None) -> None:
        # Blocks this thread while the loop is behind: the queue holds one line, so memory stays bounded.
        asyncio.run_coroutine_threadsafe(self._queue.put(item), self._loop).result()

    async def readline(self) -> bytes | _Overlong | None:
        return await self._queue.get()

    def close(self) -> None:
        """The thread cannot be interrupted in a read; it ends at EOF or with the process."""


async def _read_all(lines: _Lines, inbox: Inbox, output: _Output) -> None:
    """Queue valid messages for the session and answer the others, until EOF."""
    number = 0
    try:
        while (line := await lines.readline()) is not None:
            number += 1
            if number % _LINES_PER_TURN == 0:
                await anyio.lowlevel.checkpoint()  # buffered lines are read without waiting: let the rest run
            if isinstance(line, _Overlong):
                logger.warning("stdin line %d: %s", number, _TOO_LONG)
                await output.write(_frame(error_answer(INVALID_REQUEST, _TOO_LONG, id_in_head(line.head))))
                continue
            assert isinstance(line, bytes)
            outcome = read_line(line)
            if outcome is None:
                continue
            if isinstance(outcome, Rejected):
                logger.warning("stdin line %d: %s", number, outcome.reason)
                if outcome.answer is not None:
                    await output.write(_frame(outcome.answer))
                continue
            await inbox.put(outcome, len(line))
    finally:
        inbox.close()


async def _feed(inbox: Inbox, session: MemoryObjectSendStream[SessionMessage | Exception], asked: Unanswered) -> None:
    """Pass queued messages to the session; after EOF, keep it open until what was asked is answered."""
    async with session:
        while (message := await inbox.get()) is not None:
            asked.track(message)
            try:
                await session.send(SessionMessage(message))
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                for left in inbox.drain():  # the session has stopped: these are answered at the end
                    asked.track(left)
                return
        with anyio.move_on_after(DRAIN_SECONDS):
            await asked.all_answered()
        if asked.left():
            logger.warning("stdin ended; %d requests still unanswered after %g s", len(asked.left()), DRAIN_SECONDS)


# --- stdout --------------------------------------------------------------------------------------


class _Output(Protocol):
    async def write(self, data: bytes) -> None:
        """Write ``data`` whole; raises OutputClosedError when the client has closed stdout."""

    async def aclose(self) -> None:
        """Let written data leave (bounded), then stop."""


def _frame(message: types.JSONRPCMessage) -> bytes:
    """``message`` as one line of JSON; never raises, so no message can end the session.

    A string UTF-8 cannot carry (a lone surrogate) fails the fast path. A result holding one is
    replaced by an internal error for the same request. Anything else (an error answering an id
    the client sent with a lone surrogate, a notification) goes out with that character escaped,
    as JSON allows: the client gets back the id it sent.
    """
    try:
        return message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n"
    except ValueError as error:  # pydantic's serialization error is one
        logger.error("a message could not be written as UTF-8 JSON: %s", error)
    if isinstance(message, types.JSONRPCResponse):
        message = error_answer(INTERNAL_ERROR, _UNSENDABLE, message.id)
    data = message.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode() + b"\n"


async def _write_all(messages: MemoryObjectReceiveStream[SessionMessage], output: _Output, asked: Unanswered) -> None:
    async with messages:
        async for message in messages:
            await output.write(_frame(message.message))
            if isinstance(message.message, (types.JSONRPCResponse, types.JSONRPCError)):
                asked.settle(message.message.id)


async def _open_output(loop: asyncio.AbstractEventLoop, fd: int) -> _Output:
    polled = await _polled(fd, "wb", partial(loop.connect_write_pipe, _PipeProtocol))
    if polled is not None:
        logger.debug("stdout is written by the event loop")
        return _PipeOutput(*polled)
    logger.debug("stdout is written from worker threads (not a pipe or socket the loop can poll)")
    return _BlockingOutput(fd)


class _PipeProtocol(asyncio.BaseProtocol):
    """Flow control for the stdout pipe: writers wait while the client is behind."""

    def __init__(self) -> None:
        self.closed = False
        self.lost = asyncio.get_running_loop().create_future()
        self._resumed = asyncio.Event()
        self._resumed.set()

    def pause_writing(self) -> None:
        self._resumed.clear()

    def resume_writing(self) -> None:
        self._resumed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._resumed.set()
        if not self.lost.done():
            self.lost.set_result(None)

    async def writable(self) -> None:
        await self._resumed.wait()


class _PipeOutput:
    """Writes go straight to the pipe from the event loop; the transport buffers what does not fit."""

    def __init__(self, transport: asyncio.WriteTransport, protocol: _PipeProtocol) -> None:
        self._transport = transport
        self._protocol = protocol

    async def write(self, data: bytes) -> None:
        if self._protocol.closed or self._transport.is_closing():
            raise OutputClosedError
        self._transport.write(data)
        await self._protocol.writable()
        if self._protocol.closed:
            raise OutputClosedError

    async def aclose(self) -> None:
        self._transport.close()  # flushes what is buffered first
        with anyio.move_on_after(_FLUSH_TIMEOUT, shield=True):
            await self._protocol.lost


class _BlockingOutput:
    """Blocking writes in a worker thread, one message at a time, for what cannot be polled."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._lock = anyio.Lock()

    async def write(self, data: bytes) -> None:
        async with self._lock:
            try:
                await anyio.to_thread.run_sync(self._write, data)
            except (BrokenPipeError, ConnectionResetError):
                raise OutputClosedError from None

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view) :]

    async def aclose(self) -> None:
        """Every write has completed already."""
