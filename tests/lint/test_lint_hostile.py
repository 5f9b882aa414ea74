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


# -- files beside the linted one, while lint looks for its dependents -----------------------------------


@POSIX_FILES
@pytest.mark.parametrize("repository", ["settings-file", "git"])
@pytest.mark.parametrize(
    "make", [os.mkfifo, lambda path: os.symlink("/dev/zero", path)], ids=["fifo", "link-to-dev-zero"]
)
def test_a_special_file_named_like_a_manifest_is_skipped_in_the_dependents_search(
    tmp_path: Path, repository: str, make: object
) -> None:
    (tmp_path / "team.yaml").write_text("tools: [company.quote]\n")
    if repository == "git":
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, timeout=60)
    else:
        (tmp_path / ".data-mcp.toml").write_text("dependents = true\n")  # the search covers the settings' folder
    make(tmp_path / "pipe.yaml")  # type: ignore[operator]
    done = lint("team.yaml", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1 file checked: no problems\n", "")


# -- characters and paths no parser or file system takes ------------------------------------------------

CHARACTERS = [
    (
        "c0.yaml",
        "tools: [company.quote]\n# a comment with \x01 in it\n",
        "c0.yaml:2:18: DM101 error: invalid YAML: the character U+0001 is not allowed in a YAML file,"
        " not even in a comment",
    ),
    (
        "fffe.yaml",
        "description: Desk \ufffe.\ntools: [company.quote]\n",
        "fffe.yaml:1:19: DM101 error: invalid YAML: the character U+FFFE is not allowed in a YAML file,"
        " not even in a comment",
    ),
    (
        "nul.yaml",
        'extends: ["./base\\0.yaml"]\ntools: [company.quote]\n',
        "nul.yaml:1:11: DM304 error: manifest path './base\\x00.yaml' contains a NUL character",
    ),
    (
        "nul.json",
        '{"extends": ["./base\\u0000.json"], "tools": ["company.quote"]}\n',
        "nul.json:1:14: DM304 error: manifest path './base\\x00.json' contains a NUL character",
    ),
    (
        "nul.py",
        '"""Desk."""\nEXTENDS = ["./base\\x00.py"]\nTOOLS = ["company.quote"]\n',
        "nul.py:2:12: DM304 error: manifest path './base\\x00.py' contains a NUL character",
    ),
]


@pytest.mark.parametrize(("name", "text", "finding"), CHARACTERS, ids=[case[0] for case in CHARACTERS])
def test_a_character_no_manifest_may_hold_is_a_finding(tmp_path: Path, name: str, text: str, finding: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    done = lint(name, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, "")
    first, summary = done.stdout.splitlines()
    assert first.startswith(finding), first
    assert summary == "1 file checked: 1 error, 0 warnings, 0 info"


# -- repository settings lint cannot read ------------------------------------------------------------

SETTINGS = [
    (
        "max_tokens = " + "1" * 5_000 + "\n",
        "line 1: a number far too long to be a setting (max_tokens is a few thousand)",
    ),
    (
        "x = " + "[" * 3_000 + "]" * 3_000 + "\n",
        "arrays or tables nested too deeply to read (the settings need two levels)",
    ),
    ('paths = ["teams"]  # caf\xe9\n', "line 1, column 25: not UTF-8 text (byte 0xE9); save the file as UTF-8"),
]


@pytest.mark.parametrize(("text", "message"), SETTINGS, ids=["long-integer", "deep-nesting", "not-utf-8"])
def test_settings_lint_cannot_read_are_a_usage_error_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / ".data-mcp.toml").write_bytes(text.encode("latin-1"))
    (tmp_path / "team.yaml").write_text("tools: [company.quote]\n")
    done = lint("team.yaml", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"data-mcp lint: {tmp_path / '.data-mcp.toml'}: {message}\n"
