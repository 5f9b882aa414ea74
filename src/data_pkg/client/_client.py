"""``DataClient`` and ``AsyncDataClient``: the same surface, blocking or asyncio."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import httpx2

from data_pkg.client._async import AsyncTransport
from data_pkg.client._cache import Cache
from data_pkg.client._engine import Engine
from data_pkg.client._ratelimit import RateLimitInfo
from data_pkg.client._sync import SyncTransport
from data_pkg.client.groups import AsyncGroups, SyncGroups
from data_pkg.settings import Settings

_C = TypeVar("_C", bound="_Configured")


def _force_refresh(args: dict[str, Any]) -> bool:
    # Taken out of **args rather than declared, so that call(name, **mapping) keeps its typed signature.
    return bool(args.pop("force_refresh", False))


class _Configured:
    """How both clients are built: explicit arguments, a Settings object, or the environment."""

    settings: Settings
    _transport: SyncTransport | AsyncTransport

    def _engine(
        self,
        api_key: str | None,
        base_url: str | None,
        settings: Settings | None,
        cache_backend: Cache | None,
        options: dict[str, Any],
    ) -> Engine:
        if settings is not None:
            if api_key is not None or base_url is not None or options:
                raise TypeError("pass either settings or individual options, not both")
        else:
            if api_key is not None:
                options["api_key"] = api_key
            if base_url is not None:
                options["base_url"] = base_url.rstrip("/")
            settings = Settings.from_env({}, **options)
        self.settings = settings
        return Engine(settings, cache=cache_backend)

    @classmethod
    def from_env(cls: type[_C], **overrides: Any) -> _C:
        """A client configured from ``DATA_API_KEY``, ``DATA_BASE_URL`` and the other ``DATA_*`` variables.

        Keyword arguments override single settings; ``transport`` and ``cache_backend`` pass through.
        """
        transport = overrides.pop("transport", None)
        backend = overrides.pop("cache_backend", None)
        return cls(settings=Settings.from_env(**overrides), transport=transport, cache_backend=backend)  # type: ignore[call-arg]

    @property
    def rate_limit(self) -> RateLimitInfo:
        """Rate-limit headers of the latest reply; ``None`` fields mean the upstream did not say."""
        return self._transport.engine.rate_limit

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.settings.base_url!r}, api_key={self.settings.api_key!r})"


class DataClient(_Configured, SyncGroups):
    """Blocking client: one method per endpoint, grouped by dataset (``client.company.get_quote("AAPL")``).

    Build it with :meth:`from_env` (reads ``DATA_*`` variables) or with explicit
    arguments. Use it as a context manager, or call :meth:`close`, to release
    connections.
    """

    _transport: SyncTransport

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        settings: Settings | None = None,
        transport: httpx2.BaseTransport | None = None,
        cache_backend: Cache | None = None,
        **options: Any,
    ) -> None:
        engine = self._engine(api_key, base_url, settings, cache_backend, options)
        self._transport = SyncTransport(engine, transport=transport)

    def call(self, endpoint: str, **args: Any) -> Any:
        """Call any endpoint by key or spec name with keyword arguments (untyped escape hatch).

        ``force_refresh=True`` skips the cache for this call; the fresh answer is cached.
        """
        refresh = _force_refresh(args)
        return self._transport.call(endpoint, args, refresh=refresh)

    def call_json(self, endpoint: str, **args: Any) -> Any:
        """Like :meth:`call`, but the answer's rows stay the upstream's JSON values (validated, not converted)."""
        refresh = _force_refresh(args)
        return self._transport.call(endpoint, args, plain=True, refresh=refresh)

    def call_with_models(self, endpoint: str, **args: Any) -> tuple[Any, Any]:
        """``(call_json(...), call(...))`` from one request: the upstream's JSON values and their models."""
        refresh = _force_refresh(args)
        values, models = self._transport.call(endpoint, args, with_models=True, refresh=refresh)
        return values, models

    def call_lazily(self, endpoint: str, **args: Any) -> tuple[Any, Any]:
        """:meth:`call_with_models` for a caller that reads only some rows: a list answer's rows are sequences
        whose rows are parsed (values) and validated (models, under the validation mode) when first read."""
        refresh = _force_refresh(args)
        values, models = self._transport.call(endpoint, args, lazy=True, refresh=refresh)
        return values, models

    def download(self, endpoint: str, destination: str | os.PathLike[str], **args: Any) -> Path:
        """Stream an endpoint's raw answer (bulk CSV, xlsx) into a file without holding it in memory."""
        return self._transport.download(endpoint, destination, args)

    def close(self) -> None:
        """Close connections and the cache."""
        self._transport.close()

    def __enter__(self) -> DataClient:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class AsyncDataClient(_Configured, AsyncGroups):
    """Asyncio client with the same groups and methods as :class:`DataClient`, awaited."""

    _transport: AsyncTransport

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        settings: Settings | None = None,
        transport: httpx2.AsyncBaseTransport | None = None,
        cache_backend: Cache | None = None,
        **options: Any,
    ) -> None:
        engine = self._engine(api_key, base_url, settings, cache_backend, options)
        self._transport = AsyncTransport(engine, transport=transport)

    async def call(self, endpoint: str, **args: Any) -> Any:
        """Call any endpoint by key or spec name with keyword arguments (untyped escape hatch).

        ``force_refresh=True`` skips the cache for this call; the fresh answer is cached.
        """
        refresh = _force_refresh(args)
        return await self._transport.call(endpoint, args, refresh=refresh)

    async def call_json(self, endpoint: str, **args: Any) -> Any:
        """Like :meth:`call`, but the answer's rows stay the upstream's JSON values (validated, not converted)."""
        refresh = _force_refresh(args)
        return await self._transport.call(endpoint, args, plain=True, refresh=refresh)

    async def call_with_models(self, endpoint: str, **args: Any) -> tuple[Any, Any]:
        """``(call_json(...), call(...))`` from one request: the upstream's JSON values and their models."""
        refresh = _force_refresh(args)
        values, models = await self._transport.call(endpoint, args, with_models=True, refresh=refresh)
        return values, models

    async def call_lazily(self, endpoint: str, **args: Any) -> tuple[Any, Any]:
        """:meth:`call_with_models` for a caller that reads only some rows: a list answer's rows are sequences
        whose rows are parsed (values) and validated (models, under the validation mode) when first read."""
        refresh = _force_refresh(args)
        values, models = await self._transport.call(endpoint, args, lazy=True, refresh=refresh)
        return values, models

    async def download(self, endpoint: str, destination: str | os.PathLike[str], **args: Any) -> Path:
        """Stream an endpoint's raw answer (bulk CSV, xlsx) into a file without holding it in memory."""
        return await self._transport.download(endpoint, destination, args)

    async def aclose(self) -> None:
        """Close connections and the cache."""
        await self._transport.aclose()

    async def __aenter__(self) -> AsyncDataClient:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()
