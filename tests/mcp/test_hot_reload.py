"""Hot reload: a manifest edit reaches clients of both protocol eras; a bad edit loses nothing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.mcp._support import Notifications, connect, server_env, text, wait_for_log

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


def write(path: Path, body: str) -> None:
    """Save the way editors do: write a temporary file, then rename it over the manifest."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(body)
    os.replace(temporary, path)


async def names(client: object) -> set[str]:
    tools = (await client.list_tools()).tools  # type: ignore[attr-defined]
    return {t.name for t in tools}


async def test_an_edit_notifies_a_handshake_era_client_and_changes_the_list(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), log, notifications=heard) as client:
        assert await names(client) == {"quote"}
        write(manifest, "tools: [company.quote, company.profile]\n")
        await heard.wait()
        assert await names(client) == {"quote", "profile"}
    assert "manifest reloaded: +1 added (profile)" in log.read_text()


async def test_an_edit_reaches_a_2026_client_through_subscriptions_listen(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", mode="auto"
    ) as client:
        assert client.protocol_version >= "2026-07-28"
        async with client.listen(tools_list_changed=True) as subscription:
            write(manifest, "tools: [company.quote, company.market_cap]\n")
            with anyio.fail_after(10):
                async for _event in subscription:
                    break
        assert await names(client) == {"quote", "market_cap"}


async def test_a_bad_edit_keeps_the_old_list_and_the_fix_loads(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.py"
    write(manifest, '"""Team."""\nTOOLS = ["company.quote"]\n')
    heard = Notifications()
    log = tmp_path / "err.log"
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest))
    async with connect(env, log, notifications=heard) as client:
        write(manifest, '"""Team."""\nTOOLS = ["company.quote", "company.proflie"]\n')
        await wait_for_log(log, f"{manifest}:2:")
        assert await names(client) == {"quote"}
        assert (await client.call_tool("quote", {"symbol": "AAPL"})).is_error is False
        write(manifest, '"""Team."""\nTOOLS = ["company.quote", "company.profile"]\n')
        await heard.wait()
        assert await names(client) == {"quote", "profile"}
    assert "did you mean" in log.read_text().lower()
    assert any(f"{manifest}:2:" in entry for entry in heard.logs), (
        "the diagnostic also reaches the client as an MCP log message"
    )


async def test_delete_then_recreate_is_seen(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), log, notifications=heard) as client:
        manifest.unlink()
        await wait_for_log(log, "reload failed")
        assert await names(client) == {"quote"}
        manifest.write_text("tools: [company.profile]\n")
        await heard.wait()
        assert await names(client) == {"profile"}


async def test_an_extended_file_is_watched_too(sandbox: str, tmp_path: Path) -> None:
    base = tmp_path / "shared" / "base.yaml"
    base.parent.mkdir()
    write(base, "tools: [company.quote]\n")
    manifest = tmp_path / "team.yaml"
    write(manifest, "extends: [./shared/base.yaml]\ntools: [company.profile]\n")
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        assert await names(client) == {"quote", "profile"}
        write(base, "tools: [company.quote, company.market_cap]\n")
        await heard.wait()
        assert await names(client) == {"quote", "profile", "market_cap"}


async def test_a_burst_of_edits_ends_in_the_last_state(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    choices = ["company.profile", "company.market_cap", "company.share_float", "company.key_executives"]
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        for round_ in range(12):
            write(manifest, f"tools: [company.quote, {choices[round_ % len(choices)]}]\n")
        final = {"quote", choices[11 % len(choices)].split(".")[1]}
        with anyio.fail_after(10):
            while await names(client) != final:
                await heard.wait()
        assert heard.count <= 12


async def test_a_call_in_flight_finishes_on_the_registry_it_began_with(tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    with running_sandbox(SandboxConfig(latency_ms=1500)) as url:
        async with connect(
            server_env(url, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
        ) as client:
            results = []

            async def slow_call() -> None:
                results.append(await client.call_tool("quote", {"symbol": "AAPL"}))

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(slow_call)
                write(manifest, "tools: [company.profile]\n")
                await heard.wait()
                assert await names(client) == {"profile"}
            assert results[0].is_error is False, text(results[0])
            gone = await client.call_tool("quote", {"symbol": "AAPL"})
            assert gone.is_error is True


async def test_reload_can_be_turned_off(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest), DATA_MCP_RELOAD="0")
    async with connect(env, tmp_path / "err.log", notifications=heard) as client:
        write(manifest, "tools: [company.profile]\n")
        # Observation window: a reload would land well within this (measured p95 is far below).
        with anyio.move_on_after(1.0):
            await heard.wait(within=2.0)
        assert heard.count == 0
        assert await names(client) == {"quote"}
