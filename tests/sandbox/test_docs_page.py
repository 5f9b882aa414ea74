"""docs/sandbox.md stays true: every option is listed with its variable, and its test example runs as written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from data_pkg.sandbox.__main__ import _SETTINGS, ENV_PREFIX
from tests.support import code_blocks

PAGE = Path(__file__).resolve().parents[2] / "docs" / "sandbox.md"


def test_every_option_is_documented_with_its_variable() -> None:
    rows = {line for line in PAGE.read_text().splitlines() if line.startswith("| `--")}
    for dest in [*_SETTINGS, "quota"]:
        option, variable = f"`--{dest.replace('_', '-')} ", f"`{ENV_PREFIX}{dest.upper()}`"
        assert any(row.startswith(f"| {option}") and variable in row for row in rows), dest


def test_the_test_example_runs_as_written() -> None:
    (example,) = code_blocks(PAGE, "python")
    done = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) > 0
