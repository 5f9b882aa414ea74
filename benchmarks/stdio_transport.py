"""The same server on two stdio transports: data-mcp's own (``data_pkg.mcp._stdio``) against the SDK's
``stdio_server()`` with a stream-exception hook (``sdk_stdio_server.py``).

Run: ``.venv/bin/python benchmarks/stdio_transport.py [--calls 200] [--rounds 4] [--only cpu hardening]
[--output FILE]`` (about a minute of CPU in all).

Both sides run ``create_app`` and ``serve`` of ``data_pkg.mcp.server``; only ``serve``'s transport differs.

- **CPU per round trip**: ``tools/call`` (``quote``, one upstream GET to the sandbox, cache off) and
  ``tools/list``, one at a time over pipes from raw JSON-RPC lines (no SDK client, whose cost would land in
  the figures), ``utime + stime`` of the server process from ``/proc`` per block of ``--calls``; the blocks
  alternate between the sides (``call_cpu.run_blocks``), so both see the same load.
- **The hardening corpus** the tests of ``tests/mcp/test_stdio_protocol.py`` pin, run against each side:
  every malformed line, lone surrogate and refused envelope followed by a ``ping`` (the answers it must get,
  and whether the server still answers the ping), two 17 MiB lines (the server's peak memory after), calls
  in flight at end of input, a client that closes stdout, and files as stdin and stdout. A side that dies is
  started again for the next case.

Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for path in (HERE, ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import call_cpu  # noqa: E402
import server as server_bench  # noqa: E402
from tests.mcp.test_stdio_protocol import MALFORMED, SURROGATES  # noqa: E402  the corpus the tests pin
from tests.support import ENVELOPE_REFUSALS  # noqa: E402

SIDES: dict[str, tuple[str, ...]] = {
    "data-mcp transport": ("-m", "data_pkg.mcp"),
    "SDK transport + hook": (str(HERE / "sdk_stdio_server.py"),),
}
RESULTS = HERE / "results"
Answer = tuple[int, Any]
ANSWER_WITHIN = 20.0


def _request(id_: object, method: str, params: dict[str, Any] | None = None) -> bytes:
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        body["params"] = params
    return json.dumps(body).encode()


INITIALIZE = json.dumps(server_bench.INIT).encode()
INITIALIZED = b'{"jsonrpc": "2.0", "method": "notifications/initialized"}'


class Probe:
    """One side's server over pipes, spoken to in raw lines; every wait is bounded."""

    def __init__(self, side: str, env: dict[str, str], errlog: Path) -> None:
        self._err = errlog.open("w")
        self.process = subprocess.Popen(
            [sys.executable, *SIDES[side]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._err, env=env
        )
        self._lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.stray = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.pings = 0

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            try:
                self._lines.put(json.loads(raw))
            except ValueError:
                self.stray += 1
        self._lines.put(None)

    def send(self, *lines: bytes) -> bool:
        """Write ``lines``; False when the server no longer reads stdin."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(b"".join(line + b"\n" for line in lines))
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return False
        return True

    def until(self, id_: object) -> tuple[list[dict[str, Any]], bool]:
        """Messages read up to the answer to ``id_``, and whether it came (False: the server died or hung)."""
        seen: list[dict[str, Any]] = []
        while True:
            try:
                message = self._lines.get(timeout=ANSWER_WITHIN)
            except queue.Empty:
                return seen, False
            if message is None:
                return seen, False
            if message.get("id") == id_ and ("result" in message or "error" in message):
                return seen, True
            seen.append(message)

    def open(self) -> bool:
        self.send(INITIALIZE, INITIALIZED)
        return self.until(1)[1]

    def then_ping(self, *lines: bytes) -> tuple[list[dict[str, Any]], bool]:
        """Send ``lines`` and a ping: what came before the ping's answer, and whether the server lived to answer it."""
        self.pings += 1
        ping_id = f"ping-{self.pings}"
        if not self.send(*lines, _request(ping_id, "ping")):
            return [], False
        return self.until(ping_id)

    def alive(self) -> bool:
        return self.process.poll() is None

    def peak_rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> tuple[int | None, str]:
        """EOF on stdin; the exit status (None: killed after 30 s) and the server's log."""
        assert self.process.stdin is not None and self.process.stdout is not None
        with suppress(OSError):
            self.process.stdin.close()
        try:
            status: int | None = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            status = None
        self.process.stdout.close()
        self._err.close()
        return status, Path(self._err.name).read_text(errors="replace")


def _errors(messages: list[dict[str, Any]]) -> list[Answer]:
    return [(m["error"]["code"], m.get("id")) for m in messages if "error" in m]


def corpus_cases() -> list[tuple[str, bytes, list[Answer] | list[tuple[int, str]], bool]]:
    """(name, line, expected answers, compare messages too) for each line of the corpus."""
    cases: list[tuple[str, bytes, Any, bool]] = []
    for index, (line, expected) in enumerate(MALFORMED):
        raw = line if isinstance(line, bytes) else line.encode()
        cases.append((f"malformed[{index}] {raw[:48]!r}", raw, [expected] if expected else [], False))
    for index, (text, expected) in enumerate(SURROGATES):
        cases.append((f"surrogate[{index}] {text[:48]!r}", text.encode(), [expected] if expected else [], False))
    for index, (body, code, message) in enumerate(ENVELOPE_REFUSALS):
        cases.append((f"envelope[{index}] {body[:48]!r}", body.encode(), [(code, message)], True))
    return cases


def run_corpus(side: str, env: dict[str, str], work: Path) -> dict[str, Any]:
    """Every line of the corpus on ``side``: which were answered as the tests require, which killed it."""
    logs = iter(range(1_000_000))
    probe = Probe(side, env, work / f"{next(logs)}.log")
    probe.open()
    results: list[dict[str, Any]] = []
    for name, line, expected, by_message in corpus_cases():
        before, lived = probe.then_ping(line)
        got: Any = (
            [(m["error"]["code"], m["error"]["message"]) for m in before if "error" in m]
            if by_message
            else _errors(before)
        )
        results.append({"case": name, "ok": lived and got == expected, "survived": lived, "got": got})
        print(f"{side}: {name}: {'ok' if results[-1]['ok'] else got}", file=sys.stderr, flush=True)
        if not lived:
            probe.close()
            probe = Probe(side, env, work / f"{next(logs)}.log")
            probe.open()
    probe.close()
    return {
        "lines": len(results),
        "answered_as_required": sum(r["ok"] for r in results),
        "killed_the_server": sum(not r["survived"] for r in results),
        "wrong": [r for r in results if not r["ok"]],
    }


def overlong(side: str, env: dict[str, str], work: Path) -> dict[str, Any]:
    """Two 17 MiB lines (the id before the long part, then after it): the answers, and the peak memory."""
    probe = Probe(side, env, work / "overlong.log")
    probe.open()
    idle = probe.peak_rss_mb()
    big = "a" * (17 * 2**20)
    first = f'{{"jsonrpc": "2.0", "id": 5, "method": "ping", "params": {{"x": "{big}"}}}}'.encode()
    second = f'{{"jsonrpc": "2.0", "method": "ping", "params": {{"x": "{big}"}}, "id": 6}}'.encode()
    before, lived = probe.then_ping(first, second)
    answers = [(m["error"]["code"] if "error" in m else "result", m.get("id")) for m in before]
    peak = probe.peak_rss_mb()
    probe.close()
    return {
        "ok": lived and answers == [(-32600, 5), (-32600, None)],
        "answers": answers,
        "survived": lived,
        "peak_rss_mb": round(peak, 1),
        "peak_above_idle_mb": round(peak - idle, 1),
    }


def eof_in_flight(side: str, env: dict[str, str], work: Path) -> dict[str, Any]:
    """Ten calls, a tools/list and a ping written at once, then EOF: how many of the 13 requests are answered."""
    lines = [
        INITIALIZE,
        INITIALIZED,
        *(_request(i, "tools/call", {"name": "quote", "arguments": {"symbol": "AAPL"}}) for i in range(2, 12)),
        _request(12, "tools/list"),
        _request(13, "ping"),
    ]
    with (work / "eof.log").open("w") as errlog:
        done = subprocess.run(
            [sys.executable, *SIDES[side]],
            input=b"\n".join(lines) + b"\n",
            stdout=subprocess.PIPE,
            stderr=errlog,
            env=env,
            timeout=90,
        )
    answered = {m.get("id") for m in map(json.loads, done.stdout.splitlines()) if "result" in m or "error" in m}
    return {
        "ok": done.returncode == 0 and len(answered) == 13,
        "answered": len(answered),
        "of": 13,
        "exit": done.returncode,
    }


def stdout_closed(side: str, env: dict[str, str], work: Path) -> dict[str, Any]:
    """The client reads nothing and has closed its end of stdout: the server must end cleanly, no traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    with (work / "closed.log").open("w") as errlog:
        process = subprocess.Popen(
            [sys.executable, *SIDES[side]], stdin=subprocess.PIPE, stdout=write_end, stderr=errlog, env=env
        )
        os.close(write_end)
        try:
            process.communicate(
                b"\n".join([INITIALIZE, INITIALIZED, *(_request(100 + i, "tools/list") for i in range(3))]) + b"\n",
                timeout=30,
            )
            status: int | None = process.returncode
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            status = None
    log = (work / "closed.log").read_text(errors="replace")
    return {"ok": status == 0 and "Traceback" not in log, "exit": status, "traceback_in_log": "Traceback" in log}


def files(side: str, env: dict[str, str], work: Path) -> dict[str, Any]:
    """A file as stdin and a file as stdout (not pipes): the same answers, and EOF ends the server."""
    source, sink = work / "in.jsonl", work / "out.jsonl"
    source.write_bytes(b"\n".join([INITIALIZE, b"this is not json", b'{"id": 9, "method": "ping"}']) + b"\n")
    with source.open("rb") as stdin, sink.open("wb") as stdout, (work / "files.log").open("w") as err:
        done = subprocess.run(
            [sys.executable, *SIDES[side]], stdin=stdin, stdout=stdout, stderr=err, env=env, timeout=60
        )
    by_id = {m.get("id"): m for m in map(json.loads, sink.read_text().splitlines())}
    got = {str(k): (v["error"]["code"] if "error" in v else "result") for k, v in by_id.items()}
    return {"ok": done.returncode == 0 and got == {"1": "result", "None": -32700, "9": -32600}, "answers": got}


def hardening(sandbox_url: str) -> dict[str, Any]:
    env = server_bench.our_env(DATA_BASE_URL=sandbox_url, DATA_CACHE="off")
    out: dict[str, Any] = {}
    for side in SIDES:
        with tempfile.TemporaryDirectory() as folder:
            work = Path(folder)
            checks: dict[str, Callable[[str, dict[str, str], Path], dict[str, Any]]] = {
                "corpus": run_corpus,
                "overlong_lines": overlong,
                "calls_in_flight_at_eof": eof_in_flight,
                "stdout_closed_by_client": stdout_closed,
                "files_as_stdin_and_stdout": files,
            }
            out[side] = {}
            for name, check in checks.items():
                out[side][name] = check(side, env, work)
                print(f"{side}: {name}: {out[side][name]}"[:300], file=sys.stderr, flush=True)
    return out


# --------------------------------------------------------------------------------------------- CPU


def _lister(session: call_cpu.StdioSession) -> Callable[[], Any]:
    async def call() -> str | None:
        session.next_id += 1
        message = await session.request("tools/list", {}, session.next_id)
        return None if message.get("result", {}).get("tools") else json.dumps(message)[:200]

    return call


async def cpu(sandbox_url: str, sandbox_pid: int, calls: int, rounds: int) -> dict[str, Any]:
    sessions = {side: await call_cpu.StdioSession.start(sandbox_url, command=argv) for side, argv in SIDES.items()}
    contenders = []
    for side, session in sessions.items():
        contenders.append(call_cpu.Contender(f"{side}: tools/call", session.call, session.pid))
        contenders.append(call_cpu.Contender(f"{side}: tools/list", _lister(session), session.pid))
    try:
        loads = await call_cpu.run_blocks(contenders, calls, rounds, sandbox_pid)
    finally:
        for session in sessions.values():
            await session.close()
    figures = {c.name: c.tally.summary() for c in contenders}
    ratios = {
        method: figures[f"SDK transport + hook: {method}"]["cpu_ms"]["median"]
        / figures[f"data-mcp transport: {method}"]["cpu_ms"]["median"]
        for method in ("tools/call", "tools/list")
    }
    return {
        "calls_per_block": calls,
        "rounds": rounds,
        "load_average": {"min": min(loads), "max": max(loads)},
        "contenders": figures,
        "sdk_over_ours": ratios,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="round trips per block (default 200)")
    parser.add_argument("--rounds", type=int, default=4, help="blocks per contender (default 4)")
    parser.add_argument("--only", nargs="+", choices=("cpu", "hardening"), default=["cpu", "hardening"])
    parser.add_argument("--output", type=Path, default=None, help="also write the figures as JSON here")
    options = parser.parse_args(argv)
    if options.calls * options.rounds > 5_000:
        parser.error("keep it bounded: at most 5,000 round trips per contender")
    figures: dict[str, Any] = {"python": sys.version.split()[0]}
    with call_cpu.sandbox() as (url, pid):
        if "cpu" in options.only:
            figures["cpu"] = asyncio.run(cpu(url, pid, options.calls, options.rounds))
        if "hardening" in options.only:
            figures["hardening"] = hardening(url)
    call_cpu.emit(figures, options.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
