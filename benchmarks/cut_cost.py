"""What a cut answer costs: CPU and peak memory to show a few rows of a large reply, against GET + json.loads of it.

Run: ``.venv/bin/python benchmarks/cut_cost.py [--runs 2]`` (writes ``benchmarks/results/cut_cost.json``).

Two replies from a sandbox process, 1-minute bars of AAPL: ``100k`` (2025-11-05 to 2026-11-20, 100,620 rows,
JSON answers with structured content, as a manifest with ``output_schemas: true`` and ``answer_format: json``
serves them) and ``year`` (2025-11-20 to 2026-11-20, 98,280 rows, the default table). Each contender runs in a
fresh process, after a warm-up call of one day of bars (imports and first-use costs are paid before measuring),
in turns within one run:

- ``get``: a bare ``httpx2`` GET of the reply; ``get+loads``: the same and ``json.loads`` of it (the target's
  measuring stick);
- ``eager``: the client call and the answer writer as the server ran them before rows were read on demand
  (``call_with_models``: every row parsed and validated), in-process; ``lazy``: the same with ``call_lazily``;
- ``data-mcp``: the stdio server itself, one ``tools/call`` over pipes (cache off).

CPU is ``time.process_time`` of the measuring process (for ``data-mcp``, ``utime + stime`` of the server
process from ``/proc``, so its JSON-RPC work counts too). Peak memory is ``VmHWM`` above the ``VmRSS`` just
before the call, the peak being reset then (``/proc/PID/clear_refs``). The sandbox's work is in its own process
and counts nowhere. Targets (issue 23): data-mcp's CPU ≤ 1.3× ``get+loads``; its peak ≤ idle + 3× the reply's bytes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import call_cpu  # noqa: E402
import hosted_load  # noqa: E402

RESULTS = HERE / "results" / "cut_cost.json"
CPU_TARGET = 1.3
MEMORY_TARGET = 3.0
CASES: dict[str, dict[str, Any]] = {
    "100k": {"from_date": "2025-11-05", "format": "json"},
    "year": {"from_date": "2025-11-20", "format": "table"},
}
TO_DATE = "2026-11-20"
IN_PROCESS = ("get", "get+loads", "eager", "lazy")
SERVER = "data-mcp"


def manifest(case: str) -> str:
    """The manifest data-mcp serves the case with."""
    if CASES[case]["format"] == "json":
        return "tools: [company.intraday_prices]\noutput_schemas: true\nanswer_format: json\n"
    return "tools: [company.intraday_prices]\n"


def arguments(case: str, *, warm: bool = False) -> dict[str, str]:
    """The tool's arguments: the case's range, or with ``warm`` its last day alone."""
    first = TO_DATE if warm else CASES[case]["from_date"]
    return {"symbol": "AAPL", "interval": "1min", "from_date": first, "to_date": TO_DATE}


def status(pid: int | str, field: str) -> int:
    """A ``/proc/PID/status`` figure in bytes (``VmRSS``, ``VmHWM``)."""
    found = re.search(rf"^{field}:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.M)
    assert found is not None, field
    return int(found.group(1)) * 1024


def reset_peak(pid: int | str) -> None:
    """Make ``VmHWM`` the current ``VmRSS`` (Linux: 5 to ``clear_refs``)."""
    Path(f"/proc/{pid}/clear_refs").write_text("5")


def shown_of(note: str) -> int | None:
    found = re.search(r"Rows 1-([\d,]+) of", note)
    return int(found.group(1).replace(",", "")) if found else None


def in_process(name: str, case: str, url: str) -> dict[str, Any]:
    """One contender's call in this process (a fresh one): CPU seconds, peak above idle, rows shown."""
    import httpx2

    from data_pkg.answers import CallContext
    from data_pkg.answers.results import ResultWriter
    from data_pkg.catalog import by_key
    from data_pkg.client import DataClient, Settings
    from data_pkg.toolsets import AnswerSpec
    from data_pkg.toolsets._schemas import output_schema

    endpoint = by_key("intraday_prices")
    json_format = CASES[case]["format"] == "json"
    spec = AnswerSpec(format="json") if json_format else AnswerSpec()
    schema = output_schema(endpoint) if json_format else None
    env = {"DATA_API_KEY": "demo", "DATA_BASE_URL": url, "DATA_PROVIDER_SEGMENT": "acme", "DATA_CACHE": "off"}
    client = DataClient(settings=Settings.from_env(env))
    http = httpx2.Client(timeout=60)
    writer = ResultWriter()

    def wire(warm: bool) -> dict[str, str]:
        args = arguments(case, warm=warm)
        return {"symbol": "AAPL", "from": args["from_date"], "to": args["to_date"], "apikey": "demo"}

    def get(warm: bool) -> Any:
        return http.get(f"{url}/stable/historical-chart/1min", params=wire(warm)).content

    def answer(call: Callable[..., Any], warm: bool) -> Any:
        args = arguments(case, warm=warm)
        values, models = call(endpoint.key, **args)
        return writer.answer(values, spec, CallContext.of(endpoint, args), schema=schema, models=models)

    work: Callable[[bool], Any] = {
        "get": get,
        "get+loads": lambda warm: json.loads(get(warm)),
        "eager": lambda warm: answer(client.call_with_models, warm),
        "lazy": lambda warm: answer(client.call_lazily, warm),
    }[name]
    work(True)
    idle = status("self", "VmRSS")
    reset_peak("self")
    began = time.process_time()
    done = work(False)
    cpu = time.process_time() - began
    peak = status("self", "VmHWM")
    shown = None
    if name in ("eager", "lazy"):
        assert not done.is_error, done.content[0].text[:300]
        shown = shown_of(done.content[-1].text)
    return {"cpu_s": cpu, "idle_bytes": idle, "peak_above_idle": peak - idle, "shown": shown}


