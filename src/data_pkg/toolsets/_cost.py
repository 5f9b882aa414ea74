"""What a tool list costs an agent: bytes on the wire, and an estimate of tokens.

One definition, used by :class:`Registry` for a whole list, and by ``data-mcp tools`` and lock files
for each tool's share, so every figure a team compares is counted the same way.
"""

from __future__ import annotations

import json
from typing import Any

BYTES_PER_TOKEN = 4
"""The usual rule of thumb for English text; JSON punctuation makes real tokenisers land between 3 and 4."""


def wire_bytes(value: Any) -> int:
    """Size in bytes of ``value`` as compact UTF-8 JSON: what the agent host receives."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def estimate_tokens(size: int) -> int:
    """A rough token count for ``size`` bytes: bytes / 4, rounded up (a lower bound to compare, not a bill)."""
    return -(-size // BYTES_PER_TOKEN)
