"""A tool call, from arguments to result.

Checks happen before anything is sent or counted, and each failure names
what is allowed:

- unknown tool, no ``endpoint``, unknown slug, a field the slug's endpoint
  does not take, a missing or malformed value: JSON-RPC *invalid params*
  (-32602), because the call itself is wrong (in 2025-11-25 sessions the SDK
  server answers those of a listed tool as ``isError`` results instead);
- everything that happens upstream or in the limits (plan denial, quota,
  not found, outage): a tool result with ``isError`` whose text starts with
  ``[category]`` and says what to do next, because the call was right and
  the agent has to decide what to tell the user.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from data_hosted._limits import RateLimit
from data_hosted._tools import ADDON_TOOL, HostedTool, Route, Toolset
from data_hosted._upstream import Upstream
from data_pkg.answers import CallContext
from data_pkg.answers.results import ResultWriter
from data_pkg.catalog import Param
from data_pkg.client import Secret
from data_pkg.errors import DataError, InvalidRequestError, PlanRestrictedError, RateLimitError
from data_pkg.suggest import closest
from data_pkg.toolsets import AnswerSpec, coerce_arguments

__all__ = ["Caller", "ToolCalls"]

logger = logging.getLogger("data_hosted.calls")

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class HostedWriter(ResultWriter):
    """The shared result writer, worded for the hosted interface: errors name the endpoint, and a plan
    denial reads ``ACCESS DENIED`` as the hosted server's does."""

    def __init__(self) -> None:
        super().__init__(
            {
                "auth": "The API key in the server URL was rejected: ask the user to check it.",
                "config": "The server is misconfigured; retrying will not help. Tell the user.",
                "unavailable": "Use another endpoint or tool.",
                "invalid_response": "The data service answered in an unexpected shape; try another endpoint.",
            }
        )

    def route_failure(self, error: DataError, route: Route) -> types.CallToolResult:
        """An ``isError`` result for a failed call of ``route``."""
        if isinstance(error, PlanRestrictedError):
            return self.problem(_plan_denied(error, route))
        if isinstance(error, RateLimitError):
            return self.failure(error)
        return self.failure(error, subject=f"{route.tool} endpoint {route.slug}")


def _plan_denied(error: PlanRestrictedError, route: Route) -> str:
    if route.tool == ADDON_TOOL or route.endpoint.hosted_only:
        need = "the paid ratings add-on, which no plan includes"
    elif error.kind == "premium_query":
        return f"[plan] ACCESS DENIED — {error.message}. Try another value, or tell the user."
    elif error.required_tier:
        need = f"the {error.required_tier.capitalize()} plan or higher"
    else:
        need = "a higher plan"
    where = f"{route.tool} endpoint {route.slug}"
    return f"[plan] ACCESS DENIED — {where} requires {need}. Tell the user, or use another endpoint."


WRITER = HostedWriter()


@dataclass(frozen=True)
class Caller:
    """Who is calling: the key from the URL (kept secret) and its tag (safe to log and store)."""

    api_key: Secret
    tag: str


def invalid_params(message: str, **data: Any) -> MCPError:
    """The JSON-RPC error for a call whose arguments are wrong."""
    return MCPError(INVALID_PARAMS, message, data or None)


def _field_list(params: tuple[Param, ...]) -> str:
    if not params:
        return "no other fields"
    return ", ".join(p.name + (" (required)" if p.required else "") for p in params)


