"""Columns per call: what the ``fields`` argument costs in the tool list, against what it saves in answers.

Run: ``.venv/bin/python benchmarks/fields_argument.py`` (needs the ``bench`` extra for the tokenizer); writes
``benchmarks/results/fields_argument.json``.

- *Cost*: the ``tools/list`` array as compact JSON, in o200k tokens, for the ``analyst`` profile and the default
  set, with the argument (the default) and with ``fields_argument: false``.
- *Savings*: three analyst tasks whose answers are rows, each at the default budget following every note until
  every row has been read, without the argument and with it: five years of AAPL's daily closes (for a CAGR:
  ``date,close``), a year of 10-year treasury yields (``date,year10``) and AAPL's latest 500 insider trades
  (``transactionDate,reportingName,transactionType,securitiesTransacted,price``); calls and o200k tokens of
  every answer (text and note). Also the sentence of the server's instructions that explains the argument
  (sent once, at the handshake).

Everything runs in this process against a sandbox on loopback, through the server's own steps: the tool set
as ``resolve`` builds it, the choice as ``choose_fields`` checks it, the answer as ``write_answer`` writes it.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import o200k  # noqa: E402
from data_pkg.answers import CallContext, write_answer  # noqa: E402
from data_pkg.catalog import by_key  # noqa: E402
from data_pkg.client import DataClient, Settings  # noqa: E402
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox  # noqa: E402
from data_pkg.toolsets import FIELDS_INSTRUCTIONS, Registry, choose_fields, resolve  # noqa: E402
from tests.answers.follow import MAX_CALLS, next_calls  # noqa: E402

RESULTS = HERE / "results" / "fields_argument.json"

TASKS: dict[str, tuple[str, dict[str, Any], str]] = {
    "five years of closes": (
        "historical_prices",
        {"symbol": "AAPL", "from_date": "2020-01-01", "to_date": "2024-12-31"},
        "date,close",
    ),
    "a year of 10-year yields": ("treasury_rates", {"from_date": "2024-01-01", "to_date": "2024-12-31"}, "date,year10"),
    "500 insider trades": (
        "insider_trades",
        {"symbol": "AAPL", "limit": 500},
        "transactionDate,reportingName,transactionType,securitiesTransacted,price",
    ),
}


def tool_list_tokens(registry: Registry) -> int:
    """o200k tokens of the ``tools`` array as compact JSON: what a host puts in front of the model."""
    return o200k.count(json.dumps([tool.to_mcp() for tool in registry], separators=(",", ":"), ensure_ascii=False))


def cost() -> dict[str, Any]:
    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for profile in ("analyst", "default"):
            off = Path(folder) / f"{profile}-off.yaml"
            off.write_text(f"extends: [{profile}]\nfields_argument: false\n")
            with_it = resolve(profile, env={}).raise_for_errors()
            without = resolve(str(off), env={}).raise_for_errors()
            taking = sum(1 for tool in with_it if tool.answer.fields_argument)
            on, plain = tool_list_tokens(with_it), tool_list_tokens(without)
            found[profile] = {"tools": len(with_it), "with_fields": taking, "on": on, "off": plain, "added": on - plain}
    found["instructions"] = o200k.count(" " + FIELDS_INSTRUCTIONS)
    return found


def follow(client: DataClient, key: str, first: dict[str, Any], fields: str | None) -> dict[str, Any]:
    """Calls, o200k tokens and rows of following every note from ``first``, as the server would answer them."""
    endpoint = by_key(key)
    tool = resolve("full", env={}).raise_for_errors().get(key)
    assert tool is not None
    spec = tool.answer if fields is None else choose_fields(key, endpoint, tool.answer, fields)
    pending, calls, used, rows = [dict(first)], 0, 0, 0
    while pending and calls < MAX_CALLS:
        arguments = pending.pop(0)
        value = client.call_json(key, **arguments)
        shown = {**arguments, "fields": fields} if fields else arguments
        answer = write_answer(value, spec, CallContext.of(endpoint, shown))
        calls += 1
        used += o200k.count(answer.text) + (o200k.count(answer.note) if answer.note else 0)
        rows += answer.shown if answer.shown is not None else 1
        if answer.note:
            pending[:0] = [{**arguments, **change} for change in next_calls(answer.note)]
    return {"calls": calls, "tokens": used, "rows": rows}


def savings(url: str) -> dict[str, Any]:
    settings = Settings.from_env({"DATA_BASE_URL": url, "DATA_API_KEY": "demo", "DATA_CACHE": "off"})
    found: dict[str, Any] = {}
    with DataClient(settings=settings) as client:
        for task, (key, arguments, fields) in TASKS.items():
            whole, chosen = follow(client, key, arguments, None), follow(client, key, arguments, fields)
            assert whole["rows"] == chosen["rows"], (task, whole, chosen)  # the same rows, fewer columns
            found[task] = {"tool": key, "fields": fields, "without": whole, "with": chosen}
    return found


def main() -> None:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        results = {"cost": cost(), "savings": savings(url)}
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
