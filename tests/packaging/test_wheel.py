"""A wheel installed into a fresh virtual environment carries the profiles and serves them."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.support import tool_count

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def run(python: Path, code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH"))} | env
    return subprocess.run(
        [str(python), "-c", code], check=True, capture_output=True, text=True, timeout=120, cwd="/", env=environment
    ).stdout


def test_the_installed_package_is_the_wheel_not_the_source_tree(installed: Path) -> None:
    location = run(installed, "import data_pkg; print(data_pkg.__file__)")
    assert str(ROOT) not in location
    assert "site-packages" in location


@pytest.mark.parametrize("profile", ["minimal", "analyst", "quant", "news", "full"])
def test_every_profile_resolves_from_the_wheel(installed: Path, profile: str) -> None:
    code = (
        "import json, os; from data_pkg.toolsets import resolve, profiles_dir; "
        f"r = resolve({profile!r}, env={{}}); "
        "print(json.dumps([str(profiles_dir()), [str(d) for d in r.errors], len(r.registry or [])]))"
    )
    folder, errors, count = json.loads(run(installed, code))
    assert "site-packages" in folder
    assert errors == []
    assert count > 0


def test_a_team_manifest_extends_a_packaged_profile(installed: Path, tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    manifest.write_text("extends: [analyst]\nexclude: ['company.*']\n")
    code = (
        "from data_pkg.toolsets import resolve; "
        f"r = resolve({str(manifest)!r}, env={{}}); print(len(r.errors), len(r.registry or []))"
    )
    errors, count = run(installed, code).split()
    assert (errors, int(count) > 0) == ("0", True)


def test_the_installed_server_starts_with_a_profile(installed: Path) -> None:
    request = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}
    )  # fmt: skip
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")} | {"DATA_MCP_MANIFEST": "analyst"}
    done = subprocess.run(
        [str(installed), "-m", "data_pkg.mcp"],
        input=request + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        cwd="/",
        check=False,
    )
    assert json.loads(done.stdout.splitlines()[0])["result"]["serverInfo"]["name"] == "data-pkg"
    assert f"serving {tool_count('analyst', {})} tools (analyst)" in done.stderr
