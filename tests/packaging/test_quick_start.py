"""The README's quick start, as a new user on a fresh clone follows it: what `./dev demo` prints and what the README
shows run as written, in the shell the user has right after it.

`./dev demo` and `./dev test` themselves set up a venv (network, minutes): CI runs them on its fresh clone
(`.ci/run`). Here the demo runs exactly as `./dev demo` starts it (this environment's Python, from the clone's folder,
nothing activated), and the README's blocks run in order in one shell, the environment activated as the README says.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from data_pkg.sandbox import running_sandbox
from tests.packaging.conftest import ROOT
from tests.support import code_blocks

README = ROOT / "README.md"
DEV = ROOT / "dev"

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def fresh_shell(**settings: str) -> dict[str, str]:
    """A shell with no venv active and no data-pkg settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH", "VIRTUAL_ENV"))}
    venv_bin = Path(sys.prefix, "bin")
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if Path(p) != venv_bin)
    return env | settings


def bash(script: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, timeout=180
    )


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox() as url:
        yield url


def test_dev_help_is_usage_and_an_unknown_command_is_a_usage_error() -> None:
    for spelled in ("help", "-h", "--help"):
        done = subprocess.run([str(DEV), spelled], capture_output=True, text=True, timeout=30, check=False)
        assert done.returncode == 0 and done.stdout.startswith("usage: ./dev COMMAND"), spelled
        assert "set -euo" not in done.stdout and "#" not in done.stdout.splitlines()[0]
    wrong = subprocess.run([str(DEV), "tset"], capture_output=True, text=True, timeout=30, check=False)
    assert wrong.returncode == 2 and "unknown command 'tset'" in wrong.stderr and wrong.stdout == ""


def test_the_next_steps_the_demo_prints_run_as_printed() -> None:
    # What `./dev demo` runs once its venv exists: this environment's Python, in the clone's folder, nothing activated.
    env = fresh_shell()
    done = subprocess.run(
        [sys.executable, "-m", "data_pkg.cli", "demo"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(
        r"^done in \d+\.\d s from the command's start \(the tour itself \d+\.\d s\)\.$", done.stdout, re.M
    ), done.stdout
    tail = done.stdout.split("\nNext: ", 1)[1]
    steps = [line.strip() for line in tail.splitlines() if line.strip()]
    assert len(steps) == 2 and all(step.split()[0].endswith("data-mcp") for step in steps), steps
    for step in steps:
        ran = bash(step, env)
        assert ran.returncode == 0, f"{step}\n{ran.stdout}{ran.stderr}"
        assert ran.stdout.strip(), step


def test_every_readme_block_runs_as_written_after_the_quick_start(sandbox: str) -> None:
    blocks = code_blocks(README, "bash")
    quick_start = [b for b in blocks if b.startswith("./dev ")]
    assert len(quick_start) == 1  # run by CI on a fresh clone (.ci/run)
    shell = [b for b in blocks if b not in quick_start]
    assert shell[0].startswith("source .venv/bin/activate")
    # The README's .venv is the environment under test (CI also runs the suite in .venv-3.10).
    script = "\n".join(shell).replace("source .venv/bin/activate", f"source {sys.prefix}/bin/activate")
    env = fresh_shell()
    done = bash(script, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^data-mcp \d+\.\d+\.\d+$", done.stdout, re.M)
    # The Python blocks, with the two settings the README says the client reads (here: the sandbox's).
    python = Path(sys.prefix, "bin", "python")
    for block in code_blocks(README, "python"):
        ran = subprocess.run(
            [str(python), "-c", block],
            env=fresh_shell(DATA_API_KEY="demo", DATA_BASE_URL=sandbox),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert ran.returncode == 0, f"{block}\n{ran.stderr}"
