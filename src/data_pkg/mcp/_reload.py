"""Hot reload: watch the manifest and what it extends, swap the tool set, tell every client.

Folders are watched rather than files, so an editor's save-by-rename, a
delete and a re-create are all seen. A burst of saves is folded into one
rebuild (watchfiles debounces, and a rebuild re-reads the files as they are
then). The rebuild runs in a worker thread; the swap is one assignment. A
broken edit keeps the last good tool set and reports why.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.session import ServerSession
from mcp.server.subscriptions import InMemorySubscriptionBus, ToolsListChanged
from watchfiles import Change, awatch

from data_pkg.mcp._state import Snapshot, ToolState
from data_pkg.toolsets import diff

logger = logging.getLogger("data_pkg.mcp")

DEBOUNCE_MS = 50


class Notifier:
    """Reaches clients of both protocol eras when the tool list changes.

    Handshake-era clients (up to 2025-11-25) get ``notifications/tools/list_changed`` on the
    session kept from their ``notifications/initialized``; 2026-07-28 clients get it on their
    ``subscriptions/listen`` stream through the bus.
    """

    def __init__(self) -> None:
        self.bus = InMemorySubscriptionBus()
        # Strong references: the SDK builds a fresh session object per message and keeps none,
        # while its connection channel lives on. One stdio connection means one entry.
        self._sessions: list[ServerSession] = []

    def remember(self, session: ServerSession) -> None:
        """Keep a handshake-era session so later changes can be announced on it."""
        self._sessions.append(session)

    async def tools_changed(self) -> None:
        """Announce a new tool list to every client."""
        await self.bus.publish(ToolsListChanged())
        for session in list(self._sessions):
            try:
                await session.send_tool_list_changed()
            except Exception:  # a closed session must not stop the others hearing
                logger.debug("could not notify a session; dropping it", exc_info=True)
                self._sessions.remove(session)

    async def log(self, level: types.LoggingLevel, text: str) -> None:
        """Send ``text`` as an MCP log message to handshake-era sessions."""
        for session in list(self._sessions):
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
        self.reloads = 0
        # The watcher blocks in a worker thread and only sees cancellation between polls; this
        # event stops it within one poll step instead of after its multi-second timeout.
        self.stopping = anyio.Event()

    def stop(self) -> None:
        """Ask the watch loop to end promptly (call before cancelling its task)."""
        self.stopping.set()

    async def run(self, *, ready: Callable[[], Awaitable[None]] | None = None) -> None:
        """Watch until cancelled; restart the watch when the set of files changes."""
        while self.state.files:
            watched = self.state.files
            folders = sorted({str(path.parent) for path in watched if path.parent.is_dir()})
            if not folders:
                logger.warning("hot reload: none of the manifest's folders exist; not watching")
                return
            names = {path.resolve() for path in watched}
            logger.debug("hot reload: watching %s", ", ".join(folders))

            def relevant(change: Change, path: str, names: set[Path] = names) -> bool:
                return Path(path).resolve() in names

            async for _changes in awatch(
                *folders,
                watch_filter=relevant,
                debounce=DEBOUNCE_MS,
                step=10,
                recursive=False,
                stop_event=self.stopping,
            ):
                await self.reload()
                if self.state.files != watched:
                    break  # the extends chain changed: watch the new set of folders
            else:
                return  # stopped
            if self.stopping.is_set():
                return

    async def reload(self) -> None:
        """Resolve again; install and announce the new tool set, or keep the old one and say why."""
        resolution = await anyio.to_thread.run_sync(self.state.reresolve)
        self.state.files = resolution.files or self.state.files
        for warning in resolution.warnings:
            logger.warning("%s", warning)
        old = self.state.current
        new = Snapshot.of(resolution)
        if new.registry is None:
            for problem in new.problems:
                logger.error("reload failed, still serving the previous tools: %s", problem)
                await self.notifier.log("error", f"manifest not reloaded: {problem}")
            if old.registry is not None:
                return
        self.state.current = new
        self.state.warnings = resolution.warnings
        self.reloads += 1
        if old.registry is not None and new.registry is not None:
            change = diff(old.registry, new.registry)
            if not change:
                logger.info("manifest reloaded: no change to the tool list")
                return
            logger.info("manifest reloaded: %s", change.summary())
        else:
            logger.info("manifest reloaded: now serving %d tools", len(new.tools))
        await self.notifier.tools_changed()