async def server_run(case: str, url: str) -> dict[str, Any]:
    """data-mcp over stdio, one call of the case after a warm-up: CPU from /proc, peak above idle, rows shown."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "desk.yaml"
        path.write_text(manifest(case))
        session = await call_cpu.StdioSession.start(url, DATA_MCP_MANIFEST=str(path))
        try:
            warm = await session.tool("intraday_prices", arguments(case, warm=True))
            assert not warm["result"].get("isError"), warm
            idle = status(session.pid, "VmRSS")
            reset_peak(session.pid)
            began = call_cpu.cpu_seconds(session.pid)
            message = await session.tool("intraday_prices", arguments(case))
            cpu = call_cpu.cpu_seconds(session.pid) - began
            peak = status(session.pid, "VmHWM")
        finally:
            await session.close()
    result = message["result"]
    assert not result.get("isError"), json.dumps(result)[:300]
    return {
        "cpu_s": cpu,
        "idle_bytes": idle,
        "peak_above_idle": peak - idle,
        "shown": shown_of(result["content"][-1]["text"]),
    }


def reply(url: str, case: str) -> dict[str, int]:
    """Rows and bytes of the case's reply."""
    import httpx2

    args = arguments(case)
    params = {"symbol": "AAPL", "from": args["from_date"], "to": args["to_date"], "apikey": "demo"}
    body = httpx2.get(f"{url}/stable/historical-chart/1min", params=params, timeout=60).content
    return {"rows": len(json.loads(body)), "bytes": len(body)}


def spawn(name: str, case: str, url: str) -> dict[str, Any]:
    """One in-process contender in a fresh process."""
    command = [sys.executable, __file__, "--contender", name, "--case", case, "--url", url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def summary(samples: list[dict[str, Any]]) -> dict[str, Any]:
    cpu = [s["cpu_s"] for s in samples]
    peak = [s["peak_above_idle"] for s in samples]
    return {
        "cpu_s": {"median": statistics.median(cpu), "min": min(cpu), "max": max(cpu)},
        "peak_above_idle_bytes": {"median": statistics.median(peak), "min": min(peak), "max": max(peak)},
        "idle_bytes": statistics.median(s["idle_bytes"] for s in samples),
        "shown": samples[0]["shown"],
    }


def measure(url: str, runs: int) -> dict[str, Any]:
    """Every contender of every case, ``runs`` times each, contenders in a rotating order."""
    out: dict[str, Any] = {}
    names = [*IN_PROCESS, SERVER]
    for case in CASES:
        samples: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
        for run in range(runs):
            for name in names[run % len(names) :] + names[: run % len(names)]:
                sample = asyncio.run(server_run(case, url)) if name == SERVER else spawn(name, case, url)
                samples[name].append(sample)
        contenders = {name: summary(found) for name, found in samples.items()}
        size = reply(url, case)
        stick = contenders["get+loads"]["cpu_s"]["median"]
        ours = contenders[SERVER]
        out[case] = {
            "reply": size,
            "format": CASES[case]["format"],
            "contenders": contenders,
            "cpu_ratio": ours["cpu_s"]["median"] / stick,
            "lazy_cpu_ratio": contenders["lazy"]["cpu_s"]["median"] / stick,
            "eager_cpu_ratio": contenders["eager"]["cpu_s"]["median"] / stick,
            "peak_per_reply_byte": ours["peak_above_idle_bytes"]["median"] / size["bytes"],
            "cpu_target_met": ours["cpu_s"]["median"] <= CPU_TARGET * stick,
            "memory_target_met": ours["peak_above_idle_bytes"]["median"] <= MEMORY_TARGET * size["bytes"],
        }
    out["load_average"] = Path("/proc/loadavg").read_text().split()[:3]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="runs of each contender per case (default 2)")
    parser.add_argument("--contender", choices=IN_PROCESS, help=argparse.SUPPRESS)
    parser.add_argument("--case", choices=CASES, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.contender:
        print(json.dumps(in_process(options.contender, options.case, options.url)))
        return 0
    with hosted_load.sandbox_process() as url:
        results = measure(url, options.runs)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    for case in CASES:
        part = results[case]
        line = {name: round(c["cpu_s"]["median"], 3) for name, c in part["contenders"].items()}
        mb = {name: round(c["peak_above_idle_bytes"]["median"] / 2**20, 1) for name, c in part["contenders"].items()}
        print(case, part["reply"], "cpu s", line, "peak MB", mb)
        print(f"  data-mcp {part['cpu_ratio']:.2f}x get+loads, peak {part['peak_per_reply_byte']:.2f}x reply bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
