"""Profiles from tasks: each profile states the tasks it is for, with the tools that do them; the analyst profile
covers an analyst's ten everyday tasks within 6,000 o200k tokens of tool list, read from the real server."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from benchmarks import o200k

from data_pkg.catalog import by_spec
from data_pkg.toolsets import available_profiles, profiles_dir, resolve, tool_name
from data_pkg.toolsets._parse import parse_manifest
from tests.mcp._support import SERVER_ARGS, server_env

ANALYST_TASKS = (
    "five years of closes and their CAGR",
    "two companies' gross margins over five years",
    "the latest 50 news items",
    "a year of insider trades",
    "next month's earnings calendar",
    "a 14-day RSI",
    "a large-cap tech screen",
    "an ETF's top holdings",
    "a year of 10-year treasury yields",
    "a company found by name",
)
"""The ten tasks an analyst agent was tried on (issue 23): the analyst profile must cover each."""

ANALYST_TOOL_LIST_TOKENS = 6_000
"""The most the analyst profile's tools/list may cost an agent's context, by an exact o200k count."""

_TASK = re.compile(r"^- (.+?): ((?:[\w.]+(?:,\s+)?)+)$", re.M)


def tasks(profile: str) -> dict[str, list[str]]:
    """The tasks a profile's docstring states, each with the tools (spec names) it names for it."""
    path = profiles_dir() / f"{profile}.py"
    parsed = parse_manifest(path)
    assert parsed.manifest is not None and parsed.manifest.description is not None
    text = re.sub(r"\n  +", " ", parsed.manifest.description)  # a task's list of tools may wrap
    return {task: re.split(r",\s+", tools) for task, tools in _TASK.findall(text)}


def tools_list_line(profile: str, tmp_path: Path) -> str:
    """The tools/list response of the real server with ``profile``, as the line a client reads from its stdout."""
    lines = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    with (tmp_path / "err.log").open("w") as errors:
        done = subprocess.run(
            [sys.executable, *SERVER_ARGS],
            input="".join(json.dumps(line) + "\n" for line in lines),
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            timeout=60,
            env=server_env(None, DATA_MCP_PROFILE=profile),
            check=True,
        )
    (answer,) = [line for line in done.stdout.splitlines() if json.loads(line).get("id") == 2]
    return answer


@pytest.mark.parametrize("profile", [p for p in available_profiles() if p != "default"])
def test_every_profile_states_the_tasks_it_is_for_with_tools_it_serves(profile: str) -> None:
    stated = tasks(profile)
    assert len(stated) >= 3
    served = {tool.endpoint for tool in resolve(profile, env={}).raise_for_errors()}
    for task, specs in stated.items():
        assert {by_spec(spec).key for spec in specs} <= served, task


def test_the_analyst_profile_states_the_ten_tasks() -> None:
    assert set(ANALYST_TASKS) <= set(tasks("analyst"))


@pytest.mark.slow
def test_the_analyst_tool_list_covers_each_task_within_six_thousand_o200k_tokens(tmp_path: Path) -> None:
    line = tools_list_line("analyst", tmp_path)
    listed = {tool["name"] for tool in json.loads(line)["result"]["tools"]}
    stated = tasks("analyst")
    for task in ANALYST_TASKS:
        assert {tool_name(by_spec(spec)) for spec in stated[task]} <= listed, task
    assert o200k.count(line) <= ANALYST_TOOL_LIST_TOKENS
