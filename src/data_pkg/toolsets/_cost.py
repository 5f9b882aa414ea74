"""What a tool list costs an agent: bytes on the wire, and an estimate of tokens.

One definition, used by :class:`Registry` for a whole list, and by ``data-mcp tools`` and lock files
for each tool's share, so every figure a team compares is counted the same way.
"""

from __future__ import annotations

import json
from typing import Any

BYTES_PER_TOKEN = 4
"""Compact JSON tool lists run 4.2-4.3 bytes per o200k token (every built-in profile, measured in
``benchmarks/report.py``), so a whole list's estimate reads 4-8% high and one tool's 0.8-1.4x its exact count."""


def wire_bytes(value: Any) -> int:
    """Size in bytes of ``value`` as compact UTF-8 JSON: what the agent host receives."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def estimate_tokens(size: int) -> int:
    """A token estimate for ``size`` bytes: bytes / 4, rounded up (a figure to compare sets with, not a bill).

    Deliberately simple and stable: lock files record it, so a change would make every team's lock stale.
    """
    return -(-size // BYTES_PER_TOKEN)
