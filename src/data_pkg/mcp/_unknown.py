"""What the server answers a call to a name that is not one of its tools.

A withdrawn endpoint's or a renamed tool's former name (under the tool set's naming style and
prefix) is answered with the tool to call now; a catalog endpoint's name that this tool set does not
serve with the profiles that serve it and how a manifest adds it (never a did-you-mean: the agent
asked for a tool that exists); any other name with the closest served names.
The answer is an error, never a silent redirect: the agent learns the new name, and its
arguments from the tool list. Which kind of error (a JSON-RPC error, in every protocol version
so far) is ``data_pkg.answers.protocol``'s rule; the text is the same either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from data_pkg.catalog import ENDPOINTS, Endpoint
from data_pkg.mcp._state import SETUP_TOOL
from data_pkg.suggest import closest
from data_pkg.toolsets import (
    SEGMENT_ENV,
    FormerName,
    Registry,
    available_profiles,
    former_name,
    resolve,
    tool_name,
)


def unknown_tool(name: str, registry: Registry, env: Mapping[str, str] | None = None) -> str:
    """What to tell a caller of ``name``, which ``registry`` does not serve (``env``: the server's, for
    the path segments that decide whether a profile serves an endpoint)."""
    if name == SETUP_TOOL:
        return "there is no setup problem: the tool set loaded. List the tools for what this server offers."
    former = former_name(name, registry.name_style, registry.prefix)
    if former is not None:
        return _gone(former, registry)
    endpoint = _catalog_names(registry.name_style, registry.prefix).get(name)
    if endpoint is not None:
        return _elsewhere(name, endpoint, env or {})
    close = closest(name, registry.names, n=3)
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


@lru_cache(maxsize=16)  # one entry per naming style and prefix in use
def _catalog_names(style: str, prefix: str) -> Mapping[str, Endpoint]:
    """Every live endpoint that can be a tool, by its tool name under ``style`` and ``prefix``."""
    return {tool_name(e, style, prefix): e for e in ENDPOINTS if e.is_tool_candidate and e.status == "live"}


def _elsewhere(name: str, endpoint: Endpoint, env: Mapping[str, str]) -> str:
    """The answer to a catalog endpoint's name that this tool set leaves out: who serves it, how to add it."""
    having = profiles_serving(endpoint.key, tuple(sorted((k, env[k]) for k in SEGMENT_ENV.values() if k in env)))
    which = ""
    if having:
        listed = having[0] if len(having) == 1 else f"{', '.join(having[:-1])} and {having[-1]}"
        which = f" The profile{'s' if len(having) > 1 else ''} {listed} ha{'ve' if len(having) > 1 else 's'} it."
    return (
        f"tool {name!r} ({endpoint.spec}) is not in this server's tool set.{which} To add it, ask the user to"
        f" put `tools: [{endpoint.spec}]` in the manifest the server runs (DATA_MCP_MANIFEST), or to extend a"
        " profile that has it. List the tools for what this server offers."
    )


def profiles_serving(key: str, segments: tuple[tuple[str, str], ...] = ()) -> tuple[str, ...]:
    """The profiles (``default`` too) whose tool set serves endpoint ``key``, with these path segments set."""
    return tuple(name for name in available_profiles() if key in _served(name, segments))


@lru_cache(maxsize=32)
def _served(profile: str, segments: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The endpoint keys profile ``profile`` serves: resolved once, on the first call of a tool it may have."""
    registry = resolve(profile, env=dict(segments)).registry
    return frozenset() if registry is None else frozenset(tool.endpoint for tool in registry)
