"""Hot reload: a manifest edit reaches clients of both protocol eras; a bad edit loses nothing."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from anyio.abc import Process
from mcp.shared.exceptions import MCPError

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
                # Let the call reach the server's stdin before the edit: started alone, it could be sent
                # after a fast reload and meet the new tool set. The sandbox then holds it for 1.5 s.
                await anyio.sleep(0.3)
                write(manifest, "tools: [company.profile]\n")
                await heard.wait()
                assert await names(client) == {"profile"}
            assert results[0].is_error is False, text(results[0])
            with pytest.raises(MCPError) as gone:  # no longer served: an unknown tool
                await client.call_tool("quote", {"symbol": "AAPL"})
            assert gone.value.code == -32602


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


# -- hostile manifest folders: the server starts, keeps its last good tools, reloads and exits ---------

POSIX_FILES = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks as POSIX has them")
MEMORY_CAP = 2 << 30


def capped_server(prelude: str = "") -> tuple[str, ...]:
    """``python -c`` arguments that run ``prelude``, then the server, under a memory cap on Linux.

    Under the cap a manifest that would exhaust memory fails the server in seconds instead of
    swapping a shared machine; the server as it should be never comes near it.
    """
    lines = ["import runpy"]
    if sys.platform == "linux":
        lines.append(f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))")
    lines += [prelude, "runpy.run_module('data_pkg.mcp', run_name='__main__', alter_sys=True)"]
    return ("-c", "\n".join(lines))


def doubling_manifest(times: int = 60) -> str:
    """The issue's 1.7 KB Python manifest: each line doubles the list before it (2**60 entries)."""
    lines = ['"""Doubles."""', 'TOOLS = ["company.quote", "company.profile"]']
    fields, previous = ("INCLUDE", "EXCLUDE", "TOOLS"), "TOOLS"
    for step in range(times):
        field = fields[step % 3]
        lines.append(f"{field} = {previous} + {previous}")
        previous = field
    return "\n".join(lines) + "\n"


HOSTILE = {
    "doubling.py": doubling_manifest(),
    "long_integer.json": '{"tools": ["market.search"], "overrides": {"market.search": {"fixed": {"limit": '
    + "1" * 100_001
    + "}}}}\n",
    "long_integer.yaml": "tools: [market.search]\noverrides:\n  market.search:\n    fixed:\n      limit: "
    + "1" * 100_001
    + "\n",
    "nested.json": '{"tools": ' + "[" * 50_000 + "]" * 50_000 + "}\n",
    # Lone surrogates: lint once passed them, and the first tools/list ended the server.
    "surrogate.py": '"""Desk \\ud800."""\nTOOLS = ["company.quote"]\n',
    "surrogate.json": '{"tools": ["company.quote"], "overrides": {"company.quote": {"description": "\\ud800"}}}\n',
    "surrogate.yaml": 'tools: [company.quote]\noverrides:\n  company.quote:\n    description: "a \\udfff"\n',
}
FINDING = {name: "DM109" if name.startswith("surrogate") else "DM108" for name in HOSTILE}
"""The code each hostile manifest is reported with."""


async def settled(client: object, heard: Notifications, manifest: Path, body: str, expected: set[str]) -> None:
    """Save ``body`` and wait for the list it gives: proof that the watch is live before the real test."""
    write(manifest, body)
    await heard.wait()
    assert await names(client) == expected


