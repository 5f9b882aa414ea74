"""The wheel of this repository, built once per session, and fresh virtual environments to install it into.

Installs run offline: a venv borrows its dependencies from this test environment through a ``.pth``
file naming a folder of links (``deps_site``: every installed distribution but data-pkg itself), so
``data_pkg`` resolves to what was installed, never to the source tree, and pip sees data-pkg as not
installed. ``core_site`` links only the core dependencies (no extra), which is how a user without
``[mcp]`` or ``[hosted]`` is reproduced.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_BUILD_ISOLATION": "0"}
"""pip settings that keep a documented ``pip install`` offline (``PIP_NO_BUILD_ISOLATION=0`` turns isolation off)."""


def make_venv(folder: Path, borrowed: Path, *, with_pip: bool = False) -> Path:
    """A venv at ``folder`` whose dependencies come from ``borrowed``; returns its python."""
    venv.EnvBuilder(with_pip=with_pip, symlinks=os.name != "nt").create(folder)
    python = folder / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    Path(site, "borrowed-deps.pth").write_text(f"{borrowed}\n")
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
    work = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(work),
            str(ROOT),
        ],
        check=True,
        timeout=300,
    )
    (built,) = work.glob("data_pkg-*.whl")
    return built


def _own_entries() -> set[str]:
    """What the data-pkg distribution itself put in site-packages (an editable install's too)."""
    return {Path(str(f)).parts[0] for f in metadata.distribution("data-pkg").files or []}


@pytest.fixture(scope="session")
def deps_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This environment's site-packages without data-pkg itself (links): every dependency of every extra."""
    site = tmp_path_factory.mktemp("deps-site")
    purelib = Path(sysconfig.get_paths()["purelib"])
    own = _own_entries()
    for entry in purelib.iterdir():
        if entry.name not in own and entry.name != "__pycache__":
            (site / entry.name).symlink_to(entry)
    return site


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory, wheel: Path, deps_site: Path) -> Path:
    """The python of a fresh venv with only the built wheel installed (dependencies borrowed, not the source)."""
    python = make_venv(tmp_path_factory.mktemp("wheel") / "venv", deps_site)
    pip_install(python, str(wheel))
    return python


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
    site = tmp_path_factory.mktemp("core-site")
    for distribution in _core_distributions().values():
        tops = {Path(str(f)).parts[0] for f in distribution.files or []}
        for top in tops - {"..", "__pycache__"}:
            source = Path(str(distribution.locate_file(top)))
            if source.exists() and not (site / top).exists():
                (site / top).symlink_to(source)
    return site


@pytest.fixture(scope="session")
def installed_core(tmp_path_factory: pytest.TempPathFactory, wheel: Path, core_site: Path) -> Path:
    """The python of a venv with the wheel and its core dependencies only: ``pip install data-pkg``, no extra."""
    python = make_venv(tmp_path_factory.mktemp("core") / "venv", core_site)
    pip_install(python, str(wheel))
    return python
