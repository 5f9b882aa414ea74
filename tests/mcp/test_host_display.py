"""What hosts show of data-mcp: the server's title and instructions, every tool's title, portable schemas.

One server process serves the ``full`` profile with output schemas on, started the way hosts start it;
the MCP SDK client reads its handshake and tool list, and the MCP Inspector CLI (when installed, as
``.ci/run`` installs it) lints the same list with ``--strict``: no error and no warning.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest

from data_pkg.answers.instructions import MAX_INSTRUCTIONS
from data_pkg.toolsets import resolve
from tests.mcp._support import SERVER_ARGS, connect, server_env

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NODE_BIN = ROOT / ".ci" / "node" / "node_modules" / ".bin"
INSPECTOR = NODE_BIN / "mcp-inspector"
SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "acme"}
MANIFEST = "extends: [full]\noutput_schemas: true\nanalysis: true\n"
"""Every tool there is: the full profile's, and the query tool analysis adds."""
UNREACHABLE = "http://127.0.0.1:9"
"""Nothing is called: listing tools needs no upstream."""


@dataclass(frozen=True)
class Seen:
    """What the SDK client saw: the server's self-description and its tools."""

    info: types.Implementation | None
    instructions: str | None
    tools: list[types.Tool]


def env_for(manifest: Path) -> dict[str, str]:
    return server_env(UNREACHABLE, DATA_MCP_MANIFEST=str(manifest), DATA_MCP_RELOAD="0", **SEGMENTS)


async def look(manifest: Path, log: Path) -> Seen:
    async with connect(env_for(manifest), log) as client:
        return Seen(client.server_info, client.instructions, (await client.list_tools()).tools)


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("display") / "full.yaml"
    path.write_text(MANIFEST)
    return path


@pytest.fixture(scope="module")
def seen(manifest: Path) -> Seen:
    return anyio.run(look, manifest, manifest.with_name("server.log"))


def type_lists(schema: Any) -> list[object]:
    """Every ``type`` in ``schema`` written as a list (``["integer", "null"]``)."""
    if isinstance(schema, list):
        return [found for item in schema for found in type_lists(item)]
    if not isinstance(schema, dict):
        return []
    own = [schema["type"]] if isinstance(schema.get("type"), list) else []
    return own + [found for key, value in schema.items() if key != "enum" for found in type_lists(value)]


def test_the_server_has_a_title_and_instructions_within_what_hosts_keep(seen: Seen) -> None:
    assert seen.info is not None and seen.info.title == "Market data (local)"
    assert seen.instructions is not None and 200 < len(seen.instructions) <= MAX_INSTRUCTIONS
    assert "8,000 tokens" in seen.instructions and "note" in seen.instructions


def listed(manifest: Path) -> list[str]:
    """The tool names the manifest gives, as the server lists them."""
    return [entry["name"] for entry in resolve(manifest, env=SEGMENTS).raise_for_errors().tools_list()]


def test_every_tool_of_the_full_profile_has_a_title_of_its_own(seen: Seen, manifest: Path) -> None:
    assert [t.name for t in seen.tools] == listed(manifest)
    untitled = [t.name for t in seen.tools if not t.title or t.title == t.name]
    assert untitled == []
    assert len({t.title for t in seen.tools}) == len(seen.tools)


def test_no_schema_of_any_tool_writes_a_type_as_a_list(seen: Seen) -> None:
    assert all(t.output_schema is not None for t in seen.tools if t.name != "query")
    found = {t.name: lists for t in seen.tools if (lists := type_lists([t.input_schema, t.output_schema]))}
    assert found == {}


def inspector() -> Path:
    node = NODE_BIN / "node"
    if not INSPECTOR.exists() or not node.exists():
        pytest.skip(f"the MCP Inspector CLI is not installed at {INSPECTOR} (scripts/install-inspector.sh)")
    return INSPECTOR


def test_the_inspector_finds_nothing_unportable_in_any_schema(manifest: Path, tmp_path: Path) -> None:
    command = inspector()
    env = {**os.environ, "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}", "HOME": str(tmp_path)}
    env["MCP_CATALOG_PATH"] = str(tmp_path / "catalog.json")  # never the user's own catalog
    passed = [
        part
        for name, value in env_for(manifest).items()
        if name.startswith("DATA_")
        for part in ("-e", f"{name}={value}")
    ]
    python = shutil.which("python", path=str(Path(sys.executable).parent)) or sys.executable
    done = subprocess.run(
        [
            str(command),
            "--cli",
            *passed,
            python,
            *SERVER_ARGS,
            "--method",
            "tools/list",
            "--strict",
            "--format",
            "json",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert [tool["name"] for tool in found["result"]["tools"]] == listed(manifest)
    assert found.get("schemaFindings", []) == [], done.stderr[-2000:]
    assert "warning" not in done.stderr.lower(), done.stderr[-2000:]
