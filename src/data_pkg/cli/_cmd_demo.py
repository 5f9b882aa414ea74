"""``data-mcp demo``: the whole product in a minute, offline and with no key.

Starts the sandbox, starts the real server over stdio the way a desktop assistant does,
lists its tools with their size, calls a few, then edits the manifest and shows the hot
reload arriving. Everything is real: subprocess, pipes, JSON-RPC, HTTP on loopback.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import typer

from data_pkg.files import write_atomic
from data_pkg.toolsets import estimate_tokens

MANIFEST = '''"""Demo desk: the analyst profile, as a team would extend it."""
EXTENDS = ["analyst"]
EXCLUDE = ["transcripts.*"]
'''


def _say(text: str = "") -> None:
    typer.echo(text)


def _spelled(command: str) -> str:
    """How to run this environment's ``command`` in the shell the demo was started from, as printed.

    ``data-mcp`` when that is what the shell finds; else the script's path (relative under the
    working folder, so ``./dev demo`` prints ``.venv/bin/data-mcp``); else ``python -m data_pkg.cli``.
    """
    folder = Path(os.path.abspath(sys.executable)).parent
    script = folder / (command + (".exe" if os.name == "nt" else ""))
    if not script.is_file():
        return f"{sys.executable} -m data_pkg.cli"
    found = shutil.which(command)
    if found is not None and os.path.samefile(found, script):
        return command
    here = os.getcwd()
    return os.path.relpath(script, here) if os.path.commonpath([here, script]) == here else str(script)


def _process_age() -> float | None:
    """Seconds since this process started (Linux): interpreter, imports, and whatever ran before an exec into it."""
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # starttime, in clock ticks after boot
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _short(text: str, limit: int = 110) -> str:
    text = " | ".join(text.splitlines())  # a table answer's lines, kept on one line of the demo
    return text if len(text) <= limit else text[: limit - 3] + "..."


async def _run(base_url: str, folder: Path) -> None:
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    manifest = folder / "demo-desk.py"
    write_atomic(manifest, MANIFEST.encode("utf-8"), mode=None)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATA_")}
    env |= {"DATA_API_KEY": "demo", "DATA_BASE_URL": base_url, "DATA_MCP_MANIFEST": str(manifest)}
    changed = anyio.Event()

    async def on_message(message: Any) -> None:
        if getattr(message, "method", None) == "notifications/tools/list_changed":
            changed.set()

    params = StdioServerParameters(command=sys.executable, args=["-m", "data_pkg.mcp"], env=env)
    started = time.perf_counter()
    with (folder / "server.log").open("w") as errlog:
        transport = stdio_client(params, errlog=errlog)
        async with Client(transport, mode="legacy", read_timeout_seconds=30, message_handler=on_message) as client:
            info = client.server_info
            caps = client.server_capabilities
            listed = caps.tools.list_changed if caps.tools else None
            _say(f"[2/5] started `python -m data_pkg.mcp` over stdio with {manifest.name} (extends analyst)")
            name, version = (info.name, info.version) if info else ("?", "")
            _say(f"      initialize: {name} {version}, tools.listChanged={listed}")
            result = await client.list_tools()
            wire = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in result.tools]
            size = len(json.dumps(wire, separators=(",", ":")))
            # The estimate data-mcp tools prints for the same list (bytes / 4, rounded up), so the two agree.
            tokens = estimate_tokens(size)
            _say(f"[3/5] tools/list in {time.perf_counter() - started:.2f} s from spawn: {len(wire)} tools,")
            _say(f"      {size:,} bytes (~{tokens:,} tokens, {size // max(1, len(wire))} bytes per tool)")
            _say("      " + _short(", ".join(t.name for t in result.tools), 100))
            _say("[4/5] calling tools")
            for name, arguments in (
                ("quote", {"symbol": "AAPL"}),
                ("income_statement", {"symbol": "AAPL", "period": "annual", "limit": 2}),
                ("income_statement", {"symbol": "AAPL", "period": "weekly"}),
            ):
                call = await client.call_tool(name, arguments)
                text = getattr(call.content[0], "text", "") if call.content else ""
                mark = "error" if call.is_error else "ok"
                _say(f"      {name} {json.dumps(arguments)} -> {mark}: {_short(text, 90)}")
            _say("[5/5] hot reload: adding technical.sma to the manifest and saving it")
            saved = time.perf_counter()
            write_atomic(manifest, (MANIFEST + 'TOOLS = ["technical.sma"]\n').encode("utf-8"), mode=None)
            with anyio.fail_after(10):
                await changed.wait()
            latency = (time.perf_counter() - saved) * 1000
            now = await client.list_tools()
            _say(f"      notifications/tools/list_changed after {latency:.0f} ms; {len(now.tools)} tools now")
            call = await client.call_tool("sma", {"symbol": "AAPL", "period_length": 50, "timeframe": "1day"})
            text = getattr(call.content[0], "text", "") if call.content else ""
            _say(f"      sma -> {'error' if call.is_error else 'ok'}: {_short(text, 90)}")
    reload_lines = [line for line in (folder / "server.log").read_text().splitlines() if "reloaded" in line]
    if reload_lines:
        _say(f"      server log: {reload_lines[-1].split(': ', 1)[-1]}")


def register(app: typer.Typer) -> None:
    """Add ``demo`` to ``app``."""

    @app.command()
    def demo() -> None:
        """A tour of the server against the built-in sandbox: no key, no network, about two seconds.

        Starts the sandbox, starts the server with a manifest extending the analyst profile over
        stdio as a desktop assistant would, lists and calls tools, then edits the manifest and
        shows the hot reload arriving.

        Example: data-mcp demo
        """
        try:
            import anyio
            import mcp  # noqa: F401  (the client side of the demo)
        except ModuleNotFoundError as error:
            from data_pkg.extras import exit_for_missing_extra

            exit_for_missing_extra(error, "mcp", "data-mcp demo", "the demo")
        from data_pkg.sandbox import running_sandbox

        started = time.perf_counter()
        _say("data-mcp demo: the local server against the built-in sandbox (synthetic data, no key, no network)\n")
        with running_sandbox() as base_url, tempfile.TemporaryDirectory(prefix="data-mcp-demo-") as folder:
            _say(f"[1/5] sandbox listening on {base_url}")
            anyio.run(_run, base_url, Path(folder))
        tour = time.perf_counter() - started
        age = _process_age()
        # The process age counts from the command the user typed (./dev execs into this process, setup included).
        took = f"{tour:.1f} s"
        if age is not None:
            took = f"{age:.1f} s from the command's start (the tour itself {took})"
        data_mcp = _spelled("data-mcp")
        _say(f"\ndone in {took}.")
        _say(f"Next: {data_mcp} tools analyst")
        _say(f"      {data_mcp} config print --manifest analyst")
