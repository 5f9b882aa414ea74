"""docs/cli.md's blocks run on their own: the page's desk.yaml, its diff as shown, and its "In CI" block as written,
in a clone of a fresh repository holding only that manifest and its lock, with a pull request checked out.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.lint._teams import COMMAND, TIMEOUT, Repo, clean_env
from tests.support import code_blocks

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "cli.md"


def _desk() -> str:
    (desk,) = [b for b in code_blocks(PAGE, "yaml") if b.startswith("# desk.yaml\n")]
    return desk


def _bash(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    assert COMMAND
    path = f"{Path(COMMAND).parent}:{clean_env()['PATH']}"
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-euo", "pipefail", "-c", script],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        env=clean_env(PATH=path),
    )


def test_the_diff_shown_is_what_the_pages_desk_gives(tmp_path: Path) -> None:
    (shown,) = [b for b in code_blocks(PAGE, "text") if b.startswith("$ data-mcp diff minimal desk.yaml\n")]
    command, *expected = shown.splitlines()
    (tmp_path / "desk.yaml").write_text(_desk())
    done = _bash(command.removeprefix("$ "), tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == expected


def test_the_in_ci_block_runs_as_written_in_a_fresh_repository(tmp_path: Path) -> None:
    (block,) = [b for b in code_blocks(PAGE, "bash") if "--format sarif" in b]
    upstream = Repo(tmp_path / "upstream")
    upstream.root.mkdir()
    upstream.git("init", "-q", "-b", "main")
    upstream.write("desk.yaml", _desk())
    assert upstream.run("lock", "desk.yaml").returncode == 0  # what the page says the repository holds
    upstream.commit("The desk and its lock")
    clone = Repo(tmp_path / "clone")
    subprocess.run(["git", "clone", "-q", str(upstream.root), str(clone.root)], check=True, timeout=TIMEOUT)
    clone.git("checkout", "-q", "-b", "pull-request")
    clone.write("desk.yaml", _desk().replace("stock_quote", "equity_quote"))
    assert clone.run("lock", "desk.yaml").returncode == 0
    clone.commit("Rename the quote")
    done = _bash(block, clone.root)
    assert done.returncode == 0, f"{block}\n{done.stdout}{done.stderr}"
    assert '"version": "2.1.0"' in clone.read("lint.sarif")
    assert re.search(r"\bstock_quote\b.*\bequity_quote\b", done.stdout, flags=re.S), done.stdout  # impact's rename
