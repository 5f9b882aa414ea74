"""What every response cache backend shares: the async methods of a quick one, and its URL without the password.

Below ``_cache`` (the protocol, the memory cache and the ``DATA_CACHE`` parser) and the SQLite and Redis
backends it opens, so that neither backend imports the module that imports it.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["AwaitsSync", "redact_url"]


class _SyncMethods(Protocol):
    def get(self, key: str) -> bytes | None: ...

    def set(self, key: str, value: bytes, ttl: float) -> None: ...

    def close(self) -> None: ...


class AwaitsSync:
    """The async half of :class:`Cache` for a backend whose calls are quick: each runs its sync twin.

    For a cache that answers in microseconds (memory, a local file), handing the call to a worker
    thread would cost more than running it on the event loop.
    """

    async def aget(self: _SyncMethods, key: str) -> bytes | None:
        return self.get(key)

    async def aset(self: _SyncMethods, key: str, value: bytes, ttl: float) -> None:
        self.set(key, value, ttl)

    async def aclose(self: _SyncMethods) -> None:
        self.close()


def redact_url(url: str) -> str:
    """Return ``url`` with the password in its user-info replaced by ``***``."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    netloc, slash, tail = rest.partition("/")
    userinfo, at, hostport = netloc.rpartition("@")
    if not at:
        return url
    user, colon, password = userinfo.partition(":")
    if colon and password:
        userinfo = f"{user}:***"
    elif not colon and user:
        # redis://secret@host is a password-only URL for redis-py.
        userinfo = "***"
    return f"{scheme}{sep}{userinfo}@{hostport}{slash}{tail}"
