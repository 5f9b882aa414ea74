"""The wheel of this repository, built once per session, and fresh virtual environments to install it into.

Installs run offline: a venv borrows its dependencies from this test environment through a ``.pth``
file naming a folder of links (``deps_site``: every installed distribution but data-pkg itself), so
``data_pkg`` resolves to what was installed, never to the source tree, and pip sees data-pkg as not
installed. ``core_site`` links only the core dependencies (no extra), which is how a user without
``[mcp]`` or ``[hosted]`` is reproduced.

Each is built once per test run, also when pytest-xdist runs the suite on several workers: the first worker
to need one builds it in a folder every worker shares, under a lock, and the others wait for it and use it.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
REPOSITORY_URL = "git+https://github.com/data-pkg/data-pkg"
"""How the docs name this repository to pip (``git+URL@TAG``); tests point it at a local copy, offline."""
OFFLINE = {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_BUILD_ISOLATION": "0"}
"""pip settings that keep a documented ``pip install`` offline (``PIP_NO_BUILD_ISOLATION=0`` turns isolation off)."""


def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """The folder ``name``, filled by ``build`` once for the whole run (every xdist worker shares it)."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder; each worker's own is below it
    folder = root / name
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if build raised
        if not (root / f"{name}.done").exists():
            folder.mkdir(exist_ok=True)
            build(folder)
            (root / f"{name}.done").touch()
    return folder


def borrow(python: Path, borrowed: Path) -> None:
    """The one ``.pth`` line that lends the venv of ``python`` the dependencies in ``borrowed``."""
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    Path(site, "borrowed-deps.pth").write_text(f"{borrowed}\n")


def make_venv(folder: Path, borrowed: Path, *, with_pip: bool = False) -> Path:
    """A venv at ``folder`` whose dependencies come from ``borrowed``; returns its python."""
    venv.EnvBuilder(symlinks=os.name != "nt", with_pip=with_pip).create(folder)
    python = folder / "bin" / "python"
    borrow(python, borrowed)
    return python


def pip_install(python: Path, *requirements: str) -> None:
    """Install into the venv of ``python`` with this environment's pip (the venv needs none of its own)."""
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", *requirements],
        check=True,
        timeout=300,
        env=os.environ | OFFLINE,
    )


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this repository, as ``pip wheel --no-deps -w dist .`` builds it (here without the network)."""

    def build(folder: Path) -> None:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "-q",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                str(folder),
                str(ROOT),
            ],
            check=True,
            timeout=300,
        )

    (built,) = built_once(tmp_path_factory, "dist", build).glob("data_pkg-*.whl")
    return built


def _own_entries() -> set[str]:
    """What the data-pkg distribution itself put in site-packages (an editable install's too)."""
    return {Path(str(f)).parts[0] for f in metadata.distribution("data-pkg").files or []}


@pytest.fixture(scope="session")
def deps_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This environment's site-packages without data-pkg itself (links): every dependency of every extra."""

    def build(site: Path) -> None:
        own = _own_entries()
        for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
            if entry.name not in own and entry.name != "__pycache__":
                (site / entry.name).symlink_to(entry)

    return built_once(tmp_path_factory, "deps-site", build)


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory, wheel: Path, deps_site: Path) -> Path:
    """The python of a fresh venv with only the built wheel installed (dependencies borrowed, not the source)."""
    folder = built_once(
        tmp_path_factory, "wheel-venv", lambda venv: pip_install(make_venv(venv, deps_site), str(wheel))
    )
    return folder / "bin" / "python"


def _core_distributions() -> dict[str, metadata.Distribution]:
    """data-pkg's dependencies without any extra, and theirs, as installed in this environment."""
    found: dict[str, metadata.Distribution] = {}

    def wanted(text: str) -> Requirement | None:
        requirement = Requirement(text)
        return requirement if requirement.marker is None or requirement.marker.evaluate({"extra": ""}) else None

    todo = [r for r in map(wanted, metadata.requires("data-pkg") or []) if r]
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in found:
            continue
        found[name] = metadata.distribution(requirement.name)
        todo.extend(r for r in map(wanted, found[name].requires or []) if r)
    return found


@pytest.fixture(scope="session")
def core_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site folder holding only the core dependencies (links into this environment): no mcp, redis, starlette."""

    def build(site: Path) -> None:
        for distribution in _core_distributions().values():
            tops = {Path(str(f)).parts[0] for f in distribution.files or []}
            for top in tops - {"..", "__pycache__"}:
                source = Path(str(distribution.locate_file(top)))
                if source.exists() and not (site / top).exists():
                    (site / top).symlink_to(source)

    return built_once(tmp_path_factory, "core-site", build)


@pytest.fixture(scope="session")
def installed_core(tmp_path_factory: pytest.TempPathFactory, wheel: Path, core_site: Path) -> Path:
    """The python of a venv with the wheel and its core dependencies only: ``pip install data-pkg``, no extra."""
    folder = built_once(tmp_path_factory, "core-venv", lambda venv: pip_install(make_venv(venv, core_site), str(wheel)))
    return folder / "bin" / "python"


def _git(folder: Path, *args: str) -> str:
    identity = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_CONFIG_NOSYSTEM": "1"}
    identity |= {
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.org",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | identity
    return subprocess.run(
        ["git", *args], cwd=folder, env=env, check=True, capture_output=True, text=True, timeout=120
    ).stdout


@pytest.fixture(scope="session")
def tagged_repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository holding this working tree's files, committed and tagged ``v<version>`` as a release is."""
    from data_pkg import __version__

    def build(repo: Path) -> None:
        listed = _git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
        for relative in filter(None, listed):
            source = ROOT / relative
            if source.is_file():  # a file deleted in the work tree is still listed
                (repo / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, repo / relative)
        _git(repo, "init", "-q", "-b", "main")
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", "A release")
        _git(repo, "tag", f"v{__version__}")

    return built_once(tmp_path_factory, "tagged-repository", build)


def by_local_url(text: str, repository: Path) -> str:
    """``text`` with only the repository's URL replaced by a ``git+file://`` URL of ``repository``: the rest as written."""
    assert REPOSITORY_URL in text, text
    # With a host: a direct reference's URL needs one (PEP 508), and git reads file://localhost/ as a local path.
    return text.replace(REPOSITORY_URL, f"git+file://localhost{repository.as_posix()}")
