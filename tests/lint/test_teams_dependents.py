"""Linting a shared base lints every manifest that extends it, and the shipped pre-commit hook blocks a breaking base change.

The reported problem: adding ``company.market_cap`` to the base's ``exclude`` passed ``pre-commit run`` (only the
changed file was linted) while four teams' manifests, in all three formats, no longer resolved.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from data_pkg.lint import lint_paths
from tests.lint._teams import (
    BASE,
    BREAKING_BASE,
    BROKEN_BY_THE_BASE,
    COMMAND,
    FILES,
    TIMEOUT,
    Repo,
    clean_env,
    make_repo,
)
from tests.support import code_blocks

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / ".pre-commit-hooks.yaml"
TEAMS_PAGE = ROOT / "docs" / "teams.md"


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "desk-repo")


def _dm403_lines(out: str) -> dict[str, str]:
    return {line.split(":", 1)[0]: line for line in out.splitlines() if " DM403 " in line}


def test_a_clean_base_lints_its_dependents_too_and_says_so(repo: Repo) -> None:
    done = repo.run("lint", "base/desk.yaml")
    assert (done.returncode, done.stdout) == (0, "6 files checked (5 because they extend a linted one): no problems\n")


def test_a_breaking_base_change_fails_lint_on_every_dependent_that_it_breaks(repo: Repo) -> None:
    repo.write("base/desk.yaml", BREAKING_BASE)
    done = repo.run("lint", "base/desk.yaml")
    assert done.returncode == 1
    found = _dm403_lines(done.stdout)
    assert set(found) == set(BROKEN_BY_THE_BASE)  # .yaml, .json and .py dependents, and one through a chain
    assert found["teams/risk/limits.yaml"] == (
        "teams/risk/limits.yaml:4:3: DM403 error: override of company.market_cap, which this manifest does not select"
        " (add it to tools, or remove the override)"
        " [because of base/desk.yaml, which teams/risk/limits.yaml extends]"
    )
    assert found["teams/quant/models.json"].startswith("teams/quant/models.json:6:5: DM403 error:")
    assert found["teams/macro/rates.py"].startswith("teams/macro/rates.py:5:14: DM403 error:")
    assert found["teams/news/wire.json"].endswith(
        "[because of base/desk.yaml, which teams/news/wire.json extends through teams/research/desk.py]"
    )
    assert (
        done.stdout.splitlines()[-1]
        == "6 files checked (5 because they extend a linted one): 4 errors, 0 warnings, 0 info"
    )


def test_without_dependents_the_breaking_change_passes_as_it_used_to(repo: Repo) -> None:
    repo.write("base/desk.yaml", BREAKING_BASE)
    assert repo.run("lint", "base/desk.yaml", "--no-dependents").returncode == 0
    (repo.root / ".data-mcp.toml").write_text("dependents = false\n")
    assert repo.run("lint", "base/desk.yaml").returncode == 0
    assert repo.run("lint", "base/desk.yaml", "--dependents").returncode == 1


def test_json_github_and_sarif_carry_the_cause(repo: Repo) -> None:
    repo.write("base/desk.yaml", BREAKING_BASE)
    document = json.loads(repo.run("lint", "base/desk.yaml", "-f", "json").stdout)
    assert document["dependents"] == [
        "teams/macro/rates.py",
        "teams/quant/models.json",
        "teams/research/desk.py",
        "teams/risk/limits.yaml",
        "teams/news/wire.json",
    ]
    via = {f["file"]: f["via"] for f in document["findings"]}
    assert via["teams/news/wire.json"] == ["teams/news/wire.json", "teams/research/desk.py", "base/desk.yaml"]
    github = repo.run("lint", "base/desk.yaml", "-f", "github").stdout
    assert "::error file=teams/risk/limits.yaml,line=4,col=3,title=DM403 override-not-selected::" in github
    assert "[because of base/desk.yaml, which teams/risk/limits.yaml extends]" in github
    sarif = json.loads(repo.run("lint", "base/desk.yaml", "-f", "sarif").stdout)
    results = sarif["runs"][0]["results"]
    assert {r["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results} == {
        "base/desk.yaml"
    }


def test_dependents_are_found_from_a_subfolder_and_for_untracked_files(repo: Repo) -> None:
    repo.write("teams/new/desk.yaml", "extends: [../../base/desk.yaml]\noverrides:\n  company.market_cap: {}\n")
    repo.write("base/desk.yaml", BREAKING_BASE)
    done = repo.run("lint", "../base/desk.yaml", cwd=repo.root / "teams")
    assert done.returncode == 1
    assert set(_dm403_lines(done.stdout)) == {"new/desk.yaml", *(p.removeprefix("teams/") for p in BROKEN_BY_THE_BASE)}


def test_in_process_lint_finds_dependents_only_when_asked(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo.root)
    repo.write("base/desk.yaml", BREAKING_BASE)
    assert lint_paths(["base/desk.yaml"], env={}).exit_code == 0
    report = lint_paths(["base/desk.yaml"], env={}, dependents=True)
    assert report.exit_code == 1 and len(report.dependents) == 5


def test_a_missing_base_is_named_as_written_with_a_did_you_mean(repo: Repo) -> None:
    repo.write("teams/risk/limits.yaml", FILES["teams/risk/limits.yaml"].replace("desk.yaml", "desk.yml"))
    done = repo.run("lint", "teams/risk/limits.yaml")
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        "teams/risk/limits.yaml:2:11: DM302 error: extended manifest not found: '../../base/desk.yml'"
        " (did you mean '../../base/desk.yaml'?)"
    )
    assert str(repo.root) not in done.stdout + done.stderr  # no path only this machine has
    repo.write("teams/risk/limits.yaml", FILES["teams/risk/limits.yaml"].replace("base/", "bsae/"))
    assert "(did you mean '../../base/desk.yaml'?)" in repo.run("lint", "teams/risk/limits.yaml").stdout


# -- the shipped pre-commit hook ---------------------------------------------------------------------------


def _documented_config() -> dict[str, Any]:
    blocks = [b for b in code_blocks(TEAMS_PAGE, "yaml") if b.lstrip().startswith("# .pre-commit-config.yaml")]
    assert len(blocks) == 1, "docs/teams.md shows one .pre-commit-config.yaml"
    config: dict[str, Any] = yaml.safe_load(blocks[0])
    return config


def _hooks() -> dict[str, dict[str, Any]]:
    return {hook["id"]: hook for hook in yaml.safe_load(HOOKS.read_text())}


def run_hook(repo: Repo, hook_id: str, configured: dict[str, Any] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a shipped hook as pre-commit would, on the staged files.

    The hook's definition is the shipped one with the user's settings on top: ``configured``, else the
    documented config's. As pre-commit does, only staged files that still exist are passed
    (``--diff-filter=ACMRTUXB``: a deletion is never a file to check), kept by ``files`` and ``exclude``;
    without one the hook is skipped unless it is ``always_run``.
    """
    hook = dict(_hooks()[hook_id])
    if configured is None:
        found = [h for r in _documented_config()["repos"] for h in r["hooks"] if h["id"] == hook_id]
        assert len(found) == 1, hook_id
        configured = found[0]
    hook.update(configured)
    staged = repo.git("diff", "--cached", "--name-only", "--no-ext-diff", "-z", "--diff-filter=ACMRTUXB")
    files = [
        name
        for name in staged.split("\0")
        if name and re.search(hook.get("files", ""), name) and not re.search(hook.get("exclude", "^$"), name)
    ]
    if not files and not hook.get("always_run", False):
        return subprocess.CompletedProcess([hook_id], 0, "(no files to check)Skipped\n", "")  # as pre-commit does
    command = [*hook["entry"].split(), *hook.get("args", [])]
    if hook.get("pass_filenames", True):
        command += files
    assert COMMAND, "data-mcp is installed beside this interpreter"
    executable = Path(COMMAND).parent / command[0]  # language: python installs the entry point like this
    return subprocess.run(
        [str(executable), *command[1:]],
        cwd=repo.root,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        env=clean_env(),
    )


