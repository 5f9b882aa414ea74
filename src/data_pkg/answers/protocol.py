"""How a call the server cannot run is answered, per protocol version: one rule for both servers.

MCP splits failed calls in two. A *protocol error* is a JSON-RPC error response, -32602 invalid
params: the request itself was wrong. A *tool execution error* is a ``CallToolResult`` with
``isError``: the model reads it and can correct its next call. Which is which has changed:

- an unknown tool (a name the server does not list) is a protocol error in every version, from
  2024-11-05 through 2026-07-28: there is no tool to have a result;
- a listed tool's bad arguments were a protocol error up to 2025-06-18; from 2025-11-25 on
  (SEP-1303) they are tool execution errors.

``tools/list`` serves a single page here, so no cursor is ever issued, and one a client sends is
invalid: -32602 (the specs say invalid cursors SHOULD be), never silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, PaginatedRequestParams

__all__ = ["PROTOCOL_ERRORS", "CallProblem", "check_cursor", "is_protocol_error"]

CallProblem = Literal["unknown_tool", "bad_arguments"]
"""A reason a call cannot run: the tool is not served, or its arguments are wrong."""

_BOTH: frozenset[CallProblem] = frozenset({"unknown_tool", "bad_arguments"})
_UNKNOWN_TOOL_ONLY: frozenset[CallProblem] = frozenset({"unknown_tool"})

PROTOCOL_ERRORS: Mapping[str, frozenset[CallProblem]] = MappingProxyType(
    {
        "2024-11-05": _BOTH,
        "2025-03-26": _BOTH,
        "2025-06-18": _BOTH,
        "2025-11-25": _UNKNOWN_TOOL_ONLY,
        "2026-07-28": _UNKNOWN_TOOL_ONLY,
    }
)
"""Per protocol version, the call problems answered as JSON-RPC errors (the rest are ``isError`` results)."""

_NEWEST = max(PROTOCOL_ERRORS)


def is_protocol_error(problem: CallProblem, version: str | None) -> bool:
    """Whether ``problem`` is answered with a JSON-RPC error (-32602) in a session of ``version``.

    A version the table does not name (none negotiated yet, or one newer than this table) follows
    the newest version it names.
    """
    return problem in PROTOCOL_ERRORS.get(version or _NEWEST, PROTOCOL_ERRORS[_NEWEST])


def check_cursor(params: PaginatedRequestParams | None) -> None:
    """Refuse a ``tools/list`` cursor: the list is one page, so no cursor was ever given out."""
    if params is not None and params.cursor is not None:
        raise MCPError(
            INVALID_PARAMS,
            "Invalid params: unknown cursor; tools/list answers in one page, so call it without a cursor",
        )
