"""The JSON-RPC 2.0 envelope an MCP server takes: one check and one wording for both servers.

data-mcp (a stdin line) and data-hosted (a POST body, or an item of a batch) refuse the same
envelopes with the same code and the same sentence: -32600 (invalid request) for a value that
is no JSON-RPC message, -32602 (invalid params) for params passed by position, which JSON-RPC
allows and MCP does not (it names its parameters). ``"params": null`` counts as absent, as the
SDK reads it. What a well-formed message asks stays each server's business. Below every layer.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["INVALID_PARAMS", "INVALID_REQUEST", "EnvelopeProblem", "envelope_problem", "json_kind"]

INVALID_REQUEST = -32600
INVALID_PARAMS = -32602

_SHAPE = 'a JSON-RPC message is an object with "jsonrpc": "2.0" and a "method"'


@dataclass(frozen=True, slots=True)
class EnvelopeProblem:
    """Why a decoded value is no message the server can take: the JSON-RPC error code and what is wrong."""

    code: int
    detail: str

    def message(self, where: str = "") -> str:
        """The error message: its JSON-RPC title, ``where`` (``item 2 of the batch: ``), then the detail."""
        title = "Invalid params" if self.code == INVALID_PARAMS else "Invalid Request"
        return f"{title}: {where}{self.detail}"


def json_kind(value: object) -> str:
    """What kind of JSON value ``value`` is, as a message says it (``an array``, ``null``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return "a number"  # all a JSON decoder yields besides the above, in whatever type it gives numbers


def envelope_problem(message: object) -> EnvelopeProblem | None:
    """What makes ``message`` (decoded JSON) no request, notification or response; None when it is one."""
    if not isinstance(message, dict):
        return EnvelopeProblem(INVALID_REQUEST, f"{_SHAPE}, not {json_kind(message)}.")
    if message.get("jsonrpc") != "2.0":
        return EnvelopeProblem(INVALID_REQUEST, f'"jsonrpc" must be "2.0": {_SHAPE}.')
    request_id = message.get("id")
    if "id" in message and (isinstance(request_id, bool) or not isinstance(request_id, (str, int))):
        return EnvelopeProblem(INVALID_REQUEST, f'"id" must be a string or an integer, not {json_kind(request_id)}.')
    if "method" not in message:
        if "id" in message and ("result" in message or "error" in message):
            return None  # a response to a request of the server's
        return EnvelopeProblem(
            INVALID_REQUEST, 'a message needs a "method" (a response: an "id" and a "result" or "error").'
        )
    if not isinstance(message["method"], str):
        return EnvelopeProblem(INVALID_REQUEST, f'"method" must be a string, not {json_kind(message["method"])}.')
    params = message.get("params")
    if isinstance(params, list):
        return EnvelopeProblem(
            INVALID_PARAMS, '"params" must be an object (MCP passes parameters by name), not an array.'
        )
    if params is not None and not isinstance(params, dict):
        return EnvelopeProblem(INVALID_REQUEST, f'"params" must be an object, not {json_kind(params)}.')
    return None
