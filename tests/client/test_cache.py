"""The memory and SQLite caches, the cache key, and the DATA_CACHE parser."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
import typing
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data_pkg.catalog._types import Freshness
from data_pkg.client._cache import TTLS, MemoryCache, cache_key, open_cache, redact_url
from data_pkg.client._cache_sqlite import SQLiteCache
from data_pkg.errors import ConfigurationError

EVERY_BYTE = bytes(range(256)) * 4


class FakeClock:
    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def run(coro: typing.Coroutine[typing.Any, typing.Any, typing.Any]) -> typing.Any:
    return asyncio.run(coro)


# --- cache_key ---------------------------------------------------------------------------------


def test_cache_key_does_not_depend_on_parameter_order() -> None:
    a = cache_key("/stable/quote", {"symbol": "AAPL", "limit": "5"})
    b = cache_key("/stable/quote", {"limit": "5", "symbol": "AAPL"})
    assert a == b


def test_cache_key_differs_by_path_params_and_scope() -> None:
    base = cache_key("/stable/quote", {"symbol": "AAPL"})
    assert base != cache_key("/stable/profile", {"symbol": "AAPL"})
    assert base != cache_key("/stable/quote", {"symbol": "MSFT"})
    assert base != cache_key("/stable/quote", {"symbol": "AAPL", "limit": "1"})
    assert base != cache_key("/stable/quote", {"symbol": "AAPL"}, scope="http://127.0.0.1:8765")


@pytest.mark.parametrize("name", ["apikey", "APIKEY", "ApiKey", "apiKey"])
def test_cache_key_leaves_out_the_api_key_in_any_case(name: str) -> None:
    secret = "k3y-that-must-never-show-0123456789"
    with_key = cache_key("/stable/quote", {"symbol": "AAPL", name: secret})
    assert with_key == cache_key("/stable/quote", {"symbol": "AAPL"})
    assert secret not in with_key


@given(
    params=st.dictionaries(st.text(min_size=1, max_size=8), st.text(max_size=8), max_size=5),
    name=st.sampled_from(["apikey", "APIKEY", "Apikey", "apiKEY"]),
    secret=st.text(min_size=1, max_size=20),
)
def test_cache_key_is_the_same_with_or_without_any_api_key(params: dict[str, str], name: str, secret: str) -> None:
    clean = {k: v for k, v in params.items() if k.strip().lower() != "apikey"}
    assert cache_key("/stable/x", {**clean, name: secret}) == cache_key("/stable/x", clean)


def test_cache_key_is_short_with_a_readable_path_hint() -> None:
    key = cache_key("/stable/historical-chart/1min", {"symbol": "AAPL"})
    hint, _, digest = key.rpartition(":")
    assert hint == "stable-historical-chart-1min"
    assert len(digest) == 64
    assert int(digest, 16) >= 0
    long_key = cache_key("/" + "x" * 500, {})
    assert len(long_key) <= 48 + 1 + 64


def test_cache_key_refuses_a_query_string_in_the_path() -> None:
    with pytest.raises(ValueError, match="params"):
        cache_key("/stable/quote?apikey=secret", {})


def test_ttls_cover_every_catalog_freshness_and_grow_with_staleness() -> None:
    assert set(TTLS) == set(typing.get_args(Freshness))
    assert TTLS["realtime"] < TTLS["intraday"] < TTLS["daily"] < TTLS["static"]


def test_redact_url_masks_only_the_password() -> None:
    assert redact_url("redis://user:pw@host:6379/0") == "redis://user:***@host:6379/0"
    assert redact_url("redis://:pw@host/0") == "redis://:***@host/0"
    assert redact_url("redis://pw@host/0") == "redis://***@host/0"
    assert redact_url("redis://host:6379/0") == "redis://host:6379/0"
    assert redact_url("memory") == "memory"


# --- MemoryCache --------------------------------------------------------------------------------


def test_memory_cache_returns_what_was_stored_byte_for_byte() -> None:
    cache = MemoryCache()
    cache.set("k", EVERY_BYTE, 60)
    cache.set("empty", b"", 60)
    assert cache.get("k") == EVERY_BYTE
    assert cache.get("empty") == b""
    assert cache.get("missing") is None


def test_memory_cache_entries_expire_after_their_ttl() -> None:
    clock = FakeClock()
    cache = MemoryCache(clock=clock)
    cache.set("k", b"v", 10)
    clock.now += 9.999
    assert cache.get("k") == b"v"
    clock.now += 0.001
    assert cache.get("k") is None
    assert len(cache) == 0


@pytest.mark.parametrize("ttl", [0, -5, float("nan")])
def test_memory_cache_set_without_a_positive_ttl_removes_the_entry(ttl: float) -> None:
    cache = MemoryCache()
    cache.set("k", b"v", 10)
    cache.set("k", b"new", ttl)
    assert cache.get("k") is None


def test_memory_cache_evicts_the_least_recently_used_entry() -> None:
    cache = MemoryCache(max_entries=3)
    for key in "abc":
        cache.set(key, key.encode(), 60)
    assert cache.get("a") == b"a"  # a is now the most recently used
    cache.set("d", b"d", 60)
    assert cache.get("b") is None
    assert [cache.get(k) for k in "acd"] == [b"a", b"c", b"d"]
    assert len(cache) == 3


def test_memory_cache_bounds_total_bytes_and_skips_oversized_values() -> None:
    cache = MemoryCache(max_value_bytes=100, max_total_bytes=250)
    cache.set("big", b"x" * 101, 60)
    assert cache.get("big") is None
    cache.set("a", b"a" * 100, 60)
    cache.set("b", b"b" * 100, 60)
    cache.set("c", b"c" * 100, 60)  # 300 bytes > 250: a goes
    assert cache.get("a") is None
    assert cache.get("b") == b"b" * 100
    cache.set("b", b"x" * 101, 60)  # an oversized replacement drops the old value too
    assert cache.get("b") is None


def test_memory_cache_overwrite_keeps_the_byte_count_right() -> None:
    cache = MemoryCache(max_total_bytes=100)
    for _ in range(50):
        cache.set("k", b"x" * 60, 60)
    cache.set("other", b"y" * 40, 60)
    assert cache.get("k") == b"x" * 60
    assert cache.get("other") == b"y" * 40


@pytest.mark.parametrize(
    "kwargs",
    [{"max_entries": 0}, {"max_value_bytes": -1}, {"max_total_bytes": 0}, {"max_entries": True}],
)
def test_memory_cache_rejects_bounds_below_one(kwargs: dict[str, int]) -> None:
    with pytest.raises(ConfigurationError, match="positive integer"):
        MemoryCache(**kwargs)


def test_memory_cache_async_methods_share_the_sync_store() -> None:
    cache = MemoryCache()

    async def scenario() -> tuple[bytes | None, bytes | None]:
        await cache.aset("k", b"v", 60)
        got = await cache.aget("k")
        await cache.aclose()
        return got, await cache.aget("k")

    assert run(scenario()) == (b"v", None)


def test_memory_cache_stays_consistent_under_threads() -> None:
    cache = MemoryCache(max_entries=32)
    barrier = threading.Barrier(8)
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            barrier.wait(timeout=10)
            for i in range(2_000):
                key = f"{n}:{i % 50}"
                cache.set(key, key.encode(), 60)
                got = cache.get(key)
                assert got is None or got == key.encode()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert len(cache) <= 32


# --- SQLiteCache --------------------------------------------------------------------------------


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "dir" / "cache.db"


def test_sqlite_cache_round_trips_bytes_and_misses(db_path: Path) -> None:
    cache = SQLiteCache(db_path)
    try:
        cache.set("k", EVERY_BYTE, 60)
        cache.set("empty", b"", 60)
        assert cache.get("k") == EVERY_BYTE
        assert cache.get("empty") == b""
        assert cache.get("missing") is None
    finally:
        cache.close()


def test_sqlite_cache_uses_the_documented_table_in_wal_mode(db_path: Path) -> None:
    SQLiteCache(db_path).close()
    with sqlite3.connect(db_path) as conn:
        columns = [(row[1], row[2]) for row in conn.execute("PRAGMA table_info(entries)")]
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    conn.close()
    assert columns == [("key", "TEXT"), ("value", "BLOB"), ("expires", "REAL")]
    assert mode == "wal"


def test_sqlite_cache_entries_expire_and_are_purged(db_path: Path) -> None:
    clock = FakeClock()
    cache = SQLiteCache(db_path, clock=clock, purge_every=3)
    try:
        cache.set("short", b"s", 5)
        cache.set("long", b"l", 500)
        clock.now += 5
        assert cache.get("short") is None
        assert cache.get("long") == b"l"
        cache.set("third", b"t", 500)  # the third write purges expired rows
        with sqlite3.connect(db_path) as conn:
            keys = sorted(row[0] for row in conn.execute("SELECT key FROM entries"))
        conn.close()
        assert keys == ["long", "third"]
        clock.now += 1000
        assert cache.purge() == 2
    finally:
        cache.close()


def test_sqlite_cache_set_with_zero_ttl_removes_and_overwrite_replaces(db_path: Path) -> None:
    cache = SQLiteCache(db_path)
    try:
        cache.set("k", b"one", 60)
        cache.set("k", b"two", 60)
        assert cache.get("k") == b"two"
        cache.set("k", b"three", 0)
        assert cache.get("k") is None
    finally:
        cache.close()


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_sqlite_cache_file_is_private_and_its_directory_is_created(db_path: Path) -> None:
    cache = SQLiteCache(db_path)
    try:
        cache.set("k", b"v", 60)
        assert stat.S_IMODE(db_path.stat().st_mode) == 0o600
        assert stat.S_IMODE(db_path.parent.stat().st_mode) == 0o700
        for sidecar in (Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
            if sidecar.exists():
                assert stat.S_IMODE(sidecar.stat().st_mode) == 0o600
    finally:
        cache.close()


def test_sqlite_cache_persists_across_instances(db_path: Path) -> None:
    first = SQLiteCache(db_path)
    first.set("k", b"kept", 600)
    first.close()
    second = SQLiteCache(db_path)
    try:
        assert second.get("k") == b"kept"
    finally:
        second.close()


_WRITER = textwrap.dedent(
    """
    import sys
    from data_pkg.client._cache_sqlite import SQLiteCache
    cache = SQLiteCache(sys.argv[1])
    name = sys.argv[2]
    for i in range(200):
        cache.set(f"{name}:{i}", f"{name}-{i}".encode() * 50, 600)
    assert cache.get("parent") == b"from the parent", cache.get("parent")
    cache.close()
    """
)


def test_sqlite_cache_is_shared_safely_by_concurrent_processes(db_path: Path) -> None:
    parent = SQLiteCache(db_path)
    try:
        parent.set("parent", b"from the parent", 600)
        procs = [
            subprocess.Popen([sys.executable, "-c", _WRITER, str(db_path), f"p{n}"], stderr=subprocess.PIPE)
            for n in range(4)
        ]
        for proc in procs:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err.decode(errors="replace")
        for n in range(4):
            for i in range(200):
                assert parent.get(f"p{n}:{i}") == f"p{n}-{i}".encode() * 50
    finally:
        parent.close()


def test_sqlite_cache_gives_each_thread_its_own_connection(db_path: Path) -> None:
    cache = SQLiteCache(db_path)
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def worker(n: int) -> None:
        try:
            barrier.wait(timeout=10)
            for i in range(100):
                cache.set(f"{n}:{i}", str(i).encode(), 60)
                assert cache.get(f"{n}:{i}") == str(i).encode()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    try:
        assert not errors
        assert cache.get("7:99") == b"99"
    finally:
        cache.close()


def test_sqlite_cache_async_methods_work_on_the_loop(db_path: Path) -> None:
    cache = SQLiteCache(db_path)

    async def scenario() -> bytes | None:
        await cache.aset("k", b"async", 60)
        got = await cache.aget("k")
        await cache.aclose()
        return got

    assert run(scenario()) == b"async"


def test_sqlite_cache_cannot_be_used_after_close(db_path: Path) -> None:
    cache = SQLiteCache(db_path)
    cache.close()
    with pytest.raises(RuntimeError, match="closed"):
        cache.get("k")


def test_sqlite_cache_runtime_errors_are_misses_with_a_warning(db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    cache = SQLiteCache(db_path)
    try:
        cache.set("k", b"v", 60)
        with sqlite3.connect(db_path) as other:
            other.execute("DROP TABLE entries")
        other.close()
        with caplog.at_level(logging.WARNING, logger="data_pkg.cache"):
            assert cache.get("k") is None
            cache.set("k", b"v", 60)
        assert "treated as a miss" in caplog.text
    finally:
        cache.close()


def test_sqlite_cache_refuses_unusable_paths(tmp_path: Path) -> None:
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("this is not a database, it is a long enough text file to have a header " * 10)
    with pytest.raises(ConfigurationError, match="cannot use"):
        SQLiteCache(not_a_db)
    with pytest.raises(ConfigurationError, match="cannot create"):
        SQLiteCache(tmp_path)  # a directory
    with pytest.raises(ConfigurationError, match="DATA_CACHE=memory"):
        SQLiteCache(":memory:")


# --- open_cache ---------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", [None, "", "   ", "off", "OFF", " Off "])
def test_open_cache_off(spec: str | None) -> None:
    assert open_cache(spec) is None


@pytest.mark.parametrize("spec", ["memory", "MEMORY", " memory ", "memory://", "memory://?"])
def test_open_cache_memory_defaults(spec: str) -> None:
    cache = open_cache(spec)
    assert isinstance(cache, MemoryCache)
    assert cache.max_entries == 1024


def test_open_cache_memory_with_options() -> None:
    cache = open_cache("memory://?max_entries=5&max_value_bytes=10&max_total_bytes=20")
    assert isinstance(cache, MemoryCache)
    assert (cache.max_entries, cache.max_value_bytes, cache.max_total_bytes) == (5, 10, 20)


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("memory://?max_entries=0", "positive integer"),
        ("memory://?max_entries=abc", "positive integer"),
        ("memory://?max_entries=", "positive integer"),
        ("memory://?ttl=5", "unknown memory option 'ttl'"),
        ("memory://somewhere", "no host or path"),
        ("sqlite://", "needs a file path"),
        ("sqlite://?mode=ro", "needs a file path"),
        ("memcached://127.0.0.1:11211", "unknown scheme 'memcached://'"),
        ("cache.db", ""),
        ("sqlite", ""),
        ("redis", ""),
        ("on", ""),
    ],
)
def test_open_cache_rejects_anything_else_naming_the_value_and_the_forms(spec: str, why: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        open_cache(spec)
    message = str(info.value)
    assert f"DATA_CACHE={spec!r}" in message
    assert why in message
    for form in ("off", "memory", "sqlite:///absolute/path.db", "redis://", "rediss://"):
        assert form in message


def test_open_cache_error_never_shows_a_password() -> None:
    with pytest.raises(ConfigurationError) as info:
        open_cache("valkey://:hunter2@cache.internal:6379/0")
    assert "hunter2" not in str(info.value)
    assert "valkey://:***@cache.internal:6379/0" in str(info.value)


def test_open_cache_sqlite_absolute_path(tmp_path: Path) -> None:
    target = tmp_path / "abs.db"
    cache = open_cache(f"sqlite://{target}")
    assert isinstance(cache, SQLiteCache)
    cache.close()
    assert cache.path == target
    assert target.exists()


@pytest.mark.parametrize("spec", ["sqlite://./rel.db", "sqlite://rel.db", "SQLITE://rel.db"])
def test_open_cache_sqlite_relative_path_is_under_the_working_directory(
    spec: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    cache = open_cache(spec)
    assert isinstance(cache, SQLiteCache)
    cache.close()
    assert (tmp_path / "rel.db").exists()


def test_open_cache_sqlite_expands_the_home_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    cache = open_cache("sqlite://~/.cache/data-pkg/cache.db")
    assert isinstance(cache, SQLiteCache)
    cache.close()
    assert (tmp_path / ".cache" / "data-pkg" / "cache.db").exists()


def test_open_cache_redis_without_the_library_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "data_pkg.client._cache_redis", raising=False)
    monkeypatch.setitem(sys.modules, "redis", None)
    # data-pkg is on no package index: the install line names the repository at this version, and a clone.
    with pytest.raises(
        ConfigurationError,
        match=r'pip install "data-pkg\[redis\] @ git\+https://.*\(from a clone: pip install "\.\[redis\]"\)',
    ) as info:
        open_cache("redis://:pw@127.0.0.1:6379/0")
    assert "pw@" not in str(info.value)


def test_importing_the_cache_module_loads_neither_sqlite_nor_redis() -> None:
    code = textwrap.dedent(
        """
        import sys
        import data_pkg, data_pkg.client
        before = set(sys.modules)
        import data_pkg.client._cache
        new = {m.partition(".")[0] for m in set(sys.modules) - before}
        heavy = {"sqlite3", "_sqlite3", "redis"}
        assert not (new & heavy), new & heavy
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr


def test_importing_data_pkg_loads_neither_sqlite_nor_redis() -> None:
    code = "import sys, data_pkg; assert not {'sqlite3', '_sqlite3', 'redis'} & set(sys.modules), sys.modules.keys()"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
