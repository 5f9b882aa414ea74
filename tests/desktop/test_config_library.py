"""The desktop library stays a library: layered imports, an exact public surface, no vendor names."""

from __future__ import annotations

import codecs
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import data_pkg.desktop as desktop
from tests.desktop.test_config_support import COMMAND
from tests.support import reexported_for_layers

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "data_pkg" / "desktop"
# Stored rot13-encoded so that this file does not contain them either.
FORBIDDEN = re.compile(codecs.decode("szc|svanapvnyzbqryvat|gvcenaxf|pynhqr|naguebcvp", "rot13"), re.IGNORECASE)
OWN_FILES = [
    *PACKAGE.glob("*.py"),
    *(ROOT / "src" / "data_pkg" / "cli").glob("_cmd_config.py"),
    *(ROOT / "src" / "data_pkg" / "cli").glob("_cmd_doctor.py"),
    *(ROOT / "src" / "data_pkg" / "cli").glob("_cmd_check_key.py"),
    *(ROOT / "tests" / "desktop").glob("*.py"),
    *(ROOT / "tests" / "desktop" / "config_corpus").rglob("*.*"),
    ROOT / "docs" / "desktop.md",
]


@pytest.mark.slow
def test_importing_the_library_loads_no_command_line_framework() -> None:
    code = "import sys, data_pkg.desktop; print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'mcp')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_public_surface_is_all_and_what_the_command_line_imports() -> None:
    public = {name for name in vars(desktop) if not name.startswith("_")} - {"annotations"}
    assert public == set(desktop.__all__) | reexported_for_layers(PACKAGE / "__init__.py")
    for name in desktop.__all__:
        value = getattr(desktop, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert inspect.getdoc(value), name


@pytest.mark.parametrize("path", OWN_FILES, ids=lambda p: p.name)
def test_no_vendor_or_assistant_names(path: Path) -> None:
    assert not FORBIDDEN.search(path.read_text(encoding="utf-8-sig", errors="replace")), path


@pytest.mark.slow
def test_every_command_answers_help_with_examples_through_the_entry_point() -> None:
    assert COMMAND
    for args in (["config"], ["config", "path"], ["config", "print"], ["config", "install"], ["config", "validate"]):
        done = subprocess.run([COMMAND, *args, "--help"], capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0 and "Examples:" in done.stdout, args
    for command in ("doctor", "check-key"):
        done = subprocess.run([COMMAND, command, "--help"], capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0 and f"Examples:\n    data-mcp {command}" in done.stdout, command
    listed = subprocess.run([COMMAND, "--help"], capture_output=True, text=True, timeout=60, check=True).stdout
    assert all(name in listed for name in ("config", "doctor", "check-key"))


@pytest.mark.slow
def test_usage_errors_exit_2_through_the_entry_point() -> None:
    assert COMMAND
    for args in (["config", "frobnicate"], ["doctor", "--timeout", "0"], ["check-key", "--nope"]):
        done = subprocess.run([COMMAND, *args], capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 2, args
    bare = subprocess.run([COMMAND, "config"], capture_output=True, text=True, timeout=60, check=False)
    assert "Usage: data-mcp config" in bare.stdout + bare.stderr


def test_the_docs_page_lists_every_finding_code() -> None:
    page = (ROOT / "docs" / "desktop.md").read_text()
    missing = [code for code in desktop.CODES if f"| {code} |" not in page]
    assert missing == []
