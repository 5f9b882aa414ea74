"""Analysis: five years of closes to their CAGR by the query path and by paging, and the query engine's CPU.

Run: ``.venv/bin/python benchmarks/analysis.py`` (needs the ``bench`` extra for the tokenizer).

- *Paging*: ``historical_prices`` for AAPL, 2020-01-01 to 2024-12-31, at the default budget, following each
  answer's note (``to_date=...``) until every row has been read: the calls and the o200k tokens of every answer.
- *Query path*: the same first call with ``analysis`` on (its note names the kept table; the answer shows
  ``max_shown_tokens`` of its rows, as the server's does), then one query ``SELECT cagr(date, close) ...``: calls
  and tokens, and the CAGR both ways (equal: the same rows); once at the defaults and once with the history's
  budget at 1,000 tokens (``query_1000``, a manifest override).
- *Engine*: CPU (``time.process_time``) of a windowed aggregate over a kept table of 100,000 rows, median of
  repeated runs, beside the same statement on a plain SQLite connection (no authorizer, no progress handler), and
  the time to keep that table; the query tool's description and entry in o200k tokens.

Everything runs in this process against a sandbox on loopback, through the same answer writer and kept-table
store as the server (the MCP framing around them is measured in ``benchmarks/server.py``).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import o200k  # noqa: E402
from data_pkg.analysis import KeptTables  # noqa: E402
from data_pkg.answers import CallContext, find_rows, write_answer  # noqa: E402
from data_pkg.catalog import by_key  # noqa: E402
from data_pkg.client import DataClient, Settings  # noqa: E402
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox  # noqa: E402
from data_pkg.toolsets import AnalysisSpec, AnswerSpec, resolve  # noqa: E402

ARGUMENTS = {"symbol": "AAPL", "from_date": "2020-01-01", "to_date": "2024-12-31"}
CAGR = "SELECT cagr(date, close) AS cagr FROM historical_prices_1"
WINDOWED = (
    "SELECT max(sma50 - close) AS gap FROM (SELECT close, AVG(close) OVER (ORDER BY date ROWS 49 PRECEDING) AS sma50"
    " FROM big_1)"
)


def tokens(text: str, note: str | None) -> int:
    return o200k.count(text) + (o200k.count(note) if note else 0)


def paging(client: DataClient) -> dict[str, Any]:
    endpoint, spec = by_key("historical_prices"), AnswerSpec()
    arguments: dict[str, Any] = dict(ARGUMENTS)
    calls, used, rows = 0, 0, []
    while calls < 100:
        value = client.call_json("historical_prices", **arguments)
        answer = write_answer(value, spec, CallContext.of(endpoint, arguments))
        calls += 1
        used += tokens(answer.text, answer.note)
        rows.extend(answer.value)
        bound = re.search(r"to_date=(\d{4}-\d{2}-\d{2})\.", answer.note or "")
        if bound is None:
            break
        arguments["to_date"] = bound.group(1)
    ordered = sorted(rows, key=lambda row: row["date"])
    first, last = ordered[0], ordered[-1]
    days = (dt.date.fromisoformat(last["date"]) - dt.date.fromisoformat(first["date"])).days
    cagr = (last["close"] / first["close"]) ** (365.25 / days) - 1
    return {"calls": calls, "tokens": used, "rows": len(rows), "cagr": cagr}


def query_path(client: DataClient, budget: int = AnswerSpec().max_tokens) -> dict[str, Any]:
    endpoint, spec, analysis = by_key("historical_prices"), AnswerSpec(max_tokens=budget), AnalysisSpec()
    store = KeptTables()
    value = client.call_json("historical_prices", **ARGUMENTS)
    found = find_rows(value)
    assert found is not None
    kept = store.keep(
        "historical_prices", found.rows, found.envelope, tool="historical_prices", arguments=ARGUMENTS, spec=analysis
    )
    assert kept is not None
    answer = write_answer(value, kept.written_as(spec, analysis), CallContext.of(endpoint, ARGUMENTS))
    first = tokens(answer.text, f"{answer.note} {kept.note('query')}")
    result = store.query(CAGR, analysis)
    second = write_answer(result.rows, spec, CallContext())
    return {
        "calls": 2,
        "tokens": first + tokens(second.text, second.note),
        "first_answer_tokens": first,
        "query_answer_tokens": tokens(second.text, second.note),
        "cagr": result.rows[0]["cagr"],
    }


def engine(repeat: int = 30) -> dict[str, Any]:
    spec = AnalysisSpec(max_query_ms=60_000)  # CPU is measured here; the default limit is wall time on a busy machine
    store = KeptTables()
    start = dt.date(1990, 1, 1)
    rows = [
        {"date": (start + dt.timedelta(days=i)).isoformat(), "close": 100 + (i % 97) * 0.37, "volume": 1000 + i}
        for i in range(100_000)
    ]
    began = time.process_time()
    store.keep("big", rows, None, tool="big", arguments={}, spec=spec)
    keep_ms = (time.process_time() - began) * 1000
    times = []
    for _ in range(repeat):
        began = time.process_time()
        store.query(WINDOWED, spec)
        times.append((time.process_time() - began) * 1000)
    plain = sqlite3.connect(":memory:")  # the same statement on SQLite without the lock-down: the engine's own cost
    plain.execute("CREATE TABLE big_1 (date TEXT, close REAL, volume INTEGER)")
    plain.executemany("INSERT INTO big_1 VALUES (?, ?, ?)", [(r["date"], r["close"], r["volume"]) for r in rows])
    bare = []
    for _ in range(repeat):
        began = time.process_time()
        plain.execute(WINDOWED).fetchall()
        bare.append((time.process_time() - began) * 1000)
    plain.close()
    finance = []
    for _ in range(repeat // 3):
        began = time.process_time()
        store.query("SELECT cagr(date, close), volatility(date, close), max_drawdown(date, close) FROM big_1", spec)
        finance.append((time.process_time() - began) * 1000)
    return {
        "rows": len(rows),
        "keep_ms": round(keep_ms, 1),
        "windowed_p50_ms": round(statistics.median(times), 1),
        "windowed_plain_sqlite_p50_ms": round(statistics.median(bare), 1),
        "finance_p50_ms": round(statistics.median(finance), 1),
    }


def description() -> dict[str, int]:
    """The query tool as ``analysis: true`` adds it: its description and its whole tools/list entry."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.yaml"
        path.write_text("extends: [minimal]\nanalysis: true\n")
        query = resolve(str(path), env={}).raise_for_errors().query
    assert query is not None
    entry = json.dumps(query.to_mcp(), separators=(",", ":"))
    return {
        "description_tokens": o200k.count(query.description),
        "entry_tokens": o200k.count(entry),
        "entry_bytes": len(entry),
    }


def _env(url: str) -> dict[str, str]:
    return {"DATA_API_KEY": "demo", "DATA_BASE_URL": url}


def main() -> None:
    config = SandboxConfig(quotas={"demo": Quota(10**6, 60)})
    with running_sandbox(config) as url, DataClient(settings=Settings.from_env(_env(url))) as client:
        report = {"paging": paging(client), "query": query_path(client), "query_1000": query_path(client, 1000)}
    report["engine"] = engine()
    report["tool"] = description()
    out = HERE / "results" / "analysis.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
