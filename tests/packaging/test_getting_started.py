"""docs/index.md, followed as a new Linux user would: the page's own commands, run against the installed wheel.

The commands are read from the page, so an edit that breaks a step fails here. The only substitutions are the
placeholders a reader fills in (the key and the API address, here the sandbox's), and ``HOME`` is a fresh folder so
the desktop assistant's config is written where the page says.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from data_pkg.sandbox import running_sandbox
from tests.support import code_blocks, tool_count

PAGE = Path(__file__).resolve().parents[2] / "docs" / "index.md"
KEY_PLACEHOLDER, URL_PLACEHOLDER = "<your API key>", "https://the.api.host"

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def block_with(language: str, needle: str) -> str:
    (found,) = [block for block in code_blocks(PAGE, language) if needle in block]
    return found


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


@pytest.fixture
def shell(installed: Path, sandbox: str, tmp_path: Path) -> dict[str, str]:
    """A new user's shell: a fresh home, the virtual environment activated, no data-pkg settings yet."""
    home = tmp_path / "home"
    home.mkdir()
    inherited = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH"))}
    return inherited | {
        "HOME": str(home),
        "PATH": f"{installed.parent}{os.pathsep}{os.environ['PATH']}",
        "VIRTUAL_ENV": str(installed.parent.parent),
    }


def run(script: str, env: dict[str, str], sandbox: str, *, language: str = "bash") -> subprocess.CompletedProcess[str]:
    filled = script.replace(KEY_PLACEHOLDER, "demo").replace(URL_PLACEHOLDER, sandbox)
    command = ["bash", "-euo", "pipefail", "-c", filled] if language == "bash" else ["python", "-c", filled]
    return subprocess.run(command, env=env, cwd=env["HOME"], capture_output=True, text=True, timeout=180)


def settings(sandbox: str) -> dict[str, str]:
    return {"DATA_API_KEY": "demo", "DATA_BASE_URL": sandbox}


def test_the_install_is_confirmed_by_the_version(shell: dict[str, str], sandbox: str) -> None:
    assert "data-mcp --version" in PAGE.read_text()
    done = run("data-mcp --version", shell, sandbox)
    assert done.returncode == 0 and re.search(r"\d+\.\d+", done.stdout), done.stderr


def test_the_offline_demo_runs_without_key_or_network(shell: dict[str, str], sandbox: str) -> None:
    offline = block_with("bash", "data-mcp demo")
    demo_line = next(line for line in offline.splitlines() if line.startswith("data-mcp demo"))
    done = run(demo_line.split("#")[0], shell, sandbox)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "list_changed" in done.stdout and "done in" in done.stdout
    # The next steps it prints run as printed in the same shell: here data-mcp is on PATH.
    steps = [line.strip() for line in done.stdout.split("\nNext: ", 1)[1].splitlines() if line.strip()]
    assert steps == ["data-mcp tools analyst", "data-mcp config print --manifest analyst"]
    for step in steps:
        ran = run(step, shell, sandbox)
        assert ran.returncode == 0, f"{step}\n{ran.stdout}{ran.stderr}"


def test_the_key_block_checks_the_key(shell: dict[str, str], sandbox: str) -> None:
    done = run(block_with("bash", "export DATA_API_KEY"), shell, sandbox)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("valid: the key ****")
    assert "demo" not in done.stdout.replace("valid", "")


def test_the_first_python_call_prints_a_price(shell: dict[str, str], sandbox: str) -> None:
    done = run(block_with("python", "from_env()"), shell | settings(sandbox), sandbox, language="python")
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) > 0


def test_the_desktop_steps_install_an_entry_that_doctor_passes(shell: dict[str, str], sandbox: str) -> None:
    done = run(block_with("bash", "config install"), shell | settings(sandbox), sandbox)
    assert done.returncode == 0, done.stdout + done.stderr
    config = Path(shell["HOME"], ".config", "Acme", "acme_desktop_config.json")
    assert config.stat().st_mode & 0o777 == 0o600
    assert '"DATA_MCP_MANIFEST": "analyst"' in config.read_text()
    assert "All checks passed." in done.stdout
    assert f"tools/list with {tool_count('analyst', {})} tools" in done.stdout
