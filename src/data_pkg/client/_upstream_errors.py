"""Turn an upstream error reply into the error a caller can act on.

The upstream reports errors in several ways (see the reference notes): a
status code with a JSON ``{"Error Message": ...}`` body, a plain-text body
(402 ``Restricted Endpoint``), and sometimes an ``Error Message`` body with
status 200. All of them end up here. Messages are ours: the upstream's own
text can carry links we do not want in an agent's context.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from data_pkg.catalog import Endpoint
from data_pkg.client._ratelimit import parse_retry_after
from data_pkg.errors import (
    AuthenticationError,
    DataError,
    EndpointUnavailableError,
    InvalidRequestError,
    NotFoundError,
    PlanKind,
    PlanRestrictedError,
    RateLimitError,
    UpstreamServerError,
    WrongAddressError,
)
from data_pkg.redact import redact

_PLAN_KINDS: tuple[tuple[str, PlanKind], ...] = (
    ("restricted endpoint", "restricted"),
    ("exclusive endpoint", "exclusive"),
    ("legacy endpoint", "legacy"),
    ("premium query parameter", "premium_query"),
    ("special endpoint", "premium_query"),
)


def error_message_of(body: bytes) -> str | None:
    """The ``Error Message`` of a JSON object body, or None when the body is not one."""
    stripped = body.lstrip()
    if not stripped.startswith(b"{"):
        return None
    try:
        parsed = json.loads(stripped)
    except ValueError:
        return None
    if isinstance(parsed, dict):
        message = parsed.get("Error Message") or parsed.get("error") or parsed.get("message")
        if isinstance(message, str):
            return message
    return None


def looks_like_a_page(headers: Mapping[str, str], body: bytes) -> bool:
    """Whether a reply is a web page (HTML): the API answers JSON, CSV or plain text, never HTML."""
    kind = headers.get("content-type", "").lower()
    start = body[:64].lstrip().lower()
    return "html" in kind or start.startswith((b"<!doctype html", b"<html"))


def not_the_api(endpoint: Endpoint, status: int, headers: Mapping[str, str], body: bytes) -> WrongAddressError | None:
    """The error for a reply that shows the address is not the API (a redirect, a web page); None otherwise.

    A web page with a 5xx status is not counted: a proxy in front of the API answers its own outages so.
    """
    if 300 <= status < 400:
        where = redact(headers.get("location", "")).strip()
        what = f"a redirect (HTTP {status}{' to ' + _clip(where, 120) if where else ''})"
    elif status < 500 and looks_like_a_page(headers, body):
        what = f"a web page (HTTP {status}, HTML)"
    else:
        return None
    return WrongAddressError(
        f"{endpoint.spec}: the address does not look like the API: it answered {what} where the API answers data."
        " Check DATA_BASE_URL: it must be the API's own address (scheme, host and port), not a web site or a"
        " page in front of it",
        status=status,
        endpoint=endpoint.spec,
    )


def classify(endpoint: Endpoint, status: int, headers: Mapping[str, str], body: bytes) -> DataError:
    """The error for a reply that is not a usable answer."""
    spec = endpoint.spec
    if (wrong := not_the_api(endpoint, status, headers, body)) is not None:
        return wrong
    upstream = error_message_of(body)
    # Upstream text can echo the request URL, key included: mask it before it goes anywhere.
    text = redact(upstream if upstream is not None else body[:300].decode("utf-8", "replace")).strip()
    lowered = text.lower()
    if status == 401 or "invalid api key" in lowered:
        return AuthenticationError(
            "the API key was rejected: check DATA_API_KEY (it must be a valid key for this base URL)",
            status=status,
            endpoint=spec,
        )
    if status == 429 or "limit reach" in lowered:
        bandwidth = "bandwidth" in lowered
        retry_after = parse_retry_after(headers.get("retry-after"))
        when = f"retry after {retry_after:.0f} s" if retry_after is not None else "retry later"
        what = "the plan's bandwidth allowance" if bandwidth else "the plan's call allowance"
        return RateLimitError(
            f"rate limit exceeded: {what} is used up; {when} or upgrade the plan",
            retry_after=retry_after,
            kind="bandwidth" if bandwidth else "quota",
            status=status,
            endpoint=spec,
        )
    if status in (402, 403) or any(marker in lowered for marker, _ in _PLAN_KINDS):
        return _plan_error(endpoint, status, lowered)
    if status == 404:
        if endpoint.status == "withdrawn":
            return EndpointUnavailableError(f"{spec} was withdrawn upstream", status=status, endpoint=spec)
        return NotFoundError(f"{spec}: nothing found for these arguments", status=status, endpoint=spec)
    if 400 <= status < 500:
        detail = f": {_clip(text)}" if text else ""
        return InvalidRequestError(f"{spec} rejected the arguments (HTTP {status}){detail}", endpoint=spec)
    if status >= 500:
        return UpstreamServerError(
            f"{spec}: the upstream failed with HTTP {status}; try again later", status=status, endpoint=spec
        )
    return UpstreamServerError(
        f"{spec}: the upstream answered with an error: {_clip(text)}", status=status, endpoint=spec
    )


def _plan_error(endpoint: Endpoint, status: int, lowered: str) -> PlanRestrictedError:
    kind: PlanKind = next((k for marker, k in _PLAN_KINDS if marker in lowered), "other")
    spec = endpoint.spec
    if kind == "premium_query":
        param = _quoted_param(lowered)
        what = f"this value of {param!r}" if param else "this argument value"
        message = f"{spec}: {what} is not included in the current plan; try another value or upgrade"
        return PlanRestrictedError(message, kind=kind, status=status, endpoint=spec)
    needed = endpoint.tier if endpoint.tier != "basic" else None
    need = f"it needs the {needed} plan or higher" if needed else "it needs a higher plan"
    label = {"exclusive": "an exclusive endpoint", "legacy": "a legacy endpoint"}.get(kind, "not in the current plan")
    return PlanRestrictedError(
        f"{spec} is {label}: {need}", kind=kind, required_tier=needed, status=status, endpoint=spec
    )


def _quoted_param(lowered: str) -> str | None:
    marker = "value set for '"
    start = lowered.find(marker)
    if start < 0:
        return None
    end = lowered.find("'", start + len(marker))
    return lowered[start + len(marker) : end] if end > 0 else None


def _clip(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
