"""data-mcp lint on hostile manifests, through the real entry point: a finding and an exit code, never a crash or a hang.

Each case is one that once ended lint with a traceback (MemoryError, ValueError, RuntimeError) or
blocked it for good (a FIFO). The command runs under a memory cap on Linux, so a manifest that
would exhaust memory fails in seconds instead of swapping a shared machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))
MEMORY_CAP = 2 << 30
POSIX_FILES = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks as POSIX has them")


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def lint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``data-mcp lint ARGS`` in ``cwd``, bounded in time (and in memory on Linux)."""
    assert COMMAND, "data-mcp is installed beside this interpreter"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    return subprocess.run(
        [COMMAND, "lint", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
        env=env,
        preexec_fn=_cap_memory if sys.platform == "linux" else None,
    )


def doubling(times: int = 60) -> str:
    """The issue's Python manifest: each line doubles the list before it, 2**60 entries by the end."""
    lines = ['"""Doubles."""', 'TOOLS = ["company.quote", "company.profile"]']
    fields, previous = ("INCLUDE", "EXCLUDE", "TOOLS"), "TOOLS"
    for step in range(times):
        field = fields[step % 3]
        lines.append(f"{field} = {previous} + {previous}")
        previous = field
    return "\n".join(lines) + "\n"


DIGITS = "1" * 100_001
NESTED = "[" * 50_000 + "]" * 50_000

# file name, text, the one finding lint must print for it
CASES = [
    ("doubling.py", doubling(), "doubling.py:12:11: DM108 error: the manifest builds more than 5,000 values"),
    (
        "integer.json",
        '{"tools": ["market.search"],\n "overrides": {"market.search": {"fixed": {"limit": ' + DIGITS + "}}}}\n",
        "integer.json:2:53: DM108 error: an integer of 100,001 digits, more than the 30 allowed",
    ),
    (
        "integer.yaml",
        "tools: [market.search]\noverrides:\n  market.search:\n    fixed:\n      limit: " + DIGITS + "\n",
        "integer.yaml:5:14: DM108 error: an integer of 100,001 digits, more than the 30 allowed",
    ),
    (
        "integer.py",
        '"""Desk."""\nTOOLS = ["market.search"]\nOVERRIDES = {"market.search": {"fixed": {"limit": ' + DIGITS + "}}}\n",
        "integer.py:3:1: DM108 error: an integer of more than 30 digits",
    ),
    (
        "hex.py",
        '"""Desk."""\nTOOLS = ["market.search"]\nOVERRIDES = {"market.search": {"fixed": {"limit": 0x'
        + "f" * 100_001
        + "}}}\n",
        "hex.py:3:51: DM108 error: an integer of more than 30 digits",
    ),
    (
        "nested.json",
        '{"tools": ' + NESTED + "}\n",
        "nested.json:1:30: DM108 error: values are nested more than 20 deep",
    ),
    ("nested.yaml", "tools: " + NESTED + "\n", "nested.yaml:1:27: DM108 error: values are nested more than 20 deep"),
    (
        "nested.py",
        '"""Desk."""\nTOOLS = ' + "[" * 150 + "]" * 150 + "\n",
        "nested.py:2:28: DM108 error: values are nested more than 20 deep",
    ),
]


@pytest.mark.parametrize(("name", "text", "finding"), CASES, ids=[case[0] for case in CASES])
def test_an_oversized_manifest_is_one_finding(tmp_path: Path, name: str, text: str, finding: str) -> None:
    (tmp_path / name).write_text(text)
    done = lint(name, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, "")
    first, summary = done.stdout.splitlines()
    assert first.startswith(finding)
    assert summary == "1 file checked: 1 error, 0 warnings, 0 info"


@POSIX_FILES
def test_a_fifo_in_the_extends_chain_is_a_finding_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "base.yaml")
    (tmp_path / "team.yaml").write_text("extends: [./base.yaml]\ntools: [company.quote]\n")
    done = lint("team.yaml", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        "base.yaml: DM106 error: cannot read the file: a named pipe (FIFO), not a regular file"
        " (point at a regular manifest file)"
    )


@POSIX_FILES
def test_a_fifo_named_on_the_command_line_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "team.yaml")
    done = lint("team.yaml", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "data-mcp lint: team.yaml: cannot read: a named pipe (FIFO), not a regular file\n"


@POSIX_FILES
def test_extending_a_symlink_loop_is_a_finding(tmp_path: Path) -> None:
    os.symlink("loop.yaml", tmp_path / "loop.yaml")
    (tmp_path / "team.yaml").write_text("extends: [./loop.yaml]\ntools: [company.quote]\n")
    done = lint("team.yaml", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines()[0] == (
        "loop.yaml: DM106 error: cannot read the file: a symlink loop (point at a regular manifest file)"
    )
