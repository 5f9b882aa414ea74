"""A request before ``initialize`` is told so.

The SDK refuses it with -32602 "Invalid request parameters" and nothing more, which sends a
client looking at its parameters. This middleware keeps the code (clients may key off it) and
says what is actually wrong. It recognises the SDK's refusal rather than repeating the SDK's
rule, so it never refuses anything the SDK would serve.
"""

from __future__ import annotations

from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS
from mcp_types.version import MODERN_PROTOCOL_VERSIONS


async def explain_uninitialized(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    """Server middleware: the SDK's pre-``initialize`` refusal, reworded to say what to send first."""
    try:
        return await call_next(ctx)
    except MCPError as error:
        if _is_uninitialized_refusal(ctx, error):
            raise MCPError(
                INVALID_PARAMS,
                f"Server not initialized: send initialize (then notifications/initialized) before {ctx.method}",
            ) from None
        raise


def _is_uninitialized_refusal(ctx: ServerRequestContext[Any, Any], error: MCPError) -> bool:
    return (
        error.code == INVALID_PARAMS
        and not error.data
        and ctx.method != "initialize"
        and ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS
        and ctx.session.client_params is None
    )
