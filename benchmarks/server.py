"""Local server benchmarks: start time, tools/list size, memory, hot-reload latency.

Run: ``.venv/bin/python benchmarks/server.py [--runs N] [--compare "ENV=VALUE /path/python -m module"]``.
Results go to ``benchmarks/results/server.json`` and are printed. Every figure is a median (and
spread) over ``--runs`` fresh processes on this machine; nothing here is asserted by the tests.

Figures:
- ``floor``: a bare ``python -c "import mcp.server.lowlevel, mcp.server.stdio"`` in this venv:
  the least any server built on the MCP SDK can cost. Wall time and peak RSS.
- ``start``: spawn -> initialize answered -> tools/list answered in full, over real pipes,
  for the default set, each profile and the full catalog; RSS of the idle server afterwards.
- ``tools/list``: bytes of the tools/list result and bytes per tool.
- ``reload``: manifest saved (write + rename) -> ``notifications/tools/list_changed`` read from
  the server's stdout, p50 and p95 over many saves.
- ``--compare``: the same start and size figures for another stdio server command (a measuring
  stick installed outside this repository); lines it prints to stdout that are not JSON are counted.
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from data_pkg.toolsets import estimate_tokens
from o200k import count

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
INIT: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}},
}
PROFILES = ("minimal", "analyst", "quant", "news", "full")
"""The built-in profiles measured besides the default set."""


class Pipe:
    """A spawned stdio server and a line reader with a deadline."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
        )
        assert self.process.stdout is not None
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.stray_lines = 0

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def read(self, deadline: float = 60.0) -> tuple[dict[str, Any], int]:
        """The next JSON-RPC message and its size in bytes; non-JSON stdout lines are counted and skipped."""
        assert self.process.stdout is not None
        end = time.monotonic() + deadline
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if not line.strip():
                    continue
                try:
                    return json.loads(line), len(line)
                except ValueError:
                    self.stray_lines += 1
            if not self.selector.select(timeout=max(0.0, end - time.monotonic())):
                raise TimeoutError("no message from the server in time")
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError("the server closed stdout")
            self.buffer += chunk

    def until_id(self, id_: int) -> tuple[dict[str, Any], int]:
        while True:
            message, size = self.read()
            if message.get("id") == id_:
                return message, size

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.selector.close()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


