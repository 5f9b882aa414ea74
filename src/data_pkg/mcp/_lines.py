"""What one line of stdin is: a message for the session, or the JSON-RPC error that answers it.

The SDK's stdio transport drops a line it cannot read, so a client that sent it waits for an
answer that never comes. Here every such line is answered as JSON-RPC 2.0 asks: -32700 for a
line that is not JSON, -32600 for JSON that is not a request object (a batch, a missing or wrong
``"jsonrpc"``, no ``"method"``), -32602 for a request whose params the server cannot take (an
array: MCP names its parameters). The answer carries the request's id when one can be read from
the line, ``null`` otherwise. Notifications and responses are never answered (JSON-RPC forbids
it); those lines are only logged.

Valid lines take the fast path, the SDK's own parser; only a line it refuses is looked at again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from pydantic import ValidationError

from data_pkg.jsonrpc import envelope_problem
from data_pkg.mcp._shallow_id import shallow_id
from data_pkg.utf8 import unencodable_in

PARSE_ERROR = types.PARSE_ERROR
INVALID_REQUEST = types.INVALID_REQUEST
INVALID_PARAMS = types.INVALID_PARAMS
INTERNAL_ERROR = types.INTERNAL_ERROR
CONNECTION_CLOSED = types.CONNECTION_CLOSED


@dataclass(frozen=True, slots=True)
class Rejected:
    """A line the session never sees: why (for the log), and the error to answer it with, if any."""

    reason: str
    answer: types.JSONRPCError | None


def read_line(line: bytes) -> types.JSONRPCMessage | Rejected | None:
    """The message on ``line``, or why it is rejected; None for a blank line."""
    line = line.strip()
    if not line:
        return None
    try:
        message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValidationError as error:
        return _diagnose(line, error)
    if isinstance(message, types.JSONRPCNotification) and b'"id"' in line:
        # The SDK reads a request whose id is unusable (null, an object, 1.5) as a notification
        # and drops it; only a line that has no "id" member at all is one.
        return _check_notification(line, message)
    return message


def error_answer(code: int, message: str, id_: types.RequestId | None = None) -> types.JSONRPCError:
    """The JSON-RPC error response ``message`` with ``code``, for ``id_`` (null when unknown)."""
    return types.JSONRPCError(jsonrpc="2.0", id=id_, error=types.ErrorData(code=code, message=message))


def id_in_head(head: bytes) -> types.RequestId | None:
    """The id of a line too long to read, from its first bytes: found when it comes before the long part."""
    return shallow_id(head.decode("utf-8", errors="replace"), _number)


class _TooLarge:
    """A number too long to convert: as an id it is unreadable, and nothing else needs its value."""


def _number(text: str) -> int | _TooLarge:
    return int(text) if len(text) <= 4000 else _TooLarge()  # under Python's int-conversion guard


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON value")


def _check_notification(line: bytes, message: types.JSONRPCNotification) -> types.JSONRPCMessage | Rejected:
    value = json.loads(line, parse_int=_number)  # parsed once already, so it parses
    if not (isinstance(value, dict) and "id" in value):
        return message  # "id" was a key inside params
    problem = envelope_problem(value)
    return message if problem is None else _refuse(problem.code, problem.message())


def _diagnose(line: bytes, error: ValidationError) -> Rejected:
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as bad:
        return _refuse(PARSE_ERROR, f"Parse error: the line is not UTF-8 (byte {bad.start + 1})")
    if "recursion limit" in _first(error):
        # Deeper than the SDK's parser follows (about 200 levels): the same verdict on every Python,
        # whose own parser's depth limit varies by version.
        return _too_deep(text)
    try:
        value = json.loads(text, parse_int=_number, parse_constant=_not_json)
    except json.JSONDecodeError as bad:
        return _refuse(PARSE_ERROR, f"Parse error: {bad.msg} at column {bad.colno}")
    except RecursionError:
        return _too_deep(text)
    except ValueError as bad:
        return _refuse(PARSE_ERROR, f"Parse error: {bad}")
    if isinstance(value, list):
        return _refuse(
            INVALID_REQUEST, "Invalid Request: batches (JSON arrays) are not supported; send one message per line"
        )
    if not isinstance(value, dict):
        problem = envelope_problem(value)
        return _refuse(INVALID_REQUEST, problem.message() if problem else "Invalid Request")
    return _diagnose_object(value, error)


def _too_deep(text: str) -> Rejected:
    """Nested deeper than the parser follows: refused, with the id when the top level shows it."""
    return _refuse(PARSE_ERROR, "Parse error: nested too deeply", shallow_id(text, _number))


def _diagnose_object(message: dict[str, Any], error: ValidationError) -> Rejected:
    raw_id = message.get("id")
    id_ = raw_id if isinstance(raw_id, str) or type(raw_id) is int else None
    if "method" not in message and ("result" in message or "error" in message):
        return Rejected(f"a response that is not valid JSON-RPC ({_first(error)}); not answered", None)
    envelope = envelope_problem(message)
    if envelope is not None and envelope.code == INVALID_REQUEST:
        return _refuse(INVALID_REQUEST, envelope.message(), id_)
    problem = _not_text({k: v for k, v in message.items() if k != "params"})
    if problem is not None:
        if "id" not in message:
            return Rejected(f"notification dropped: {problem}", None)
        return _refuse(INVALID_REQUEST, f"Invalid Request: {problem}", id_)
    # A well-formed JSON-RPC envelope: what the server cannot take is in the params.
    reason = envelope.detail if envelope is not None else _not_text(message.get("params")) or _first(error)
    if "id" not in message:
        return Rejected(f"notification {message['method']!r} dropped: {reason}", None)
    return _refuse(INVALID_PARAMS, f"Invalid params: {reason}", id_)


def _not_text(value: object) -> str | None:
    """Which string of ``value`` no UTF-8 message can carry (pydantic's own words for it are misleading)."""
    found = unencodable_in(value, "params")
    if found is None:
        return None
    where, what = found
    if where.startswith("params."):  # the envelope's members are named by themselves
        where = where.removeprefix("params.")
    return f"{where} holds {what}, which is not Unicode text; send text that encodes as UTF-8"


def _refuse(code: int, message: str, id_: types.RequestId | None = None) -> Rejected:
    return Rejected(message, error_answer(code, message, id_))


def _first(error: ValidationError) -> str:
    """The first problem pydantic found, without echoing the input (it may be huge)."""
    details = error.errors(include_url=False, include_input=False, include_context=False)
    if not details:
        return "not a valid message"
    detail = details[0]
    where = ".".join(str(part) for part in detail["loc"][1:])  # [0] names the union member tried
    return f"{where}: {detail['msg']}" if where else str(detail["msg"])