@pytest.mark.parametrize("name", sorted(HOSTILE))
async def test_a_hostile_manifest_at_start_serves_the_setup_tool_with_the_finding(tmp_path: Path, name: str) -> None:
    manifest = tmp_path / name
    manifest.write_text(HOSTILE[name])
    async with connect(
        server_env(None, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", args=capped_server()
    ) as client:
        (tool,) = (await client.list_tools()).tools
        assert tool.name == "setup_problem"
        assert FINDING[name] in (tool.description or "")
        assert f"{manifest}:" in (tool.description or ""), "the finding says where"


@pytest.mark.parametrize("name", sorted(HOSTILE))
async def test_a_reload_to_a_hostile_manifest_keeps_the_last_good_tools(
    sandbox: str, tmp_path: Path, name: str
) -> None:
    suffix = Path(name).suffix
    manifest = tmp_path / f"team{suffix}"
    good = {
        ".py": ('"""Team."""\nTOOLS = ["company.quote"]\n', '"""Team."""\nTOOLS = ["company.profile"]\n'),
        ".json": ('{"tools": ["company.quote"]}\n', '{"tools": ["company.profile"]}\n'),
        ".yaml": ("tools: [company.quote]\n", "tools: [company.profile]\n"),
    }[suffix]
    write(manifest, good[0])
    heard = Notifications()
    log = tmp_path / "err.log"
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest))
    async with connect(env, log, notifications=heard, args=capped_server()) as client:
        await settled(client, heard, manifest, good[1], {"profile"})
        write(manifest, HOSTILE[name])
        await heard.wait_log()
        assert FINDING[name] in heard.logs[-1]
        assert await names(client) == {"profile"}
        assert (await client.call_tool("profile", {"symbol": "AAPL"})).is_error is False
        write(manifest, good[0])
        await heard.wait()
        assert await names(client) == {"quote"}
    assert "reload failed, still serving the previous tools:" in log.read_text()


INJECTED = """
from data_pkg.toolsets import _select
_original = _select.select
def _select_or_fail(lookup, manifest, bases):
    if manifest.description == "explode":
        raise RuntimeError("injected failure")
    return _original(lookup, manifest, bases)
_select.select = _select_or_fail
"""
"""Makes resolving fail, as a bug in the resolver would, for any manifest described as ``explode``."""


async def test_an_unexpected_failure_while_reloading_keeps_the_tools_and_the_process(
    sandbox: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    log = tmp_path / "err.log"
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest))
    async with connect(env, log, notifications=heard, args=capped_server(INJECTED)) as client:
        await settled(client, heard, manifest, "tools: [company.profile]\n", {"profile"})
        write(manifest, "description: explode\ntools: [company.quote]\n")
        await heard.wait_log()
        assert "failed while resolving the manifest (RuntimeError)" in heard.logs[-1]
        assert await names(client) == {"profile"}
        assert (await client.call_tool("profile", {"symbol": "AAPL"})).is_error is False
        write(manifest, "tools: [company.market_cap]\n")
        await heard.wait()
        assert await names(client) == {"market_cap"}
    stderr = log.read_text()
    assert "reload failed unexpectedly, still serving the previous tools" in stderr
    assert "RuntimeError: injected failure" in stderr, "the traceback is in the server's log"


WATCH_FAILS_ONCE = """
from data_pkg.mcp import _reload
_awatch, _calls = _reload.awatch, []
def _awatch_failing_once(*args, **kwargs):
    _calls.append(args)
    if len(_calls) == 1:
        raise OSError(28, "injected: no watches left")
    return _awatch(*args, **kwargs)
_reload.awatch = _awatch_failing_once
"""
"""Makes the first watch fail, as the system's limit on watches would."""


@asynccontextmanager
async def quote_server(
    sandbox: str, folder: Path, prelude: str, **env: str
) -> AsyncIterator[tuple[Any, Notifications]]:
    """A server on ``folder/team.yaml`` (``tools: [company.quote]``) with ``prelude`` run first; its log is err.log."""
    manifest = folder / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    variables = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest), **env)
    async with connect(variables, folder / "err.log", notifications=heard, args=capped_server(prelude)) as client:
        yield client, heard


