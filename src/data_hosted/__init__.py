"""A server compatible with the hosted MCP server's interface.

One Streamable HTTP endpoint (``/mcp``) with 28 dataset tools, each taking a
required ``endpoint`` enum of REST slugs plus shared fields, every caller's
own API key in the query string (``?apikey=``). It is derived from the
catalog and calls the REST API through the client's transport.

It is a separate package: the local server (``data_pkg.mcp``) never imports
it. Start it with ``data-hosted serve``; see ``docs/hosted.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from data_hosted._app import SERVER_NAME, HostedApp, create_app
    from data_hosted._config import HostedConfig
    from data_hosted._tools import HostedTool, Route, Toolset, build_toolset

__all__ = ["SERVER_NAME", "HostedApp", "HostedConfig", "HostedTool", "Route", "Toolset", "build_toolset", "create_app"]

# Loaded on first use, so that the command (``data_hosted._cli``) can say which extra is
# missing before anything imports the web stack or redis.
_HOME = {
    "SERVER_NAME": "_app",
    "HostedApp": "_app",
    "create_app": "_app",
    "HostedConfig": "_config",
    "HostedTool": "_tools",
    "Route": "_tools",
    "Toolset": "_tools",
    "build_toolset": "_tools",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
