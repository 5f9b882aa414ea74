"""Every error the client raises, under one base class.

Each kind tells the caller (and an agent reading a tool result) what to do
next: fix the key, upgrade the plan, wait N seconds, change an argument.
Messages never contain the API key; URLs in them are redacted first.
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "AuthenticationError",
    "ConfigurationError",
    "DataError",
    "EndpointUnavailableError",
    "InvalidRequestError",
    "NotFoundError",
    "PlanRestrictedError",
    "RateLimitError",
    "ResponseValidationError",
    "TransportError",
    "UpstreamServerError",
    "WrongAddressError",
]

PlanKind = Literal["restricted", "exclusive", "legacy", "premium_query", "other"]
RateLimitKind = Literal["quota", "bandwidth", "local"]


class DataError(Exception):
    """Base class of every error raised by data-pkg."""

    category: str = "error"
    """Short machine-readable kind, used in tool results: ``auth``, ``plan`` ..."""

    def __init__(self, message: str, *, status: int | None = None, endpoint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.endpoint = endpoint

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, status={self.status!r}, endpoint={self.endpoint!r})"


class ConfigurationError(DataError):
    """A setting (environment variable or argument) has a value we cannot use."""

    category = "config"


class WrongAddressError(ConfigurationError):
    """``DATA_BASE_URL`` answered, but not as the API does: a redirect, or a web page where the API answers data.

    The address points elsewhere (a web site, a proxy's sign-in page); retrying will not help.
    """


class InvalidRequestError(DataError):
    """An argument is wrong; raised before any request is sent."""

    category = "bad_arguments"

    def __init__(self, message: str, *, param: str | None = None, endpoint: str | None = None) -> None:
        super().__init__(message, endpoint=endpoint)
        self.param = param


class EndpointUnavailableError(DataError):
    """The endpoint cannot be called here: withdrawn upstream, or its path segment is not configured."""

    category = "unavailable"


class AuthenticationError(DataError):
    """The API key is missing or the upstream rejected it (HTTP 401)."""

    category = "auth"


class PlanRestrictedError(DataError):
    """The caller's plan does not include this endpoint or argument value (HTTP 402)."""

    category = "plan"

    def __init__(
        self,
        message: str,
        *,
        kind: PlanKind = "other",
        required_tier: str | None = None,
        status: int | None = 402,
        endpoint: str | None = None,
    ) -> None:
        super().__init__(message, status=status, endpoint=endpoint)
        self.kind = kind
        self.required_tier = required_tier


class RateLimitError(DataError):
    """Too many calls: the upstream quota (HTTP 429) or the local limiter's cap."""

    category = "rate_limit"

    def __init__(
        self,
        message: str,
        *,
        retry_after: float | None = None,
        kind: RateLimitKind = "quota",
        status: int | None = 429,
        endpoint: str | None = None,
    ) -> None:
        super().__init__(message, status=status, endpoint=endpoint)
        self.retry_after = retry_after
        self.kind = kind


class NotFoundError(DataError):
    """The upstream has nothing for this request (HTTP 404, or an empty answer where one row was expected)."""

    category = "not_found"


class UpstreamServerError(DataError):
    """The upstream failed (HTTP 5xx) after the allowed retries."""

    category = "upstream"


class TransportError(DataError):
    """The request never got an HTTP answer: connection refused or dropped, DNS, timeout."""

    category = "transport"


class ResponseValidationError(DataError):
    """The upstream answered, but not in the shape the response model expects (strict mode)."""

    category = "invalid_response"

    def __init__(self, message: str, *, errors: list[str] | None = None, endpoint: str | None = None) -> None:
        super().__init__(message, endpoint=endpoint)
        self.errors = errors or []
