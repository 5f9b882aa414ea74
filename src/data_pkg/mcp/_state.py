"""The tool set being served, swapped whole when the manifest changes.

Handlers read ``ToolState.current`` once at the start of a request and use
that snapshot to the end, so a call in flight finishes on the registry it
began with while a reload installs the next one.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import mcp_types as types

from data_pkg.toolsets import Diagnostic, Registry, Resolution, resolve, source_from_env

logger = logging.getLogger("data_pkg.mcp")

SETUP_TOOL = "setup_problem"
"""The one tool served when no tool set could be built, so the host shows why."""


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
            tools = tuple(types.Tool.model_validate(t.to_mcp()) for t in resolution.registry)
            return cls(resolution.registry, tools)
        problems = tuple(str(d) for d in resolution.errors) or ("no tool set could be built",)
        return cls(None, (_setup_tool(problems),), problems)


def _setup_tool(problems: tuple[str, ...]) -> types.Tool:
    summary = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
    description = (
        f"data-mcp could not load its tool set: {summary}. Fix the manifest (DATA_MCP_MANIFEST) and save it:"
        " the server reloads it. Calling this tool returns the same explanation."
    )
    return types.Tool(
        name=SETUP_TOOL,
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

    @classmethod
    def load(cls, env: Mapping[str, str]) -> ToolState:
        """Resolve the tool set the environment asks for; never raises for a bad manifest."""
        source = source_from_env(env)
        resolution = resolve(source, env=env)
        state = cls(env, source, Snapshot.of(resolution), resolution.files, resolution.warnings)
        state.report(resolution)
        return state

    def report(self, resolution: Resolution) -> None:
        """Log every diagnostic of ``resolution`` on stderr (the host's server log)."""
        for diagnostic in resolution.diagnostics:
            (logger.error if diagnostic.is_error else logger.warning)("%s", diagnostic)

    def reresolve(self) -> Resolution:
        """Resolve the same source again (runs in a worker thread during reloads)."""
        return resolve(self.source, env=self.env)
