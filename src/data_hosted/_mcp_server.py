"""The SDK server behind the HTTP layer: the toolset's tools, calls made as the request's caller.

Argument problems of a listed tool answer by protocol version, by the rule both servers
follow (``data_pkg.answers.protocol``). From 2025-11-25 on, the spec has them come back as
tool results with ``isError`` (the model reads them and can correct the call), as the local
server does: ``[bad_arguments]`` and the same message. Older sessions keep JSON-RPC *invalid
params* (-32602), with the allowed values in ``error.data`` too. An unknown tool is -32602 in
every version: there is no tool to have a result. So is a ``tools/list`` cursor: the list is one page.
"""

from __future__ import annotations

import logging
from typing import Any

import mcp_types as types
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS

from data_hosted._calls import WRITER, Caller, ToolCalls
from data_hosted._tools import Toolset
from data_pkg import __version__
from data_pkg.answers.instructions import answers_paragraph, errors_paragraph, fitted
from data_pkg.answers.protocol import CallProblem, check_cursor, is_protocol_error
from data_pkg.toolsets import AnswerSpec

__all__ = ["CALLER_STATE", "SERVER_NAME", "SERVER_TITLE", "build_server", "instructions"]

logger = logging.getLogger("data_hosted")

SERVER_NAME = "data-hosted"
SERVER_TITLE = "Market data (hosted-compatible)"
"""What hosts show for the server (``serverInfo.title``)."""
PURPOSE = (
    "Market-data dataset tools: quotes, prices, company facts, statements, analysts, calendars, news, filings,"
    " funds, indexes, economics and technical indicators, grouped by dataset."
)


def instructions(toolset: Toolset, answer: AnswerSpec) -> str:
    """What the tools are for, how a call picks its endpoint, how answers are cut and noted, how errors read."""
    calling = (
        f"{len(toolset.tools)} tools. Every call needs `endpoint` (one of the tool's enum values) plus the fields"
        " that endpoint takes; a wrong field is refused with the list of allowed ones."
    )
    return fitted(PURPOSE, [calling, answers_paragraph([answer.max_tokens], [answer.format]), errors_paragraph()])


CALLER_STATE = "data_hosted.caller"
"""Key of the request's ASGI ``state`` under which the HTTP layer leaves the :class:`Caller`."""


def build_server(toolset: Toolset, calls: ToolCalls) -> Server[Any]:
    """The SDK server: tools from the toolset, calls through ``calls`` with the request's caller."""
    listed = toolset.mcp_tools()

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        check_cursor(params)
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        request = ctx.request
        caller = getattr(request, "scope", {}).get("state", {}).get(CALLER_STATE) if request is not None else None
        if not isinstance(caller, Caller):
            raise MCPError(INTERNAL_ERROR, "no caller on this request")
        try:
            return await calls.call(params.name, params.arguments or {}, caller)
        except MCPError as error:
            problem: CallProblem = "bad_arguments" if params.name in toolset.tools else "unknown_tool"
            if error.code == INVALID_PARAMS and not is_protocol_error(problem, ctx.protocol_version):
                return WRITER.problem(f"[bad_arguments] {error.message.rstrip('.')}. Fix the arguments and call again.")
            raise
        except Exception:
            logger.exception("%s failed unexpectedly", params.name)
            return WRITER.problem(f"[internal] {params.name} failed unexpectedly; the server log has the details.")

    return Server(
        SERVER_NAME,
        version=__version__,
        title=SERVER_TITLE,
        instructions=instructions(toolset, calls.answer),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
