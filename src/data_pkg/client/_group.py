"""Base classes of the generated group classes: one typed helper per answer shape.

The generated methods only name the endpoint, its model and the arguments;
every call goes through the transport, so there is one code path to test.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from pydantic import BaseModel

if TYPE_CHECKING:
    from data_pkg.client._async import AsyncTransport
    from data_pkg.client._sync import SyncTransport

M = TypeVar("M", bound=BaseModel)


class GroupHost:
    """Something that owns a transport the groups share (the two client classes)."""

    _transport: Any


class SyncGroup:
    """Methods of one dataset group on :class:`~data_pkg.DataClient`."""

    __slots__ = ("_transport",)

    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def _one(self, key: str, model: type[M], args: Mapping[str, object]) -> M:
        return cast("M", self._transport.call(key, args))

    def _many(self, key: str, model: type[M], args: Mapping[str, object]) -> list[M]:
        return cast("list[M]", self._transport.call(key, args))

    def _strings(self, key: str, args: Mapping[str, object]) -> list[str]:
        return cast("list[str]", self._transport.call(key, args))

    def _bytes(self, key: str, args: Mapping[str, object]) -> bytes:
        return self._transport.fetch(self._transport.engine.prepare(key, args))

    def _rows(self, key: str, model: type[M], args: Mapping[str, object]) -> Iterator[M]:
        return cast("Iterator[M]", self._transport.stream_rows(key, args))


class AsyncGroup:
    """Methods of one dataset group on :class:`~data_pkg.AsyncDataClient`."""

    __slots__ = ("_transport",)

    def __init__(self, transport: AsyncTransport) -> None:
        self._transport = transport

    async def _one(self, key: str, model: type[M], args: Mapping[str, object]) -> M:
        return cast("M", await self._transport.call(key, args))

    async def _many(self, key: str, model: type[M], args: Mapping[str, object]) -> list[M]:
        return cast("list[M]", await self._transport.call(key, args))

    async def _strings(self, key: str, args: Mapping[str, object]) -> list[str]:
        return cast("list[str]", await self._transport.call(key, args))

    async def _bytes(self, key: str, args: Mapping[str, object]) -> bytes:
        return await self._transport.fetch(self._transport.engine.prepare(key, args))

    def _rows(self, key: str, model: type[M], args: Mapping[str, object]) -> AsyncIterator[M]:
        return cast("AsyncIterator[M]", self._transport.stream_rows(key, args))
