"""Messages read from stdin that the session has not taken yet, and the requests still unanswered.

stdin is read ahead of the session, so a ``ping`` behind thousands of ``tools/call`` lines is read
at once, not after every call before it has been dispatched. Each message the session takes
costs it a few turns of the event loop, and each turn runs every call in flight: dispatching
5,000 calls one by one kept a ``ping`` waiting for seconds. In the inbox a cheap request
(``ping``, ``tools/list``) overtakes the calls queued at its end, and nothing else: a
notification (``notifications/cancelled`` naming a call, say) and any other request keep their
place, so no message is ever moved ahead of one it may depend on.

At EOF the session is kept open until every request read before it has been answered (bounded
by :data:`DRAIN_SECONDS`), so a client that writes its requests and closes stdin gets every answer.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque

import mcp_types as types

MAX_MESSAGES = 10_000
"""Messages read ahead of the session at most; stdin is not read further until it takes some."""

MAX_BYTES = 32 * 2**20
"""Bytes of lines read ahead of the session at most (one line may be up to ``_stdio.MAX_LINE``)."""

DRAIN_SECONDS = 30.0
"""How long, after EOF on stdin, requests read before it may take to be answered before the session ends."""

CHEAP = frozenset({"ping", "tools/list"})
"""Requests that overtake queued tool calls: they answer from memory, at once."""

OVERTAKEN = "tools/call"

LONG_LIVED = frozenset({"subscriptions/listen"})
"""Requests answered only when the client leaves: EOF does not wait for them."""


def _is_call(message: types.JSONRPCMessage) -> bool:
    return isinstance(message, types.JSONRPCRequest) and message.method == OVERTAKEN


class Inbox:
    """A bounded queue of messages for the session, cheap requests ahead of queued tool calls."""

    def __init__(self, *, max_messages: int = MAX_MESSAGES, max_bytes: int = MAX_BYTES) -> None:
        self._queue: deque[tuple[types.JSONRPCMessage, int]] = deque()
        self._max_messages = max_messages
        self._max_bytes = max_bytes
        self._bytes = 0
        self._trailing_calls = 0  # tool calls at the end of the queue, which a cheap request may pass
        self._closed = False
        self._readable = asyncio.Event()
        self._room = asyncio.Event()
        self._room.set()

    def _full(self) -> bool:
        return len(self._queue) >= self._max_messages or self._bytes >= self._max_bytes

    async def put(self, message: types.JSONRPCMessage, size: int) -> None:
        """Queue ``message`` (its line was ``size`` bytes), waiting while the inbox is full."""
        while self._full():
            self._room.clear()
            await self._room.wait()
        item = (message, size)
        if isinstance(message, types.JSONRPCRequest) and message.method in CHEAP:
            self._queue.insert(len(self._queue) - self._trailing_calls, item)
        else:
            self._queue.append(item)
            self._trailing_calls = self._trailing_calls + 1 if _is_call(message) else 0
        self._bytes += size
        self._readable.set()

    def close(self) -> None:
        """No more messages will come (EOF): :meth:`get` returns None once the queue is empty."""
        self._closed = True
        self._readable.set()

    async def get(self) -> types.JSONRPCMessage | None:
        """The next message for the session; None after :meth:`close`, once every message was taken."""
        while not self._queue:
            if self._closed:
                return None
            self._readable.clear()
            await self._readable.wait()
        message, size = self._queue.popleft()
        self._trailing_calls = min(self._trailing_calls, len(self._queue))
        self._bytes -= size
        self._room.set()
        return message

    def drain(self) -> list[types.JSONRPCMessage]:
        """Every message still queued (the session stopped taking them), emptying the inbox."""
        left = [message for message, _ in self._queue]
        self._queue.clear()
        self._bytes = self._trailing_calls = 0
        self._room.set()
        return left


class Unanswered:
    """The requests passed to the session and not answered yet (nor cancelled by the client)."""

    def __init__(self) -> None:
        self._ids: Counter[types.RequestId] = Counter()
        self._none = asyncio.Event()
        self._none.set()

    def track(self, message: types.JSONRPCMessage) -> None:
        """Note what ``message``, on its way to the session, asks or settles."""
        if isinstance(message, types.JSONRPCRequest):
            if message.method not in LONG_LIVED:
                self._ids[message.id] += 1
                self._none.clear()
        elif isinstance(message, types.JSONRPCNotification) and message.method == "notifications/cancelled":
            # A cancelled request is never answered (the spec forbids it): stop waiting for it.
            request_id = (message.params or {}).get("requestId")
            if isinstance(request_id, (str, int)):
                self.settle(request_id)

    def settle(self, request_id: types.RequestId | None) -> None:
        """``request_id`` was answered (or cancelled)."""
        if request_id is None or request_id not in self._ids:
            return
        self._ids[request_id] -= 1
        if self._ids[request_id] <= 0:
            del self._ids[request_id]
        if not self._ids:
            self._none.set()

    async def all_answered(self) -> None:
        """Wait until no request is left unanswered."""
        await self._none.wait()

    def left(self) -> list[types.RequestId]:
        """The requests still unanswered, once per time asked."""
        return list(self._ids.elements())
