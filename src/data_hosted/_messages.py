"""A POST body as JSON-RPC: parsed within a nesting bound, and its envelope checked before the SDK sees it.

The SDK answers an envelope it cannot read with *invalid params* and a
dump of its validation errors; a caller learns more from one sentence.
Each refusal is HTTP 400 with a JSON-RPC error: -32700 (parse error) for
a body that is not JSON or nests deeper than :data:`MAX_DEPTH`, -32600
(invalid request) for JSON that is not a JSON-RPC message. What a message
*asks* (an unknown method, wrong arguments) stays the SDK's business.
"""

from __future__ import annotations

import json
from typing import Any

from mcp_types import INVALID_REQUEST, PARSE_ERROR

from data_hosted._http import RefusedError

__all__ = ["MAX_DEPTH", "check_message", "parse_body"]

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted; MCP messages need a handful of levels."""

_SHAPE = 'an object with "jsonrpc": "2.0" and a "method"'


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return "a string" if isinstance(value, str) else "an array"


def _too_deep(value: Any, limit: int) -> bool:
    # Iterative, so that checking the depth cannot itself run out of stack.
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def _deep() -> RefusedError:
    return RefusedError(
        400, f"Parse error: the JSON nests deeper than {MAX_DEPTH} levels of arrays and objects.", code=PARSE_ERROR
    )


def parse_body(body: bytes) -> Any:
    """The body's JSON value; raises a 400 refusal (-32700) when it is not JSON or nests too deeply."""
    try:
        value = json.loads(body)
    except RecursionError:
        raise _deep() from None
    except ValueError:
        raise RefusedError(400, "Parse error: the body is not JSON.", code=PARSE_ERROR) from None
    if isinstance(value, (dict, list)) and _too_deep(value, MAX_DEPTH):
        raise _deep()
    return value


def _invalid(problem: str, where: str) -> RefusedError:
    return RefusedError(400, f"Invalid Request: {where}{problem}", code=INVALID_REQUEST)


def check_message(message: Any, where: str = "") -> None:
    """Raise a 400 refusal (-32600) unless ``message`` is a JSON-RPC request, notification or response.

    ``where`` prefixes the problem (``item 2 of the batch: ``).
    """
    if not isinstance(message, dict):
        raise _invalid(f"a JSON-RPC message is {_SHAPE}, not {_json_kind(message)}.", where)
    if message.get("jsonrpc") != "2.0":
        raise _invalid(f'"jsonrpc" must be "2.0": a JSON-RPC message is {_SHAPE}.', where)
    if "id" in message and (isinstance(message["id"], bool) or not isinstance(message["id"], (str, int))):
        raise _invalid('"id" must be a string or an integer.', where)
    if "method" not in message:
        if "id" in message and ("result" in message or "error" in message):
            return  # a response to a request of the server's
        raise _invalid('a message needs a "method" (a response: an "id" and a "result" or "error").', where)
    if not isinstance(message["method"], str):
        raise _invalid('"method" must be a string.', where)
    if "params" in message and not isinstance(message["params"], dict):
        raise _invalid('"params" must be an object.', where)