def test_the_shipped_hook_blocks_the_breaking_base_change(repo: Repo) -> None:
    repo.write("base/desk.yaml", BREAKING_BASE)
    repo.git("add", "base/desk.yaml")
    done = run_hook(repo, "data-mcp-lint")
    assert done.returncode == 1
    assert set(_dm403_lines(done.stdout)) == set(BROKEN_BY_THE_BASE)


def test_the_shipped_hook_passes_a_harmless_base_change(repo: Repo) -> None:
    repo.write("base/desk.yaml", BASE.replace("The desk every team starts from.", "Where every desk starts."))
    repo.git("add", "base/desk.yaml")
    done = run_hook(repo, "data-mcp-lint")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_hook_never_lints_lock_files_as_manifests(repo: Repo) -> None:
    assert repo.run("lock", "base", "teams").returncode == 0
    repo.git("add", "-A")
    assert "base/desk.lock.json" in repo.git("diff", "--cached", "--name-only")
    only_locks = run_hook(repo, "data-mcp-lint")  # it runs on every commit, but lock files are never passed
    assert (only_locks.returncode, only_locks.stdout) == (0, "no manifest files found\n")
    repo.commit("Locks")
    repo.write("teams/research/desk.py", FILES["teams/research/desk.py"] + "# Reviewed by the desk.\n")
    repo.git("add", "-A")
    assert run_hook(repo, "data-mcp-lint").returncode == 0
    assert run_hook(repo, "data-mcp-lock").returncode == 0
    repo.write("base/desk.yaml", BASE + "exclude: [company.stock_peers]\n")
    repo.git("add", "base/desk.yaml")
    stale = run_hook(repo, "data-mcp-lock")
    assert stale.returncode == 1
    assert '-    "stock_peers",' in stale.stdout  # the dependents' locks show the change too
    assert "teams/risk/limits.lock.json is stale" in stale.stderr


