"""The tasks benchmark in CI: ten analyst tasks through the real server, each answer checked, with the issues' targets.

``benchmarks/tasks.py`` is run here as it is run by hand; what is asserted is its figures (calls, tokens, correct
answers), never its timings. The figures are the same on every machine (the sandbox is deterministic), so the
committed ``benchmarks/results/tasks.json`` and the docs that quote it must match a fresh run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from benchmarks import tasks

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    found: dict[str, Any] = anyio.run(tasks.run_all)
    return found


def outcome(results: dict[str, Any], variant: str, task: str) -> dict[str, Any]:
    (found,) = [o for o in results["variants"][variant]["outcomes"] if o["task"] == task]
    return dict(found)


@pytest.mark.parametrize("variant", tasks.VARIANTS)
def test_every_task_is_answered_right_with_the_analyst_profile(results: dict[str, Any], variant: str) -> None:
    wrong = {o["task"]: o["problems"] for o in results["variants"][variant]["outcomes"] if not o["correct"]}
    assert wrong == {}


def test_the_query_path_meets_its_targets(results: dict[str, Any]) -> None:
    cagr = outcome(results, "query", "cagr")
    assert cagr["calls"] <= 3 and cagr["tokens"] <= 3_000, cagr
    assert outcome(results, "query", "margins")["calls"] <= 4
    assert outcome(results, "query", "rsi")["correct"]  # RSI from kept closes = the upstream's indicator


def test_choosing_columns_costs_less_than_the_whole_rows(results: dict[str, Any]) -> None:
    table, fields = results["variants"]["table"], results["variants"]["fields"]
    assert fields["tokens"] < table["tokens"]


def test_the_committed_figures_are_a_fresh_runs(results: dict[str, Any]) -> None:
    committed = json.loads((ROOT / "benchmarks" / "results" / "tasks.json").read_text())
    for variant, summary in results["variants"].items():
        old = committed["variants"][variant]
        assert (summary["calls"], summary["correct"]) == (old["calls"], old["correct"]), variant
        # Tokens may move with a note's wording; more than 5% means the page's figures are stale: rerun the benchmark.
        assert abs(summary["tokens"] - old["tokens"]) <= 0.05 * old["tokens"], variant


def test_the_page_quotes_the_committed_figures() -> None:
    committed = json.loads((ROOT / "benchmarks" / "results" / "tasks.json").read_text())
    page = (ROOT / "docs" / "benchmarks.md").read_text()
    for variant, summary in committed["variants"].items():
        assert f"**{summary['calls']}, {summary['tokens']:,}**" in page, variant
