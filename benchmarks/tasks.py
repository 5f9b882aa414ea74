"""Ten analyst tasks through the real server, as an agent does them: calls, tokens, and whether the answer is right.

Run: ``.venv/bin/python benchmarks/tasks.py`` (writes ``benchmarks/results/tasks.json`` and, with the ``bench``
extra, ``docs/img/bench-tasks.png``). ``tests/benchmarks/test_tasks.py`` runs the same tasks in CI and checks
their answers and figures (calls and tokens are the same on every machine: the sandbox is deterministic).

Each task is a fixed sequence of calls to ``python -m data_pkg.mcp`` over stdio (the MCP SDK client) against a
sandbox on loopback, with the ``analyst`` profile. Where an answer's note names a next call, the agent makes it,
as an agent reading the note would (the note grammar is ``tests/answers/follow.py``'s); where it needs every row
and a page was full, it asks for the next page, until one is not. Each task's result is checked against the same
figure computed from the upstream's whole reply, fetched directly with the client.

Variants: ``table`` (the profile as it is), ``json`` (``answer_format: json``), ``fields`` (the agent names the
columns it needs with the per-call ``fields`` argument, where a tool has it), and ``query`` (``analysis: true``:
the figures of tasks 1, 2 and 6 computed by the query tool over kept tables; the other tasks as ``table``).
Tokens are o200k counts of every text block of every answer the agent read.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import statistics
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.shared.exceptions import MCPError

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import o200k  # noqa: E402
from data_pkg.client import DataClient, Settings  # noqa: E402
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox  # noqa: E402
from tests.answers.follow import next_calls  # noqa: E402
from tests.answers.tables import read_table  # noqa: E402
from tests.mcp._support import connect, server_env  # noqa: E402

TODAY = dt.date(2026, 11, 20)
"""The sandbox's today: every "latest" and "next month" is relative to it."""
VARIANTS = ("table", "json", "fields", "query")
MANIFESTS = {
    "table": "extends: [analyst]\n",
    "json": "extends: [analyst]\nanswer_format: json\n",
    "fields": "extends: [analyst]\n",
    "query": "extends: [analyst]\nanalysis: true\n",
}
MAX_CALLS = 200
"""Calls one task may make: an agent that pages past this has lost its way."""
KEPT = re.compile(r"kept as table `([^`]+)`")
MORE = re.compile(r"so more may exist: the same arguments with (page|offset)=(\d+) get the next ones")
"""A full page's line, when it names the next page (not a larger limit, which would read these rows again)."""
FEWER = re.compile(r"call again with the columns the task needs \(fields\)")
"""A cut note's advice when no argument pages the rest."""


