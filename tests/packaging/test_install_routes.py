"""Every documented way to install data-pkg, run as a new Linux user runs it, each into a fresh environment.

The routes are docs/index.md's (from a clone, a wheel, the repository by URL, and pipx-style) and the install step
of docs/teams.md's CI recipe; the pages' own blocks are run. data-pkg is on no package index, so no page may tell
users to install it from one. Three things keep the blocks offline and fast, and only the URL of a command changes:
the new venv borrows its dependencies from this test environment (one ``.pth`` line, written between the venv block
and the install block, naming a folder of links to every dependency but data-pkg); pip is told by environment
variables not to reach an index (``PIP_NO_INDEX``); and the repository's URL is replaced by a ``git+file://`` URL of
a local repository holding this working tree, tagged as the release the docs name (``tagged_repository``).
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

from tests.packaging.conftest import OFFLINE, REPOSITORY_URL, ROOT, borrow, by_local_url, make_venv
from tests.support import code_blocks

PAGE = ROOT / "docs" / "index.md"
INDEX_INSTALL = re.compile(r"""pipx? install ["']?data-pkg(?![\w.-]*[/\\])(?!\S* @ )""")
"""A command that installs data-pkg by its name alone, which only a package index could answer."""
CHECKS = "cd ~\ndata-mcp --version\npython -c 'import data_pkg, mcp; print(data_pkg.__file__)'"
"""What the page says confirms an install, and where the installed package is (never the source tree)."""

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def block_with(needle: str, page: Path = PAGE) -> str:
    (found,) = [block for block in code_blocks(page, "bash") if needle in block]
    return found


def bash(script: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], env=env, cwd=cwd, capture_output=True, text=True, timeout=300
    )


def without_this_venv() -> str:
    return os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if Path(p) != Path(sys.prefix, "bin"))


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
    return inherited | {"HOME": str(home), "PATH": f"{bin_dir}{os.pathsep}{without_this_venv()}"}


def test_the_page_names_the_wheel_that_a_build_makes(wheel: Path) -> None:
    assert f'pip install "./{wheel.name}[mcp]"' in block_with('pip install "./data_pkg-')


def test_the_url_route_names_this_version_tag() -> None:
    from data_pkg import __version__

    url_block = block_with('pip install "data-pkg[mcp] @')
    assert url_block == f'pip install "data-pkg[mcp] @ {REPOSITORY_URL}@v{__version__}"\n'


@pytest.mark.parametrize("route", ["clone", "wheel", "url"])
def test_each_linux_install_route_works_in_a_fresh_venv(
    route: str, new_user: dict[str, str], home: Path, wheel: Path, deps_site: Path, tagged_repository: Path
) -> None:
    venv_block = block_with("python3 -m venv ~/venvs/data")
    (activate,) = [line for line in venv_block.splitlines() if line.startswith("source ")]
    created = bash(venv_block, new_user, home)
    assert created.returncode == 0, created.stderr
    borrow(home / "venvs" / "data" / "bin" / "python", deps_site)
    if route == "clone":  # in the folder of a fresh clone of this repository
        folder = home / "data-pkg"
        subprocess.run(["git", "clone", "-q", str(tagged_repository), str(folder)], check=True, timeout=120)
        install = block_with('pip install ".[mcp]"')
    elif route == "wheel":  # the wheel beside the user
        folder = home
        shutil.copy(wheel, home)
        install = block_with('pip install "./data_pkg-')
    else:  # the repository by URL and tag; only the URL is replaced, by a local copy's
        folder = home
        install = by_local_url(block_with('pip install "data-pkg[mcp] @'), tagged_repository)
    done = bash(f"{activate}\n{install}\n{CHECKS}", new_user | OFFLINE, folder)
    assert done.returncode == 0, f"{install}\n{done.stdout}{done.stderr}"
    *_, command, version, location = done.stdout.split()
    assert command == "data-mcp" and re.fullmatch(r"\d+\.\d+\.\d+", version), done.stdout
    assert location.startswith(str(home / "venvs" / "data")), (install, location)  # installed, not the source