def success(body: bytes, route: Route, answer: AnswerSpec, arguments: Mapping[str, Any]) -> types.CallToolResult:
    """The upstream's answer: JSON through the answer writer (its budget and note), CSV as it is, or the
    workbook as an embedded blob."""
    endpoint = route.endpoint
    if endpoint.format == "xlsx":
        blob = types.BlobResourceContents(
            uri=f"data:{route.tool}/{route.slug}", mime_type=_XLSX, blob=base64.b64encode(body).decode()
        )
        return types.CallToolResult(content=[types.EmbeddedResource(type="resource", resource=blob)])
    if endpoint.format == "csv":
        return types.CallToolResult(content=[types.TextContent(text=body.decode("utf-8", "replace"))])
    try:
        value = json.loads(body)
    except ValueError:
        return WRITER.problem(
            "[invalid_response] the data service answered with something that is not JSON; retry later."
        )
    except RecursionError:  # JSON nested deeper than the parser goes
        step = WRITER.next_steps["invalid_response"]
        return WRITER.problem(
            f"[invalid_response] the data service's answer nests values deeper than JSON can be read. {step}"
        )
    return WRITER.answer(value, answer, CallContext.of(endpoint, arguments, route.fixed))


class ToolCalls:
    """Runs tool calls against the toolset, the limits and the upstream."""

    def __init__(
        self, toolset: Toolset, upstream: Upstream, rate_limit: RateLimit | None, *, max_answer_tokens: int
    ) -> None:
        self.toolset = toolset
        self.upstream = upstream
        self.rate_limit = rate_limit
        # The hosted interface answers JSON: the budget and its note apply, the table format does not.
        self.answer = AnswerSpec(max_tokens=max_answer_tokens, format="json")

    def _tool(self, name: str) -> HostedTool:
        tool = self.toolset.tools.get(name)
        if tool is None:
            close = closest(name, self.toolset.tools, n=3)
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            raise invalid_params(f"Unknown tool {name!r}.{hint}", tools=list(self.toolset.tools))
        return tool

    def resolve(self, name: str, arguments: Mapping[str, Any]) -> tuple[Route, dict[str, object]]:
        """The route and the client arguments of a call; raises invalid params when they are wrong."""
        tool = self._tool(name)
        slugs = list(tool.routes)
        slug = arguments.get("endpoint")
        if slug is None:
            raise invalid_params(
                f"{name} needs `endpoint`: one of {', '.join(slugs)}.", tool=name, allowed_endpoints=slugs
            )
        route = tool.routes.get(slug) if isinstance(slug, str) else None
        if route is None:
            same = [s for s in slugs if s.lower() == str(slug).lower()]
            close = same or closest(str(slug), slugs, n=3)
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            if same:
                hint += " Endpoint names are case-sensitive."
            raise invalid_params(
                f"{name} has no endpoint {slug!r}.{hint} Allowed: {', '.join(slugs)}.",
                tool=name,
                allowed_endpoints=slugs,
            )
        fields = {p.name: p for p in route.fields}
        given = {k: v for k, v in arguments.items() if k != "endpoint"}
        extra = sorted(k for k in given if k not in fields)
        if extra:
            raise invalid_params(
                f"{name} endpoint {route.slug} does not take {', '.join(extra)}; it takes {_field_list(route.fields)}.",
                tool=name,
                endpoint=route.slug,
                unexpected=extra,
                allowed=list(fields),
            )
        # An explicit null means "not given", as it does to most JSON APIs.
        args = coerce_arguments(route.endpoint, {k: v for k, v in given.items() if v is not None})
        args.update(route.fixed)
        return route, args

    async def call(self, name: str, arguments: Mapping[str, Any], caller: Caller) -> types.CallToolResult:
        """Run one call: invalid params raise; everything else is a result."""
        route, args = self.resolve(name, arguments)
        try:
            call = self.upstream.prepare(route.endpoint.key, args)
        except InvalidRequestError as error:
            raise invalid_params(
                f"{name} endpoint {route.slug}: {error.message}. It takes {_field_list(route.fields)}.",
                tool=name,
                endpoint=route.slug,
                allowed=[p.name for p in route.fields],
            ) from None
        except DataError as error:
            return WRITER.route_failure(error, route)
        try:
            if self.rate_limit is not None:
                await self.rate_limit.take(caller.tag)
            body = await self.upstream.fetch(call, caller.api_key, caller.tag)
        except DataError as error:
            logger.info("%s/%s failed: %s", name, route.slug, error.category)
            return WRITER.route_failure(error, route)
        return success(body, route, self.answer, arguments)
