"""data-mcp impact: every manifest a change reaches, tools added, removed and changed and the token change,
work tree against a git ref, in text (a pull-request comment) and JSON; git is only read, never changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.lint._teams import BASE, BREAKING_BASE, BROKEN_BY_THE_BASE, FILES, Repo, make_repo

# A base change that breaks nobody: one tool fewer for everyone, one more for everyone.
RESHAPED_BASE = BASE + "exclude: [company.stock_peers]\ntools: [company.historical_market_cap]\n"


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "desk-repo")


def _tokens(repo: Repo) -> dict[str, int]:
    """Estimated tokens of every manifest, as data-mcp tools reports them."""
    return {name: json.loads(repo.run("tools", name, "--json").stdout)["estimated_tokens"] for name in sorted(FILES)}


def _impact(repo: Repo, *args: str) -> dict[str, Any]:
    done = repo.run("impact", *args, "--json")
    assert done.returncode in (0, 1), done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def test_impact_lists_every_dependent_with_its_tool_and_token_change(repo: Repo) -> None:
    before = _tokens(repo)
    repo.write("base/desk.yaml", RESHAPED_BASE)
    after = _tokens(repo)
    state = repo.state()
    done = repo.run("impact", "base/desk.yaml", "--json")
    assert done.returncode == 0, done.stderr
    assert repo.state() == state  # nothing checked out, staged or written in the repository
    document = json.loads(done.stdout)
    assert document["version"] == 1 and document["base"] == "HEAD"
    assert document["commit"] == repo.git("rev-parse", "HEAD").strip()
    reached = {m["path"]: m for m in document["manifests"]}
    assert set(reached) == set(FILES)  # the base and all five teams, one through a chain
    for name, m in reached.items():
        assert m["status"] == "changed", name
        assert m["added"] == ["historical_market_cap"] and m["removed"] == ["stock_peers"], name
        assert m["before"]["estimated_tokens"] == before[name] and m["after"]["estimated_tokens"] == after[name]
        assert m["estimated_tokens_change"] == after[name] - before[name]
    assert reached["teams/news/wire.json"]["via"] == [
        "teams/news/wire.json",
        "teams/research/desk.py",
        "base/desk.yaml",
    ]
    assert document["summary"]["estimated_tokens_change"] == sum(after.values()) - sum(before.values())


def test_impact_shows_the_dependents_a_base_change_breaks_and_exits_1(repo: Repo) -> None:
    repo.write("base/desk.yaml", BREAKING_BASE)
    done = repo.run("impact", "base/desk.yaml")
    assert done.returncode == 1
    text = done.stdout
    assert text.startswith("### data-mcp impact against HEAD (")
    assert "1 changed manifest reaches 6 manifests: 4 no longer resolve, 2 change;" in text
    assert "| `teams/risk/limits.yaml` | `base/desk.yaml` |" in text
    for name in BROKEN_BY_THE_BASE:
        assert f"#### `{name}` does not resolve" in text
    assert "teams/risk/limits.yaml:4:3: DM403 override of company.market_cap" in text
    assert "- removed: `market_cap`" in text
    statuses = {m["path"]: m["status"] for m in _impact(repo, "base/desk.yaml")["manifests"]}
    assert {name for name, status in statuses.items() if status == "does not resolve"} == set(BROKEN_BY_THE_BASE)


def test_impact_against_another_ref_compares_a_branch_with_its_base(repo: Repo) -> None:
    main = repo.git("rev-parse", "HEAD").strip()
    repo.git("checkout", "-q", "-b", "change")
    repo.write("base/desk.yaml", RESHAPED_BASE)
    repo.commit("Reshape the base")
    assert _impact(repo, "base/desk.yaml")["manifests"][0]["status"] == "unchanged"  # against HEAD: committed
    document = _impact(repo, "base/desk.yaml", "--base", "main")
    assert document["commit"] == main
    assert {m["status"] for m in document["manifests"]} == {"changed"}


def test_a_change_that_moves_a_team_to_another_base_follows_the_old_chain(repo: Repo) -> None:
    repo.write("base/lean.yaml", "extends: [minimal]\n")
    repo.write("teams/research/desk.py", FILES["teams/research/desk.py"].replace("desk.yaml", "lean.yaml"))
    document = _impact(repo, "teams/research/desk.py", "base/lean.yaml")
    reached = {m["path"]: m for m in document["manifests"]}
    assert set(reached) == {"teams/research/desk.py", "base/lean.yaml", "teams/news/wire.json"}
    assert reached["base/lean.yaml"]["status"] == "new" and reached["base/lean.yaml"]["before"] is None
    research = reached["teams/research/desk.py"]
    assert research["before"]["resolves"] and "market_cap" in research["removed"]
    assert reached["teams/news/wire.json"]["status"] == "does not resolve"  # its override lost its tool


def test_deleting_the_base_breaks_every_team_and_new_or_unrelated_files_are_reported(repo: Repo) -> None:
    (repo.root / "base/desk.yaml").unlink()
    repo.write("README.md", "# Desks\n")
    document = _impact(repo, "base/desk.yaml", "README.md")
    assert document["skipped"] == ["README.md"]
    statuses = {m["path"]: m["status"] for m in document["manifests"]}
    assert statuses.pop("base/desk.yaml") == "deleted"
    assert set(statuses.values()) == {"does not resolve"}


def test_no_file_at_all_is_a_report_that_says_so(repo: Repo) -> None:
    done = repo.run("impact")
    assert done.returncode == 0
    assert "No manifest among the changed files, and none extends them." in done.stdout


def test_usage_errors_exit_2_with_a_message(repo: Repo, tmp_path: Path) -> None:
    unknown = repo.run("impact", "base/desk.yaml", "--base", "no-such-branch")
    assert unknown.returncode == 2 and "'no-such-branch' names no commit" in unknown.stderr
    missing = repo.run("impact", "base/nothing.yaml")
    assert missing.returncode == 2 and "neither in the work tree nor at the base ref" in missing.stderr
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "desk.yaml").write_text("tools: [company.quote]\n")
    not_git = repo.run("impact", "desk.yaml", cwd=outside)
    assert not_git.returncode == 2 and "is not in a git repository" in not_git.stderr


# File names a repository can hold that would break or hide a row of the Markdown posted as a comment.
HOSTILE_NAMES = (
    "teams/line\nbreak.yaml",
    "teams/pi|pe.yaml",
    "teams/back`tick.yaml",
    "teams/<!--hidden.yaml",
    "teams/`` -->|\t.yaml",
)


def _rows(markdown: str) -> list[list[Any]]:
    """The body rows of the report's table as a CommonMark renderer with GitHub's tables sees them."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    assert not [t for t in tokens if t.type.startswith("html")], "nothing in the report is raw HTML"
    rows: list[list[Any]] = []
    inside = False
    for token in tokens:
        if token.type in ("tbody_open", "tbody_close"):
            inside = token.type == "tbody_open"
        elif inside and token.type == "tr_open":
            rows.append([])
        elif inside and token.type == "inline":
            rows[-1].append(token.children)
    return rows


def test_every_reached_file_is_exactly_one_visible_row_whatever_its_name(repo: Repo) -> None:
    for name in HOSTILE_NAMES:
        repo.write(name, "description: A team.\nextends: [../base/desk.yaml]\n")
    repo.commit("Teams with unusual file names")
    repo.write("base/desk.yaml", RESHAPED_BASE)
    done = repo.run("impact", "base/desk.yaml")
    assert done.returncode == 0, done.stderr
    rows = _rows(done.stdout)
    assert len(rows) == len(FILES) + len(HOSTILE_NAMES)
    first_cells = []
    for cells in rows:
        assert len(cells) == 5
        assert [child.type for child in cells[0]] == ["code_inline"]  # the name is one code span, nothing else
        first_cells.append(cells[0][0].content)
    shown = {name: name.replace("\n", "\\n").replace("\t", "\\t") for name in HOSTILE_NAMES}
    assert set(shown.values()) <= set(first_cells)
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(done.stdout)
    headings = [tokens[i + 1].children for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h4"]
    named = {children[0].content for children in headings if [c.type for c in children] == ["code_inline"]}
    assert set(shown.values()) <= named  # each changed manifest's section is headed by its name, whole
