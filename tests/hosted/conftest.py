"""Fixtures for the hosted-compatible server: a sandbox, a private redis-server, servers on loopback."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
