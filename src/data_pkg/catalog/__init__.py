"""The endpoint catalog: every upstream REST endpoint declared once, as data.

Everything else (client methods, tool schemas, the sandbox, docs tables) is
derived from :data:`ENDPOINTS`. Lookups are by key (``quote``) or by spec
name (``company.quote``).
"""

from __future__ import annotations

from functools import cache

from data_pkg.catalog._default_set import DEFAULT_SET
from data_pkg.catalog._endpoints import ENDPOINTS
from data_pkg.catalog._groups import GROUP_DOCS
from data_pkg.catalog._renamed import RENAMED
from data_pkg.catalog._types import (
    SEGMENT_ENV,
    TIERS,
    Endpoint,
    Format,
    Freshness,
    HostedRef,
    Param,
    ParamType,
    Status,
    Tier,
)
from data_pkg.catalog._typical import typical_arguments

__all__ = [
    "DEFAULT_SET",
    "ENDPOINTS",
    "GROUP_DOCS",
    "RENAMED",
    "SEGMENT_ENV",
    "TIERS",
    "Endpoint",
    "Format",
    "Freshness",
    "HostedRef",
    "Param",
    "ParamType",
    "Status",
    "Tier",
    "by_key",
    "by_spec",
    "client_endpoints",
    "groups",
    "lookup",
    "renamed",
    "replacement",
    "tier_rank",
    "typical_arguments",
]


@cache
def _index() -> tuple[dict[str, Endpoint], dict[str, Endpoint]]:
    keys = {e.key: e for e in ENDPOINTS}
    specs = {e.spec: e for e in ENDPOINTS}
    return keys, specs


def by_key(key: str) -> Endpoint:
    """The endpoint with this key (``quote``); KeyError when unknown."""
    return _index()[0][key]


def by_spec(spec: str) -> Endpoint:
    """The endpoint with this spec name (``company.quote``); KeyError when unknown."""
    return _index()[1][spec]


def lookup(name: str) -> Endpoint:
    """The endpoint called ``name``, given as a spec name or a bare key."""
    keys, specs = _index()
    found = specs.get(name) or keys.get(name)
    if found is None:
        raise KeyError(name)
    return found


def renamed(name: str) -> Endpoint | None:
    """The endpoint a former name (spec name or bare key, see :data:`RENAMED`) belongs to now, or None."""
    current = _former().get(name)
    return by_spec(current) if current is not None else None


@cache
def _former() -> dict[str, str]:
    bare: dict[str, str] = {}
    for old, new in RENAMED.items():
        bare.setdefault(old.partition(".")[2], new)
    return {**bare, **RENAMED}


def replacement(endpoint: Endpoint) -> Endpoint | None:
    """The live endpoint to call for ``endpoint``: itself when live, else its successor's replacement, else None."""
    seen: set[str] = set()
    while endpoint.status != "live":
        if endpoint.successor is None or endpoint.spec in seen:
            return None
        seen.add(endpoint.spec)
        endpoint = by_spec(endpoint.successor)
    return endpoint


def client_endpoints() -> tuple[Endpoint, ...]:
    """Endpoints the Python client has a method for (all but hosted-only ones)."""
    return tuple(e for e in ENDPOINTS if not e.hosted_only)


def groups() -> tuple[str, ...]:
    """Client groups in catalog order."""
    return tuple(dict.fromkeys(e.group for e in ENDPOINTS if not e.hosted_only))


def tier_rank(tier: str) -> int:
    """Position of a plan tier, cheapest first; ValueError for an unknown tier."""
    try:
        return TIERS.index(tier)
    except ValueError:
        raise ValueError(f"unknown plan tier {tier!r}; expected one of {', '.join(TIERS)}") from None
