"""data-mcp lint: inputs, output formats, --strict and exit codes, in-process and through the real entry point."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import jsonschema
import pytest
from typer.testing import CliRunner

from data_pkg.cli import main
from data_pkg.cli._app import app
from data_pkg.cli._cmd_lint import OutputFormat, StyleName
from data_pkg.lint import FORMATS, LintInputError, all_rules, lint_paths, render
from data_pkg.lint._formats import sarif_document
from data_pkg.toolsets import NAME_STYLES
from data_pkg.toolsets._parse import parse_manifest
from tests import preforked

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ROOT / "tests" / "toolsets" / "broken"
COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))

# One error and one warning, with positions that do not depend on the catalog's size.
DESK = "tools: [company.quote, company.qoute]\ninclude: [company.core_information]\n"
WARNS = "tools: [company.quote, company.core_information]\n"


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lint reads os.environ as the server does: keep the developer's DATA_* settings out of these tests."""
    for name in list(os.environ):
        if name.startswith("DATA_"):
            monkeypatch.delenv(name)


@pytest.fixture
def desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``desk.yaml`` (one error, one warning) in the working directory, so reports show a short path."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "desk.yaml"
    path.write_text(DESK)
    return path


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    assert COMMAND, "data-mcp is installed beside this interpreter"
    env = _clean_env()
    command = preforked.argv([COMMAND, *args], env)
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, cwd=cwd, env=env)


