"""data-mcp lock: NAME.lock.json beside each manifest, stable and diff-friendly; lock --check fails with a diff.

A change to what agents see that comes in through a shared base shows in every dependent's lock.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lint._teams import BREAKING_BASE, COMMAND, FILES, TIMEOUT, Repo, clean_env, make_repo

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
    locked.write(
        "base/desk.yaml", BREAKING_BASE.replace("exclude: [company.market_cap]", "exclude: [company.stock_peers]")
    )
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
    locked.write(
        "base/desk.yaml", BREAKING_BASE.replace("exclude: [company.market_cap]", "exclude: [company.stock_peers]")
    )
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


# -- a disk that refuses the write ------------------------------------------------------------------------

FULL_AT = 4096
"""Bytes a process may write to one file under the cap below: less than any lock of these manifests."""


FULL_DISK = (
    "import os, resource, sys;"
    f" resource.setrlimit(resource.RLIMIT_FSIZE, ({FULL_AT}, {FULL_AT}));"
    " os.execv(sys.argv[1], sys.argv[1:])"
)
"""Runs the command given after it with every file write past :data:`FULL_AT` bytes failing (EFBIG), as on a full
disk or quota. Set here, after exec, not in a ``preexec_fn``: that runs Python in a fork of the test process, whose
other threads may hold a lock at that moment, which the child then waits for forever (Python's documentation warns
of it)."""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE as Linux applies it")
def test_a_lock_that_cannot_be_written_keeps_the_last_good_one(locked: Repo) -> None:
    lock = locked.root / LOCKS["base/desk.yaml"]
    last_good = lock.read_bytes()
    assert len(last_good) > FULL_AT
    locked.write("base/desk.yaml", BREAKING_BASE.replace("exclude: [company.market_cap]", "exclude: [company.quote]"))
    assert COMMAND, "data-mcp is installed beside this interpreter"
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, COMMAND, "lock", "base/desk.yaml"],
        cwd=locked.root,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        env=clean_env(),
    )
    assert done.returncode == 1
    assert "base/desk.lock.json: could not write the lock: File too large; the last one is unchanged" in done.stderr
    assert "Traceback" not in done.stderr
    assert lock.read_bytes() == last_good
    assert sorted(p.name for p in lock.parent.iterdir()) == ["desk.lock.json", "desk.yaml"]  # no temporary file left


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="permissions do not bind root")
def test_a_lock_in_a_read_only_folder_is_a_message_not_a_traceback(locked: Repo) -> None:
    folder = locked.root / "base"
    last_good = (folder / "desk.lock.json").read_bytes()
    locked.write("base/desk.yaml", BREAKING_BASE.replace("exclude: [company.market_cap]", "exclude: [company.quote]"))
    folder.chmod(0o555)
    try:
        done = locked.run("lock", "base/desk.yaml")
    finally:
        folder.chmod(0o755)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "base/desk.lock.json: could not write the lock: Permission denied; the last one is unchanged" in done.stderr
    assert (folder / "desk.lock.json").read_bytes() == last_good


def test_a_lock_and_impact_record_the_query_tool_analysis_adds(repo: Repo) -> None:
    # Before, lock crashed with a traceback (zip() argument 2 is longer than argument 1) on any manifest with
    # analysis on, and impact counted the query tool's bytes but not the tool.
    repo.write("desk.yaml", "tools: [company.historical_prices]\nanalysis: true\n")
    done = repo.run("lock", "desk.yaml")
    assert done.returncode == 0, done.stderr
    lock = json.loads(repo.read("desk.lock.json"))
    tools = json.loads(repo.run("tools", "desk.yaml", "--json").stdout)
    assert lock["order"] == [t["name"] for t in tools["tools"]] == ["historical_prices", "query"]
    assert (lock["count"], lock["bytes"]) == (tools["count"], tools["bytes"])
    query = next(t for t in lock["tools"] if t["name"] == "query")
    assert query["endpoint"] is None and "sql" in query["inputSchema"]["properties"]
    assert lock["analysis"]["max_shown_tokens"] == 2_000
    repo.commit("A desk with analysis")
    repo.write("desk.yaml", "tools: [company.historical_prices]\nanalysis: {max_rows: 5000}\n")
    impact = json.loads(repo.run("impact", "desk.yaml", "--json").stdout)
    (change,) = impact["manifests"]
    assert change["after"]["tools"] == ["historical_prices", "query"] and change["changed"] == ["query"]
    assert repo.run("lock", "--check", "desk.yaml").returncode == 1
