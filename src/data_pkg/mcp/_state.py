"""The tool set being served, swapped whole when the manifest changes.

Handlers read ``ToolState.current`` once at the start of a request and use
that snapshot to the end, so a call in flight finishes on the registry it
began with while a reload installs the next one.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import mcp_types as types

from data_pkg.toolsets import Diagnostic, Registry, Resolution, is_profile_name, resolve, source_from_env
from data_pkg.utf8 import escaped

logger = logging.getLogger("data_pkg.mcp")

SETUP_TOOL = "setup_problem"
"""The one tool served when no tool set could be built, so the host shows why."""

SHOWN = 5
"""Diagnostics written out per start or reload; the rest are counted (lint lists them all)."""


def summarise(diagnostics: Iterable[Diagnostic | str], source: str | None) -> list[str]:
    """The first few diagnostics as text, then how many more there are and where to see them all.

    A manifest can hold thousands of mistakes; the server's log and its clients need the first
    ones and the count, not a flood per reload.
    """
    found = [str(d) for d in diagnostics]
    if len(found) <= SHOWN:
        return found
    more = f"... and {len(found) - SHOWN} more"
    if source is not None:
        more += f" (data-mcp lint {source} lists them all)"
    return [*found[:SHOWN], more]


@dataclass(frozen=True)
class Snapshot:
    """One consistent view: the registry (or None) and the MCP tool list built from it."""

    registry: Registry | None
    tools: tuple[types.Tool, ...]
    problems: tuple[str, ...] = ()
    """Why there is no registry: diagnostics as ``file:line:col: CODE message``."""

    @classmethod
    def of(cls, resolution: Resolution) -> Snapshot:
        """The snapshot a resolution gives: its tools, or a single tool explaining its errors."""
        if resolution.registry is not None:
            tools = tuple(types.Tool.model_validate(entry) for entry in resolution.registry.tools_list())
            return cls(resolution.registry, tools)
        # Escaped: a diagnostic may quote what the manifest wrote, and clients are sent these as UTF-8.
        problems = tuple(escaped(str(d)) for d in resolution.errors) or ("no tool set could be built",)
        return cls.failed(problems)

    @classmethod
    def failed(cls, problems: tuple[str, ...]) -> Snapshot:
        """The snapshot served when no tool set could be built: only the setup tool, explaining ``problems``."""
        return cls(None, (_setup_tool(problems),), problems)


def _setup_tool(problems: tuple[str, ...]) -> types.Tool:
    summary = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
    description = (
        f"data-mcp could not load its tool set: {summary}. Fix the manifest (DATA_MCP_MANIFEST) and save it:"
        " the server reloads it. Calling this tool returns the same explanation."
    )
    return types.Tool(
        name=SETUP_TOOL,
        title="Setup problem",
        description=description,
        input_schema={"type": "object", "properties": {}, "additionalProperties": False},
        annotations=types.ToolAnnotations(read_only_hint=True),
    )


@dataclass
class ToolState:
    """The served snapshot plus what produced it: source, environment, watched files."""

    env: Mapping[str, str]
    source: str | None
    current: Snapshot
    files: tuple[Path, ...] = ()
    warnings: tuple[Diagnostic, ...] = field(default=())
    stamp: Stamp = field(default_factory=dict)
    """How ``files`` looked when they were read (see :func:`stamp`)."""

    @classmethod
    def load(cls, env: Mapping[str, str]) -> ToolState:
        """Resolve the tool set the environment asks for; never raises, whatever the manifest holds.

        A bad manifest gives the setup tool with its diagnostics. So does a failure of the resolver
        itself (a bug): the traceback goes to the log, and the manifest file is still watched, so
        the next save is tried again.
        """
        source = source_from_env(env)
        named = _named_file(source)
        before = stamp(named)
        try:
            resolution = resolve(source, env=env)
            snapshot = Snapshot.of(resolution)
        except Exception as error:
            logger.exception("could not resolve the tool set")
            return cls(env, source, Snapshot.failed((internal_error(error),)), named, stamp=before)
        state = cls(env, source, snapshot, resolution.files, resolution.warnings, stamp(resolution.files, before))
        state.report(resolution.errors, logging.ERROR)
        state.report(resolution.warnings, logging.WARNING)
        return state

    def report(self, diagnostics: Iterable[Diagnostic | str], level: int, heading: str | None = None) -> None:
        """Log ``diagnostics`` on stderr (the host's server log): the first few, then a count."""
        lines = summarise(diagnostics, self.source)
        if heading is not None and lines:
            logger.log(level, "%s", heading)
        for line in lines:
            logger.log(level, "%s", line)

    def reresolve(self) -> Resolution:
        """Resolve the same source again (runs in a worker thread during reloads)."""
        return resolve(self.source, env=self.env)


Stamp = dict[Path, tuple[int, int, int] | None]
"""How files looked: inode, size and modification time of each (None: not there)."""


def stamp(files: Iterable[Path], before: Stamp | None = None) -> Stamp:
    """How ``files`` look now, for telling later whether one changed; those in ``before`` as they looked then.

    Hot reload compares a fresh stamp with the one taken when the files were read, in case the
    watch missed a change. Taking it before reading (``before``) means a save that lands while
    the files are being read still counts as a change. Symlinks are followed; nothing is opened.
    """
    seen = before or {}
    return {path: seen[path] if path in seen else _look(path) for path in files}


def _look(path: Path) -> tuple[int, int, int] | None:
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return (status.st_ino, status.st_size, status.st_mtime_ns)


def internal_error(error: Exception) -> str:
    """What clients are told when resolving failed unexpectedly (the log has the traceback)."""
    return f"data-mcp failed while resolving the manifest ({type(error).__name__}); the server log has the details"


def _named_file(source: str | None) -> tuple[Path, ...]:
    """The manifest file ``source`` names (to watch it even when it could not be resolved), if any."""
    if source is None or is_profile_name(source):
        return ()
    return (Path(os.path.abspath(os.path.expanduser(source))),)
