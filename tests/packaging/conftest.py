"""The wheel of this repository, installed into a fresh virtual environment once per test session."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a fresh venv with only the built wheel installed (dependencies borrowed, not the source)."""
    work = tmp_path_factory.mktemp("wheel")
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
    (wheel,) = work.glob("data_pkg-*.whl")
    target = work / "venv"
    venv.EnvBuilder(with_pip=True).create(target)
    python = target / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    # Dependencies come from the test's own environment, appended after the venv's own site-packages,
    # so `data_pkg` resolves to the installed wheel, never to the source tree.
    Path(site, "borrowed-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
        check=True,
        timeout=300,
    )
    return python
