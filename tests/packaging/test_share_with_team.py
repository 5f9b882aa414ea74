"""docs/share.md, followed by a desk lead and an analyst: the page's own commands, in its order, on the installed wheel.

Each person has a fresh home and their own key; the desk's repository is a bare git repository in a temporary folder,
standing in for the page's URL. The only substitutions are the placeholders a reader fills in (the key, the API
address, the repository's URL). The analyst's server is started from the entry ``config install`` wrote, as the
assistant would, and must pick up the lead's change on ``git pull`` without a restart.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from data_pkg.sandbox import running_sandbox
from tests.lint.test_teams_page import blocks
from tests.mcp._support import TIMEOUT, Notifications
from tests.support import code_blocks

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "share.md"
KEY_PLACEHOLDER, URL_PLACEHOLDER = "<your API key>", "https://the.api.host"
REPOSITORY_PLACEHOLDER = "https://git.example.com/desk/desk-tools.git"
ASSISTANT = "Acme"

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


def block_with(needle: str) -> str:
    (found,) = [block for block in code_blocks(PAGE, "bash") if needle in block]
    return found


def manifests() -> list[str]:
    """The page's ``desk.yaml`` blocks: as first written, then as changed."""
    return [b.text for b in blocks(PAGE.read_text()) if b.label == "desk.yaml"]


def claims(script: str) -> list[str]:
    """What the block's comments say a command prints (``# 35 tools, ...``)."""
    return [line.split("# ", 1)[1].strip() for line in script.splitlines() if "# " in line]


class Person:
    """A shell of someone on the desk: a fresh home, the wheel's environment activated, their own key set."""

    def __init__(self, home: Path, installed: Path, sandbox: str, key: str, remote: Path) -> None:
        home.mkdir()
        self.home = home
        self.remote = remote
        inherited = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH", "GIT_"))}
        self.env = inherited | {
            "HOME": str(home),
            "PATH": f"{installed.parent}{os.pathsep}{os.environ['PATH']}",
            "VIRTUAL_ENV": str(installed.parent.parent),
            "DATA_API_KEY": key,
            "DATA_BASE_URL": sandbox,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": home.name,
            "GIT_AUTHOR_EMAIL": f"{home.name}@desk.test",
            "GIT_COMMITTER_NAME": home.name,
            "GIT_COMMITTER_EMAIL": f"{home.name}@desk.test",
        }

    @property
    def clone(self) -> Path:
        return self.home / "desk-tools"

    def run(self, script: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        filled = (
            script.replace(KEY_PLACEHOLDER, self.env["DATA_API_KEY"])
            .replace(URL_PLACEHOLDER, self.env["DATA_BASE_URL"])
            .replace(REPOSITORY_PLACEHOLDER, str(self.remote))
            # A loaded 2-core CI machine running two test workers can take longer than a desktop to start the
            # server; doctor's check is the same, only its deadline is longer than the 20 s default.
            .replace("data-mcp doctor --assistant Acme", "data-mcp doctor --assistant Acme --timeout 90")
        )
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", filled],
            env=self.env,
            cwd=cwd or self.home,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,  # as a terminal shows them
            text=True,
            timeout=180,
            check=False,
        )
        assert done.returncode == 0, f"{script}\n{done.stdout}"
        return done


@asynccontextmanager
async def assistant_server(entry: dict[str, Any], home: Path, heard: Notifications) -> AsyncIterator[Client]:
    """The server as the assistant starts it: the entry's command, args and env, and little else."""
    env = {"HOME": str(home), "PATH": os.environ["PATH"], **entry["env"]}
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env, cwd="/")
    with (home / "server.log").open("a") as errlog:
        transport = stdio_client(params, errlog=errlog)
        # Desktop assistants open the connection with initialize (the "legacy" handshake), not the 2026 discovery.
        async with Client(transport, mode="legacy", read_timeout_seconds=TIMEOUT, message_handler=heard) as client:
            yield client


async def tool_names(client: Client) -> set[str]:
    return {tool.name for tool in (await client.list_tools()).tools}


