"""Streamed answers: rows encoded a chunk at a time, so that a long answer is never whole in memory.

Both the bulk CSV files and long JSON lists go out this way. The fault kinds
that break a body part-way (``malformed``, ``drop``) cut a stream here, after a
chosen number of whole chunks.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, TypeVar

__all__ = ["ROWS_PER_CHUNK", "json_chunks", "stream_rows"]

ROWS_PER_CHUNK = 200
"""Rows encoded into one chunk of the body."""

T = TypeVar("T")


async def stream_rows(
    rows: Iterable[T],
    encode: Callable[[list[T]], bytes],
    *,
    head: bytes = b"",
    sep: bytes = b"",
    tail: bytes = b"",
    cut_after: int | None = None,
) -> AsyncIterator[bytes]:
    """``head``, then the rows ROWS_PER_CHUNK at a time (``sep`` between two chunks' rows), then ``tail``.

    The first chunk carries ``head`` and the last one ``tail``. ``cut_after``
    sends that many whole chunks, then the first half of the next one, and
    stops: the body ends part-way through a row, even when it is short.
    """
    iterator = iter(rows)
    batches = iter(lambda: list(itertools.islice(iterator, ROWS_PER_CHUNK)), [])
    pending: bytes | None = None
    sent = 0
    # One chunk of look-ahead, so that the last chunk is known to be last (it takes the tail, or the cut).
    for index, batch in enumerate(batches):
        piece = (head if index == 0 else sep) + encode(batch)
        if pending is not None:
            if cut_after is not None and sent >= cut_after:
                yield pending[: len(pending) // 2]
                return
            yield pending
            sent += 1
            # Let other requests on the event loop run between chunks.
            await asyncio.sleep(0)
        pending = piece
    last = (head if pending is None else pending) + tail
    if cut_after is not None:
        last = last[: len(last) // 2]
    if last:
        yield last


def _json_rows(batch: list[Any]) -> bytes:
    # One dumps call per chunk; its brackets are dropped and the stream's own put around the whole list.
    return json.dumps(batch, separators=(",", ":"))[1:-1].encode()


def json_chunks(rows: Iterable[Any], *, cut_after: int | None = None) -> AsyncIterator[bytes]:
    """A JSON array of ``rows`` (compact, as the upstream writes it), streamed in chunks."""
    return stream_rows(rows, _json_rows, head=b"[", sep=b",", tail=b"]", cut_after=cut_after)
