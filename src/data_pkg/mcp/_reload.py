"""Hot reload: watch the manifest and what it extends, swap the tool set, tell every client.

Folders are watched rather than files, so an editor's save-by-rename, a
delete and a re-create are all seen. A burst of saves is folded into one
rebuild (watchfiles debounces, and a rebuild re-reads the files as they are
then). The rebuild runs in a worker thread; the swap is one assignment.

The contract: nothing a manifest folder holds ends the watch or the process. A broken edit keeps
the last good tool set and reports why (the first few diagnostics and a count, once per reload, on
stderr and to clients). An unexpected exception while re-resolving does the same, with its
traceback in the log. A failing watch is restarted. A file is matched by the name it was given
and by where its symlinks lead, so replacing a manifest with a link to another folder is seen,
and a symlink loop beside it is just another file that is not the manifest.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Awaitable, Callable, Iterable
from contextlib import AsyncExitStack
from pathlib import Path

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.session import ServerSession
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged
from watchfiles import Change, awatch

from data_pkg.mcp._state import Snapshot, ToolState, internal_error, stamp, summarise
from data_pkg.toolsets import diff, real_path

logger = logging.getLogger("data_pkg.mcp")

DEBOUNCE_MS = 50
RETRY_SECONDS = (1.0, 60.0)
"""A failed watch waits before watching again: first this long, doubling up to the second figure."""
RECHECK_MS = 5_000
"""How often the files are compared with what was last loaded, in case the watch missed a change."""


def _names(path: str | Path) -> set[str]:
    """The names one file goes by: as given (absolute, normalised) and with its symlinks followed."""
    return {os.path.normpath(os.path.abspath(path)), str(real_path(Path(path)))}


def watched_names(files: Iterable[Path]) -> frozenset[str]:
    """Every name a change to one of ``files`` may be reported under."""
    return frozenset(name for path in files for name in _names(path))


SEVERITIES: tuple[types.LoggingLevel, ...] = (
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
)
"""MCP's log levels (those of syslog), least severe first."""


def _connection(session: ServerSession) -> object:
    # A low-level handler's context carries no connection; the session proxy keeps it privately.
    # Keyed by it: the SDK builds a fresh session object per message, while the connection lives on.
    return getattr(session, "_connection", session)


class Notifier:
    """Reaches clients of both protocol eras when the tool list changes.

    Handshake-era clients (up to 2025-11-25) get ``notifications/tools/list_changed`` on the
    session kept from their ``notifications/initialized``; 2026-07-28 clients get it on their
    ``subscriptions/listen`` stream through the bus.
    """

    def __init__(self) -> None:
        self.bus = InMemorySubscriptionBus()
        self.listen = ListenHandler(self.bus)
        """Serves ``subscriptions/listen``: a 2026-07-28 client's stream of changes."""
        # Keyed by connection: the SDK builds a fresh session object per message (and keeps none),
        # while the connection lives on. A client repeating notifications/initialized (3,000 times,
        # say) is still one client, heard once per change.
        self._sessions: dict[object, ServerSession] = {}
        self._levels: dict[object, types.LoggingLevel] = {}

    def remember(self, session: ServerSession) -> None:
        """Keep a handshake-era session so later changes can be announced on it (once per connection), until its
        connection closes."""
        connection = _connection(session)
        if connection not in self._sessions:
            # Over HTTP, sessions come and go all the while the server runs: forget each as it ends.
            closing = getattr(connection, "exit_stack", None)
            if isinstance(closing, AsyncExitStack):
                closing.callback(self._forget, connection)
        self._sessions[connection] = session

    def _forget(self, connection: object) -> None:
        self._sessions.pop(connection, None)
        self._levels.pop(connection, None)

    def set_level(self, session: ServerSession, level: types.LoggingLevel) -> None:
        """Send the client of ``session`` log messages of ``level`` and above only (``logging/setLevel``)."""
        self._levels[_connection(session)] = level

    def end_streams(self) -> None:
        """End every ``subscriptions/listen`` stream with its final result, as the protocol closes one on purpose
        (a server shutting down, so that it need not cut them)."""
        self.listen.close()

    async def tools_changed(self) -> None:
        """Announce a new tool list to every client."""
        await self.bus.publish(ToolsListChanged())
        logger.debug("telling %d handshake-era sessions that the tools changed", len(self._sessions))
        for connection, session in list(self._sessions.items()):
            try:
                await session.send_tool_list_changed()
            except Exception:  # a closed session must not stop the others hearing
                logger.debug("could not notify a session; dropping it", exc_info=True)
                self._sessions.pop(connection, None)

    async def log(self, level: types.LoggingLevel, text: str) -> None:
        """Send ``text`` as an MCP log message to handshake-era sessions that asked for ``level`` (or set none)."""
        for connection, session in list(self._sessions.items()):
            least = self._levels.get(connection)
            if least is not None and SEVERITIES.index(level) < SEVERITIES.index(least):
                continue
            try:
                with warnings.catch_warnings():
                    # Logging is deprecated for 2026-07-28 clients only; these sessions predate it.
                    warnings.simplefilter("ignore")
                    await session.send_log_message(level, text, logger="data-mcp")
            except Exception:
                logger.debug("could not send a log message to a session", exc_info=True)


