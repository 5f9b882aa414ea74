"""Prices: a fixed function of symbol and day, so a symbol's quote, profile and history agree.

A treasury yield index (``^TNX``) quotes a yield in percent, not a price.
"""

from __future__ import annotations

import functools
import hashlib
import math

from data_pkg.sandbox._depths import ANCHOR
from data_pkg.sandbox._symbols import YIELD_INDEXES

__all__ = ["close_on", "fund_assets", "symbol_profile"]


@functools.lru_cache(maxsize=8192)
def symbol_profile(symbol: str) -> tuple[float, float, float, int, float]:
    """A symbol's fixed traits: base price, two phases of its swings, its noise seed, its shares outstanding."""
    digest = hashlib.sha256(symbol.encode()).digest()
    if symbol in YIELD_INDEXES:
        base = 3.6 + digest[0] / 255 * 1.2  # a yield in percent: 3.6 .. 4.8, swinging about a sixth either way
    else:
        base = 15 + int.from_bytes(digest[0:4], "big") % 43_500 / 100  # 15.00 .. 449.99
    phase1 = digest[4] / 255 * 2 * math.pi
    phase2 = digest[5] / 255 * 2 * math.pi
    noise_seed = int.from_bytes(digest[6:10], "big")
    shares = float(10_000_000 + int.from_bytes(digest[10:14], "big") % 5_000_000_000)
    return base, phase1, phase2, noise_seed, shares


def close_on(symbol: str, ordinal: int) -> float:
    """The synthetic closing price of ``symbol`` on the day with this ordinal (unrounded)."""
    base, phase1, phase2, noise_seed, _ = symbol_profile(symbol)
    noise = (((ordinal * 2_654_435_761) ^ noise_seed) & 0xFFFF) / 0xFFFF * 0.02 - 0.01
    return base * (1 + 0.12 * math.sin(ordinal / 37 + phase1) + 0.05 * math.sin(ordinal / 11.3 + phase2) + noise)


def fund_assets(symbol: str) -> float:
    """What a fund holds in all, in dollars: its price times its shares, on the sandbox's today."""
    shares = symbol_profile(symbol)[4]
    return close_on(symbol, ANCHOR.toordinal()) * shares
