"""Budgets live with the manifest: max_tokens is checked by lint (DM507), and by data-mcp tools (exit 3).

Also: tools and diff exit as docs/cli.md says (2 for a missing file or profile, 1 for a set that does not
resolve, 3 over budget) and their --json is versioned.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.lint._teams import BASE, FILES, Repo, make_repo

GROWN_BASE = BASE + "tools: [company.historical_market_cap]\n"  # one more tool for every team


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "desk-repo")


def _tokens(repo: Repo, name: str) -> int:
    tokens: int = json.loads(repo.run("tools", name, "--json").stdout)["estimated_tokens"]
    return tokens


def test_a_budget_in_each_format_passes_under_it_and_fails_over_it_at_its_position(repo: Repo) -> None:
    research = _tokens(repo, "teams/research/desk.py")
    risk = _tokens(repo, "teams/risk/limits.yaml")
    quant = _tokens(repo, "teams/quant/models.json")
    repo.write("teams/research/desk.py", FILES["teams/research/desk.py"] + f"MAX_TOKENS = {research}\n")
    repo.write("teams/risk/limits.yaml", FILES["teams/risk/limits.yaml"] + f"max_tokens: {risk}\n")
    repo.write(
        "teams/quant/models.json", FILES["teams/quant/models.json"].replace("{\n", f'{{\n  "max_tokens": {quant},\n', 1)
    )
    assert repo.run("lint", "teams").returncode == 0  # exactly at the budget is within it
    repo.write("base/desk.yaml", GROWN_BASE)
    done = repo.run("lint", "base/desk.yaml")
    assert done.returncode == 1
    over = [line for line in done.stdout.splitlines() if " DM507 " in line]
    assert [line.split(": DM507", 1)[0] for line in over] == [
        "teams/quant/models.json:2:17",
        "teams/research/desk.py:5:14",
        "teams/risk/limits.yaml:6:13",
    ]
    grown = _tokens(repo, "teams/research/desk.py")
    research_line = next(line for line in over if line.startswith("teams/research"))
    assert f"the tool list costs ~{grown:,} tokens" in research_line
    assert f"over its max_tokens of {research:,}" in research_line
    assert research_line.endswith("[because of base/desk.yaml, which teams/research/desk.py extends]")


def test_the_repository_sets_a_budget_for_manifests_without_one(repo: Repo) -> None:
    (repo.root / "pyproject.toml").write_text("[tool.data-mcp]\nmax_tokens = 1000\n")
    repo.write("teams/small.yaml", "extends: [minimal]\nexclude: [fundamental.*, intelligence.*]\nmax_tokens: 2000\n")
    done = repo.run("lint", "teams/small.yaml", "teams/quant/models.json")
    assert done.returncode == 1
    lines = [line for line in done.stdout.splitlines() if "DM507" in line]
    assert len(lines) == 1 and lines[0].startswith("teams/quant/models.json:1:1: DM507 error:")
    assert "over max_tokens in pyproject.toml of 1,000" in lines[0]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "zero.yaml",
            "tools: [company.quote]\nmax_tokens: 0\n",
            "2:13: DM104 error: max_tokens must be at least 1, not 0",
        ),
        ("text.json", '{"tools": ["company.quote"], "max_tokens": "8k"}\n', "DM104 error: max_tokens must be a whole"),
        (
            "flag.py",
            '"""D."""\n\nTOOLS = ["company.quote"]\nMAX_TOKENS = True\n',
            "DM104 error: MAX_TOKENS must be a whole",
        ),
    ],
)
def test_a_budget_that_is_not_a_positive_number_is_refused(repo: Repo, name: str, text: str, message: str) -> None:
    repo.write(name, text)
    done = repo.run("lint", name)
    assert done.returncode == 1 and message in done.stdout


def test_tools_applies_the_manifest_budget_and_exits_3_over_it(repo: Repo) -> None:
    tokens = _tokens(repo, "teams/risk/limits.yaml")
    repo.write("teams/risk/limits.yaml", FILES["teams/risk/limits.yaml"] + f"max_tokens: {tokens - 1}\n")
    done = repo.run("tools", "teams/risk/limits.yaml")
    assert done.returncode == 3
    assert f"over budget: ~{tokens:,} tokens > max_tokens in the manifest {tokens - 1:,}" in done.stderr
    assert repo.run("tools", "teams/risk/limits.yaml", "--max-tokens", str(tokens)).returncode == 0
    document = json.loads(repo.run("tools", "teams/risk/limits.yaml", "--json").stdout)
    assert document["version"] == 1 and document["max_tokens"] == tokens - 1


def test_tools_and_diff_exit_codes_tell_usage_from_broken_from_over_budget(repo: Repo) -> None:
    missing = repo.run("tools", "teams/risk/limits.yml")
    assert missing.returncode == 2
    assert missing.stderr == "teams/risk/limits.yml: no such manifest file (did you mean 'teams/risk/limits.yaml'?)\n"
    profile = repo.run("tools", "analist")
    assert profile.returncode == 2 and "DM303 unknown profile 'analist' (did you mean 'analyst'?" in profile.stderr
    assert repo.run("diff", "minimal", "teams/nothing.yaml").returncode == 2
    repo.write("teams/broken.yaml", "tools: [company.quot]\n")
    broken = repo.run("tools", "teams/broken.yaml")
    assert broken.returncode == 1 and "teams/broken.yaml does not resolve" in broken.stderr
    assert repo.run("diff", "minimal", "teams/broken.yaml").returncode == 1
    assert repo.run("tools", "minimal", "--max-tokens", "10").returncode == 3


def test_diff_json_is_versioned(repo: Repo) -> None:
    document = json.loads(repo.run("diff", "minimal", "teams/research/desk.py", "--json").stdout)
    assert document["version"] == 1
    assert set(document) == {"version", "added", "removed", "renamed", "changed", "bytes", "estimated_tokens_change"}
