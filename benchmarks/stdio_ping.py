"""How long a ``ping`` waits behind tool calls already in flight on the stdio server.

Run: ``.venv/bin/python benchmarks/stdio_ping.py [--calls 5000] [--rounds 3] [--output FILE]``.

One sandbox, one ``python -m data_pkg.mcp`` per round (cache off). After the handshake, ``--calls``
``tools/call`` lines for ``quote`` are written at once, then one ``ping``; the figure is the wall time
from writing the ping to reading its answer, beside the time until every call is answered. A ping
needs no upstream and almost no CPU: what it waits for is the server's scheduling. Medians over
``--rounds``; the machine is shared, so the load average is recorded too. Nothing here is asserted by
the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


async def _round(base_url: str, calls: int) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env.update(DATA_BASE_URL=base_url, DATA_API_KEY="demo", DATA_CACHE="off", DATA_MCP_RELOAD="0")
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "data_pkg.mcp",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
        limit=2**24,
    )
    assert server.stdin is not None and server.stdout is not None
    stdin, stdout = server.stdin, server.stdout
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}
    stdin.write(_line({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello}))
    await stdin.drain()
    await stdout.readline()
    stdin.write(_line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    call = {"name": "quote", "arguments": {"symbol": "AAPL"}}
    stdin.write(
        b"".join(
            _line({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": call}) for i in range(1, calls + 1)
        )
    )
    await stdin.drain()
    sent = time.perf_counter()
    stdin.write(_line({"jsonrpc": "2.0", "id": "ping", "method": "ping"}))
    await stdin.drain()
    ping_at = time.perf_counter()
    pong = None
    answered = 0
    while answered < calls or pong is None:
        message = json.loads(await stdout.readline())
        if message.get("id") == "ping":
            pong = time.perf_counter() - ping_at
        else:
            answered += 1
    done = time.perf_counter() - sent
    stdin.close()
    await server.wait()
    return {"ping_s": pong, "all_calls_s": done}


async def _main(calls: int, rounds: int) -> dict[str, Any]:
    from data_pkg.sandbox import running_sandbox

    results = []
    with running_sandbox() as url:
        for _ in range(rounds):
            results.append(await _round(url, calls))
    return {
        "calls": calls,
        "rounds": results,
        "ping_s_median": statistics.median(r["ping_s"] for r in results),
        "all_calls_s_median": statistics.median(r["all_calls_s"] for r in results),
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    """Measure and print (or write) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--output", type=Path)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    figures = asyncio.run(_main(args.calls, args.rounds))
    text = json.dumps(figures, indent=2)
    if args.output:
        args.output.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
