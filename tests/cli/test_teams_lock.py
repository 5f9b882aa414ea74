"""data-mcp lock: NAME.lock.json beside each manifest, stable and diff-friendly; lock --check fails with a diff.

A change to what agents see that comes in through a shared base shows in every dependent's lock.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli._teams import BREAKING_BASE, FILES, Repo, make_repo

MANIFESTS = sorted(FILES)
LOCKS = {name: name.rsplit(".", 1)[0] + ".lock.json" for name in MANIFESTS}


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "desk-repo")


@pytest.fixture
def locked(repo: Repo) -> Repo:
    done = repo.run("lock", "base", "teams")
    assert done.returncode == 0, done.stderr
    repo.commit("Locks")
    return repo


def test_lock_writes_a_lock_beside_each_manifest_in_every_format(repo: Repo) -> None:
    done = repo.run("lock", "base", "teams")
    assert done.returncode == 0
    assert sorted(done.stderr.splitlines()) == sorted(f"wrote {lock}" for lock in LOCKS.values())
    for manifest, lock in LOCKS.items():
        document = json.loads(repo.read(lock))
        assert document["version"] == 1 and document["manifest"] == Path(manifest).name


def test_a_lock_is_what_agents_see_counted_as_tools_counts_it(locked: Repo) -> None:
    lock = json.loads(locked.read("teams/quant/models.lock.json"))
    tools = json.loads(locked.run("tools", "teams/quant/models.json", "--json").stdout)
    assert lock["order"] == [t["name"] for t in tools["tools"]]
    assert (lock["count"], lock["bytes"], lock["estimated_tokens"]) == (
        tools["count"],
        tools["bytes"],
        tools["estimated_tokens"],
    )
    per_tool = {t["name"]: (t["bytes"], t["estimated_tokens"], t["fixed"]) for t in tools["tools"]}
    assert {t["name"]: (t["bytes"], t["tokens"], t["fixed"]) for t in lock["tools"]} == per_tool
    renamed = next(t for t in lock["tools"] if t["name"] == "market_value")
    assert renamed["endpoint"] == "company.market_cap"
    assert set(renamed) >= {"description", "inputSchema", "annotations"}


def test_a_lock_is_stable_sorted_and_one_value_per_line(locked: Repo) -> None:
    text = locked.read("base/desk.lock.json")
    document = json.loads(text)
    assert text == json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    names = [t["name"] for t in document["tools"]]
    assert names == sorted(names)
    assert locked.run("lock", "base").returncode == 0
    assert locked.read("base/desk.lock.json") == text  # same manifest, same bytes
    assert locked.git("status", "--porcelain") == ""


def test_lock_check_passes_when_every_lock_matches(locked: Repo) -> None:
    done = locked.run("lock", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""
    assert sorted(done.stderr.splitlines()) == sorted(f"{lock} is up to date" for lock in LOCKS.values())


def test_a_base_change_makes_every_dependent_lock_fail_the_check_with_a_diff(locked: Repo) -> None:
    locked.write("base/desk.yaml", BREAKING_BASE.replace("company.market_cap", "company.stock_peers"))
    before = locked.state()
    done = locked.run("lock", "--check")
    assert done.returncode == 1
    assert locked.state() == before  # --check writes nothing
    stale = {line.split(" ", 1)[0] for line in done.stderr.splitlines() if " is stale" in line}
    assert stale == set(LOCKS.values())
    assert (
        "--- teams/risk/limits.lock.json (committed)\n+++ teams/risk/limits.lock.json (resolved now)\n" in done.stdout
    )
    assert '-    "stock_peers",\n' in done.stdout
    assert '-      "endpoint": "company.stock_peers",\n' in done.stdout


def test_lock_check_of_a_base_checks_the_dependents_that_have_locks(locked: Repo) -> None:
    locked.write("base/desk.yaml", BREAKING_BASE.replace("company.market_cap", "company.stock_peers"))
    done = locked.run("lock", "--check", "base/desk.yaml")
    assert done.returncode == 1
    assert {line.split(" ", 1)[0] for line in done.stderr.splitlines() if " is stale" in line} == set(LOCKS.values())
    assert locked.run("lock", "base/desk.yaml").returncode == 0  # refreshes them all
    assert locked.run("lock", "--check").returncode == 0


def test_a_manifest_that_no_longer_resolves_fails_the_check_and_is_not_locked(locked: Repo) -> None:
    locked.write("base/desk.yaml", BREAKING_BASE)
    done = locked.run("lock", "teams/risk/limits.yaml")
    assert done.returncode == 1
    assert "teams/risk/limits.yaml:4:3: DM403" in done.stderr
    assert "teams/risk/limits.yaml does not resolve: no lock" in done.stderr
    assert locked.git("status", "--porcelain") == " M base/desk.yaml\n"


def test_a_missing_lock_fails_the_check_and_an_orphan_lock_too(locked: Repo) -> None:
    missing = locked.run("lock", "--check", "teams/quant/models.json", "teams/new.yaml")
    assert missing.returncode == 2 and "teams/new.yaml: no such file" in missing.stderr
    locked.write("teams/new.yaml", "extends: [minimal]\n")
    missing = locked.run("lock", "--check", "teams/new.yaml")
    assert missing.returncode == 1
    assert "teams/new.lock.json is missing: run data-mcp lock teams/new.yaml" in missing.stderr
    (locked.root / "teams/research/desk.py").unlink()
    orphan = locked.run("lock", "--check")
    assert orphan.returncode == 1
    assert "teams/research/desk.lock.json: its manifest is gone; delete the lock" in orphan.stderr


def test_usage_errors_exit_2(locked: Repo, tmp_path: Path) -> None:
    profile = locked.run("lock", "analyst")
    assert profile.returncode == 2 and "a profile has no lock file" in profile.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = locked.run("lock", cwd=empty)
    assert nothing.returncode == 2 and "nothing to lock" in nothing.stderr


def test_lint_of_a_folder_skips_lock_files(locked: Repo) -> None:
    done = locked.run("lint", "teams", "--no-dependents")
    assert done.returncode == 0
    assert done.stdout == "5 files checked: no problems\n"
