"""SQLite file cache: persistent, shared safely by threads and processes on one machine.

Imported only by :func:`data_pkg.client._cache.open_cache`, so ``sqlite3`` is
not loaded unless a SQLite cache is configured.
"""

from __future__ import annotations

import itertools
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path

from data_pkg.client._cache_shared import AwaitsSync
from data_pkg.errors import ConfigurationError

__all__ = ["SQLiteCache"]

logger = logging.getLogger("data_pkg.cache")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL, expires REAL NOT NULL)",
    "CREATE INDEX IF NOT EXISTS entries_expires ON entries (expires)",
)


class SQLiteCache(AwaitsSync):
    """Cache entries in one SQLite file: ``entries(key TEXT PRIMARY KEY, value BLOB, expires REAL)``.

    - Across processes: the file is in WAL mode (readers never wait for a
      writer) with a busy timeout, so concurrent writers queue instead of
      failing. WAL needs a local file system, not a network share.
    - Across threads: each thread gets its own connection (``threading.local``).
      A single shared connection would need a lock around every statement, and
      a reader would then wait behind a writer that is itself waiting out the
      busy timeout on another process's write lock; with one connection per
      thread, reads go ahead under WAL. Connections are opened with
      ``check_same_thread=False`` only so that :meth:`close` can close them all
      from the thread that shuts the cache down; each is otherwise used by its
      own thread only.
    - Async methods run the statement directly on the event loop: a hit on a
      local file takes microseconds, far less than a hop to a worker thread.
    - ``expires`` is wall-clock time (``time.time``) because other processes read
      it; expired rows are ignored on read and purged every ``purge_every`` writes.
    - The file is created with mode 0600 (the WAL and shared-memory files that
      SQLite adds inherit it), its directory with 0700 if missing.
    - Once open, an SQLite error (disk full, lock held past the timeout) is
      logged as a warning and treated as a miss: the cache never fails a call.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        busy_timeout: float = 5.0,
        purge_every: int = 512,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if os.fspath(path) in ("", ":memory:"):
            raise ConfigurationError(
                f"SQLite cache needs a file path, got {os.fspath(path)!r}; "
                "for an in-process cache use DATA_CACHE=memory"
            )
        self.path = Path(path).expanduser()
        self._busy_timeout = busy_timeout
        self._purge_every = max(1, purge_every)
        self._clock = clock
        self._writes = itertools.count(1)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[tuple[weakref.ref[threading.Thread], int, sqlite3.Connection]] = []
        self._closed = False
        self._create_file()
        try:
            self._connection()
        except sqlite3.Error as exc:
            self.close()
            raise ConfigurationError(f"cannot use {str(self.path)!r} as a SQLite cache: {exc}") from exc

    def __repr__(self) -> str:
        return f"SQLiteCache({str(self.path)!r})"

    def _create_file(self) -> None:
        try:
            if not self.path.parent.exists():
                self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            # Create it ourselves so it never exists, even briefly, with the umask's looser mode.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            os.close(fd)
        except OSError as exc:
            raise ConfigurationError(
                f"cannot create the SQLite cache file {str(self.path)!r}: {exc.strerror or exc}"
            ) from exc

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path,
            timeout=self._busy_timeout,
            isolation_level=None,  # autocommit: each statement is its own short transaction
            check_same_thread=False,
        )
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # durable enough for a cache, no fsync per write
            for statement in _SCHEMA:
                conn.execute(statement)
        except BaseException:
            conn.close()
            raise
        return conn

    def _connection(self) -> sqlite3.Connection:
        local = self._local
        conn: sqlite3.Connection | None = getattr(local, "conn", None)
        pid = os.getpid()
        # A connection must not cross a fork: the child opens its own.
        if conn is not None and local.pid == pid:
            return conn
        if self._closed:
            raise RuntimeError(f"{self!r} is closed")
        # Connect outside the lock: setting up may wait out the busy timeout.
        conn = self._connect()
        with self._lock:
            if self._closed:
                conn.close()
                raise RuntimeError(f"{self!r} is closed")
            self._forget_dead_threads(pid)
            self._connections.append((weakref.ref(threading.current_thread()), pid, conn))
        local.conn = conn
        local.pid = pid
        return conn

    def _forget_dead_threads(self, pid: int) -> None:
        """Close the connections of threads that have ended (called with the lock held)."""
        alive = []
        for ref, owner_pid, conn in self._connections:
            thread = ref()
            if owner_pid == pid and (thread is None or not thread.is_alive()):
                conn.close()
            else:
                alive.append((ref, owner_pid, conn))
        self._connections = alive

    def _warn(self, operation: str, exc: sqlite3.Error) -> None:
        logger.warning(
            "SQLite cache %s failed during %s (%s: %s); treated as a miss",
            self.path,
            operation,
            type(exc).__name__,
            exc,
        )

    def get(self, key: str) -> bytes | None:
        try:
            row = (
                self._connection()
                .execute("SELECT value FROM entries WHERE key = ? AND expires > ?", (key, self._clock()))
                .fetchone()
            )
        except sqlite3.Error as exc:
            self._warn("get", exc)
            return None
        if row is None:
            return None
        value = row[0]
        return value if isinstance(value, bytes) else bytes(value)

    def set(self, key: str, value: bytes, ttl: float) -> None:
        try:
            conn = self._connection()
            now = self._clock()
            if not ttl > 0:  # also NaN
                conn.execute("DELETE FROM entries WHERE key = ?", (key,))
                return
            conn.execute(
                "INSERT OR REPLACE INTO entries (key, value, expires) VALUES (?, ?, ?)",
                (key, sqlite3.Binary(value), now + ttl),
            )
            if next(self._writes) % self._purge_every == 0:
                conn.execute("DELETE FROM entries WHERE expires <= ?", (now,))
        except sqlite3.Error as exc:
            self._warn("set", exc)

    def purge(self) -> int:
        """Delete every expired row now; return how many went."""
        cursor = self._connection().execute("DELETE FROM entries WHERE expires <= ?", (self._clock(),))
        return cursor.rowcount

    def close(self) -> None:
        """Close every connection this process opened; the cache cannot be used afterwards."""
        with self._lock:
            self._closed = True
            pid = os.getpid()
            for _, owner_pid, conn in self._connections:
                if owner_pid == pid:
                    conn.close()
            self._connections = []
        self._local = threading.local()
