"""The SDK server behind the HTTP layer: the toolset's tools, calls made as the request's caller."""

from __future__ import annotations

import logging
from typing import Any

import mcp_types as types
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR

from data_hosted._calls import Caller, ToolCalls
from data_hosted._tools import Toolset
from data_pkg._version import __version__

__all__ = ["CALLER_STATE", "INSTRUCTIONS", "SERVER_NAME", "build_server"]

logger = logging.getLogger("data_hosted")

SERVER_NAME = "data-hosted"
INSTRUCTIONS = (
    "Market-data dataset tools. Every call needs `endpoint` (one of the tool's enum values) plus the fields that "
    "endpoint takes; a wrong field is refused with the list of allowed ones. Every tool only reads. Errors come "
    "back as results starting with [category]: follow the advice in them."
)
CALLER_STATE = "data_hosted.caller"
"""Key of the request's ASGI ``state`` under which the HTTP layer leaves the :class:`Caller`."""


def build_server(toolset: Toolset, calls: ToolCalls) -> Server[Any]:
    """The SDK server: tools from the toolset, calls through ``calls`` with the request's caller."""
    listed = toolset.mcp_tools()

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        request = ctx.request
        caller = getattr(request, "scope", {}).get("state", {}).get(CALLER_STATE) if request is not None else None
        if not isinstance(caller, Caller):
            raise MCPError(INTERNAL_ERROR, "no caller on this request")
        try:
            return await calls.call(params.name, params.arguments or {}, caller)
        except MCPError:
            raise
        except Exception:
            logger.exception("%s failed unexpectedly", params.name)
            return types.CallToolResult(
                content=[
                    types.TextContent(
                        text=f"[internal] {params.name} failed unexpectedly; the server log has the details."
                    )
                ],
                is_error=True,
            )

    return Server(
        SERVER_NAME, version=__version__, instructions=INSTRUCTIONS, on_list_tools=list_tools, on_call_tool=call_tool
    )
