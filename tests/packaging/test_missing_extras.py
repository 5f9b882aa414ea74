"""Installed without an extra, each command that needs it ends with one line naming the extra, exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from data_pkg import __version__

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def run(python: Path, *args: str, home: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """A command of the venv of ``python``, as a user with that venv activated runs it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH"))}
    env |= {"HOME": str(home), "PATH": f"{python.parent}{os.pathsep}{os.environ['PATH']}"} | settings
    return subprocess.run(
        list(args), capture_output=True, text=True, timeout=60, env=env, cwd=home, stdin=subprocess.DEVNULL, check=False
    )


def test_the_core_install_has_no_extra(installed_core: Path, tmp_path: Path) -> None:
    done = run(installed_core, "python", "-c", "import data_pkg, mcp", home=tmp_path)
    assert "No module named 'mcp'" in done.stderr
    assert run(installed_core, "data-mcp", "--version", home=tmp_path).returncode == 0


@pytest.mark.parametrize(
    ("command", "extra"),
    [
        (["data-mcp"], "mcp"),
        (["data-mcp", "serve"], "mcp"),
        (["python", "-m", "data_pkg.mcp"], "mcp"),  # what a desktop assistant's config starts
        (["data-mcp", "demo"], "mcp"),
        (["data-mcp", "tools", "minimal", "--answers"], "mcp"),  # calls every tool through the answer writer
        (["data-hosted", "--help"], "hosted"),
        (["data-hosted", "serve"], "hosted"),
        (["python", "-m", "data_hosted", "serve"], "hosted"),
        (["data-sandbox", "--port", "0"], "sandbox"),
        (["data-mcp", "sandbox", "--port", "0"], "sandbox"),
    ],
    ids=" ".join,
)
def test_a_missing_extra_is_one_line_naming_it(
    installed_core: Path, tmp_path: Path, command: list[str], extra: str
) -> None:
    done = run(installed_core, *command, home=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert f"needs the {extra} extra, which is not installed in this environment" in line
    by_url = f"data-pkg[{extra}] @ git+https://github.com/data-pkg/data-pkg@v{__version__}"  # no index has it
    assert f'pip install "{by_url}" (from a clone: pip install ".[{extra}]")' in line
    assert done.stdout == ""  # a stdio server's stdout carries JSON-RPC only


def test_config_install_warns_that_the_entry_it_writes_would_not_start(installed_core: Path, tmp_path: Path) -> None:
    target = tmp_path / "acme_desktop_config.json"
    settings = {"DATA_API_KEY": "demo", "DATA_BASE_URL": "http://127.0.0.1:8765"}  # nothing else to complain of
    done = run(installed_core, "data-mcp", "config", "install", str(target), home=tmp_path, **settings)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert f"warning: {installed_core} has no mcp extra (missing: jsonschema, mcp)" in done.stderr
    assert f'pip install "data-pkg[mcp] @ git+https://github.com/data-pkg/data-pkg@v{__version__}"' in done.stderr
    assert json.loads(target.read_text())["mcpServers"]["market-data"]["command"] == str(installed_core)
