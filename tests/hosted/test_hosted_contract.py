"""The local server never imports the hosted-compatible one, and the distribution ships both."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCAL_SERVER = ROOT / "src" / "data_pkg" / "mcp"


def test_the_local_server_has_no_helper_module_for_the_hosted_server() -> None:
    names = [p.stem.lower() for p in LOCAL_SERVER.rglob("*.py")]
    assert not [name for name in names if "hosted" in name]


def test_importing_the_local_server_loads_nothing_of_data_hosted() -> None:
    check = (
        "import sys, data_pkg.mcp.server, data_pkg.mcp.__init__; "
        "loaded = [m for m in sys.modules if m.startswith('data_hosted')]; "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", check], check=True, timeout=60)


def test_the_distribution_declares_the_extra_the_command_and_the_package() -> None:
    # Read as text: tomllib is not in 3.10's standard library.
    text = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^data-hosted = "data_hosted\._cli:main"$', text, re.MULTILINE)
    extra = re.search(r"^hosted = \[(.*)\]$", text, re.MULTILINE)
    assert extra is not None
    for requirement in ("mcp", "starlette", "uvicorn", "redis"):
        assert re.search(rf'"{requirement}(\[[a-z,]+\])?>=', extra.group(1)), requirement
    # uvloop and httptools, wherever they build (tests/hosted/test_hosted_server_stack.py runs both stacks).
    assert '"uvicorn[standard]>=' in extra.group(1)
    packages = re.search(r"^packages = \[(.*)\]$", text, re.MULTILINE)
    assert packages is not None and '"src/data_hosted"' in packages.group(1)
