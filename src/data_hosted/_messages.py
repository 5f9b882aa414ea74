"""A POST body as JSON-RPC: parsed within a nesting bound, and its envelope checked before the SDK sees it.

The SDK answers an envelope it cannot read with *invalid params* and a
dump of its validation errors; a caller learns more from one sentence.
Each refusal is HTTP 400 with a JSON-RPC error: -32700 (parse error) for
a body that is not JSON or nests deeper than :data:`MAX_DEPTH`, -32600
(invalid request) for JSON that is not a JSON-RPC message, or whose text
holds a lone surrogate escape (``"\\ud800"``): the JSON grammar lets one
through, but it is no Unicode character, and no answer that echoes it (or
anything derived from it) could be encoded as UTF-8. What a message *asks*
(an unknown method, wrong arguments) stays the SDK's business.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_types import INVALID_REQUEST, PARSE_ERROR

from data_hosted._http import RefusedError
from data_pkg.jsonrpc import envelope_problem

__all__ = ["MAX_DEPTH", "check_message", "lone_surrogate_at", "parse_body"]

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted; MCP messages need a handful of levels."""

# json.loads joins a valid pair into one character: any surrogate code point left is a lone one.
_SURROGATE = re.compile("[\ud800-\udfff]")


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


def _step(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    # A key is shown as JSON (ASCII only), so that a key holding the surrogate cannot break the answer itself.
    text = str(key)
    name = text if text.isidentifier() and len(text) <= 40 else json.dumps(text[:40])
    return f"{path}.{name}" if path else name


def lone_surrogate_at(value: Any) -> str | None:
    """Where in ``value`` a string (or an object's key) holds a lone surrogate (``params.arguments.symbol``),
    or None when every string is valid Unicode."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return path or "the message"
        elif isinstance(item, dict):
            for key, child in item.items():
                if _SURROGATE.search(key):
                    return _step(path, key)
                stack.append((child, _step(path, key)))
        elif isinstance(item, list):
            stack.extend((child, _step(path, number)) for number, child in enumerate(item))
    return None


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
    where = lone_surrogate_at(value)
    if where is not None:
        raise RefusedError(
            400,
            f"Invalid Request: {where} holds a lone surrogate escape (such as \\ud800), which is no Unicode "
            "character: send text as UTF-8, or a character beyond U+FFFF as a pair of escapes.",
            code=INVALID_REQUEST,
            request_id=_readable_id(value),
        )
    return value


def _readable_id(value: Any) -> str | int | None:
    """The request's id when it can be echoed: a clean string or an integer of a single message."""
    request_id = value.get("id") if isinstance(value, dict) else None
    if isinstance(request_id, bool) or not isinstance(request_id, (str, int)):
        return None
    return None if isinstance(request_id, str) and _SURROGATE.search(request_id) else request_id


def check_message(message: Any, where: str = "") -> None:
    """Raise a 400 refusal unless ``message`` is a JSON-RPC request, notification or response.

    The check and its words are :func:`data_pkg.jsonrpc.envelope_problem`, as on stdio: -32600, or -32602
    for params passed as an array. ``where`` prefixes the problem (``item 2 of the batch: ``).
    """
    problem = envelope_problem(message)
    if problem is not None:
        raise RefusedError(400, problem.message(where), code=problem.code)
