"""A server compatible with the hosted MCP server's interface.

One Streamable HTTP endpoint (``/mcp``) with 28 dataset tools, each taking a
required ``endpoint`` enum of REST slugs plus shared fields, every caller's
own API key in the query string (``?apikey=``). It is derived from the
catalog and calls the REST API through the client's transport.

It is a separate package: the local server (``data_pkg.mcp``) never imports
it. Start it with ``data-hosted serve``; see ``docs/hosted.md``.
"""

from __future__ import annotations

from data_hosted._app import SERVER_NAME, HostedApp, create_app
from data_hosted._config import HostedConfig
from data_hosted._tools import HostedTool, Route, Toolset, build_toolset

__all__ = ["SERVER_NAME", "HostedApp", "HostedConfig", "HostedTool", "Route", "Toolset", "build_toolset", "create_app"]