@pytest.fixture
def locked(repo: Repo) -> Repo:
    assert repo.run("lock", "base", "teams").returncode == 0
    repo.commit("Locks")
    return repo


def test_both_hooks_block_deleting_the_base_every_team_extends(locked: Repo) -> None:
    locked.git("rm", "-q", "base/desk.yaml", "base/desk.lock.json")
    lint = run_hook(locked, "data-mcp-lint")
    assert lint.returncode == 1, lint.stdout + lint.stderr
    broken = {line.split(":", 1)[0] for line in lint.stdout.splitlines() if " DM302 " in line}
    assert broken == {
        "teams/macro/rates.py",
        "teams/quant/models.json",
        "teams/research/desk.py",
        "teams/risk/limits.yaml",
    }
    assert (
        "teams/risk/limits.yaml:2:11: DM302 error: extended manifest not found: '../../base/desk.yaml'"
        " [because of base/desk.yaml, which teams/risk/limits.yaml extends]"
    ) in lint.stdout
    assert lint.stdout.endswith(
        "5 files checked (5 because they extend one that is not there): 8 errors, 0 warnings, 0 info\n"
    )
    lock = run_hook(locked, "data-mcp-lock")
    assert lock.returncode == 1
    assert "teams/risk/limits.yaml does not resolve: no lock (fix the errors above)" in lock.stderr


def test_the_lint_hook_lints_manifests_only_where_they_sit_at_the_root(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "root-desk", {"desk.yaml": "tools: [company.quote]\n"})
    repo.write(".pre-commit-config.yaml", yaml.safe_dump(_documented_config()))
    repo.write("desk.yaml", "description: The desk.\ntools: [company.quote]\n")
    repo.write("_notes.py", "print('not a manifest')\n")
    repo.write(".github/workflows/manifests.yml", "on: push\n")
    repo.git("add", "-A")
    done = run_hook(repo, "data-mcp-lint", {"id": "data-mcp-lint"})  # manifests at the root: no files: to narrow
    assert (done.returncode, done.stdout) == (0, "1 file checked: no problems\n"), done.stdout + done.stderr