class Reloader:
    """Rebuilds ``state`` when one of its files changes, and announces the result."""

    def __init__(self, state: ToolState, notifier: Notifier) -> None:
        self.state = state
        self.notifier = notifier
        # The watcher blocks in a worker thread and only sees cancellation between polls; this
        # event stops it within one poll step instead of after its multi-second timeout.
        self.stopping = anyio.Event()

    def stop(self) -> None:
        """Ask the watch loop to end promptly (call before cancelling its task)."""
        self.stopping.set()

    async def run(self, *, ready: Callable[[], Awaitable[None]] | None = None) -> None:
        """Watch until stopped or cancelled; watch again when the set of files changes or the watch fails."""
        delay, longest = RETRY_SECONDS
        while self.state.files and not self.stopping.is_set():
            try:
                again = await self.watch()
            except Exception:
                # A lasting failure (the system's watch limit, say) must neither spin nor flood the log.
                logger.exception("hot reload: watching failed; watching again in %g s", delay)
                with anyio.move_on_after(delay):
                    await self.stopping.wait()
                delay = min(delay * 2, longest)
                continue
            if not again:
                return
            delay = RETRY_SECONDS[0]

    async def watch(self) -> bool:
        """Reload on each change to the watched files; True when the set of files changed (watch anew)."""
        watched = self.state.files
        folders = sorted({str(path.parent) for path in watched if path.parent.is_dir()})
        if not folders:
            logger.warning("hot reload: none of the manifest's folders exist; not watching")
            return False
        names = watched_names(watched)
        logger.debug("hot reload: watching %s", ", ".join(folders))

        def relevant(change: Change, path: str) -> bool:
            return not names.isdisjoint(_names(path))

        async for changes in awatch(
            *folders,
            watch_filter=relevant,
            debounce=DEBOUNCE_MS,
            step=10,
            rust_timeout=RECHECK_MS,
            yield_on_timeout=True,
            recursive=False,
            stop_event=self.stopping,
        ):
            # No change reported for a while: compare the files with what was loaded. This catches
            # an edit saved while the watch was being set up (or restarted), or one a file system
            # does not report (some network and container mounts).
            if not changes and stamp(self.state.files) == self.state.stamp:
                continue
            if not changes:
                logger.info("hot reload: a change the watch did not report; reloading")
            await self.reload()
            if self.state.files != watched:
                return True  # the extends chain changed: watch the new set of folders
        return False  # stopped

    async def reload(self) -> None:
        """Resolve again; install and announce the new tool set, or keep the old one and say why.

        Never raises for what a manifest holds, nor for a failure of the resolver itself.
        """
        before = stamp(self.state.files)  # before reading: a save while resolving still looks new
        try:
            # Abandoned on shutdown: a resolution must never keep the process from ending.
            resolution = await anyio.to_thread.run_sync(self.state.reresolve, abandon_on_cancel=True)
            new = Snapshot.of(resolution)
        except Exception as error:
            self.state.stamp = before  # tried: the next save tries again, not every recheck
            logger.exception("reload failed unexpectedly, still serving the previous tools")
            await self.notifier.log("error", f"manifest not reloaded: {internal_error(error)}")
            return
        self.state.files = resolution.files or self.state.files
        self.state.stamp = stamp(self.state.files, before)
        self.state.report(resolution.warnings, logging.WARNING)
        old = self.state.current
        if new.registry is None:
            kept = "still serving the previous tools" if old.registry is not None else "still no tool set"
            lines = summarise(new.problems, self.state.source)
            self.state.report(new.problems, logging.ERROR, f"reload failed, {kept}:")
            await self.notifier.log("error", "\n".join([f"manifest not reloaded, {kept}:", *lines]))
            if old.registry is not None:
                return
        self.state.current = new
        self.state.warnings = resolution.warnings
        if old.registry is not None and new.registry is not None:
            change = diff(old.registry, new.registry)
            if not change:
                logger.info("manifest reloaded: no change to the tool list")
                return
            logger.info("manifest reloaded: %s", change.summary())
        else:
            logger.info("manifest reloaded: now serving %d tools", len(new.tools))
        await self.notifier.tools_changed()
