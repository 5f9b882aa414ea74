"""Base classes of the generated group classes: one typed helper per answer shape.

The generated methods only name the endpoint, its model and the arguments;
every call goes through the transport, so there is one code path to test.
Every method takes ``force_refresh=True`` to skip the cache for that call
(the fresh answer is cached for the next one).
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from pydantic import BaseModel

from data_pkg.catalog import by_key
from data_pkg.client._history import History

if TYPE_CHECKING:
    from data_pkg.client._async import AsyncTransport
    from data_pkg.client._sync import SyncTransport

M = TypeVar("M", bound=BaseModel)


class GroupHost:
    """Something that owns a transport the groups share (the two client classes)."""

    _transport: Any


def symbol_first(key: str, given: tuple[object, ...], symbol: Any, other: Any) -> tuple[Any, Any]:
    """Bind the positional arguments of endpoint ``key``'s method, whose symbol now comes first.

    The catalog lists another required argument before the symbol (``interval``); the method takes
    ``(symbol, interval)``. The earlier order, ``(interval, symbol)`` or ``(interval, symbol=...)``,
    still works and warns (``DeprecationWarning``). It is told apart by its first value being one of
    the interval's allowed values and the second not, so a symbol is never taken for an interval.
    """
    endpoint = by_key(key)
    displaced = endpoint.after_symbol
    if displaced is None:
        raise TypeError(f"{endpoint.spec}: the symbol is not preceded by another required argument")
    method, name = endpoint.method, displaced.name
    if len(given) > 2:
        raise TypeError(f"{method}() takes at most 2 positional arguments ({len(given)} given)")
    earlier = False
    if len(given) == 2:
        clash = "symbol" if symbol is not None else name if other is not None else None
        if clash:
            raise TypeError(f"{method}() got multiple values for argument {clash!r}")
        first, second = given
        earlier = first in displaced.enum and second not in displaced.enum
        symbol, other = (second, first) if earlier else (first, second)
    elif len(given) == 1:
        if symbol is None:
            symbol = given[0]
        elif other is None:
            other, earlier = given[0], True  # the symbol came by keyword: the one positional is the earlier first
        else:
            raise TypeError(f"{method}() got multiple values for argument 'symbol'")
    if earlier:
        warnings.warn(
            f"{method}({name}, symbol) is deprecated: the symbol comes first now,"
            f" call {method}({symbol!r}, {name}={other!r})",
            DeprecationWarning,
            stacklevel=3,
        )
    return symbol, other


class SyncGroup:
    """Methods of one dataset group on :class:`~data_pkg.DataClient`."""

    __slots__ = ("_transport",)

    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def _one(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> M:
        return cast("M", self._transport.call(key, args, refresh=refresh))

    def _many(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> list[M]:
        return cast("list[M]", self._transport.call(key, args, refresh=refresh))

    def _history(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> History[M]:
        return History(self._many(key, model, args, refresh=refresh), symbol=str(args["symbol"]))

    def _strings(self, key: str, args: Mapping[str, object], *, refresh: bool = False) -> list[str]:
        return cast("list[str]", self._transport.call(key, args, refresh=refresh))

    def _bytes(self, key: str, args: Mapping[str, object], *, refresh: bool = False) -> bytes:
        return self._transport.fetch(self._transport.engine.prepare(key, args), refresh=refresh)

    def _rows(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> Iterator[M]:
        # Streams are never cached, so every one is already fresh: ``refresh`` has nothing to skip.
        return cast("Iterator[M]", self._transport.stream_rows(key, args))


class AsyncGroup:
    """Methods of one dataset group on :class:`~data_pkg.AsyncDataClient`."""

    __slots__ = ("_transport",)

    def __init__(self, transport: AsyncTransport) -> None:
        self._transport = transport

    async def _one(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> M:
        return cast("M", await self._transport.call(key, args, refresh=refresh))

    async def _many(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> list[M]:
        return cast("list[M]", await self._transport.call(key, args, refresh=refresh))

    async def _history(
        self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False
    ) -> History[M]:
        return History(await self._many(key, model, args, refresh=refresh), symbol=str(args["symbol"]))

    async def _strings(self, key: str, args: Mapping[str, object], *, refresh: bool = False) -> list[str]:
        return cast("list[str]", await self._transport.call(key, args, refresh=refresh))

    async def _bytes(self, key: str, args: Mapping[str, object], *, refresh: bool = False) -> bytes:
        return await self._transport.fetch(self._transport.engine.prepare(key, args), refresh=refresh)

    def _rows(self, key: str, model: type[M], args: Mapping[str, object], *, refresh: bool = False) -> AsyncIterator[M]:
        return cast("AsyncIterator[M]", self._transport.stream_rows(key, args))
