"""data-pkg: a typed market-data client and a local MCP server (data-mcp).

Importing the package is cheap: the client, its models and pydantic load on
first use of a name below, so the stdio server can answer its first request
without paying for them.

    >>> from data_pkg import DataClient
    >>> client = DataClient.from_env()           # DATA_API_KEY, DATA_BASE_URL
    >>> client.company.get_quote("AAPL").price
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from data_pkg._version import __version__

if TYPE_CHECKING:
    from data_pkg.client import AsyncDataClient, DataClient, RateLimitInfo, Settings
    from data_pkg.errors import (
        AuthenticationError,
        ConfigurationError,
        DataError,
        EndpointUnavailableError,
        InvalidRequestError,
        NotFoundError,
        PlanRestrictedError,
        RateLimitError,
        ResponseValidationError,
        TransportError,
        UpstreamServerError,
    )

__all__ = [
    "AsyncDataClient",
    "AuthenticationError",
    "ConfigurationError",
    "DataClient",
    "DataError",
    "EndpointUnavailableError",
    "InvalidRequestError",
    "NotFoundError",
    "PlanRestrictedError",
    "RateLimitError",
    "RateLimitInfo",
    "ResponseValidationError",
    "Settings",
    "TransportError",
    "UpstreamServerError",
    "__version__",
]

_CLIENT_NAMES = {"AsyncDataClient", "DataClient", "RateLimitInfo", "Settings"}


def __getattr__(name: str) -> Any:
    if name in _CLIENT_NAMES:
        from data_pkg import client

        return getattr(client, name)
    if name in __all__:
        from data_pkg import errors

        return getattr(errors, name)
    raise AttributeError(f"module 'data_pkg' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
