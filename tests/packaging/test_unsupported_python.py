"""An unsupported Python is named as the problem, at once: by ./dev before it makes a venv, and by the build hook
before pip resolves dependencies (pip 23, Python 3.9's, resolved first and said "No matching distribution found for
httpx2" after about 20 seconds; ./dev demo took 29 s to get there)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import hatch_build
import pytest

from tests.packaging.conftest import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def python39() -> str | None:
    """A Python 3.9 on this machine (PATH or pyenv), to be the newcomer's interpreter."""
    pyenv = sorted(Path.home().glob(".pyenv/versions/3.9.*/bin/python3.9"))  # a pyenv shim on PATH may not run
    return str(pyenv[-1]) if pyenv else shutil.which("python3.9")


@pytest.mark.parametrize(
    ("version", "supported"), [((3, 9), False), ((3, 10), True), ((3, 14), True), ((3, 15), False)]
)
def test_the_build_hook_names_the_supported_versions(version: tuple[int, int], supported: bool) -> None:
    problem = hatch_build.unsupported(version)
    assert (problem is None) is supported
    if problem is not None:
        assert problem.startswith(f"data-pkg needs Python 3.10 to 3.14; this pip runs Python {version[0]}.{version[1]}")


def test_the_build_hook_is_the_one_pyproject_runs() -> None:
    assert "[tool.hatch.metadata.hooks.custom]" in (ROOT / "pyproject.toml").read_text()
    assert hatch_build.SUPPORTED == ((3, 10), (3, 14))
    assert 'requires-python = ">=3.10,<3.15"' in (ROOT / "pyproject.toml").read_text()


def test_dev_refuses_an_unsupported_python_before_making_a_venv(tmp_path: Path) -> None:
    old = python39()
    if old is None:
        pytest.skip("no Python 3.9 on this machine to play the newcomer's interpreter")
    venv = tmp_path / "venv"
    done = subprocess.run(
        [str(ROOT / "dev"), "demo"],
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHON": old, "VENV": str(venv)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "data-pkg needs Python 3.10 to 3.14" in done.stderr and "is Python 3.9." in done.stderr
    assert "PYTHON=python3.13 ./dev demo" in done.stderr
    assert not venv.exists()
