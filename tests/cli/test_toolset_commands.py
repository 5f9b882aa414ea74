"""data-mcp tools, diff, catalog and demo: through the real entry point and in-process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from data_pkg.cli import main
from tests import preforked
from tests.support import tool_count

COMMAND = shutil.which("data-mcp", path=str(Path(sys.executable).parent))


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    assert COMMAND, "data-mcp is installed beside this interpreter"
    command = preforked.argv([COMMAND, *args], os.environ if env is None else env)
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, env=env)


def test_tools_lists_the_default_set_with_its_size() -> None:
    plain = {k: v for k, v in os.environ.items() if not k.startswith("DATA_MCP_")}
    done = run("tools", env=plain)
    assert done.returncode == 0
    assert "quote" in done.stdout
    assert f"{tool_count(None, plain)} tools" in done.stdout and "tokens" in done.stdout


def test_tools_without_a_source_shows_what_the_server_would_serve(tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text("tools: [company.quote, company.profile]\n")
    plain = {k: v for k, v in os.environ.items() if not k.startswith("DATA_MCP_")}
    by_profile = run("tools", env={**plain, "DATA_MCP_PROFILE": "minimal"})
    assert f"{tool_count('minimal', plain)} tools" in by_profile.stdout
    assert "(DATA_MCP_PROFILE=minimal)" in by_profile.stderr
    by_manifest = run("tools", "--json", env={**plain, "DATA_MCP_PROFILE": "full", "DATA_MCP_MANIFEST": str(manifest)})
    assert json.loads(by_manifest.stdout)["count"] == 2, "the manifest wins over the profile, as in the server"
    assert f"(DATA_MCP_MANIFEST={manifest})" in by_manifest.stderr
    assert json.loads(run("tools", "analyst", "--json", env={**plain, "DATA_MCP_PROFILE": "minimal"}).stdout)[
        "count"
    ] == tool_count("analyst", plain)


def test_tools_json_matches_the_registry_and_the_style_option_applies() -> None:
    done = run("tools", "minimal", "--json", "--style", "snake")
    report = json.loads(done.stdout)
    assert report["count"] == len(report["tools"]) == tool_count("minimal", os.environ)
    assert "company_quote" in {t["name"] for t in report["tools"]}
    assert report["bytes"] == sum(t["bytes"] for t in report["tools"]) + len(report["tools"]) + 1


def test_tools_max_tokens_is_a_ci_budget_guard_with_an_exit_code_of_its_own() -> None:
    assert run("tools", "minimal", "--max-tokens", "100000").returncode == 0
    over = run("tools", "minimal", "--max-tokens", "100")
    assert over.returncode == 3  # distinct from 1, "does not resolve"
    assert "over budget" in over.stderr


@pytest.mark.e2e
def test_tools_answers_sizes_every_answer_against_the_sandbox_and_guards_a_budget(tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(
        "tools: [company.quote, company.historical_prices]\n"
        "overrides:\n  company.historical_prices: {max_answer_tokens: 3000}\n"
    )
    report = json.loads(run("tools", str(manifest), "--answers", "--json").stdout)
    sizes = {t["name"]: t["answer"] for t in report["tools"]}
    assert sizes["quote"]["max"] < 500 and sizes["quote"]["cut"] == 0 and sizes["quote"]["samples"] == 3
    history = sizes["historical_prices"]
    assert history["budget"] == 3000 and history["cut"] == 3 and 2000 < history["max"] <= 3000
    assert run("tools", str(manifest), "--max-answer-tokens", "3000").returncode == 0
    over = run("tools", str(manifest), "--max-answer-tokens", "1000")
    assert over.returncode == 3
    assert "over budget: historical_prices answers ~" in over.stderr and "quote answers" not in over.stderr


def test_tools_shows_the_query_tool_analysis_adds_and_sizes_a_query_answer(tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text("tools: [company.quote, company.historical_prices]\nanalysis: true\nname_style: snake\n")
    without = tmp_path / "plain.yaml"
    without.write_text("tools: [company.quote, company.historical_prices]\nname_style: snake\n")
    report = json.loads(run("tools", str(manifest), "--answers", "--json").stdout)
    tools = {t["name"]: t for t in report["tools"]}
    assert list(tools)[-1] == "analysis_query" and tools["analysis_query"]["endpoint"] == "(analysis)"
    assert [t["title"] for t in report["tools"]] == ["Stock quote", "Daily prices", "Query kept tables (SQL)"]
    assert report["count"] == 3 and report["bytes"] == sum(t["bytes"] for t in report["tools"]) + 3 + 1
    query = tools["analysis_query"]["answer"]
    assert query["error"] is None and query["samples"] == 1 and 0 < query["max"] < 200
    # The history's note names the table it was kept as, which costs its answer a few tokens.
    assert tools["company_historical_prices"]["answer"]["max"] <= 8000
    plain = json.loads(run("tools", str(without), "--json").stdout)
    assert report["bytes"] - plain["bytes"] == tools["analysis_query"]["bytes"] + 1
    listed = run("tools", str(manifest)).stdout
    assert "analysis_query" in listed and "3 tools" in listed


def test_tools_of_a_broken_manifest_prints_diagnostics_and_exits_1(tmp_path: Path) -> None:
    manifest = tmp_path / "team.yaml"
    manifest.write_text("tools: [company.quot]\n")
    done = run("tools", str(manifest))
    assert done.returncode == 1
    assert f"{manifest}:1:" in done.stderr and "DM201" in done.stderr


def test_diff_shows_added_removed_renamed_and_size(tmp_path: Path) -> None:
    before = tmp_path / "a.yaml"
    after = tmp_path / "b.yaml"
    before.write_text("tools: [company.quote, company.profile]\n")
    after.write_text("tools: [company.quote, company.market_cap]\noverrides:\n  company.quote: {name: stock_quote}\n")
    done = run("diff", str(before), str(after))
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert "+ market_cap" in lines and "- profile" in lines and "~ quote -> stock_quote" in lines
    report = json.loads(run("diff", str(before), str(after), "--json").stdout)
    assert report["added"] == ["market_cap"] and report["renamed"] == [["quote", "stock_quote"]]
    assert report["bytes"]["change"] == report["bytes"]["after"] - report["bytes"]["before"]


def test_catalog_searches_words_group_tag_and_tier() -> None:
    done = run("catalog", "cash", "flow", "--group", "fundamental")
    assert done.returncode == 0
    assert "fundamental.cash_flow" in done.stdout
    found = json.loads(run("catalog", "--tag", "technical", "--tier", "basic", "--json").stdout or "[]")
    assert found == []
    technical = json.loads(run("catalog", "--tag", "technical", "--json").stdout)
    assert {e["tier"] for e in technical} == {"starter"}
    assert run("catalog", "--tier", "gold").returncode == 2
    assert run("catalog", "no-such-words-anywhere").returncode == 1


def test_withdrawn_endpoints_show_their_successor_only_when_asked() -> None:
    hidden = run("catalog", "upgrades", "downgrades")
    shown = run("catalog", "upgrades", "downgrades", "--withdrawn")
    assert "withdrawn" not in hidden.stdout
    assert "withdrawn -> intelligence.grades" in shown.stdout


def test_every_command_has_help_with_examples() -> None:
    for command in ("tools", "diff", "catalog", "demo", "serve", "sandbox"):
        done = run(command, "--help")
        assert done.returncode == 0, command
        assert "Example" in done.stdout, command


def test_commands_run_in_process_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "minimal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == tool_count("minimal", os.environ)
    assert main(["catalog", "--tier", "gold"]) == 2
    assert main(["no-such-command"]) == 2


@pytest.mark.slow
def test_demo_runs_offline_and_shows_the_reload() -> None:
    done = run("demo")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "[5/5] hot reload" in out
    assert "notifications/tools/list_changed after" in out
    assert "sma -> ok" in out and "quote" in out
