"""What the protocol asks of the stdio server: an unknown tool is -32602, a cursor it never gave is -32602,
and log messages go only to a client that can hear them, at the level it asked for."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from data_pkg.answers.protocol import PROTOCOL_ERRORS
from data_pkg.sandbox import running_sandbox
from tests.mcp._support import Notifications, connect, server_env, wait_for_log
from tests.mcp.test_stdio_protocol import INITIALIZED, RawServer, request

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


def opened(tmp_path: Path, version: str, env: dict[str, str] | None = None) -> tuple[RawServer, dict[str, object]]:
    """A raw server after the handshake at ``version``: the server and its initialize result."""
    server = RawServer(tmp_path / f"err-{version}.log", env)
    hello = {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}
    server.send(request(1, "initialize", hello), INITIALIZED)
    return server, server.answer(1)["result"]


def test_every_protocol_version_has_a_rule() -> None:
    """A version the SDK learns to speak must be given its rule, not inherit one by accident."""
    from mcp_types.version import KNOWN_PROTOCOL_VERSIONS

    assert set(PROTOCOL_ERRORS) == set(KNOWN_PROTOCOL_VERSIONS)


@pytest.mark.parametrize("version", HANDSHAKE_PROTOCOL_VERSIONS)
def test_an_unknown_tool_is_invalid_params_in_every_version(tmp_path: Path, version: str) -> None:
    server, result = opened(tmp_path, version)
    assert result["protocolVersion"] == version
    server.send(request(2, "tools/call", {"name": "quot", "arguments": {"symbol": "AAPL"}}))
    error = server.answer(2)["error"]
    assert error["code"] == -32602
    assert error["message"].startswith("unknown tool 'quot'. Did you mean quote?")
    assert error["data"] == {"tool": "quot"}
    assert server.close() == 0


@pytest.mark.anyio
async def test_an_unknown_tool_is_invalid_params_for_a_2026_client_too(tmp_path: Path) -> None:
    async with connect(server_env(None), tmp_path / "err.log", mode="auto") as client:
        assert client.protocol_version == "2026-07-28"
        with pytest.raises(MCPError) as raised:
            await client.call_tool("no_such_tool", {})
    assert raised.value.code == -32602 and "unknown tool 'no_such_tool'" in raised.value.message


def test_without_a_tool_set_any_other_tool_is_unknown_and_the_setup_tool_answers(tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    manifest.write_text("tools: [company.quot]\n")
    server, _ = opened(tmp_path, "2025-11-25", server_env(None, DATA_MCP_MANIFEST=str(manifest)))
    server.send(
        request(2, "tools/call", {"name": "quote", "arguments": {}}),
        request(3, "tools/call", {"name": "setup_problem", "arguments": {}}),
    )
    error = server.answer(2)["error"]
    assert error["code"] == -32602
    assert error["message"].startswith("unknown tool 'quote': data-mcp has no tool set: ")
    assert "DM201" in error["message"]
    setup = server.answer(3)["result"]
    assert setup["isError"] is True and "DM201" in setup["content"][0]["text"]
    assert server.close() == 0


def test_a_cursor_the_server_never_gave_is_invalid_params(tmp_path: Path) -> None:
    server, _ = opened(tmp_path, "2025-06-18")
    server.send(request(2, "tools/list", {"cursor": "page-2"}), request(3, "tools/list", {}))
    error = server.answer(2)["error"]
    assert error["code"] == -32602 and "cursor" in error["message"]
    assert server.answer(3)["result"]["tools"]
    assert server.close() == 0


def test_the_logging_capability_is_declared_and_set_level_is_honoured(tmp_path: Path) -> None:
    server, result = opened(tmp_path, "2025-06-18")
    assert result["capabilities"]["logging"] == {}
    server.send(
        request(2, "logging/setLevel", {"level": "warning"}),
        request(3, "logging/setLevel", {"level": "loud"}),
    )
    assert server.answer(2)["result"] == {}
    assert server.answer(3)["error"]["code"] == -32602
    assert server.close() == 0


def _save(path: Path, body: str) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(body)
    os.replace(temporary, path)


@pytest.mark.anyio
# The SDK client warns that logging is deprecated for 2026-07-28; this is a handshake-era session.
@pytest.mark.filterwarnings("ignore::mcp.shared.exceptions.MCPDeprecationWarning")
@pytest.mark.parametrize(("level", "heard"), [(None, True), ("error", True), ("critical", False)])
async def test_a_client_hears_log_messages_at_the_level_it_set(
    sandbox: str, tmp_path: Path, level: str | None, heard: bool
) -> None:
    """A failed reload is logged to clients at ``error``: heard by default and at ``error``, not at ``critical``."""
    manifest = tmp_path / "team.yaml"
    _save(manifest, "tools: [company.quote]\n")
    log = tmp_path / "err.log"
    notes = Notifications()
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), log, notifications=notes) as client:
        if level is not None:
            await client.set_logging_level(level)  # type: ignore[arg-type]
        _save(manifest, "tools: [company.quote, company.proflie]\n")
        await wait_for_log(log, "reload failed")
        # Messages keep their order on the wire: a log message sent for the failed reload comes
        # before the list_changed of the fix.
        _save(manifest, "tools: [company.quote, company.profile]\n")
        await notes.wait()
    assert bool(notes.logs) is heard
    if heard:
        assert "manifest not reloaded" in notes.logs[0]
    assert json.dumps(notes.logs)  # text a client can read
