"""What the server answers a call to a name that is not one of its tools.

A withdrawn endpoint's or a renamed tool's former name (under the tool set's naming style and
prefix) is answered with the tool to call now; any other name with the closest served names.
The answer is an error, never a silent redirect: the agent learns the new name, and its
arguments from the tool list. Which kind of error (a JSON-RPC error, in every protocol version
so far) is ``data_pkg.answers.protocol``'s rule; the text is the same either way.
"""

from __future__ import annotations

from difflib import get_close_matches

from data_pkg.mcp._state import SETUP_TOOL
from data_pkg.toolsets import FormerName, Registry, former_name


def unknown_tool(name: str, registry: Registry) -> str:
    """What to tell a caller of ``name``, which ``registry`` does not serve."""
    if name == SETUP_TOOL:
        return "there is no setup problem: the tool set loaded. List the tools for what this server offers."
    former = former_name(name, registry.name_style, registry.prefix)
    if former is not None:
        return _gone(former, registry)
    close = get_close_matches(name, registry.names, n=3)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    return f"unknown tool {name!r}.{hint} List the tools again: the set may have changed."


_ARGUMENTS = " (its arguments are in the tool list)"
_NOT_SERVED = "is not in this server's tool set (a manifest can add it). List the tools for what this server offers."


def _gone(former: FormerName, registry: Registry) -> str:
    name, endpoint = former.name, former.endpoint
    if former.reason == "renamed" and endpoint.status == "live":
        tool = registry.by_endpoint(endpoint.key)
        if tool is None:
            return f"tool {name!r} was renamed to {endpoint.spec}, which {_NOT_SERVED}"
        return f"tool {name!r} was renamed: call {tool.name} instead{_ARGUMENTS}."
    if former.reason == "withdrawn":
        what = f"tool {name!r} was withdrawn upstream ({endpoint.spec})"
    else:
        what = f"tool {name!r} was renamed to {endpoint.spec}, since withdrawn upstream"
    now = former.replacement
    if now is None:
        return f"{what} and has no replacement. List the tools for what this server offers."
    tool = registry.by_endpoint(now.key)
    if tool is None:
        return f"{what}; its successor, {now.spec}, {_NOT_SERVED}"
    return f"{what}: call {tool.name} instead, its successor{_ARGUMENTS}."
