"""Bounds on what one connection can hold before the app sees a request: header size, read time, connections.

uvicorn reads a request's headers without a size bound (with httptools) and
without a time bound (with either parser), and accepts connections until the
process runs out of file descriptors: a handful of clients sending endless
headers, or trickling them, or just holding connections open, could take the
memory or every descriptor of a worker. The HTTP protocol class here wraps
uvicorn's own and adds, per worker:

- **header size** (``max_header``): a request line plus headers that is still
  unfinished past that many bytes is answered 431 and the connection closed
  (h11 answers 400 itself a little earlier); headers that arrive whole in one
  read are measured by the app, which answers 431 too;
- **read time** (``read_timeout``): a request must arrive whole, headers and
  body, within that many seconds of its first byte (of the connection's
  opening, for the first request); else it is answered 408 and the connection
  closed. The time between requests on a kept-alive connection is uvicorn's
  keep-alive timeout;
- **connections** (``max_connections``): a worker holding that many connections
  that accepts one more closes the one that has waited longest without a
  request being served (idle between requests, or still sending one), so
  connections that hold a slot without using it cannot lock anyone out. When
  every connection is being served, the new one is answered 503 and closed.

Each answer is a short JSON-RPC error, as the app's own refusals are.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

__all__ = ["GuardLimits", "fit_open_files", "guarded"]

logger = logging.getLogger("data_hosted.connections")

OTHER_FILES = 64
"""Descriptors a worker needs besides its client and upstream connections (listener, logs, imports, DNS)."""


@dataclass(frozen=True)
class GuardLimits:
    """The bounds a guarded protocol enforces (see the module's docstring)."""

    max_header: int
    read_timeout: float
    max_connections: int


def _answer(status: int, reason: str, message: str) -> bytes:
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": message}}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class _Guard:
    """What both guarded protocols add to uvicorn's; mixed in before the uvicorn class."""

    limits: GuardLimits
    # uvicorn's attributes this relies on (both of its protocols have them).
    transport: asyncio.Transport
    cycle: Any
    connections: set[Any]
    loop: asyncio.AbstractEventLoop

    _phase = "opened"
    """opened (nothing received yet), headers, body, served (whole request read), idle (between requests)."""
    _since = 0.0
    _received = 0
    _cycle: Any = None
    _deadline: asyncio.TimerHandle | None = None

    # -- connections ---------------------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._since = time.monotonic()
        self._arm()
        if len(self.connections) > self.limits.max_connections and not self._evict_one():
            logger.warning("connection refused: all %d connections are being served", self.limits.max_connections)
            self._refuse(503, "Service Unavailable", "The server is at its connection bound; retry shortly.")

    def _waiting(self) -> bool:
        """Whether this connection holds a slot without a request being served."""
        return self._phase != "served" or self.cycle is None or bool(self.cycle.response_complete)

    def _evict_one(self) -> bool:
        others = [c for c in self.connections if c is not self and isinstance(c, _Guard) and c._waiting()]
        if not others:
            return False
        oldest = min(others, key=lambda connection: connection._since)
        oldest._close_quietly()
        return True

    def _close_quietly(self) -> None:
        self._disarm()
        if self._phase in ("headers", "body"):
            self._refuse(503, "Service Unavailable", "The server is at its connection bound; retry shortly.")
        else:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]

    # -- reading a request ----------------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():
            return
        if self._phase in ("served", "idle"):
            # The first bytes of the next request: its own read deadline starts now.
            self._phase, self._received, self._since = "headers", 0, time.monotonic()
            self._arm()
        elif self._phase == "opened":
            self._phase = "headers"
        super().data_received(data)  # type: ignore[misc]
        if self.transport.is_closing():
            return
        if self.cycle is not None and self.cycle is not self._cycle:
            self._cycle = self.cycle  # headers complete: uvicorn made the request's cycle
            self._phase = "body"
        elif self._phase == "headers":
            self._received += len(data)
            if self._received > self.limits.max_header:
                self._too_large()
                return
        if self._phase == "body" and not self.cycle.more_body:
            self._phase = "served"
            self._since = time.monotonic()
            self._disarm()

    def on_response_complete(self) -> None:
        self._phase = "idle"
        self._since = time.monotonic()
        super().on_response_complete()  # type: ignore[misc]

    def _too_large(self) -> None:
        self._refuse(
            431,
            "Request Header Fields Too Large",
            f"The request line and headers are larger than {self.limits.max_header} bytes.",
        )

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.limits.read_timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self._phase in ("served", "idle"):
            return
        if self._phase == "opened":
            self.transport.close()  # nothing was asked: nothing to answer
            return
        if self._phase == "body" and self.cycle is not None and self.cycle.response_started:
            self.transport.close()
            return
        self._refuse(
            408,
            "Request Timeout",
            f"The request did not arrive whole within {self.limits.read_timeout:g} seconds.",
        )

    def _refuse(self, status: int, reason: str, message: str) -> None:
        self._disarm()
        self.transport.write(_answer(status, reason, message))
        self.transport.close()


def fit_open_files(connections: int, others: int) -> int:
    """How many client connections fit in the process's open-file limit beside ``others`` descriptors.

    The soft limit is raised (up to the hard one) when ``connections`` need it; when even that is too
    low, fewer connections are allowed, and a warning says so: a worker out of descriptors can accept
    nobody at all, which is exactly what the connection bound is there to prevent.
    """
    try:
        import resource
    except ImportError:  # not a POSIX system: no limit to fit
        return connections
    needed = connections + others + OTHER_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (OSError, ValueError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return connections
    fitted = max(soft - others - OTHER_FILES, soft // 4)
    logger.warning(
        "the open-file limit (%d) leaves room for %d client connections, not DATA_HOSTED_MAX_CONNECTIONS=%d: "
        "raise the limit (ulimit -n) to serve more",
        soft,
        fitted,
        connections,
    )
    return fitted


def guarded(http: str, limits: GuardLimits) -> type[asyncio.Protocol]:
    """uvicorn's protocol class for ``http`` (``"httptools"`` or ``"h11"``) with the guard and ``limits``."""
    # Imported here: the httptools one needs httptools, which may not be installed (then h11 serves).
    base: type[asyncio.Protocol]
    if http == "httptools":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base = HttpToolsProtocol
    else:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    return type(f"Guarded{base.__name__}", (_Guard, base), {"limits": limits})