async def test_a_failed_watch_is_started_again(sandbox: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    async with quote_server(sandbox, tmp_path, WATCH_FAILS_ONCE, DATA_LOG_LEVEL="DEBUG") as (client, heard):
        await wait_for_log(log, f"hot reload: watching {tmp_path}", times=2)
        write(tmp_path / "team.yaml", "tools: [company.profile]\n")
        await heard.wait()
        assert await names(client) == {"profile"}
    assert "hot reload: watching failed; watching again in 1 s" in log.read_text()


DEAF_WATCH = """
import tempfile
from data_pkg.mcp import _reload
_awatch, _elsewhere = _reload.awatch, tempfile.mkdtemp()
def _deaf_awatch(*folders, **options):
    return _awatch(_elsewhere, **{**options, "rust_timeout": 200})
_reload.awatch = _deaf_awatch
"""
"""A watch that reports nothing (it watches an empty folder), as some network mounts do, and times out often."""


async def test_a_change_the_watch_does_not_report_is_loaded_all_the_same(sandbox: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    async with quote_server(sandbox, tmp_path, DEAF_WATCH) as (client, heard):
        write(tmp_path / "team.yaml", "tools: [company.profile]\n")
        await heard.wait()
        assert await names(client) == {"profile"}
        # Once loaded, the same files are not loaded again at each recheck.
        with anyio.move_on_after(1.0):
            await heard.wait(within=2.0)
        assert heard.count == 1
    assert "hot reload: a change the watch did not report; reloading" in log.read_text()


@asynccontextmanager
async def watching_process(manifest: Path) -> AsyncIterator[Process]:
    """The server on ``manifest``, no client, logging at DEBUG to err.log beside it; yielded once it watches."""
    log = manifest.parent / "err.log"
    env = server_env(None, DATA_MCP_MANIFEST=str(manifest), DATA_LOG_LEVEL="DEBUG")
    with log.open("w") as stderr:
        process = await anyio.open_process([sys.executable, "-m", "data_pkg.mcp"], env=env, stderr=stderr)
    async with process:
        await wait_for_log(log, "hot reload: watching")
        yield process


async def test_a_debug_log_in_the_manifest_folder_does_not_feed_the_watch(tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    log = tmp_path / "err.log"
    async with watching_process(manifest) as process:
        # Its "watching" line comes before the watch starts; a reload for an edit says the watch runs.
        write(manifest, "tools: [company.profile]\n")
        await wait_for_log(log, "manifest reloaded")
        (tmp_path / "notes.txt").write_text("not a manifest")
        # A line logged about a change the watch filtered out would be a change to err.log, logged in turn: a loop
        # of lines naming err.log. Nothing marks that it will not come, so it is looked for over a while; under load
        # the loop only comes later, so a slow machine can miss it but never fails a correct server.
        with anyio.move_on_after(2.0):
            await wait_for_log(log, "err.log")
        process.terminate()
    logged = log.read_text()
    assert "notes.txt" not in logged and "err.log" not in logged, logged[-2000:]


async def test_an_unexpected_failure_at_start_serves_the_setup_tool_and_the_fix_loads(
    sandbox: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "description: explode\ntools: [company.quote]\n")
    heard = Notifications()
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest))
    async with connect(env, tmp_path / "err.log", notifications=heard, args=capped_server(INJECTED)) as client:
        (tool,) = (await client.list_tools()).tools
        assert tool.name == "setup_problem"
        assert "failed while resolving the manifest (RuntimeError)" in (tool.description or "")
        write(manifest, "tools: [company.quote]\n")
        await heard.wait()
        assert await names(client) == {"quote"}


@POSIX_FILES
async def test_a_symlink_loop_beside_the_manifest_changes_nothing(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        await settled(client, heard, manifest, "tools: [company.profile]\n", {"profile"})
        os.symlink("zz.py", tmp_path / "zz.py")  # links to itself
        write(manifest, "tools: [company.market_cap]\n")
        await heard.wait()
        assert await names(client) == {"market_cap"}


@POSIX_FILES
async def test_extending_a_symlink_loop_is_a_finding_and_the_tools_stay(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    os.symlink("loop.yaml", tmp_path / "loop.yaml")
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        await settled(client, heard, manifest, "tools: [company.profile]\n", {"profile"})
        write(manifest, "extends: [./loop.yaml]\ntools: [company.quote]\n")
        await heard.wait_log()
        assert "DM106 cannot read the file: a symlink loop" in heard.logs[-1]
        assert await names(client) == {"profile"}


@POSIX_FILES
async def test_a_manifest_replaced_by_a_link_to_another_folder_is_reloaded(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    elsewhere = tmp_path / "elsewhere" / "team.yaml"
    elsewhere.parent.mkdir()
    write(elsewhere, "tools: [company.market_cap]\n")
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        await settled(client, heard, manifest, "tools: [company.profile]\n", {"profile"})
        link = tmp_path / ".team.yaml.link"
        os.symlink(elsewhere, link)
        os.replace(link, manifest)
        await heard.wait()
        assert await names(client) == {"market_cap"}
        write(elsewhere, "tools: [company.share_float]\n")  # the target's folder is watched now
        await heard.wait()
        assert await names(client) == {"share_float"}


def make_fifo(path: Path) -> None:
    """Put a FIFO at ``path`` in one step, replacing what is there."""
    fifo = path.with_name(f".{path.name}.fifo")
    os.mkfifo(fifo)
    os.replace(fifo, path)


@POSIX_FILES
async def test_a_fifo_as_the_manifest_does_not_block_initialize(tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    os.mkfifo(manifest)
    async with connect(server_env(None, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        (tool,) = (await client.list_tools()).tools
        assert tool.name == "setup_problem"
        assert "DM106 cannot read the file: a named pipe (FIFO), not a regular file" in (tool.description or "")


@POSIX_FILES
async def test_a_fifo_in_the_extends_chain_blocks_nothing(sandbox: str, tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    write(base, "tools: [company.quote]\n")
    manifest = tmp_path / "team.yaml"
    write(manifest, "extends: [./base.yaml]\n")
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        await settled(client, heard, base, "tools: [company.profile]\n", {"profile"})
        make_fifo(base)
        await heard.wait_log()
        assert "a named pipe (FIFO), not a regular file" in heard.logs[-1]
        assert await names(client) == {"profile"}
        write(base, "tools: [company.market_cap]\n")  # the fix is seen: nothing is stuck
        await heard.wait()
        assert await names(client) == {"market_cap"}


@POSIX_FILES
async def test_the_server_exits_on_end_of_input_after_a_fifo_reached_the_chain(tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    write(base, "tools: [company.quote]\n")
    manifest = tmp_path / "team.yaml"
    write(manifest, "extends: [./base.yaml]\n")
    log = tmp_path / "err.log"
    async with watching_process(manifest) as process:
        write(base, "tools: [company.profile]\n")  # a first reload proves the watch is live
        await wait_for_log(log, "manifest reloaded")
        make_fifo(base)
        await wait_for_log(log, "a named pipe (FIFO)")
        assert process.stdin is not None
        await process.stdin.aclose()
        with anyio.fail_after(20):
            assert await process.wait() == 0


# -- amplification: one client is heard once, and a reload reports a summary --------------------------


async def test_repeated_initialized_notifications_are_one_client(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    async with connect(
        server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log", notifications=heard
    ) as client:
        for _ in range(3_000):
            await client.session.send_notification(types.InitializedNotification())
        # A request is handled after the notifications sent before it: the server has seen them all.
        assert (await client.call_tool("quote", {"symbol": "AAPL"})).is_error is False
        write(manifest, "tools: [company.profile]\n")
        await heard.wait()
        write(manifest, "tools: [company.proflie]\n")  # a bad edit: sent after every notice of the first reload
        await heard.wait_log()
        assert heard.count == 1
        write(manifest, "tools: [company.quote]\n")
        await heard.wait()  # sent after every log message of the bad edit
        assert len(heard.logs) == 1
        assert heard.count == 2


async def test_a_reload_reports_the_first_diagnostics_and_a_count(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    write(manifest, "tools: [company.quote]\n")
    heard = Notifications()
    log = tmp_path / "err.log"
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), log, notifications=heard) as client:
        await settled(client, heard, manifest, "tools: [company.profile]\n", {"profile"})
        write(manifest, "tools:\n" + "  - company.quote\n" * 2_000)
        await heard.wait_log()
        write(manifest, "tools: [company.market_cap]\n")
        await heard.wait()  # every message about the bad edit came before this
        (message,) = heard.logs
        assert message.count("DM202") == 5
        assert f"... and 1994 more (data-mcp lint {manifest} lists them all)" in message
    stderr = log.read_text()
    assert stderr.count("DM202") == 5
    assert stderr.count("... and 1994 more") == 1