@dataclass
class Desk:
    """The desk once the page's first half is done: the lead has pushed, the analyst has installed the entry."""

    lead: Person
    analyst: Person
    schema: dict[str, Any]
    lock: dict[str, Any]
    checked: str
    """What the lead's checks printed."""
    installed: str
    """What the analyst's install and doctor printed."""
    entry: dict[str, Any]
    """The analyst's assistant's entry."""


@pytest.fixture(scope="module")
def desk(installed: Path, sandbox: str, tmp_path_factory: pytest.TempPathFactory) -> Desk:
    root = tmp_path_factory.mktemp("desk")
    remote = root / "shared" / "desk-tools.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True, timeout=60)
    lead = Person(root / "lead", installed, sandbox, "sandbox-premium", remote)
    analyst = Person(root / "analyst", installed, sandbox, "sandbox-ultimate", remote)

    lead.run(block_with("git init"))
    (lead.clone / "desk.yaml").write_text(manifests()[0])
    checked = lead.run(block_with("data-mcp tools desk.yaml"), lead.clone).stdout
    lead.run(block_with("git remote add"), lead.clone)

    installed_output = analyst.run(block_with("git clone")).stdout
    config = Path(analyst.home, ".config", ASSISTANT, f"{ASSISTANT.lower()}_desktop_config.json")
    return Desk(
        lead=lead,
        analyst=analyst,
        schema=json.loads((lead.clone / "manifest.schema.json").read_text()),
        lock=json.loads((lead.clone / "desk.lock.json").read_text()),
        checked=checked,
        installed=installed_output,
        entry=json.loads(config.read_text())["mcpServers"]["market-data"],
    )


def test_the_schema_the_wheel_ships_lands_in_the_repository_and_checks_the_manifest(desk: Desk) -> None:
    assert desk.schema == json.loads((ROOT / "schemas" / "manifest.schema.json").read_text())
    first = manifests()[0]
    assert first.startswith("# yaml-language-server: $schema=./manifest.schema.json\n")
    jsonschema.validate(yaml.safe_load(first), desk.schema)


def test_the_checks_print_what_the_page_says(desk: Desk) -> None:
    stated = claims(block_with("data-mcp tools desk.yaml"))
    for claim in stated:
        assert claim in desk.checked, claim
    assert any(claim.startswith(f"{desk.lock['count']} tools") for claim in stated)


def test_the_analyst_entry_holds_the_clone_s_absolute_path_and_their_own_key(desk: Desk) -> None:
    assert desk.entry["env"]["DATA_MCP_MANIFEST"] == (desk.analyst.clone / "desk.yaml").as_posix()
    assert desk.entry["env"]["DATA_API_KEY"] == "sandbox-ultimate"
    assert "sandbox-premium" not in (desk.analyst.clone / "desk.yaml").read_text() + json.dumps(desk.lock)
    assert "All checks passed." in desk.installed
    stated = re.search(r"`tools/list with (\d+) tools`", PAGE.read_text())
    assert stated and f"tools/list with {stated.group(1)} tools" in desk.installed
    assert int(stated.group(1)) == desk.lock["count"]


@pytest.mark.anyio
async def test_a_change_reaches_the_running_server_on_git_pull(desk: Desk) -> None:
    heard = Notifications()
    async with assistant_server(desk.entry, desk.analyst.home, heard) as server:
        before = await tool_names(server)
        assert before == set(desk.lock["order"]) and "market_cap" not in before

        # The lead changes the tool set, checks the impact, locks and pushes.
        await anyio.Path(desk.lead.clone / "desk.yaml").write_text(manifests()[1])
        change = block_with("data-mcp impact")
        count = desk.lock["count"]
        assert f"{count} → {count + 1} tools (+1), added market_cap" in change
        done = await anyio.to_thread.run_sync(desk.lead.run, change, desk.lead.clone)
        assert f"| `desk.yaml` | changed | {count} → {count + 1} (+1) |" in done.stdout
        assert "- added: `market_cap`" in done.stdout

        # The analyst pulls; the server the assistant started reloads and tells it, nothing restarted.
        await anyio.to_thread.run_sync(desk.analyst.run, block_with("git pull"), desk.analyst.clone)
        await heard.wait(within=TIMEOUT)
        assert await tool_names(server) == before | {"market_cap"}
    log = await anyio.Path(desk.analyst.home / "server.log").read_text()
    assert "manifest reloaded: +1 added (market_cap)" in log