def test_a_pipx_style_install_runs_without_activating_anything(
    home: Path, deps_site: Path, tagged_repository: Path
) -> None:
    # What pipx does with the page's command: a venv of the tool's own, the spec installed into it by that venv's pip,
    # its commands linked into a folder on PATH (~/.local/bin). Nothing is activated. Only the URL is replaced.
    (spec,) = re.findall(r'^pipx install "(.+)"$', block_with("pipx install "), flags=re.M)
    assert 'pipx install ".[mcp]"' in PAGE.read_text()  # the clone's spec, which the clone route tests for pip
    tool_venv = home / ".local" / "share" / "pipx" / "venvs" / "data-pkg"
    python = make_venv(tool_venv, deps_site, with_pip=True)
    spec = by_local_url(spec, tagged_repository)
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", spec],
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if not k.startswith("PIP_")} | OFFLINE,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    local_bin = home / ".local" / "bin"
    local_bin.mkdir(parents=True)
    for command in ("data-mcp", "data-sandbox", "data-hosted"):
        (local_bin / command).symlink_to(tool_venv / "bin" / command)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATA_", "PYTHONPATH", "VIRTUAL_ENV"))}
    env |= {"HOME": str(home), "PATH": f"{local_bin}{os.pathsep}{without_this_venv()}"}
    done = bash("data-mcp --version\ndata-mcp config print --manifest analyst\ndata-hosted --help", env, home)
    assert done.returncode == 0, done.stdout + done.stderr
    entry = json.loads(done.stdout[done.stdout.index("{") : done.stdout.index("usage: data-hosted")])
    # The assistant gets the Python of the tool's own environment, which has data-pkg and its extras.
    assert entry["mcpServers"]["market-data"]["command"] == str(python)


def test_the_teams_ci_recipe_installs_and_runs_as_written_in_a_fresh_repository(
    tmp_path: Path, deps_site: Path, tagged_repository: Path
) -> None:
    from tests.lint._teams import BASE
    from tests.lint.test_teams_ci import pull_request, run_workflow

    runner = tmp_path / "runner"  # what setup-python gives a job: a Python with pip on PATH, nothing else

    def install(step: str) -> Path:
        make_venv(runner, deps_site, with_pip=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUAL_ENV", "DATA_"))}
        env |= OFFLINE | {"PATH": f"{runner / 'bin'}{os.pathsep}{without_this_venv()}"}
        done = bash(by_local_url(step, tagged_repository), env, tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        return runner / "bin"

    repo, main = pull_request(tmp_path, BASE + "exclude: [company.stock_peers]\n")
    outcome = run_workflow(repo, main, tmp_path, install=install)
    assert set(outcome.values()) == {0}, outcome
    assert "1 changed manifest reaches 6 manifests" in (repo.root / "impact.md").read_text()
    assert (runner / "bin" / "data-mcp").exists()  # the steps ran the data-mcp the recipe installed


def test_no_page_tells_users_to_install_data_pkg_from_a_package_index() -> None:
    pages = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", *sorted((ROOT / "src").rglob("*.py"))]
    found = [
        f"{page.relative_to(ROOT)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(0)}"
        for page in pages
        for text in [page.read_text()]
        for m in INDEX_INSTALL.finditer(text)
    ]
    assert found == [], "data-pkg is on no package index: give the repository's URL, a clone or a wheel"


@pytest.mark.parametrize(
    "command",
    [
        "pip install data-pkg",
        'pip install "data-pkg[mcp]"',
        "pip install 'data-pkg[mcp]==0.1.0'",
        "pipx install data-pkg",
    ],
)
def test_the_index_check_catches_an_install_by_name(command: str) -> None:
    assert INDEX_INSTALL.search(f"run: {command}\n")


@pytest.mark.parametrize(
    "command",
    [
        f'pip install "data-pkg[mcp] @ {REPOSITORY_URL}@v0.1.0"',
        f"pip install data-pkg @ {REPOSITORY_URL}@v0.1.0",
        "pip install data-pkg/",
        'pip install ".[mcp]"',
    ],
)
def test_the_index_check_lets_a_url_or_a_path_through(command: str) -> None:
    assert not INDEX_INSTALL.search(command)
