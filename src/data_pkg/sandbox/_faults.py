"""Fault injection: the failures a real upstream produces, on demand and reproducibly.

Random faults draw from one ``random.Random(seed)`` under a lock, so the same
seed and the same request sequence give the same faults; ``fail_first`` is
fully deterministic (the first N requests to each path fail), which is what
retry tests want.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Literal

__all__ = ["Fault", "FaultInjector", "FaultSettings"]

Fault = Literal["none", "error", "malformed", "error200", "drop"]
"""What to do to one reply: nothing, 503, truncated JSON, error body with 200, or a dropped connection."""

_RATES = ("error_rate", "malformed_rate", "error200_rate", "drop_rate")


@dataclass(frozen=True, slots=True)
class FaultSettings:
    """How often, and how, the sandbox misbehaves. All zero means never.

    ``SandboxConfig`` derives from this class: these fields and their checks are
    declared here only. A bad value raises ValueError with a message that names it.
    """

    latency_ms: float = 0.0
    """Delay added before every API reply, in milliseconds."""
    error_rate: float = 0.0
    """Fraction of API replies that are HTTP 503."""
    malformed_rate: float = 0.0
    """Fraction of API replies that are 200 with a truncated JSON body."""
    error200_rate: float = 0.0
    """Fraction of API replies that are 200 carrying the quota ``Error Message`` body."""
    drop_rate: float = 0.0
    """Fraction of API replies whose connection closes mid-body."""
    fail_first: int = 0
    """The first N requests to each path answer 503 (deterministic, for retry tests)."""

    def __post_init__(self) -> None:
        # Latency and rates are held as floats whichever number (or numeric text) was given,
        # so that the messages below and the ``/_sandbox/faults`` answer read the same from every source.
        for name in ("latency_ms", *_RATES):
            object.__setattr__(self, name, float(getattr(self, name)))
        if not (math.isfinite(self.latency_ms) and 0 <= self.latency_ms <= 60_000):
            raise ValueError(f"latency_ms must be between 0 and 60000, got {self.latency_ms}")
        for name in _RATES:
            value = getattr(self, name)
            if not (math.isfinite(value) and 0.0 <= value <= 1.0):
                raise ValueError(f"{name} must be a fraction between 0 and 1, got {value}")
        total = sum(getattr(self, name) for name in _RATES)
        if total > 1.0 + 1e-9:
            raise ValueError(f"the fault rates add up to {total:g}; their sum must not exceed 1")
        if isinstance(self.fail_first, bool) or not isinstance(self.fail_first, int) or self.fail_first < 0:
            raise ValueError(f"fail_first must be a non-negative integer, got {self.fail_first!r}")

    def faults(self) -> FaultSettings:
        """The fault fields alone, as a plain FaultSettings (a subclass's own fields are not fault settings)."""
        return FaultSettings(**{f.name: getattr(self, f.name) for f in fields(FaultSettings)})

    def as_dict(self) -> dict[str, float | int]:
        """The fault settings as a JSON-ready mapping (the shape ``/_sandbox/faults`` speaks)."""
        return asdict(self.faults())

    def updated(self, changes: Mapping[str, object]) -> FaultSettings:
        """A copy with the fault settings in ``changes`` applied; ValueError naming any unknown field or bad value."""
        known = set(self.as_dict())
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(f"unknown fault setting(s): {', '.join(unknown)}; expected {', '.join(sorted(known))}")
        clean: dict[str, float | int] = {}
        for name, value in changes.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"{name} must be a number, got {value!r}")
            if name == "fail_first" and not float(value).is_integer():
                raise ValueError(f"fail_first must be a non-negative integer, got {value!r}")
            clean[name] = int(value) if name == "fail_first" else float(value)
        # Values were checked above; __post_init__ checks their ranges. mypy cannot see
        # that each key pairs with a field of the matching type.
        return replace(self, **clean)  # type: ignore[arg-type]


class FaultInjector:
    """Decides, request by request, which fault (if any) a reply gets."""

    def __init__(self, settings: FaultSettings, seed: int = 0) -> None:
        self._settings = settings
        self._seed = seed
        self._rng = random.Random(seed)  # noqa: S311 - reproducible faults, not secrets
        self._seen: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def settings(self) -> FaultSettings:
        """The settings in force now."""
        return self._settings

    def configure(self, settings: FaultSettings) -> None:
        """Swap in new settings; counters and the random stream carry on."""
        with self._lock:
            self._settings = settings

    def reset(self) -> None:
        """Restart the random stream from the seed and forget the per-path counts."""
        with self._lock:
            self._rng = random.Random(self._seed)  # noqa: S311 - reproducible faults, not secrets
            self._seen.clear()

    def decide(self, path: str) -> Fault:
        """The fault for the next request to ``path``."""
        with self._lock:
            s = self._settings
            count = self._seen.get(path, 0)
            if count < s.fail_first:
                self._seen[path] = count + 1
                return "error"
            # Draw only when a random fault is configured, so that turning
            # faults on later starts from the same point of the stream.
            if not (s.error_rate or s.malformed_rate or s.error200_rate or s.drop_rate):
                return "none"
            draw = self._rng.random()
        kinds: tuple[tuple[Fault, float], ...] = (
            ("error", s.error_rate),
            ("malformed", s.malformed_rate),
            ("error200", s.error200_rate),
            ("drop", s.drop_rate),
        )
        for fault, rate in kinds:
            if draw < rate:
                return fault
            draw -= rate
        return "none"
