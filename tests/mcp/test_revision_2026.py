"""The 2026-07-28 revision as the stdio server serves it: list results say how long they stay fresh, and the
tools come in the same order every time, so a client's cache of them is worth keeping."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.mcp.server import FIXED_LIST_TTL_MS, LIST_TTL_MS
from data_pkg.toolsets import resolve
from tests.mcp._support import connect, server_env
from tests.mcp.test_protocol_rules import opened
from tests.mcp.test_stdio_protocol import request

pytestmark = [pytest.mark.slow, pytest.mark.anyio]


@pytest.mark.parametrize(("reload", "ttl"), [("1", LIST_TTL_MS), ("0", FIXED_LIST_TTL_MS)])
async def test_a_2026_session_is_told_how_long_the_tool_list_stays_fresh(tmp_path: Path, reload: str, ttl: int) -> None:
    env = server_env(None, DATA_MCP_PROFILE="minimal", DATA_MCP_RELOAD=reload)
    async with connect(env, tmp_path / "err.log", mode="auto") as client:
        assert client.protocol_version == "2026-07-28"
        discovered = client.session.discover_result
        listed = await client.list_tools()
    assert discovered is not None and (discovered.ttl_ms, discovered.cache_scope) == (ttl, "private")
    assert (listed.ttl_ms, listed.cache_scope) == (ttl, "private")


def test_a_handshake_session_gets_no_freshness_fields(tmp_path: Path) -> None:
    server, _ = opened(tmp_path, "2025-11-25")
    server.send(request(2, "tools/list", {}))
    listed = server.answer(2)["result"]
    assert listed["tools"] and not {"ttlMs", "cacheScope"} & set(listed)
    assert server.close() == 0


async def test_tools_are_listed_in_the_manifests_order_every_time(tmp_path: Path) -> None:
    # Two processes, each listing twice: one order, the registry's (the manifest's, then the catalog's for patterns).
    env = server_env(None, DATA_MCP_PROFILE="quant")
    orders = []
    for run in range(2):
        async with connect(env, tmp_path / f"err-{run}.log", mode="auto") as client:
            for _ in range(2):
                orders.append([tool.name for tool in (await client.list_tools()).tools])
    expected = list(resolve("quant", env={}).raise_for_errors().names)
    assert orders == [expected] * 4
