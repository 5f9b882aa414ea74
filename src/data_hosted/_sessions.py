"""Sessions: signed tokens, and a record of each open session for idle expiry and termination.

A session id is a token ``s1.<id>.<issued>.<signature>``: 16 random bytes, the
issue time (Unix seconds) and an HMAC over both plus the caller's key tag. Any
worker holding the secret can check a token without a lookup, and a token
presented with another key fails the check, exactly as an unknown one does.

What the signature cannot say is whether the session was ended (DELETE) or has
been idle too long; that needs a record:

- :class:`MemorySessions` keeps it in the worker's memory: exact, but only
  that worker knows the session;
- :class:`RedisSessions` keeps one key per session with a TTL of the idle
  time (``PEXPIRE`` on each request touches it and says whether it is still
  there in one round trip), so every worker sharing the Redis serves it.

A session also ends ``max_age`` seconds after it was issued, busy or not.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = [
    "MemorySessions",
    "RedisSessions",
    "SessionStore",
    "SessionTokens",
    "key_tag",
]

_VERSION = "s1"
KEY_PREFIX = "data_hosted:session:"


def key_tag(secret: bytes, api_key: str) -> str:
    """A stable, non-reversible name for an API key: what logs, Redis and caches see instead of the key."""
    return hmac.new(secret, b"key\x00" + api_key.encode(), hashlib.sha256).hexdigest()[:32]


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass(frozen=True)
class Token:
    """A checked token's parts."""

    session_id: str
    issued: int


class SessionTokens:
    """Makes and checks signed session tokens."""

    def __init__(self, secret: bytes, *, max_age: float, clock: Callable[[], float] = time.time) -> None:
        self._secret = secret
        self.max_age = max_age
        self._clock = clock

    def _signature(self, session_id: str, issued: int, tag: str) -> str:
        message = f"{_VERSION}.{session_id}.{issued}.{tag}".encode()
        return _b64(hmac.new(self._secret, message, hashlib.sha256).digest()[:18])

    def issue(self, tag: str) -> tuple[str, Token]:
        """A new token for the key with ``tag``, and its parts."""
        session_id = _b64(secrets.token_bytes(16))
        issued = int(self._clock())
        return f"{_VERSION}.{session_id}.{issued}.{self._signature(session_id, issued, tag)}", Token(session_id, issued)

    def check(self, token: str, tag: str) -> Token | None:
        """The token's parts when it is ours, for this key, and younger than ``max_age``; else None."""
        if len(token) > 128:
            return None
        parts = token.split(".")
        if len(parts) != 4 or parts[0] != _VERSION or not parts[2].isdigit():
            return None
        session_id, issued = parts[1], int(parts[2])
        if not hmac.compare_digest(parts[3], self._signature(session_id, issued, tag)):
            return None
        if self._clock() - issued > self.max_age:
            return None
        return Token(session_id, issued)


class SessionStore(Protocol):
    """Where open sessions are recorded."""

    shared: bool
    """Whether other workers see the same sessions."""

    async def open(self, session_id: str) -> bool:
        """Record a new session; False when no more can be opened."""
        ...

    async def touch(self, session_id: str) -> bool:
        """Whether the session is still open; restarts its idle time when it is."""
        ...

    async def close(self, session_id: str) -> bool:
        """End the session; False when it was not open."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...


class MemorySessions:
    """Open sessions of this worker, oldest activity first, each expiring after ``idle`` seconds."""

    shared = False

    def __init__(self, *, idle: float, max_sessions: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.idle = idle
        self.max_sessions = max_sessions
        self._clock = clock
        self._seen: OrderedDict[str, float] = OrderedDict()

    def __len__(self) -> int:
        return len(self._seen)

    def _sweep(self, now: float) -> None:
        # Ordered by last activity, so the expired ones are all at the front.
        while self._seen:
            session_id, seen = next(iter(self._seen.items()))
            if now - seen < self.idle:
                break
            del self._seen[session_id]

    async def open(self, session_id: str) -> bool:
        now = self._clock()
        self._sweep(now)
        if len(self._seen) >= self.max_sessions:
            return False
        self._seen[session_id] = now
        return True

    async def touch(self, session_id: str) -> bool:
        now = self._clock()
        seen = self._seen.get(session_id)
        if seen is None or now - seen >= self.idle:
            self._seen.pop(session_id, None)
            return False
        self._seen[session_id] = now
        self._seen.move_to_end(session_id)
        return True

    async def close(self, session_id: str) -> bool:
        is_open = await self.touch(session_id)
        self._seen.pop(session_id, None)
        return is_open

    async def aclose(self) -> None:
        self._seen.clear()


class RedisSessions:
    """One Redis key per open session, expiring after ``idle`` seconds without a request."""

    shared = True

    def __init__(self, client: Any, *, idle: float) -> None:
        self._redis = client
        self._idle_ms = max(1, round(idle * 1000))

    async def open(self, session_id: str) -> bool:
        await self._redis.set(KEY_PREFIX + session_id, b"1", px=self._idle_ms, nx=True)
        return True

    async def touch(self, session_id: str) -> bool:
        # PEXPIRE answers 0 for a key that is gone: check and refresh in one round trip.
        return bool(await self._redis.pexpire(KEY_PREFIX + session_id, self._idle_ms))

    async def close(self, session_id: str) -> bool:
        return bool(await self._redis.delete(KEY_PREFIX + session_id))

    async def aclose(self) -> None:
        """The Redis client belongs to the caller, who closes it."""
