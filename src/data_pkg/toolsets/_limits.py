"""How much a manifest may build: values, nesting and integer size, the same for every format.

Manifests are hand-written and small: the whole catalog, every tool named and overridden, is a
few thousand values. The limits sit far above that and turn what would exhaust memory or time
(a Python manifest whose ``+`` doubles a list sixty times, a 100,000-digit integer, lists nested
thousands deep) into one finding, DM108, at the value that crossed the line. The parsers check
them while they build, so neither the resolver nor the linter ever sees an oversized document,
and the server and lint stop at the same place.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_MANIFEST_BYTES = 1 << 20
"""Bytes of a manifest file (1 MiB); anything bigger is a mistake, or an attack on the parser (DM106)."""

MAX_VALUES = 5_000
"""Values (scalars, lists and mappings, every reference to an earlier field counted in full) per file."""

MAX_DEPTH = 20
"""Lists and mappings inside each other; a manifest needs five (``overrides`` -> tool -> ``fixed`` -> list)."""

MAX_DIGITS = 30
"""Decimal digits of an integer; the largest any parameter takes has 19."""

_MAX_INTEGER = 10**MAX_DIGITS

NO_SUCH_NUMBER = "no parameter takes a number that large"
_WRITE_IT_OUT = "a manifest needs a few hundred; write each list out once instead of joining it to itself"
_FLATTEN = "a manifest needs five at most: overrides, a tool, fixed and a list"


class LimitError(Exception):
    """A manifest goes past one of the limits; ``line`` and ``col`` are where (1-based).

    The parsers report it as DM108 with :func:`data_pkg.toolsets._diagnostics.limit_diagnostic`: the
    rule table quotes these limits, so it sits above this module.
    """

    def __init__(self, message: str, line: int, col: int, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.hint = hint


@dataclass
class Budget:
    """What one file has built so far; each check raises :class:`LimitError` past its limit."""

    values: int = 0

    def spend(self, count: int, line: int, col: int) -> None:
        """Count ``count`` more values built at ``line:col``."""
        self.values += count
        if self.values > MAX_VALUES:
            raise LimitError(f"the manifest builds more than {MAX_VALUES:,} values", line, col, _WRITE_IT_OUT)

    @staticmethod
    def depth(depth: int, line: int, col: int) -> None:
        """Check a list or mapping at nesting ``depth`` (the document itself is 1)."""
        if depth > MAX_DEPTH:
            raise LimitError(f"values are nested more than {MAX_DEPTH} deep", line, col, _FLATTEN)

    @staticmethod
    def digits(count: int, line: int, col: int) -> None:
        """Check an integer written with ``count`` digits, before converting it."""
        if count > MAX_DIGITS:
            too_long = f"an integer of {count:,} digits, more than the {MAX_DIGITS} allowed"
            raise LimitError(too_long, line, col, NO_SUCH_NUMBER)

    @staticmethod
    def integer(value: int, line: int, col: int) -> None:
        """Check an integer already converted (a Python ``0x...`` literal, a YAML ``0b...``)."""
        if not -_MAX_INTEGER < value < _MAX_INTEGER:
            raise LimitError(f"an integer of more than {MAX_DIGITS} digits", line, col, NO_SUCH_NUMBER)