@dataclass
class Reply:
    """One answer as the agent reads it: its rows (or value), its note, and what it cost."""

    value: Any
    note: str | None
    tokens: int
    error: bool

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The rows of a list answer (an envelope's list, or a single record as one row)."""
        value = self.value
        if isinstance(value, dict):
            lists = [v for v in value.values() if isinstance(v, list)]
            return lists[0] if len(lists) == 1 else [value]
        return list(value) if isinstance(value, list) else []


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return read_table(text)


@dataclass
class Agent:
    """An agent with one connected server: counts what it spends and follows what notes say."""

    client: Any
    fields_argument: bool
    calls: int = 0
    tokens: int = 0
    problems: list[str] = field(default_factory=list)

    async def call(
        self, tool: str, arguments: Mapping[str, Any], columns: str | None = None, *, narrow: bool = False
    ) -> Reply:
        """One call; ``columns`` are sent as ``fields`` in the fields variant, or when ``narrow`` (a note said to)."""
        self.calls += 1
        if self.calls > MAX_CALLS:
            raise RuntimeError(f"over {MAX_CALLS} calls")
        sent = dict(arguments)
        if columns and (self.fields_argument or narrow):
            sent["fields"] = columns
        result: types.CallToolResult = await self.client.call_tool(tool, sent)
        return self.read(tool, result)

    def read(self, tool: str, result: types.CallToolResult) -> Reply:
        """What the agent reads of a result: its texts, counted; the answer parsed, the note beside it."""
        texts = [block.text for block in result.content if isinstance(block, types.TextContent)]
        tokens = sum(o200k.count(text) for text in texts)
        self.tokens += tokens
        if result.is_error:
            self.problems.append(f"{tool}: {texts[0][:200] if texts else '?'}")
            return Reply(None, None, tokens, True)
        note = texts[1] if len(texts) > 1 else None
        return Reply(_parse(texts[0]) if texts else None, note, tokens, False)

    async def read_all(
        self, tool: str, arguments: Mapping[str, Any], columns: str | None = None, *, more: bool = False
    ) -> list[dict[str, Any]]:
        """Every row the call stands for, each page's by :meth:`read_page`; with ``more``, the pages after it too:
        while a page was full (as many rows as the ``limit`` asked, or a full page's line when no limit was),
        the next one."""
        rows: list[dict[str, Any]] = []
        asked = dict(arguments)
        while True:
            page, line = await self.read_page(tool, asked, columns)
            rows.extend(page)
            limit = asked.get("limit")
            if not more or not page:
                return rows
            if isinstance(limit, int) and len(page) >= limit:
                asked = {**asked, "page": int(asked.get("page", 0)) + 1}
            elif limit is None and line is not None:
                asked = {**asked, line.group(1): int(line.group(2))}
            else:
                return rows

    async def read_page(
        self, tool: str, arguments: Mapping[str, Any], columns: str | None
    ) -> tuple[list[dict[str, Any]], re.Match[str] | None]:
        """The rows of one call and of every call its notes name, in turn; and its full page's line, if any.

        A note that says no argument reaches the rest but fewer columns would is followed by calling again with
        the columns the task needs. The full page's line of a later call in turn is about that call's own smaller
        page, not the one asked for, so only the first answer's counts."""
        rows: list[dict[str, Any]] = []
        pending, first_line, first, narrow = [dict(arguments)], None, True, False
        while pending:
            asked = pending.pop(0)
            reply = await self.call(tool, asked, columns, narrow=narrow)
            note = reply.note or ""
            if columns and not narrow and not self.fields_argument and FEWER.search(note):
                narrow, rows, pending = True, [], [dict(arguments)]
                continue
            rows.extend(reply.rows)
            if first:
                first_line, first = MORE.search(note), False
            pending[:0] = [{**asked, **change} for change in next_calls(note)]
        return rows, first_line

    async def query(self, sql: str) -> list[dict[str, Any]]:
        """The query tool's rows."""
        return (await self.call("query", {"sql": sql})).rows


def kept_table(reply: Reply) -> str:
    """The kept table an answer's note names."""
    found = KEPT.search(reply.note or "")
    if found is None:
        raise RuntimeError(f"no kept table in the note: {reply.note!r}")
    return found.group(1)


def _cagr_of(rows: list[dict[str, Any]]) -> float:
    """``(last / first) ** (365.25 / days) - 1`` over the rows' calendar span."""
    first, last = min(rows, key=lambda row: row["date"]), max(rows, key=lambda row: row["date"])
    days = (dt.date.fromisoformat(last["date"][:10]) - dt.date.fromisoformat(first["date"][:10])).days
    return float((last["close"] / first["close"]) ** (365.25 / days) - 1)


def _margins(rows: list[dict[str, Any]]) -> dict[str, float]:
    return {f"{row['symbol']} {row['date']}": row["grossProfit"] / row["revenue"] for row in rows}


@dataclass(frozen=True)
class Task:
    """One analyst task: what it asks, how the agent does it, and the truth from the upstream's whole reply."""

    name: str
    ask: str
    run: Callable[[Agent, str, Mapping[str, str]], Awaitable[Any]]
    truth: Callable[[DataClient, Mapping[str, str]], Any]
    close: Callable[[Any, Any], bool] = lambda got, want: bool(got == want)


FIVE_YEARS = {"symbol": "AAPL", "from_date": "2020-01-01", "to_date": "2024-12-31"}
INCOME = {"period": "annual", "limit": 5}
INCOME_COLUMNS = "date,symbol,revenue,grossProfit"
YEAR_BACK = (TODAY - dt.timedelta(days=365)).isoformat()
NEXT_MONTH = {"from_date": "2026-12-01", "to_date": "2026-12-31"}
SCREEN = {"sector": "Technology", "market_cap_more_than": 10_000_000_000, "limit": 50}
YIELDS = {"from_date": YEAR_BACK, "to_date": TODAY.isoformat()}
RSI = {"symbol": "AAPL", "period_length": 14, "timeframe": "1day"}
NEWS = {"symbols": "AAPL", "limit": 50}


async def _history_cagr(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    if variant == "query":
        first = await agent.call("historical_prices", FIVE_YEARS)
        (row,) = await agent.query(f"SELECT cagr(date, close) AS cagr FROM {kept_table(first)}")
        return row["cagr"]
    return _cagr_of(await agent.read_all("historical_prices", FIVE_YEARS, "date,close"))


async def _gross_margins(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    replies = [await agent.call("income_statement", {"symbol": s, **INCOME}, INCOME_COLUMNS) for s in ("MSFT", "GOOGL")]
    if variant == "query":
        union = " UNION ALL ".join(
            f"SELECT symbol, date, grossProfit * 1.0 / revenue AS margin FROM {kept_table(r)}" for r in replies
        )
        return {f"{row['symbol']} {row['date']}": row["margin"] for row in await agent.query(union)}
    return _margins([row for reply in replies for row in reply.rows])


async def _latest_news(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = await agent.read_all("stock_symbol_news", NEWS, "publishedDate,title,url")
    return [row["url"] for row in rows]


async def _insider_year(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = await agent.read_all("insider_trades", {"symbol": "AAPL", "limit": 100}, "transactionDate,url", more=True)
    return len([row for row in rows if str(row["transactionDate"]) >= YEAR_BACK])


async def _earnings_next_month(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = await agent.read_all("earnings_calendar", NEXT_MONTH, "symbol,date,epsEstimated", more=True)
    return sorted((row["symbol"], str(row["date"])) for row in rows)


async def _rsi_14(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    if variant == "query":
        first = await agent.call("historical_prices", {"symbol": "AAPL", "from_date": YEAR_BACK})
        (row,) = await agent.query(f"SELECT rsi(date, close, 14) AS rsi FROM {kept_table(first)}")
        return row["rsi"]
    (row,) = (await agent.call("rsi", {**RSI, "from_date": TODAY.isoformat()}, "date,rsi")).rows
    return row["rsi"]


async def _tech_screen(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = await agent.read_all("stock_screener", SCREEN, "symbol,companyName,marketCap,sector")
    return sorted(row["symbol"] for row in rows)


async def _etf_top(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = await agent.read_all("etf_holdings", {"symbol": "SPY"}, "asset,weightPercentage")
    return [row["asset"] for row in sorted(rows, key=lambda row: -row["weightPercentage"])[:10]]


async def _ten_year_yields(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = await agent.read_all("treasury_rates", YIELDS, "date,year10")
    return len(rows), statistics.fmean(row["year10"] for row in rows)


async def _by_name(agent: Agent, variant: str, asked: Mapping[str, str]) -> Any:
    rows = (await agent.call("search_name", {"query": asked["name"]})).rows
    return [row["symbol"] for row in rows if row["name"] == asked["name"]]


def questions(client: DataClient) -> dict[str, str]:
    """What the tasks ask that depends on the upstream: the name of a company (the sandbox invents names)."""
    profile = client.call_json("profile", symbol="AAPL")
    return {"name": str((profile[0] if isinstance(profile, list) else profile)["companyName"])}


def _approx(tolerance: float) -> Callable[[Any, Any], bool]:
    def close(got: Any, want: Any) -> bool:
        if isinstance(want, dict):
            return set(got) == set(want) and all(math.isclose(got[k], want[k], abs_tol=tolerance) for k in want)
        if isinstance(want, tuple):
            return bool(got[0] == want[0]) and math.isclose(got[1], want[1], abs_tol=tolerance)
        return got is not None and math.isclose(got, want, abs_tol=tolerance)

    return close


def _truth_rows(client: DataClient, key: str, arguments: Mapping[str, Any], page_size: int | None = None) -> list[Any]:
    if page_size is None:
        value = client.call_json(key, **arguments)
        return list(value) if isinstance(value, list) else [value]
    rows: list[Any] = []
    for page in range(MAX_CALLS):
        value = client.call_json(key, **arguments, page=page)
        rows.extend(value)
        if len(value) < page_size:
            return rows
    raise RuntimeError(f"{key} pages past {MAX_CALLS}")


TASKS = (
    Task(
        "cagr",
        "Five years of AAPL's closes and their CAGR",
        _history_cagr,
        lambda c, _: _cagr_of(_truth_rows(c, "historical_prices", FIVE_YEARS)),
        _approx(1e-12),
    ),
    Task(
        "margins",
        "MSFT and GOOGL gross margins over five fiscal years",
        _gross_margins,
        lambda c, _: _margins(
            [r for s in ("MSFT", "GOOGL") for r in _truth_rows(c, "income_statement", {"symbol": s, **INCOME})]
        ),
        _approx(1e-12),
    ),
    Task(
        "news",
        "The latest 50 news items",
        _latest_news,
        lambda c, _: [row["url"] for row in _truth_rows(c, "stock_symbol_news", NEWS)],
    ),
    Task(
        "insider",
        "A year of AAPL insider trades",
        _insider_year,
        lambda c, _: len(
            [
                r
                for r in _truth_rows(c, "insider_trades", {"symbol": "AAPL", "limit": 100}, 100)
                if str(r["transactionDate"]) >= YEAR_BACK
            ]
        ),
    ),
    Task(
        "earnings",
        "Next month's earnings calendar",
        _earnings_next_month,
        lambda c, _: sorted((r["symbol"], str(r["date"])) for r in _truth_rows(c, "earnings_calendar", NEXT_MONTH, 10)),
    ),
    Task(
        "rsi",
        "AAPL's 14-day RSI",
        _rsi_14,
        lambda c, _: _truth_rows(c, "rsi", {**RSI, "to_date": TODAY.isoformat()})[0]["rsi"],
        _approx(1e-4),
    ),
    Task(
        "screen",
        "Large-cap technology companies (a screen)",
        _tech_screen,
        lambda c, _: sorted(r["symbol"] for r in _truth_rows(c, "stock_screener", SCREEN)),
    ),
    Task(
        "etf",
        "SPY's top ten holdings",
        _etf_top,
        lambda c, _: [
            r["asset"]
            for r in sorted(_truth_rows(c, "etf_holdings", {"symbol": "SPY"}), key=lambda r: -r["weightPercentage"])
        ][:10],
    ),
    Task(
        "yields",
        "A year of 10-year treasury yields (days and mean)",
        _ten_year_yields,
        lambda c, _: (
            len(rows := _truth_rows(c, "treasury_rates", YIELDS)),
            statistics.fmean(r["year10"] for r in rows),
        ),
        _approx(1e-9),
    ),
    Task(
        "name",
        "A company found by its name",
        _by_name,
        lambda c, asked: [
            r["symbol"] for r in _truth_rows(c, "search_name", {"query": asked["name"]}) if r["name"] == asked["name"]
        ],
    ),
)
"""The ten tasks of issue 23, in its order."""


@dataclass
class Outcome:
    """One task in one variant: calls, tokens, whether the answer matched, and what went wrong if it did not."""

    task: str
    variant: str
    calls: int
    tokens: int
    correct: bool
    problems: list[str]


@contextmanager
def sandbox() -> Iterator[str]:
    """A sandbox whose demo key never runs out."""
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


def truths(url: str) -> tuple[dict[str, Any], dict[str, str]]:
    """Each task's right answer, from the upstream's whole replies, and what the tasks ask."""
    with DataClient(settings=Settings.from_env({"DATA_API_KEY": "demo", "DATA_BASE_URL": url})) as client:
        asked = questions(client)
        return {task.name: task.truth(client, asked) for task in TASKS}, asked


async def run_variant(
    url: str, variant: str, want: Mapping[str, Any], asked: Mapping[str, str], folder: Path
) -> tuple[list[Outcome], int]:
    """Every task in one variant, on one server: the outcomes and the tool list's o200k tokens."""
    manifest = folder / f"{variant}.yaml"
    manifest.write_text(MANIFESTS[variant])
    env = server_env(url, DATA_MCP_MANIFEST=str(manifest))
    outcomes = []
    async with connect(env, folder / f"{variant}.log") as client:
        listed = (await client.list_tools()).tools
        tools_tokens = o200k.count(
            json.dumps([tool.model_dump(mode="json", exclude_none=True) for tool in listed], separators=(",", ":"))
        )
        takes_fields = variant == "fields" and any(
            "fields" in (tool.input_schema.get("properties") or {}) for tool in listed
        )
        for task in TASKS:
            agent = Agent(client, takes_fields)
            try:
                got = await task.run(agent, variant, asked)
                correct = task.close(got, want[task.name])
            except (MCPError, RuntimeError, KeyError, TypeError, ValueError) as failure:
                agent.problems.append(f"{type(failure).__name__}: {failure}")
                correct = False
            outcomes.append(Outcome(task.name, variant, agent.calls, agent.tokens, correct, agent.problems))
    return outcomes, tools_tokens


async def run_all(variants: tuple[str, ...] = VARIANTS) -> dict[str, Any]:
    """Every variant, against one sandbox; the results as ``tasks.json`` holds them."""
    with sandbox() as url, tempfile.TemporaryDirectory() as folder:
        want, asked = truths(url)
        results: dict[str, Any] = {"tasks": {t.name: t.ask for t in TASKS}, "variants": {}}
        for variant in variants:
            outcomes, tools_tokens = await run_variant(url, variant, want, asked, Path(folder))
            results["variants"][variant] = {
                "tool_list_tokens": tools_tokens,
                "calls": sum(o.calls for o in outcomes),
                "tokens": sum(o.tokens for o in outcomes),
                "correct": sum(o.correct for o in outcomes),
                "outcomes": [asdict(o) for o in outcomes],
            }
    return results


def plot(results: Mapping[str, Any], path: Path) -> None:
    """Tokens of answers per task, one bar per variant, on a log scale."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(results["tasks"])
    variants = list(results["variants"])
    width = 0.8 / len(variants)
    fig, ax = plt.subplots(figsize=(10, 4.2))
    for i, variant in enumerate(variants):
        by_task = {o["task"]: o["tokens"] for o in results["variants"][variant]["outcomes"]}
        xs = [j + (i - (len(variants) - 1) / 2) * width for j in range(len(names))]
        ax.bar(xs, [by_task[n] for n in names], width, label=variant)
    ax.set_yscale("log")
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel("o200k tokens of answers (log)")
    ax.set_title("Ten analyst tasks through data-mcp (analyst profile), per answer variant")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=2 * plt.rcParams["figure.dpi"])
    plt.close(fig)


def main() -> None:
    results = anyio.run(run_all)
    out = ROOT / "benchmarks" / "results" / "tasks.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    for variant, summary in results["variants"].items():
        print(
            f"{variant:7} tool list {summary['tool_list_tokens']:,} tokens; {summary['calls']} calls,"
            f" {summary['tokens']:,} tokens of answers, {summary['correct']}/{len(TASKS)} correct"
        )
        for o in summary["outcomes"]:
            flag = "ok" if o["correct"] else "WRONG " + "; ".join(o["problems"])[:300]
            print(f"    {o['task']:9} {o['calls']:3} calls {o['tokens']:7,} tokens  {flag}")
    try:
        plot(results, ROOT / "docs" / "img" / "bench-tasks.png")
    except ImportError:
        print("matplotlib is not installed (the bench extra): no plot", file=sys.stderr)


if __name__ == "__main__":
    main()
