"""A real, private redis-server for the tests that need one (Redis cache, hosted server limits and sessions)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REDIS_START_TIMEOUT = 10.0
_NO_PERSISTENCE = ("--save", "", "--appendonly", "no")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def _start_redis(binary: str, workdir: Path) -> tuple[subprocess.Popen[bytes], int, Path]:
    """Start redis-server on a free port; retry a couple of times in case another process takes the port first."""
    last_log = workdir / "redis-0.log"
    for attempt in range(3):
        port = _free_port()
        last_log = workdir / f"redis-{attempt}.log"
        with last_log.open("wb") as log:
            proc = subprocess.Popen(
                [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(workdir), *_NO_PERSISTENCE],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + REDIS_START_TIMEOUT
        while time.monotonic() < deadline and proc.poll() is None:
            if _answers_ping(port):
                return proc, port, last_log
            time.sleep(0.02)
        proc.kill()
        proc.wait(timeout=REDIS_START_TIMEOUT)
    pytest.fail(f"redis-server did not answer PING; its log:\n{last_log.read_text(errors='replace')}")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of a redis-server started for this test session on its own port (no persistence)."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not on PATH: .ci/run must install it (e.g. apt-get install -y redis-server)")
        pytest.skip("redis-server is not on PATH (apt-get install redis-server to run the Redis cache tests)")
    proc, port, _ = _start_redis(binary, tmp_path_factory.mktemp("redis"))
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=REDIS_START_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=REDIS_START_TIMEOUT)


@pytest.fixture
def dead_redis_url() -> str:
    """A Redis URL (with a password) where nothing listens."""
    return f"redis://:s3cret-pw@127.0.0.1:{_free_port()}/0"
