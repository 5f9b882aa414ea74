"""Findings a team can live with: secrets without false alarms, inline ignores, repository settings, DM505
quiet inside a repository, and paths relative to the repository in CI formats.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.lint._teams import Repo, make_repo

COMMIT = "3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345"
KEY = "k3y9x2m7"  # short: only its name gives it away


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "desk-repo")


def _codes(repo: Repo, *args: str) -> list[str]:
    document = json.loads(repo.run("lint", *args, "-f", "json").stdout)
    return [f"{f['file']}:{f['line']}:{f['col']} {f['code']} {f['severity']}" for f in document["findings"]]


# -- DM503 -------------------------------------------------------------------------------------------------

SECRETS = {
    "desk.yaml": f"description: Built from commit {COMMIT}.\ntools: [company.quote]\n# DATA_API_KEY={KEY}\n",
    "desk.json": f'{{"description": "Built from {COMMIT}; apikey={KEY}", "tools": ["company.quote"]}}\n',
    "desk.py": f'"""Built from {COMMIT}."""\n\nTOOLS = ["company.quote"]  # api_key: {KEY}\n',
}


@pytest.mark.parametrize("name", sorted(SECRETS))
def test_a_commit_hash_is_not_a_secret_and_a_short_key_after_its_name_is(repo: Repo, name: str) -> None:
    repo.write(name, SECRETS[name])
    done = repo.run("lint", name)
    assert done.returncode == 1
    secrets = [line for line in done.stdout.splitlines() if "DM503" in line]
    assert len(secrets) == 1, done.stdout  # the key, not the hash
    assert "a credential is assigned to" in secrets[0] and KEY not in done.stdout


# -- inline ignores ----------------------------------------------------------------------------------------

IGNORED = {
    "same-line.yaml": f"description: Quotes  # data-mcp: ignore[DM503]  apikey={KEY}\ntools: [company.quote]\n",
    "line-above.yaml": f"# data-mcp: ignore[DM503] a test key\ndescription: apikey={KEY}\ntools: [company.quote]\n",
    "whole-file.py": f'"""apikey={KEY}"""\n# data-mcp: ignore-file[DM503]\nTOOLS = ["company.quote"]\n',
    "override.json": (
        '{"tools": ["company.quote"],\n'
        ' "overrides": {"company.quote": {\n'
        f'   "description": "Quotes, apikey={KEY}",\n'
        '   "$comment": "data-mcp: ignore[DM503] the sandbox key"}}}\n'
    ),
    "top.json": f'{{"$comment": "data-mcp: ignore[DM503]", "description": "apikey={KEY}", "tools": ["company.quote"]}}\n',
}


@pytest.mark.parametrize("name", sorted(IGNORED))
def test_an_inline_ignore_silences_the_finding_where_it_is_written(repo: Repo, name: str) -> None:
    repo.write(name, IGNORED[name])
    assert _codes(repo, name) == []
    unsilenced = IGNORED[name].replace("DM503", "DM501")
    repo.write(name, unsilenced)
    assert [c.split(" ")[1] for c in _codes(repo, name)] == ["DM503"]  # it names a code: others still count


def test_an_ignore_covers_only_its_own_object_and_never_an_enforced_error(repo: Repo) -> None:
    repo.write(
        "desk.json",
        '{"description": "apikey=' + KEY + '",\n'
        ' "tools": ["company.quote", "company.qoute"],\n'
        ' "overrides": {"company.quote": {"$comment": "data-mcp: ignore"}}}\n',
    )
    assert [c.split(" ", 1)[1] for c in _codes(repo, "desk.json")] == ["DM503 error", "DM201 error"]
    repo.write("desk.yaml", "tools: [company.qoute]  # data-mcp: ignore[DM201]\n")
    assert [c.split(" ", 1)[1] for c in _codes(repo, "desk.yaml")] == ["DM201 error"]  # the server refuses it


def test_a_comment_key_is_a_string_and_nothing_else(repo: Repo) -> None:
    repo.write("desk.json", '{"$comment": 3, "tools": ["company.quote"]}\n')
    assert _codes(repo, "desk.json") == ["desk.json:1:14 DM104 error"]


# -- repository settings -----------------------------------------------------------------------------------


def test_pyproject_settings_disable_and_change_severities(repo: Repo) -> None:
    repo.write("teams/desk.yaml", f"description: apikey={KEY}\nextends: [analyst]\nmax_tier: starter\n")
    assert [c.split(" ", 1)[1] for c in _codes(repo, "teams/desk.yaml")] == ["DM503 error", "DM502 info"]
    repo.write("pyproject.toml", '[tool.data-mcp]\ndisable = ["DM502"]\nseverity = { DM503 = "warning" }\n')
    assert _codes(repo, "teams/desk.yaml") == ["teams/desk.yaml:1:21 DM503 warning"]
    assert repo.run("lint", "teams/desk.yaml").returncode == 0
    assert repo.run("lint", "teams/desk.yaml", "--strict").returncode == 1
    done = repo.run("lint", "desk.yaml", cwd=repo.root / "teams")  # found by looking upwards
    assert "DM503 warning" in done.stdout and "DM502" not in done.stdout


def test_a_dedicated_file_wins_and_sets_the_default_paths(repo: Repo) -> None:
    repo.write("pyproject.toml", '[tool.data-mcp]\ndisable = ["DM503"]\n')
    repo.write(".data-mcp.toml", 'paths = ["teams"]\n')
    repo.write("teams/desk.yaml", f"description: apikey={KEY}\ntools: [company.quote]\n")
    done = repo.run("lint")
    assert done.returncode == 1 and "teams/desk.yaml:1:21: DM503 error" in done.stdout
    assert "6 files checked" in done.stdout


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'severity = { DM403 = "info" }\n',
            "DM403 is an error the server enforces: it cannot be disabled or downgraded",
        ),
        ('disable = ["DM5O3"]\n', "'DM5O3' is not a rule code (did you mean 'DM503'?)"),
        ("max_token = 8000\n", "unknown key 'max_token' (did you mean 'max_tokens'?)"),
        ('severity = { DM505 = "fatal" }\n', "'fatal' is not one of error, warning, info"),
        ("paths = [\n", "not valid TOML"),
    ],
)
def test_a_wrong_setting_is_a_usage_error_that_says_where_and_how(repo: Repo, text: str, message: str) -> None:
    repo.write(".data-mcp.toml", text)
    done = repo.run("lint", "base")
    assert done.returncode == 2
    assert done.stderr.startswith(f"data-mcp lint: {repo.root / '.data-mcp.toml'}: ") and message in done.stderr


# -- DM505 -------------------------------------------------------------------------------------------------

CLIMBERS = {
    "desk.yaml": "extends: [../shared/base.yaml]\n",
    "desk.json": '{"extends": ["../shared/base.yaml"]}\n',
    "desk.py": '"""Desk."""\n\nEXTENDS = ["../shared/base.yaml"]\n',
}


def test_dm505_is_quiet_for_sibling_folders_inside_the_repository(repo: Repo) -> None:
    assert _codes(repo, "base", "teams") == []  # ../../base/desk.yaml from every team, in three formats


@pytest.mark.parametrize("name", sorted(CLIMBERS))
def test_dm505_fires_for_a_path_that_leaves_the_repository(tmp_path: Path, name: str) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "base.yaml").write_text("tools: [company.quote]\n")
    inner = make_repo(tmp_path / "team", {name: CLIMBERS[name]})
    found = _codes(inner, name)
    assert len(found) == 1 and found[0].endswith("DM505 info")
    assert "climbs out of the repository" in inner.run("lint", name).stdout
    inner.write("pyproject.toml", '[tool.data-mcp]\nseverity = { DM505 = "warning" }\n')
    assert _codes(inner, name)[0].endswith("DM505 warning")


# -- paths -------------------------------------------------------------------------------------------------


def test_ci_formats_use_repository_paths_and_text_uses_the_working_directory(repo: Repo) -> None:
    repo.write("teams/risk/limits.yaml", "tools: [company.qoute]\n")
    inside = repo.root / "teams"
    text = repo.run("lint", "risk/limits.yaml", cwd=inside).stdout
    assert text.startswith("risk/limits.yaml:1:9: DM201")
    github = repo.run("lint", "risk/limits.yaml", "-f", "github", cwd=inside).stdout
    assert github.startswith("::error file=teams/risk/limits.yaml,line=1,col=9,")
    sarif = json.loads(repo.run("lint", "risk/limits.yaml", "-f", "sarif", cwd=inside).stdout)
    location = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "teams/risk/limits.yaml"
