"""Headless Chromium driven over the DevTools protocol on a pipe: load a page, read its console, run script in it.

No driver package: ``--remote-debugging-pipe`` makes Chromium read JSON commands on fd 3 and write answers and events
on fd 4, each message ended by a NUL byte. Every wait has a deadline. Host names other than 127.0.0.1 resolve to
nothing, so a page that reaches for the network (a CDN script, a web font) gets an error in its console at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
WIDTH, HEIGHT = 1280, 900
TIMEOUT = 30.0

# Settles a loaded page: two frames (layout and the scripts that run on it), then the task queue once.
SETTLE = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))"


class BrowserError(RuntimeError):
    """Chromium failed, answered a command with an error, or did not answer in time."""


@dataclass
class Visit:
    """One page as the browser loaded it."""

    url: str
    errors: list[str] = field(default_factory=list)
    """Uncaught exceptions, console.error and console.assert calls, and the browser's own errors (failed loads)."""


class Browser:
    """One headless Chromium for many pages; use as a context manager."""

    def __init__(self, binary: str, profile: Path, log: Path) -> None:
        commands_read, commands_write = _high(os.pipe())
        events_read, events_write = _high(os.pipe())
        with log.open("wb") as stderr:
            # bash moves the pipe ends onto fds 3 and 4, where Chromium looks for them (dash takes one digit only).
            self._process = subprocess.Popen(
                [
                    "bash",
                    "-c",
                    f'exec "$@" 3<&{commands_read} 4>&{events_write} {commands_read}<&- {events_write}>&-',
                    "bash",
                    binary,
                    *FLAGS,
                    f"--user-data-dir={profile}",
                    f"--window-size={WIDTH},{HEIGHT}",
                    "about:blank",
                ],
                pass_fds=(commands_read, events_write),
                stdin=subprocess.DEVNULL,
                stdout=stderr,
                stderr=stderr,
            )
        os.close(commands_read)
        os.close(events_write)
        self._log = log
        self._out = commands_write
        self._in = events_read
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Ask Chromium to quit; kill it if it does not within the timeout."""
        # Chromium may close the pipe before it answers: that is the quit we asked for.
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close")
        try:
            self._process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(timeout=TIMEOUT)
        for fd in (self._out, self._in):
            os.close(fd)

    # -- the protocol ------------------------------------------------------------------------------------------------

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """Send one command and return its result; events that arrive meanwhile are kept for :meth:`wait_for`."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._read(deadline, f"the answer to {method}")
            if answer.get("id") != self._next_id:
                self._events.append(answer)
                continue
            if "error" in answer:
                raise BrowserError(f"{method}: {answer['error']}")
            result: dict[str, Any] = answer.get("result", {})
            return result

    def wait_for(self, event: str, session: str) -> dict[str, Any]:
        """The first event named ``event`` of ``session``, kept or still to come."""
        deadline = time.monotonic() + TIMEOUT
        seen = 0
        while True:
            for message in self._events[seen:]:
                if message.get("method") == event and message.get("sessionId") == session:
                    return message
            seen = len(self._events)
            self._events.append(self._read(deadline, event))

    def _read(self, deadline: float, waiting_for: str) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self._in], [], [], max(remaining, 0))
            if not ready:
                raise BrowserError(f"no {waiting_for} from Chromium within {TIMEOUT:.0f} s; its log:\n{self._tail()}")
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise BrowserError(f"Chromium exited while waiting for {waiting_for}; its log:\n{self._tail()}")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        decoded: dict[str, Any] = json.loads(message)
        return decoded

    def _tail(self) -> str:
        return "\n".join(self._log.read_text(errors="replace").splitlines()[-20:])

    # -- pages -------------------------------------------------------------------------------------------------------

    def visit(self, url: str, script: str | None = None) -> tuple[Visit, Any]:
        """Load ``url`` in a new tab, let it settle, run ``script`` (an expression) in it, and close the tab.

        Returns what the console recorded and the script's value (JSON-serialisable, None without a script).
        """
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        try:
            self.send("Emulation.setDeviceMetricsOverride", _viewport(), session)
            for domain in ("Page", "Runtime", "Log"):
                self.send(f"{domain}.enable", session=session)
            navigated = self.send("Page.navigate", {"url": url}, session)
            if "errorText" in navigated:
                raise BrowserError(f"{url}: {navigated['errorText']}")
            self.wait_for("Page.loadEventFired", session)
            self.evaluate(SETTLE, session)
            value = self.evaluate(script, session) if script else None
        finally:
            self.send("Target.closeTarget", {"targetId": target})
        visit = Visit(url)
        kept = []
        for message in self._events:
            if message.get("sessionId") != session:
                kept.append(message)
            elif (error := _console_error(message)) is not None:
                visit.errors.append(error)
        self._events = kept
        return visit, value

    def evaluate(self, expression: str, session: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        answer = self.send(
            "Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session
        )
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression[:60]}...: {_describe(answer['exceptionDetails'])}")
        return answer["result"].get("value")


def _high(fds: tuple[int, int]) -> tuple[int, int]:
    """The same pipe on descriptors above 9, so moving its ends onto 3 and 4 in the child never closes the other."""
    moved = (fcntl.fcntl(fds[0], fcntl.F_DUPFD_CLOEXEC, 10), fcntl.fcntl(fds[1], fcntl.F_DUPFD_CLOEXEC, 10))
    for fd in fds:
        os.close(fd)
    return moved


def _viewport() -> dict[str, Any]:
    return {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}


def _console_error(message: dict[str, Any]) -> str | None:
    method, params = message.get("method"), message.get("params", {})
    if method == "Runtime.exceptionThrown":
        return f"uncaught: {_describe(params['exceptionDetails'])}"
    if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
        words = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
        return f"console.{params['type']}: {' '.join(words)}"
    if method == "Log.entryAdded" and params["entry"].get("level") == "error":
        entry = params["entry"]
        return f"{entry.get('source', 'browser')}: {entry.get('text', '')} {entry.get('url', '')}".rstrip()
    return None


def _describe(details: dict[str, Any]) -> str:
    exception = details.get("exception", {})
    text = exception.get("description") or details.get("text", "")
    where = f" ({details['url']}:{details.get('lineNumber', 0) + 1})" if details.get("url") else ""
    return f"{text.splitlines()[0] if text else 'error'}{where}"
