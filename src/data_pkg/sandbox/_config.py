"""The sandbox's settings, validated once when they are built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from data_pkg.sandbox._faults import FaultSettings
from data_pkg.sandbox._plans import DEFAULT_KEYS, Quota, check_tier

__all__ = ["SandboxConfig"]


@dataclass(frozen=True)
class SandboxConfig(FaultSettings):
    """Everything a sandbox instance can be told.

    The fault fields (``latency_ms``, ``error_rate``, ``malformed_rate``,
    ``error200_rate``, ``drop_rate``, ``fail_first``) are :class:`FaultSettings`';
    they start as given here and can be changed at runtime with
    ``POST /_sandbox/faults``. A bad value raises ValueError with a message
    that names it.
    """

    seed: int = 0
    """Seed of the random fault stream. Response data does not depend on it."""
    quotas: Mapping[str, Quota] = field(default_factory=dict)
    """Per-key quota windows replacing the plan defaults, e.g. ``{"sandbox-basic": Quota(3, 60)}``."""
    extra_keys: Mapping[str, str] = field(default_factory=dict)
    """More accepted keys, mapped to their plan tier (``{"my-test-key": "starter"}``)."""
    bulk_rows: int = 2000
    """Rows in each bulk CSV answer."""
    list_rows: int | None = None
    """At most this many rows in each symbol list (stock, ETF, crypto ... lists, whole-market quotes);
    None keeps the upstream's sizes (tens of thousands). For suites that call every endpoint often."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be an integer, got {self.seed!r}")
        if isinstance(self.bulk_rows, bool) or not isinstance(self.bulk_rows, int) or not 0 <= self.bulk_rows <= 10**7:
            raise ValueError(f"bulk_rows must be an integer between 0 and 10000000, got {self.bulk_rows!r}")
        rows = self.list_rows
        if rows is not None and (isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= 10**7):
            raise ValueError(f"list_rows must be an integer between 1 and 10000000, got {rows!r}")
        for key, tier in self.extra_keys.items():
            if not key or not key.isprintable() or " " in key:
                raise ValueError(f"extra key {key!r} must be a non-empty printable string without spaces")
            check_tier(tier)
        known = self.keys()
        for key, quota in self.quotas.items():
            if key not in known:
                raise ValueError(f"quota given for unknown key {key!r}; known keys: {', '.join(known)}")
            if not isinstance(quota, Quota):
                raise ValueError(f"quota for {key!r} must be a Quota, got {quota!r}")

    def keys(self) -> dict[str, str]:
        """Every accepted key and its plan tier."""
        return {**DEFAULT_KEYS, **self.extra_keys}