def start_and_list(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """One spawn: seconds to a complete tools/list, its size, idle RSS, stray stdout lines."""
    pipe = Pipe(command, env)
    try:
        pipe.send(INIT)
        pipe.until_id(1)
        pipe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        pipe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        message, size = pipe.until_id(2)
        elapsed = time.perf_counter() - pipe.started
        tools = message["result"]["tools"]
        return {
            "seconds": elapsed,
            "tools": len(tools),
            "tools_json": json.dumps(tools, separators=(",", ":")),
            "wire_bytes": size,
            "rss_mb": pipe.rss_mb(),
            "stray_stdout_lines": pipe.stray_lines,
        }
    finally:
        pipe.close()


def list_cost(sample: dict[str, Any]) -> dict[str, Any]:
    """What one spawn's tools/list costs an agent: tools, bytes, exact o200k tokens and data-mcp's estimate.

    Counted once per set, from one sample: every spawn of a set answers the same list.
    """
    size = len(sample["tools_json"])
    return {
        "tools": sample["tools"],
        "tools_list_bytes": size,
        "bytes_per_tool": round(size / max(1, sample["tools"])),
        "tokens": count(sample["tools_json"]),
        "est_tokens": estimate_tokens(size),
    }


def summarise(samples: list[dict[str, Any]]) -> dict[str, Any]:
    seconds = [s["seconds"] for s in samples]
    rss = [s["rss_mb"] for s in samples]
    first = samples[0]
    return {
        "start_median_s": statistics.median(seconds),
        "start_min_s": min(seconds),
        "start_max_s": max(seconds),
        **list_cost(first),
        "rss_median_mb": statistics.median(rss),
        "stray_stdout_lines": first["stray_stdout_lines"],
        "runs": len(samples),
    }


def floor_samples(runs: int) -> tuple[list[float], list[float]]:
    """Wall seconds and peak RSS (MB) of ``runs`` bare imports of the MCP SDK's server modules."""
    code = (
        "import mcp.server.lowlevel, mcp.server.stdio, resource;"
        " print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    seconds, rss = [], []
    for _ in range(runs):
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=60
        ).stdout
        seconds.append(time.perf_counter() - started)
        rss.append(int(out) / 1024)
    return seconds, rss


def floor_ready_samples(runs: int) -> tuple[list[float], list[float]]:
    """Like :func:`floor_samples`, but timed the way a server start is: from spawn to a line on stdout.

    The child imports the SDK's server modules, prints ``{}`` and waits; the clock stops when that
    line is read and VmRSS is read then, so interpreter shutdown (which :func:`floor_samples`
    includes, since it times the process to its exit) is not counted.
    """
    code = "import mcp.server.lowlevel, mcp.server.stdio, sys; print('{}', flush=True); sys.stdin.read()"
    seconds, rss = [], []
    for _ in range(runs):
        pipe = Pipe([sys.executable, "-c", code], dict(os.environ))
        try:
            pipe.read(deadline=60)
            seconds.append(time.perf_counter() - pipe.started)
            rss.append(pipe.rss_mb())
        finally:
            pipe.close()
    return seconds, rss


def floor(runs: int) -> dict[str, Any]:
    seconds, rss = floor_samples(runs)
    return {"median_s": statistics.median(seconds), "rss_median_mb": statistics.median(rss), "runs": runs}


def our_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env.update({"DATA_API_KEY": "demo", "DATA_BASE_URL": "http://127.0.0.1:9", "DATA_MCP_RELOAD": "0"})
    env.update(extra)
    return env


SMALL_MANIFEST = {"team.yaml": "tools: [company.quote]\n"}
SMALL_VARIANTS = ("tools: [company.quote]\n", "tools: [company.quote, company.profile]\n")


def reload_samples(
    saves: int,
    files: Mapping[str, str] = SMALL_MANIFEST,
    *,
    entry: str = "team.yaml",
    edited: str = "team.yaml",
    variants: Sequence[str] = SMALL_VARIANTS,
    deadline: float = 10.0,
) -> list[float]:
    """Seconds from each save to the ``list_changed`` that follows it.

    ``files`` (name -> text) are written to a temporary folder; the server serves ``entry``; each
    save writes the next of ``variants`` (which must change the tool list) to ``edited`` with a
    write + rename, as editors do. ``deadline`` bounds the wait for each notification.
    """
    with tempfile.TemporaryDirectory() as folder:
        for name, text in files.items():
            (Path(folder) / name).write_text(text)
        target = Path(folder) / edited
        env = our_env(DATA_MCP_MANIFEST=str(Path(folder) / entry), DATA_MCP_RELOAD="1")
        pipe = Pipe([sys.executable, "-m", "data_pkg.mcp"], env)
        latencies = []
        try:
            pipe.send(INIT)
            pipe.until_id(1)
            pipe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            pipe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
            pipe.until_id(2)
            time.sleep(0.3)  # let the watcher arm before the first save
            for index in range(saves):
                temporary = target.with_name(f".{edited}.tmp")
                temporary.write_text(variants[(index + 1) % len(variants)])
                started = time.perf_counter()
                os.replace(temporary, target)
                while pipe.read(deadline)[0].get("method") != "notifications/tools/list_changed":
                    pass
                latencies.append(time.perf_counter() - started)
                time.sleep(0.1)  # separate saves so each is its own reload, as a person saving would
        finally:
            pipe.close()
    return latencies


def reload_latency(saves: int) -> dict[str, Any]:
    """Save -> list_changed latency over ``saves`` saves of a small YAML manifest."""
    ordered = sorted(reload_samples(saves))
    return {
        "p50_ms": statistics.median(ordered) * 1e3,
        "p95_ms": ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1e3,
        "max_ms": ordered[-1] * 1e3,
        "saves": len(ordered),
    }


def parse_compare(text: str) -> tuple[list[str], dict[str, str]]:
    """``"ENV=VALUE /path/python -m module"`` -> the command and the environment to run it with."""
    words = shlex.split(text)
    extra = dict(word.split("=", 1) for word in words if "=" in word and not word.startswith("-"))
    command = [word for word in words if word not in {f"{k}={v}" for k, v in extra.items()}]
    return command, {**os.environ, **extra}


def main(argv: list[str] | None = None) -> int:
    """Run every server benchmark and write ``benchmarks/results/server.json``."""
    parser = argparse.ArgumentParser(description="local server benchmarks")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--compare", help='another stdio server: "ENV=VALUE /path/to/python -m module" (not stored)')
    options = parser.parse_args(argv)
    results: dict[str, Any] = {"python": sys.version.split()[0], "floor": floor(options.runs)}
    ours = [sys.executable, "-m", "data_pkg.mcp"]
    for label, env in [
        ("default", our_env()),
        *[(name, our_env(DATA_MCP_PROFILE=name)) for name in PROFILES],
    ]:
        results[f"data-mcp {label}"] = summarise([start_and_list(ours, env) for _ in range(options.runs)])
    if options.compare:
        command, env = parse_compare(options.compare)
        samples = [start_and_list(command, env) for _ in range(options.runs)]
        results["measuring stick (earlier client)"] = summarise(samples)
    results["reload"] = reload_latency(options.saves)
    floor_s = results["floor"]["median_s"]
    results["default start above floor, s"] = results["data-mcp default"]["start_median_s"] - floor_s
    floor_mb = results["floor"]["rss_median_mb"]
    results["default RSS above floor, MB"] = results["data-mcp default"]["rss_median_mb"] - floor_mb
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "server.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
