"""A price history that is a plain list of bars and also reads as the earlier client's wrapper."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


class History(list[M]):
    """The bars of one symbol, oldest or newest first as the upstream sent them.

    It is a ``list`` (iterate, index, ``len``, compare with a list: all as before), and it also answers
    the names scripts written for the earlier client use: ``.historical`` (the bars) and ``.symbol``.
    """

    __slots__ = ("symbol",)

    def __init__(self, rows: Iterable[M] = (), *, symbol: str = "") -> None:
        super().__init__(rows)
        self.symbol = symbol

    @property
    def historical(self) -> list[M]:
        """The bars: this list itself, under the name the earlier client's result object gave them."""
        return self

    def __reduce__(self) -> tuple[type[History[M]], tuple[list[M]], dict[str, str]]:
        # Pickle (and copy) keep the symbol; list's own reduce would drop what __slots__ holds.
        return (type(self), (list(self),), {"symbol": self.symbol})

    def __setstate__(self, state: dict[str, str]) -> None:
        self.symbol = state["symbol"]
