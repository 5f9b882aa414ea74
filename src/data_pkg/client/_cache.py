"""Response cache: one small protocol, an in-memory backend and the ``DATA_CACHE`` parser.

The client stores raw response bodies (opaque ``bytes``) under a key built by
:func:`cache_key`, for a TTL picked from the endpoint's freshness (:data:`TTLS`).
The SQLite and Redis backends live in their own modules and are imported only
when ``DATA_CACHE`` asks for them, so ``import data_pkg`` never loads
``sqlite3`` or ``redis``.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar, Protocol
from urllib.parse import parse_qsl

from data_pkg.client._cache_shared import AwaitsSync, redact_url
from data_pkg.errors import ConfigurationError
from data_pkg.extras import install_hint

if TYPE_CHECKING:
    from data_pkg.client._cache_redis import RedisCache
    from data_pkg.client._cache_sqlite import SQLiteCache

__all__ = [
    "TTLS",
    "Cache",
    "MemoryCache",
    "cache_key",
    "open_cache",
    "redact_url",
]

TTLS: dict[str, float] = {
    "realtime": 15.0,
    "intraday": 60.0,
    "daily": 3600.0,
    "static": 86400.0,
}
"""Seconds a cached body stays fresh, by the catalog's ``freshness`` of its endpoint."""

ACCEPTED_FORMS = (
    "off (or empty)",
    "memory",
    "memory://?max_entries=N&max_value_bytes=N&max_total_bytes=N",
    "sqlite:///absolute/path.db",
    "sqlite://relative/path.db",
    "sqlite://~/path.db",
    "redis://[:password@]host:port/db",
    "rediss://[:password@]host:port/db",
)


class Cache(Protocol):
    """What the client needs from a cache backend.

    A backend never raises for a missing or expired key (``get`` answers None).
    ``ttl`` is in seconds; a ``ttl <= 0`` (or NaN) removes the key instead of storing it.
    """

    def get(self, key: str) -> bytes | None: ...

    def set(self, key: str, value: bytes, ttl: float) -> None: ...

    async def aget(self, key: str) -> bytes | None: ...

    async def aset(self, key: str, value: bytes, ttl: float) -> None: ...

    def close(self) -> None: ...

    async def aclose(self) -> None: ...


_HINT_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_HINT_MAX = 48


