"""Start what a config starts, the way the host would, and see whether it works.

Two probes, both bounded in time (a timeout is a failure, never a pass):

- :func:`probe_interpreter` runs the configured Python with a tiny script that reports its
  version and whether ``data_pkg`` and ``mcp`` (the ``mcp`` extra) import;
- :func:`probe_server` starts the configured command with its args and env and speaks raw
  JSON-RPC over its pipes: ``initialize``, ``notifications/initialized``, ``tools/list``.

The host passes the server only a few variables of its own environment plus the entry's
``env``; :func:`host_environment` builds the same, so a variable set only in the shell cannot
hide a config that lacks it.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from data_pkg.desktop._entry import is_bare_name
from data_pkg.files import open_regular

__all__ = [
    "InterpreterInfo",
    "ServerProbe",
    "host_environment",
    "probe_interpreter",
    "probe_server",
    "resolve_command",
    "shebang_interpreter",
]

_POSIX_PASSED = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR")
_WINDOWS_PASSED = (
    "APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PATHEXT", "PROCESSOR_ARCHITECTURE",
    "PROGRAMFILES", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TMP", "USERNAME", "USERPROFILE", "COMSPEC",
)  # fmt: skip
PROTOCOL_VERSION = "2025-06-18"


def host_environment(entry_env: Mapping[str, str], base: Mapping[str, str] | None = None) -> dict[str, str]:
    """A few variables of ``base`` (default: this process's) that hosts pass on, plus ``entry_env``."""
    source = os.environ if base is None else base
    passed = _WINDOWS_PASSED if os.name == "nt" else _POSIX_PASSED
    env = {name: source[name] for name in passed if source.get(name)}
    env.update(entry_env)
    return env


def resolve_command(command: str, env: Mapping[str, str]) -> str | None:
    """The file the host runs for ``command``: a path as it is, a bare name looked up on ``env``'s ``PATH``.

    ``env`` is the server's environment (:func:`host_environment`): the host looks a name up on the
    ``PATH`` it passes the server, so an entry that sets ``PATH`` in its ``env`` changes the lookup.
    None when the name is not found there.
    """
    if not is_bare_name(command):
        return command
    found = shutil.which(command, path=env.get("PATH") or os.defpath)
    return os.path.abspath(found) if found else None


def shebang_interpreter(script: str) -> str | None:
    """The interpreter named on the ``#!`` line of ``script`` (how ``data-mcp`` finds its Python), or None."""
    try:
        with open_regular(script) as handle:  # a command that names a FIFO must not hang doctor
            first = handle.readline(512)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    parts = first[2:].decode("utf-8", "replace").split()
    if not parts:
        return None
    if os.path.basename(parts[0]) == "env" and len(parts) > 1:
        return parts[1]
    return parts[0]


_SCRIPT = """\
import json, sys
out = {"version": list(sys.version_info[:3]), "executable": sys.executable}
try:
    import data_pkg
    out["data_pkg"] = getattr(data_pkg, "__version__", "?")
    out["data_pkg_path"] = data_pkg.__file__
except Exception as error:
    out["data_pkg_error"] = "%s: %s" % (type(error).__name__, error)
try:
    import importlib.util
    from importlib.metadata import version
    out["mcp"] = version("mcp") if importlib.util.find_spec("mcp") else None
except Exception as error:
    out["mcp"] = None
    out["mcp_error"] = "%s: %s" % (type(error).__name__, error)
print(json.dumps(out))
"""


@dataclass(frozen=True)
class InterpreterInfo:
    """What a Python interpreter says about itself (or why it could not say)."""

    python: str
    version: tuple[int, ...] | None = None
    data_pkg: str | None = None
    data_pkg_path: str | None = None
    data_pkg_error: str | None = None
    mcp: str | None = None
    error: str | None = None
    """Why the probe itself failed (could not start, timed out, no answer)."""

    @property
    def version_text(self) -> str:
        """``3.11.7``, or ``unknown``."""
        return ".".join(map(str, self.version)) if self.version else "unknown"


def probe_interpreter(python: str, env: Mapping[str, str], *, timeout: float = 20.0) -> InterpreterInfo:
    """Run ``python`` with a small script: its version, and whether data_pkg and mcp import."""
    try:
        done = subprocess.run(  # noqa: S603 - the configured command is what we are asked to check
            [python, "-c", _SCRIPT],
            capture_output=True,
            text=True,
            env=dict(env),
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return InterpreterInfo(python, error=f"{python} did not answer within {timeout:g} s")
    except OSError as error:
        return InterpreterInfo(python, error=f"{python} cannot be started: {error.strerror or error}")
    lines = done.stdout.strip().splitlines()
    try:
        data = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        data = None
    if not isinstance(data, dict):
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return InterpreterInfo(python, error=f"{python} could not run a Python check (exit {done.returncode}): {tail}")
    version = data.get("version")
    return InterpreterInfo(
        python,
        version=tuple(int(v) for v in version) if isinstance(version, list) else None,
        data_pkg=data.get("data_pkg"),
        data_pkg_path=data.get("data_pkg_path"),
        data_pkg_error=data.get("data_pkg_error"),
        mcp=data.get("mcp"),
    )


@dataclass(frozen=True)
class ServerProbe:
    """How a started server behaved."""

    ok: bool
    detail: str
    seconds: float
    tools: tuple[str, ...] = ()
    server: Mapping[str, Any] = field(default_factory=dict)
    """``serverInfo`` from the initialize answer."""
    setup_problem: str | None = None
    """The description of the server's ``setup_problem`` tool, when that is all it serves."""
    stderr: tuple[str, ...] = ()
    """The last lines the server wrote to stderr (what the host keeps as its log)."""


class _ProbeFailedError(Exception):
    pass


class _Session:
    """One started server: lines from its stdout arrive on a queue; stderr is kept (last lines)."""

    def __init__(self, process: subprocess.Popen[bytes], deadline: float, timeout: float) -> None:
        self.process = process
        self.deadline = deadline
        self.timeout = timeout
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=30)
        assert process.stdout is not None and process.stderr is not None
        self.pumps = [
            threading.Thread(target=self._pump, args=(process.stdout,), daemon=True),
            threading.Thread(target=self._keep, args=(process.stderr,), daemon=True),
        ]
        for pump in self.pumps:
            pump.start()
        self.next_id = 1

    def _pump(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def _keep(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.stderr.append(line.decode("utf-8", "replace").rstrip())

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")
            self.process.stdin.flush()
        except OSError:
            pass  # the process is gone: the read that follows says how

    def request(self, method: str, params: dict[str, Any], stage: str) -> dict[str, Any]:
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            remaining = self.deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(remaining, 0.0)) if remaining > 0 else self.lines.get_nowait()
            except queue.Empty:
                raise _ProbeFailedError(
                    f"no answer to {stage} within {self.timeout:g} s (the host gives up the same way:"
                    " a timeout is a failure)"
                ) from None
            if line is None:
                code = self.process.wait(timeout=5)
                raise _ProbeFailedError(
                    f"the server exited with code {code} before answering {stage} (the host reports: Server"
                    " transport closed unexpectedly, this is likely due to the process exiting early)"
                )
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                shown = line.decode("utf-8", "replace").strip()[:120]
                raise _ProbeFailedError(
                    f"the server wrote something that is not JSON-RPC to stdout: {shown!r} (only JSON-RPC may go"
                    " there; logs belong on stderr)"
                ) from None
            if not isinstance(message, dict) or message.get("id") != ident:
                continue  # a notification or a request of the server's own
            if "error" in message:
                raise _ProbeFailedError(f"{stage} answered with an error: {message['error']}")
            result = message.get("result")
            return result if isinstance(result, dict) else {}

    def close(self) -> None:
        process = self.process
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        # The MCP stdio shutdown: close stdin, wait a little, then SIGTERM, then SIGKILL.
        for stop in (None, process.terminate, process.kill):
            if stop is not None:
                stop()
            try:
                process.wait(timeout=1 if stop is None else 5)
                break
            except subprocess.TimeoutExpired:
                continue
        for pump in self.pumps:
            pump.join(timeout=5)


def probe_server(
    argv: Sequence[str],
    env: Mapping[str, str],
    *,
    timeout: float = 20.0,
    cwd: str | None = None,
) -> ServerProbe:
    """Start ``argv`` and ask it ``initialize`` then ``tools/list``, all within ``timeout`` seconds."""
    started = time.monotonic()
    try:
        process = subprocess.Popen(  # noqa: S603 - the configured command is what we are asked to check
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env),
            cwd=cwd,
        )
    except FileNotFoundError:
        return ServerProbe(False, f"Failed to spawn process: No such file or directory: {argv[0]}", 0.0)
    except PermissionError:
        return ServerProbe(False, f"Failed to spawn process: {argv[0]} is not executable", 0.0)
    except OSError as error:
        return ServerProbe(False, f"Failed to spawn process: {error.strerror or error}", 0.0)
    with process:
        session = _Session(process, started + timeout, timeout)
        try:
            init = session.request(
                "initialize",
                {
                    "protocolVersion": PROTOCOL_VERSION,
                    "capabilities": {},
                    "clientInfo": {"name": "data-mcp-doctor", "version": "1"},
                },
                "initialize",
            )
            initialized = time.monotonic() - started
            session.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            tools: list[dict[str, Any]] = []
            cursor: str | None = None
            for _ in range(50):
                listed = session.request("tools/list", {"cursor": cursor} if cursor else {}, "tools/list")
                tools.extend(t for t in listed.get("tools", []) if isinstance(t, dict))
                cursor = listed.get("nextCursor")
                if not cursor:
                    break
        except _ProbeFailedError as failure:
            if process.poll() is None:
                process.kill()
            session.close()
            return ServerProbe(False, str(failure), time.monotonic() - started, stderr=tuple(session.stderr))
        elapsed = time.monotonic() - started
        session.close()
    names = tuple(str(t.get("name")) for t in tools)
    reported = init.get("serverInfo")
    info: dict[str, Any] = reported if isinstance(reported, dict) else {}
    server = f"{info.get('name', '?')} {info.get('version', '')}".strip()
    if names == ("setup_problem",):
        description = str(tools[0].get("description", ""))
        return ServerProbe(
            False,
            f"the server ({server}) started but could not build its tool set; it serves only setup_problem",
            elapsed,
            names,
            info,
            description,
            tuple(session.stderr),
        )
    return ServerProbe(
        True,
        f"{server} answered initialize in {initialized:.2f} s and tools/list with {len(names)} tools"
        f" ({elapsed:.2f} s in all)",
        elapsed,
        names,
        info,
        None,
        tuple(session.stderr),
    )
