"""What kind of instrument a symbol names, by its spelling, as the sandbox's symbol universes write them.

The upstream answers some fields by kind (a currency pair or an index has no
market cap), and a yield index quotes a yield, not a price.
"""

from __future__ import annotations

from data_pkg.sandbox import _vocab as v

__all__ = ["YIELD_INDEXES", "symbol_kind"]

YIELD_INDEXES = frozenset({"^IRX", "^FVX", "^TNX", "^TYX"})
"""Treasury yield indexes (13 weeks, 5, 10 and 30 years): their "price" is a yield in percent."""

_CURRENCIES = frozenset(v.CURRENCIES)


def symbol_kind(symbol: str) -> str:
    """``index``, ``forex``, ``commodity``, ``crypto`` or ``stock``.

    ``^GSPC`` is an index; six letters that start with a known currency (``EURUSD``), or
    end with one other than the dollar, a pair; two letters and ``USD`` (``GCUSD``) a
    commodity future; anything else ending in ``USD`` (``BTCUSD``) a coin.
    """
    if symbol.startswith("^"):
        return "index"
    if len(symbol) == 6 and symbol.isalpha() and (symbol[:3] in _CURRENCIES or symbol[3:] in _CURRENCIES - {"USD"}):
        return "forex"
    if len(symbol) == 5 and symbol.endswith("USD") and symbol[:2].isalpha():
        return "commodity"
    if symbol.endswith("USD") and len(symbol) > 3:
        return "crypto"
    return "stock"