def cache_key(path: str, params: Mapping[str, str], *, scope: str = "") -> str:
    """Return the cache key of a GET on ``path`` with query ``params``.

    The key is ``<readable path hint>:<sha256 hex>``; the hash covers ``scope``,
    the path and the parameters sorted by name, so argument order does not
    matter. Any parameter named ``apikey`` (in any case) is left out: callers
    with different keys share entries, and the key never reaches a cache
    server or file. ``scope`` separates upstreams that share one cache (pass
    the base URL, never anything holding the API key).
    """
    if "?" in path:
        # A query string in the path would bypass the apikey filter below.
        raise ValueError("cache_key: pass query parameters in params, not in path")
    kept = sorted((name, value) for name, value in params.items() if name.strip().lower() != "apikey")
    payload = json.dumps([scope, path, kept], separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(payload.encode("utf-8")).hexdigest()
    hint = _HINT_UNSAFE.sub("-", path).strip("-")[:_HINT_MAX] or "root"
    return f"{hint}:{digest}"


class _Entry:
    __slots__ = ("expires", "value")

    def __init__(self, value: bytes, expires: float) -> None:
        self.value = value
        self.expires = expires


class MemoryCache(AwaitsSync):
    """In-process LRU cache with a TTL per entry and three size bounds.

    Thread-safe: one lock guards the ordered dict; every operation is O(1) and
    does no I/O, so the async methods just call the sync ones. A value larger
    than ``max_value_bytes`` is not stored. When ``max_entries`` or
    ``max_total_bytes`` would be exceeded, the least recently used entries go.
    """

    DEFAULTS: ClassVar[dict[str, int]] = {
        "max_entries": 1024,
        "max_value_bytes": 4 * 1024 * 1024,
        "max_total_bytes": 64 * 1024 * 1024,
    }

    def __init__(
        self,
        *,
        max_entries: int = DEFAULTS["max_entries"],
        max_value_bytes: int = DEFAULTS["max_value_bytes"],
        max_total_bytes: int = DEFAULTS["max_total_bytes"],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        for name, bound in (
            ("max_entries", max_entries),
            ("max_value_bytes", max_value_bytes),
            ("max_total_bytes", max_total_bytes),
        ):
            if isinstance(bound, bool) or not isinstance(bound, int) or bound < 1:
                raise ConfigurationError(f"MemoryCache {name} must be a positive integer, got {bound!r}")
        self.max_entries = max_entries
        self.max_value_bytes = max_value_bytes
        self.max_total_bytes = max_total_bytes
        self._clock = clock
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return (
            f"MemoryCache(max_entries={self.max_entries}, max_value_bytes={self.max_value_bytes}, "
            f"max_total_bytes={self.max_total_bytes})"
        )

    def __len__(self) -> int:
        """Entries held, counting expired ones not yet dropped."""
        return len(self._entries)

    def get(self, key: str) -> bytes | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            if entry.expires <= self._clock():
                del self._entries[key]
                self._total -= len(entry.value)
                return None
            self._entries.move_to_end(key)
            return entry.value

    def set(self, key: str, value: bytes, ttl: float) -> None:
        value = bytes(value)
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._total -= len(old.value)
            if not ttl > 0 or len(value) > self.max_value_bytes:  # `not >` also catches NaN
                return
            self._entries[key] = _Entry(value, self._clock() + ttl)
            self._total += len(value)
            while len(self._entries) > self.max_entries or self._total > self.max_total_bytes:
                _, evicted = self._entries.popitem(last=False)
                self._total -= len(evicted.value)

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._entries.clear()
            self._total = 0

    def close(self) -> None:
        self.clear()


def _unknown(spec: str, why: str = "") -> ConfigurationError:
    forms = ", ".join(ACCEPTED_FORMS)
    reason = f" ({why})" if why else ""
    return ConfigurationError(
        f"DATA_CACHE={redact_url(spec)!r} is not a cache setting{reason}. Accepted forms: {forms}."
    )


_MEMORY_OPTIONS = ("max_entries", "max_value_bytes", "max_total_bytes")


def _open_memory(spec: str, rest: str) -> MemoryCache:
    query = rest[1:] if rest.startswith("?") else rest
    if rest and not rest.startswith("?"):
        raise _unknown(spec, "memory:// takes no host or path, only ?max_entries=N and similar options")
    options: dict[str, int] = {}
    for name, raw in parse_qsl(query, keep_blank_values=True, strict_parsing=False):
        if name not in _MEMORY_OPTIONS:
            raise _unknown(spec, f"unknown memory option {name!r}; known: {', '.join(_MEMORY_OPTIONS)}")
        if not (raw.isascii() and raw.isdigit()) or int(raw) < 1:
            raise _unknown(spec, f"{name} must be a positive integer, got {raw!r}")
        options[name] = int(raw)
    defaults = MemoryCache.DEFAULTS
    return MemoryCache(
        max_entries=options.get("max_entries", defaults["max_entries"]),
        max_value_bytes=options.get("max_value_bytes", defaults["max_value_bytes"]),
        max_total_bytes=options.get("max_total_bytes", defaults["max_total_bytes"]),
    )


def _open_sqlite(spec: str, path: str) -> SQLiteCache:
    if not path or path.startswith("?"):
        raise _unknown(spec, "sqlite:// needs a file path, e.g. sqlite:///var/cache/data.db")
    # Imported here so that sqlite3 loads only when a SQLite cache is asked for.
    from data_pkg.client._cache_sqlite import SQLiteCache

    return SQLiteCache(path)


def _open_redis(spec: str) -> RedisCache:
    try:
        # redis is an optional extra: import it only when a Redis cache is asked for.
        from data_pkg.client._cache_redis import RedisCache
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.partition(".")[0] != "redis":
            raise
        raise ConfigurationError(
            f"DATA_CACHE={redact_url(spec)!r} needs the redis client library, which is not installed: "
            + install_hint("redis")
        ) from None
    return RedisCache(spec)


def open_cache(spec: str | None) -> Cache | None:
    """Build the cache that the ``DATA_CACHE`` setting names, or None when caching is off.

    Accepted values (surrounding whitespace ignored, scheme case-insensitive):

    - ``None``, ``""`` or ``"off"``: no cache.
    - ``"memory"`` or ``"memory://?max_entries=N&max_value_bytes=N&max_total_bytes=N"``:
      a per-process :class:`MemoryCache`.
    - ``"sqlite://<path>"``: a :class:`~data_pkg.client._cache_sqlite.SQLiteCache`.
      Everything after ``sqlite://`` is the file path as written, so
      ``sqlite:///var/cache/data.db`` is absolute, ``sqlite://./data.db`` and
      ``sqlite://data.db`` are relative to the working directory, and
      ``sqlite://~/data.db`` is under the home directory.
    - ``"redis://[user:password@]host:port/db"`` or ``"rediss://..."`` (TLS): a
      :class:`~data_pkg.client._cache_redis.RedisCache`; needs the ``redis`` extra.

    Anything else raises :class:`~data_pkg.errors.ConfigurationError`; there is no
    silent fallback to another backend.
    """
    if spec is None:
        return None
    text = spec.strip()
    if not text or text.lower() == "off":
        return None
    if text.lower() == "memory":
        return MemoryCache()
    scheme, sep, rest = text.partition("://")
    if not sep:
        raise _unknown(spec)
    scheme = scheme.lower()
    if scheme == "memory":
        return _open_memory(spec, rest)
    if scheme == "sqlite":
        return _open_sqlite(spec, rest)
    if scheme in ("redis", "rediss"):
        return _open_redis(f"{scheme}://{rest}")
    raise _unknown(spec, f"unknown scheme {scheme + '://'!r}")
