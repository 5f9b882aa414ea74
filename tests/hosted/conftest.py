"""Fixtures for the hosted-compatible server: a sandbox, a private redis-server, servers on loopback."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from data_hosted import HostedConfig, create_app
from data_hosted._serve import running
from data_hosted._upstream import Upstream as Transports
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.hosted._support import KEY, OTHER_KEY, SECRET, SEGMENTS, Upstream

REDIS_START_TIMEOUT = 10.0


@pytest.fixture(scope="session")
def sandbox() -> Iterator[str]:
    """A sandbox where KEY and OTHER_KEY are Ultimate keys and demo has room for the load of every test."""
    config = SandboxConfig(
        quotas={"demo": Quota(10**6, 60)},
        extra_keys={KEY: "ultimate", OTHER_KEY: "ultimate"},
    )
    with running_sandbox(config) as url:
        yield url


def hosted_config(base_url: str, env: dict[str, str] | None = None, **overrides: Any) -> HostedConfig:
    """A configuration as the environment (plus ``env``) would give it, for a server in this process."""
    environ = {"DATA_BASE_URL": base_url, "DATA_HOSTED_SECRET": SECRET, **SEGMENTS, **(env or {})}
    return HostedConfig.from_env(environ, **overrides)


@pytest.fixture(scope="module")
def hosted(sandbox: str) -> Iterator[str]:
    """The MCP URL (no key) of a server in this process, in front of the sandbox."""
    with running(create_app(hosted_config(sandbox, max_body=64 * 1024))) as url:
        yield url


@pytest.fixture
def make_server() -> Iterator[Callable[..., tuple[str, Upstream]]]:
    """Factory: a server in this process whose upstream is a recording fake; stopped after the test."""
    stack: list[Any] = []

    def factory(**overrides: Any) -> tuple[str, Upstream]:
        upstream = Upstream(overrides.pop("handler", None))
        idle_clock = overrides.pop("idle_clock", None)
        config = hosted_config("http://api.test", overrides.pop("env", None), **overrides)
        options: dict[str, Any] = {"upstream": Transports(config.settings, http_transport=upstream)}
        if idle_clock is not None:
            options["idle_clock"] = idle_clock
        context = running(create_app(config, **options))
        url = context.__enter__()
        stack.append(context)
        return url, upstream

    yield factory
    for context in reversed(stack):
        context.__exit__(None, None, None)


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


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of a redis-server of this test session, on a free port, without persistence."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not on PATH: .ci/run must install it")
        pytest.skip("redis-server is not on PATH (apt-get install redis-server to run these tests)")
    workdir: Path = tmp_path_factory.mktemp("redis")
    for attempt in range(3):
        port = _free_port()
        log = workdir / f"redis-{attempt}.log"
        with log.open("wb") as sink:
            proc = subprocess.Popen(
                [
                    binary,
                    "--port",
                    str(port),
                    "--bind",
                    "127.0.0.1",
                    "--dir",
                    str(workdir),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ],
                stdout=sink,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + REDIS_START_TIMEOUT
        # A process on another port cannot signal us: polling PING is the only readiness check there is.
        while time.monotonic() < deadline and proc.poll() is None and not _answers_ping(port):
            time.sleep(0.02)
        if proc.poll() is None and _answers_ping(port):
            break
        proc.kill()
        proc.wait(timeout=REDIS_START_TIMEOUT)
    else:
        pytest.fail(f"redis-server did not answer PING; its log:\n{log.read_text(errors='replace')}")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=REDIS_START_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=REDIS_START_TIMEOUT)
