"""Symbol universes: the n-th symbol of a stock, ETF, fund, crypto, currency, commodity or index list.

A directory list of tens of thousands of rows needs as many distinct symbols,
and a page from its middle must not need the rows before it. So the n-th
symbol is computed from n alone: the well-known sample symbols first, then
invented tickers from a fixed permutation of all four-letter codes. Each kind
of list takes its own stretch of the permutation, so a stock and an ETF never
share a ticker, and symbols are distinct up to :data:`CAPACITY` of a kind.
"""

from __future__ import annotations

from collections.abc import Callable

from data_pkg.sandbox import _vocab as v

__all__ = ["CAPACITY", "UNIVERSES", "symbol_at"]

_LETTERS = 26
_CODES4 = _LETTERS**4
_STEP = 104_729  # a prime, so index -> index * _STEP mod 26**4 visits every code once
_RESERVED = frozenset(s for s in v.SYMBOLS if len(s) == 4 and s.isalpha())


def _letters(code: int, width: int) -> str:
    chars = []
    for _ in range(width):
        code, r = divmod(code, _LETTERS)
        chars.append(chr(ord("A") + r))
    return "".join(reversed(chars))


_PAIRS = tuple(_letters(code, 2) for code in range(_LETTERS**2))


def _ticker(n: int) -> str:
    """The ``n``-th invented four-letter ticker; never one of the sample symbols."""
    high, low = divmod(n * _STEP % _CODES4, _LETTERS**2)
    text = _PAIRS[high] + _PAIRS[low]
    # The few codes equal to a sample symbol get a fifth letter, which no other code has.
    return text + "Q" if text in _RESERVED else text


def _stocks(n: int) -> str:
    return v.SYMBOLS[n] if n < len(v.SYMBOLS) else _ticker(n - len(v.SYMBOLS))


def _etfs(n: int) -> str:
    return _ticker(150_000 + n)


def _funds(n: int) -> str:
    # Mutual fund tickers have five letters ending in X.
    return _ticker(250_000 + n) + "X"


def _crypto(n: int) -> str:
    return _ticker(350_000 + n) + "USD"


def _commodities(n: int) -> str:
    # Two letters and the quote currency, like a futures root: GCUSD.
    return _letters(n * 31 % _LETTERS**2, 2) + "USD"


def _indexes(n: int) -> str:
    return "^" + _ticker(440_000 + n)


_CURRENCY_COUNT = 60


def _currency(n: int) -> str:
    # The sample currencies, then invented codes; a test checks that the 60 are distinct.
    return v.CURRENCIES[n] if n < len(v.CURRENCIES) else _letters(n * 7_919 % _LETTERS**3, 3)


def _forex(n: int) -> str:
    """Pairs of 60 currencies, base currency by base currency: USDEUR, USDGBP, ..., USD..., EURUSD, ..."""
    base, other = divmod(n, _CURRENCY_COUNT - 1)
    return _currency(base) + _currency(other + (other >= base))


UNIVERSES: dict[str, Callable[[int], str]] = {
    "stocks": _stocks,
    "etfs": _etfs,
    "funds": _funds,
    "crypto": _crypto,
    "forex": _forex,
    "commodities": _commodities,
    "indexes": _indexes,
}
"""Each kind of symbol list and its n-th symbol."""

CAPACITY: dict[str, int] = {
    "stocks": 150_000,
    "etfs": 100_000,
    "funds": 100_000,
    "crypto": 70_000,
    "forex": _CURRENCY_COUNT * (_CURRENCY_COUNT - 1),
    "commodities": _LETTERS**2,
    "indexes": _CODES4 - 440_000,
}
"""How many distinct symbols each universe holds."""


def symbol_at(universe: str, n: int) -> str:
    """The ``n``-th symbol (from 0) of a universe."""
    return UNIVERSES[universe](n)
