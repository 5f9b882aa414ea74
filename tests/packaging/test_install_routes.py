"""docs/index.md's install routes, run as a new Linux user runs them: from a clone, a wheel, an index, and pipx-style.

The page's own blocks are run. Two things keep them offline and fast, and neither changes a command: the new venv
borrows its dependencies from this test environment (one ``.pth`` line, written between the venv block and the
install block, naming a folder of links to every dependency but data-pkg), and pip is told by environment variables not to reach an index (``PIP_NO_INDEX``; the "index" is a
folder holding the wheel, ``PIP_FIND_LINKS``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.conftest import OFFLINE, ROOT
from tests.support import code_blocks

PAGE = ROOT / "docs" / "index.md"

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def block_with(needle: str) -> str:
    (found,) = [block for block in code_blocks(PAGE, "bash") if needle in block]
    return found


def bash(script: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], env=env, cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


@pytest.fixture
def new_user(home: Path, tmp_path: Path) -> dict[str, str]:
    """A shell whose ``python3`` is this interpreter's base Python, with no venv active and no data-pkg settings."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(getattr(sys, "_base_executable", sys.executable))
    inherited = {
        k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH", "VIRTUAL_ENV", "PIP_"))
    }
    without_venv = os.pathsep.join(
        p for p in os.environ["PATH"].split(os.pathsep) if Path(p) != Path(sys.prefix, "bin")
    )
    return inherited | {"HOME": str(home), "PATH": f"{bin_dir}{os.pathsep}{without_venv}"}


def test_the_page_names_the_wheel_that_a_build_makes(wheel: Path) -> None:
    assert f'pip install "./{wheel.name}[mcp]"' in block_with('pip install "./data_pkg-')


def test_the_linux_install_works_from_a_clone_a_wheel_and_an_index(
    new_user: dict[str, str], home: Path, wheel: Path, deps_site: Path, tmp_path: Path
) -> None:
    venv_block = block_with("python3 -m venv ~/venvs/data")
    (activate,) = [line for line in venv_block.splitlines() if line.startswith("source ")]
    site = "$(python -c 'import site; print(site.getsitepackages()[0])')"
    borrow = f'echo {deps_site} > "{site}/borrowed-deps.pth"'
    created = bash(f"{venv_block}\n{borrow}", new_user, home)
    assert created.returncode == 0, created.stderr
    index = tmp_path / "index"
    index.mkdir()
    shutil.copy(wheel, index)
    shutil.copy(wheel, home)
    routes = [
        (block_with('pip install ".[mcp]"'), ROOT),  # in the folder of a clone: this repository
        (block_with('pip install "./data_pkg-'), home),  # the wheel beside the user
        (block_with('pip install "data-pkg[mcp]"'), home),  # an index that has data-pkg
    ]
    env = new_user | OFFLINE | {"PIP_FIND_LINKS": str(index)}
    checks = "cd ~\ndata-mcp --version\npython -c 'import data_pkg, mcp; print(data_pkg.__file__)'"
    for install, folder in routes:
        script = f"{activate}\npip uninstall --yes --quiet data-pkg 2>/dev/null || true\n{install}\n{checks}"
        done = bash(script, env, folder)
        assert done.returncode == 0, f"{install}\n{done.stdout}{done.stderr}"
        *_, command, version, location = done.stdout.split()
        assert command == "data-mcp" and re.fullmatch(r"\d+\.\d+\.\d+", version), done.stdout
        assert location.startswith(str(home / "venvs" / "data")), (install, location)  # installed, not the source


def test_a_pipx_style_install_runs_without_activating_anything(installed: Path, tmp_path: Path, home: Path) -> None:
    # pipx links an environment's commands into a folder on PATH (~/.local/bin); nothing is activated.
    assert 'pipx install ".[mcp]"' in PAGE.read_text()
    local_bin = home / ".local" / "bin"
    local_bin.mkdir(parents=True)
    for command in ("data-mcp", "data-sandbox", "data-hosted"):
        (local_bin / command).symlink_to(installed.parent / command)
    without_venv = os.pathsep.join(
        p for p in os.environ["PATH"].split(os.pathsep) if Path(p) != Path(sys.prefix, "bin")
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH", "VIRTUAL_ENV"))}
    env |= {"HOME": str(home), "PATH": f"{local_bin}{os.pathsep}{without_venv}"}
    done = bash("data-mcp --version\ndata-mcp config print --manifest analyst\ndata-hosted --help", env, home)
    assert done.returncode == 0, done.stdout + done.stderr
    entry = json.loads(done.stdout[done.stdout.index("{") : done.stdout.index("usage: data-hosted")])
    # The assistant gets the Python of the tool's own environment, which has data-pkg and its extras.
    assert entry["mcpServers"]["market-data"]["command"] == str(installed)