def invoke(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", *args])
    out, err = capsys.readouterr()
    return code, out, err


# -- output formats ------------------------------------------------------------------------------


def test_text_is_one_line_per_finding_then_a_summary(desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "desk.yaml")
    assert code == 1
    assert out.splitlines() == [
        "desk.yaml:1:24: DM201 error: unknown tool 'company.qoute' (did you mean 'company.quote'?)",
        "desk.yaml:2:11: DM205 warning: company.core_information was withdrawn upstream and is skipped"
        " (use company.profile instead)",
        "1 file checked: 1 error, 1 warning, 0 info",
    ]


def test_json_is_one_documented_object(desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = invoke(capsys, "desk.yaml", "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert document == {
        "version": 1,
        "files": ["desk.yaml"],
        "dependents": [],
        "orphans": [],
        "summary": {"files": 1, "error": 1, "warning": 1, "info": 0},
        "findings": [
            {
                "code": "DM201",
                "rule": "unknown-tool",
                "severity": "error",
                "message": "unknown tool 'company.qoute'",
                "hint": "did you mean 'company.quote'?",
                "file": "desk.yaml",
                "line": 1,
                "col": 24,
                "via": [],
            },
            {
                "code": "DM205",
                "rule": "withdrawn",
                "severity": "warning",
                "message": "company.core_information was withdrawn upstream and is skipped",
                "hint": "use company.profile instead",
                "file": "desk.yaml",
                "line": 2,
                "col": 11,
                "via": [],
            },
        ],
    }
    assert err == "1 file checked: 1 error, 1 warning, 0 info\n"  # stdout stays parseable


def test_github_is_one_workflow_command_per_finding(desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "desk.yaml", "-f", "github")
    assert code == 1
    assert out.splitlines() == [
        "::error file=desk.yaml,line=1,col=24,title=DM201 unknown-tool::unknown tool 'company.qoute'"
        " (did you mean 'company.quote'?)",
        "::warning file=desk.yaml,line=2,col=11,title=DM205 withdrawn::company.core_information was withdrawn"
        " upstream and is skipped (use company.profile instead)",
    ]


def test_github_escapes_what_workflow_commands_reserve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if os.name == "nt":
        pytest.skip("':' cannot be in a Windows file name")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "odd,na:me.yaml").write_text("tools: [company.qoute]\n")
    out = render(lint_paths(["odd,na:me.yaml"]), "github")
    assert out.startswith("::error file=odd%2Cna%3Ame.yaml,line=1,col=9,title=DM201 unknown-tool::")


def test_info_findings_are_github_notices_and_sarif_notes(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("extends: [analyst]\nmax_tier: premium\n")
    report = lint_paths([path])
    assert report.exit_code == 0
    assert render(report, "github").startswith("::notice ")
    assert sarif_document(report)["runs"][0]["results"][0]["level"] == "note"


# The essential shape of a SARIF 2.1.0 log: what viewers and code scanning read (the full schema is not vendored).
SARIF_SHAPE: dict[str, Any] = {
    "type": "object",
    "required": ["version", "runs", "$schema"],
    "properties": {
        "version": {"const": "2.1.0"},
        "$schema": {"type": "string", "pattern": "sarif-2\\.1\\.0"},
        "runs": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["tool", "results"],
                "properties": {
                    "tool": {
                        "type": "object",
                        "required": ["driver"],
                        "properties": {
                            "driver": {
                                "type": "object",
                                "required": ["name", "rules"],
                                "properties": {
                                    "name": {"type": "string", "minLength": 1},
                                    "version": {"type": "string"},
                                    "rules": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["id", "shortDescription", "defaultConfiguration"],
                                            "properties": {
                                                "id": {"type": "string", "pattern": "^DM[1-5][0-9]{2}$"},
                                                "name": {"type": "string"},
                                                "shortDescription": {
                                                    "type": "object",
                                                    "required": ["text"],
                                                    "properties": {"text": {"type": "string", "minLength": 1}},
                                                },
                                                "defaultConfiguration": {
                                                    "type": "object",
                                                    "properties": {
                                                        "level": {"enum": ["none", "note", "warning", "error"]}
                                                    },
                                                },
                                            },
                                        },
                                    },
                                },
                            }
                        },
                    },
                    "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                    "results": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["ruleId", "message", "level"],
                            "properties": {
                                "ruleId": {"type": "string"},
                                "ruleIndex": {"type": "integer", "minimum": 0},
                                "level": {"enum": ["none", "note", "warning", "error"]},
                                "message": {
                                    "type": "object",
                                    "required": ["text"],
                                    "properties": {"text": {"type": "string", "minLength": 1}},
                                },
                                "locations": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": ["physicalLocation"],
                                        "properties": {
                                            "physicalLocation": {
                                                "type": "object",
                                                "required": ["artifactLocation"],
                                                "properties": {
                                                    "artifactLocation": {
                                                        "type": "object",
                                                        "required": ["uri"],
                                                        "properties": {"uri": {"type": "string", "minLength": 1}},
                                                    },
                                                    "region": {
                                                        "type": "object",
                                                        "required": ["startLine"],
                                                        "properties": {
                                                            "startLine": {"type": "integer", "minimum": 1},
                                                            "startColumn": {"type": "integer", "minimum": 1},
                                                        },
                                                    },
                                                },
                                            }
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}


def test_sarif_has_the_essential_shape_and_every_rule(desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "desk.yaml", "--format", "sarif")
    assert code == 1
    log = json.loads(out)
    jsonschema.validate(log, SARIF_SHAPE)
    (run_,) = log["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(all_rules())
    results = run_["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [("DM201", "error"), ("DM205", "warning")]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    location = results[0]["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "desk.yaml"}, "region": {"startLine": 1, "startColumn": 24}}


def test_sarif_of_a_clean_run_has_no_results_and_an_environment_problem_no_location(tmp_path: Path) -> None:
    clean = sarif_document(lint_paths(["minimal"], env={}))
    jsonschema.validate(clean, SARIF_SHAPE)
    assert clean["runs"][0]["results"] == []
    broken = sarif_document(lint_paths(["minimal"], env={"DATA_MCP_TOOL_NAME_STYLE": "camel"}))
    jsonschema.validate(broken, SARIF_SHAPE)
    (result,) = broken["runs"][0]["results"]
    assert result["ruleId"] == "DM401" and "locations" not in result


def test_the_command_offers_exactly_the_formats_and_styles_the_library_has() -> None:
    assert get_args(OutputFormat) == tuple(FORMATS)
    assert get_args(StyleName) == NAME_STYLES


# -- --strict and exit codes ---------------------------------------------------------------------


def test_warnings_pass_unless_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text(WARNS)
    code, out, _ = invoke(capsys, str(path))
    assert code == 0 and "DM205 warning:" in out
    code, out, _ = invoke(capsys, str(path), "--strict")
    assert code == 1 and "DM205 error:" in out
    assert out.splitlines()[-1] == "1 file checked: 1 error, 0 warnings, 0 info (--strict: warnings count as errors)"


def test_info_never_fails_even_when_strict(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("extends: [analyst]\nmax_tier: premium\n")
    report = lint_paths([path], strict=True)
    assert [f.severity for f in report.findings] == ["info"] and report.exit_code == 0


def test_a_clean_manifest_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "desk.py"
    path.write_text('"""Desk."""\n\nTOOLS = ["company.quote"]\n')
    assert invoke(capsys, str(path), "--strict") == (0, "1 file checked: no problems\n", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope.yaml"], "nope.yaml: no such file, folder or profile (profiles: analyst, default,"),
        (["analist"], "analist: no such file, folder or profile (did you mean 'analyst'? profiles: analyst,"),
        (["missing/**/*.yaml"], "missing/**/*.yaml: the pattern matches no manifest file"),
        (["--style", "camel", "minimal"], "Invalid value for '--style'"),
        (["--format", "xml", "minimal"], "Invalid value for '--format'"),
        ([], "name the manifests to lint (files, folders, globs or profiles), or set paths"),
    ],
)
def test_usage_errors_and_missing_input_exit_2_with_a_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = invoke(capsys, *args)
    assert code == 2
    assert message in err and out == ""


def test_a_misspelt_manifest_gets_the_did_you_mean_tools_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before, lint and the server's setup problem named no candidate where `data-mcp tools desk.yml` did.
    (tmp_path / "desk.yaml").write_text("tools: [company.quote]\n")
    monkeypatch.chdir(tmp_path)
    code, _, err = invoke(capsys, "desk.yml")
    assert code == 2 and "desk.yml: no such file, folder or profile (did you mean 'desk.yaml'?" in err
    (problem,) = parse_manifest(tmp_path / "desk.yml").diagnostics
    assert problem.code == "DM302" and problem.hint == f"did you mean {str(tmp_path / 'desk.yaml')!r}?"


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs POSIX permissions that apply to this user")
def test_an_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("tools: [company.quote]\n")
    path.chmod(0)
    code, _, err = invoke(capsys, str(path))
    assert code == 2 and "cannot read" in err


def test_a_file_that_cannot_be_opened_exits_2_even_for_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("tools: [company.quote]\n")
    opened = os.open

    def refuse(name: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(name).name == "desk.yaml":
            raise PermissionError(13, "Permission denied")
        return opened(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    assert invoke(capsys, str(path)) == (2, "", f"data-mcp lint: {path}: cannot read: Permission denied\n")


def test_an_unusable_path_is_a_usage_error() -> None:
    with pytest.raises(LintInputError, match="not a usable path"):
        lint_paths(["bad\0name.yaml"])


def test_an_unknown_style_is_a_usage_error_in_the_library_too() -> None:
    with pytest.raises(LintInputError, match="unknown naming style 'camel'"):
        lint_paths(["minimal"], style="camel")


def test_a_manifest_problem_is_a_finding_not_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "desk.toml"
    path.write_text("tools = []\n")
    report = lint_paths([path])
    assert [f.code for f in report.findings] == ["DM107"] and report.exit_code == 1


# -- inputs: files, folders, globs, profiles -----------------------------------------------------


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of manifests with the things a folder search skips; the working directory."""
    monkeypatch.chdir(tmp_path)
    files = {
        "teams/a.yaml": "tools: [company.quote]\n",
        "teams/b.yml": "tools: [company.qoute]\n",
        "teams/nested/c.json": '{"tools": ["company.quote"]}\n',
        "teams/nested/d.py": '"""D."""\nTOOLS = ["company.quote"]\n',
        "teams/README.md": "not a manifest\n",
        "teams/_shared.yaml": "tools: [nope]\n",
        "teams/.hidden.yaml": "tools: [nope]\n",
        "teams/.git/e.yaml": "tools: [nope]\n",
        "teams/__pycache__/f.py": "nope\n",
        "teams/node_modules/g.json": "nope\n",
        "teams/manifest.schema.json": "{}\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_a_folder_is_searched_recursively_for_manifest_files_only(tree: Path) -> None:
    report = lint_paths(["teams"])
    assert report.files == tuple(
        str(Path(p)) for p in ("teams/a.yaml", "teams/b.yml", "teams/nested/c.json", "teams/nested/d.py")
    )
    assert [(f.code, f.file) for f in report.findings] == [("DM201", str(Path("teams/b.yml")))]


def test_globs_expand_recursively_and_keep_what_a_folder_search_would(tree: Path) -> None:
    assert lint_paths(["teams/**/*.json"]).files == (str(Path("teams/nested/c.json")),)
    assert lint_paths(["teams/*"]).files == lint_paths(["teams"]).files  # README, _shared, schema: skipped
    assert lint_paths(["teams/*.y*ml"]).files == (str(Path("teams/a.yaml")), str(Path("teams/b.yml")))


def test_a_hidden_folder_written_out_in_a_glob_is_searched(tree: Path) -> None:
    assert lint_paths(["teams/.git/*.yaml"]).files == (str(Path("teams/.git/e.yaml")),)
    with pytest.raises(LintInputError, match="matches no manifest file"):
        lint_paths(["teams/**/e.yaml"])  # ** does not enter hidden folders


def test_an_explicit_file_is_linted_whatever_its_name(tree: Path) -> None:
    report = lint_paths(["teams/_shared.yaml"])
    assert [f.code for f in report.findings] == ["DM201"]


def test_each_file_is_linted_once_however_often_it_is_named(tree: Path) -> None:
    report = lint_paths(["teams", "teams/b.yml", "teams/*.yml"])
    assert len(report.files) == 4 and len(report.findings) == 1


def test_a_profile_can_be_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert invoke(capsys, "analyst", "default") == (0, "2 files checked: no problems\n", "")


def test_a_problem_in_an_extended_file_is_reported_once_at_its_own_position(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("tools: [company.quote, company.qoute]\n")
    (tmp_path / "a.yaml").write_text("extends: [./base.yaml]\n")
    (tmp_path / "b.yaml").write_text("extends: [./base.yaml]\ntools: [market.search]\n")
    report = lint_paths([tmp_path])
    assert [(f.code, Path(f.file or "").name, f.line, f.col) for f in report.findings] == [
        ("DM201", "base.yaml", 1, 24)
    ]


def test_the_projects_profiles_and_example_manifests_lint_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, str(ROOT / "profiles"), str(ROOT / "manifests"), "--strict")
    assert code == 0, out
    assert " 0 errors, 0 warnings" in out or "no problems" in out


# -- the environment and --style -----------------------------------------------------------------


def test_the_naming_style_comes_from_the_environment_as_in_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("tools: [company.quote]\n")
    assert lint_paths([path]).findings == ()
    monkeypatch.setenv("DATA_MCP_TOOL_NAME_STYLE", "spec")
    (finding,) = lint_paths([path]).findings
    assert (finding.code, finding.line, finding.col) == ("DM501", 1, 1)
    assert "set by DATA_MCP_TOOL_NAME_STYLE" in finding.message


def test_the_query_tool_analysis_adds_is_held_to_the_same_naming_rule(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("tools: [company.quote]\nname_style: spec\nanalysis: true\n")
    (finding,) = lint_paths([path]).findings
    assert finding.code == "DM501" and "company.quote, analysis.query" in finding.message
    path.write_text("tools: [company.quote]\nname_style: snake\nanalysis: {max_rows: 10, max_table_rows: 20}\n")
    (finding,) = lint_paths([path]).findings
    assert (finding.code, finding.line) == ("DM409", 3)
    assert "max_table_rows (20) is more than max_rows (10)" in finding.message


def test_style_option_lints_under_that_style(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("tools: [company.quote]\nname_style: spec\n")
    assert [f.code for f in lint_paths([path], style="snake").findings] == []
    (finding,) = lint_paths([path], style="spec").findings
    assert "set by --style" in finding.message


def test_a_bad_style_in_the_environment_is_reported_once_without_a_location(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATA_MCP_TOOL_NAME_STYLE", "camel")
    code, out, _ = invoke(capsys, "minimal", "news")
    assert code == 1
    assert out.splitlines()[0] == (
        "DM401 error: DATA_MCP_TOOL_NAME_STYLE='camel' is not a naming style (use one of key, spec, snake)"
    )
    assert out.count("DM401") == 1


def test_segment_variables_apply_as_in_the_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("tools: [company.quote, provider_articles]\n")
    assert [f.code for f in lint_paths([path]).findings] == ["DM206"]
    monkeypatch.setenv("DATA_PROVIDER_SEGMENT", "segment")
    assert lint_paths([path]).findings == ()


# -- help, and the other ways in -----------------------------------------------------------------


def test_help_explains_the_command_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "--help")
    assert code == 0
    assert "Examples:" in out and "data-mcp lint profiles manifests --strict" in out
    for word in (*FORMATS, *NAME_STYLES, "--strict", "Exit status", "docs/lint-rules.md"):
        assert word in out, word


def test_typer_runner_drives_the_same_command(desk: Path) -> None:
    result = CliRunner().invoke(app, ["lint", "desk.yaml", "--format", "json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["summary"]["error"] == 1


@pytest.mark.slow
def test_entry_point_exit_codes_and_formats(tmp_path: Path) -> None:
    (tmp_path / "desk.yaml").write_text(DESK)
    (tmp_path / "warns.yaml").write_text(WARNS)
    clean = run("lint", str(ROOT / "profiles"), str(ROOT / "manifests"), "--strict")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert run("lint", "warns.yaml", cwd=tmp_path).returncode == 0
    assert run("lint", "warns.yaml", "--strict", cwd=tmp_path).returncode == 1
    text = run("lint", "desk.yaml", cwd=tmp_path)
    assert text.returncode == 1
    assert text.stdout.startswith("desk.yaml:1:24: DM201 error: unknown tool 'company.qoute'")
    as_json = run("lint", "desk.yaml", "-f", "json", cwd=tmp_path)
    assert as_json.returncode == 1 and json.loads(as_json.stdout)["summary"]["error"] == 1
    github = run("lint", "desk.yaml", "-f", "github", cwd=tmp_path)
    assert github.stdout.startswith("::error file=desk.yaml,line=1,col=24,title=DM201 unknown-tool::")
    sarif = run("lint", "desk.yaml", "-f", "sarif", cwd=tmp_path)
    jsonschema.validate(json.loads(sarif.stdout), SARIF_SHAPE)
    missing = run("lint", "nope.yaml", cwd=tmp_path)
    assert missing.returncode == 2 and "nope.yaml: no such file" in missing.stderr and missing.stdout == ""
    assert run("lint", "--format", "xml", "desk.yaml", cwd=tmp_path).returncode == 2
    helped = run("lint", "--help")
    assert helped.returncode == 0 and "Examples:" in helped.stdout


@pytest.mark.slow
def test_python_dash_m_runs_the_same_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "data_pkg.cli", "lint", str(BROKEN / "dm201_unknown_tool.json")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=_clean_env(),
    )
    assert done.returncode == 1 and "DM201" in done.stdout
