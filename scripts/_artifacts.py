"""Write generated files, or check that the committed ones are current: one rule for every generator script."""

from __future__ import annotations

import difflib
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from data_pkg.files import write_atomic

ROOT = Path(__file__).resolve().parent.parent


def sync(files: Mapping[Path, str], *, check: bool, command: str) -> int:
    """Write every file whose content differs; with ``check``, write nothing and report them instead.

    Returns the exit status: 1 when ``check`` found a missing or stale file, else 0. A stale
    file's report ends with the first lines of its diff, so CI logs show what changed.
    """
    stale = False
    for path, wanted in files.items():
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == wanted:
            continue
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, wanted.encode("utf-8"), mode=None)
            print(f"wrote {path}")
            continue
        stale = True
        print(f"{path} is {'missing' if current is None else 'stale'}: run {command}", file=sys.stderr)
        if current is not None:
            diff = difflib.unified_diff(current.splitlines(), wanted.splitlines(), str(path), "expected", lineterm="")
            print("\n".join(list(diff)[:20]), file=sys.stderr)
    return 1 if stale else 0


def formatted(path: Path, source: str) -> str:
    """``source`` with imports sorted and laid out by ruff, so generated files read like the rest."""
    for command in (["check", "--select", "I", "--fix", "--quiet"], ["format"]):
        source = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "--stdin-filename", str(path), "-"],
            input=source,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
    return source
