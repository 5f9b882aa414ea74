"""What an agent reads back from a tool call: compact JSON, or an error it can act on."""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from pydantic import BaseModel

from data_pkg.errors import DataError, PlanRestrictedError, RateLimitError

# What to do next, by error category: the agent sees this after the message.
_NEXT_STEP = {
    "auth": "Ask the user to set a valid DATA_API_KEY in the server's environment, then retry.",
    "config": "Ask the user to fix the server's configuration; retrying will not help.",
    "bad_arguments": "Fix the argument and call again.",
    "unavailable": "Use the suggested tool instead, or another tool.",
    "not_found": "Check the symbol or identifier, or try other arguments.",
    "upstream": "The data service failed; retry in a minute.",
    "transport": "The data service could not be reached; retry shortly.",
    "invalid_response": "The data service answered in an unexpected shape; try another tool or report it.",
}


def _plain(value: Any) -> Any:
    """JSON values without null fields, which cost an agent tokens and tell it nothing."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_none=True)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def success(value: Any, *, structured: bool) -> types.CallToolResult:
    """A result holding ``value`` as one compact JSON text (and as structured content when asked).

    Structured content follows the tool's output schema: a single-row answer is the object
    itself; a list travels under ``"result"`` because the schema's root must be an object.
    """
    plain = _plain(value)
    text = json.dumps(plain, separators=(",", ":"), ensure_ascii=False)
    content: list[types.ContentBlock] = [types.TextContent(text=text)]
    if structured:
        wrapped = plain if isinstance(plain, dict) else {"result": plain}
        return types.CallToolResult(content=content, structured_content=wrapped)
    return types.CallToolResult(content=content)


def failure(error: DataError) -> types.CallToolResult:
    """An ``isError`` result: ``[category] message`` and the next step, never the key."""
    if isinstance(error, RateLimitError):
        when = f"Retry after {error.retry_after:.0f} s." if error.retry_after is not None else "Retry later."
        step = f"{when} Do not retry sooner; each retry uses the same allowance."
    elif isinstance(error, PlanRestrictedError):
        tier = f"the {error.required_tier} plan" if error.required_tier else "a higher plan"
        step = f"This needs {tier}; tell the user, or use another tool."
    else:
        step = _NEXT_STEP.get(error.category, "")
    return problem(f"[{error.category}] {error.message.rstrip('.')}. {step}".strip())


def problem(text: str) -> types.CallToolResult:
    """An ``isError`` result carrying ``text``."""
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)
