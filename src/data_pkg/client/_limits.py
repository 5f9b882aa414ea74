"""How much time and memory one call may take from the upstream, whatever the upstream does.

``DATA_TIMEOUT`` bounds each wait for a read; a body that drips one byte at a time never trips it. A
gzip body can decode to a thousand times its size, and a list can hold a million rows. So every call
gets :class:`Limits`: a deadline for the whole call (retries included) and a bound on the bytes of the
decoded body, checked as each chunk arrives, before the next is read. Bulk streams and downloads get
larger bounds of their own (``DATA_DOWNLOAD_DEADLINE``, ``DATA_MAX_DOWNLOAD_BYTES``): a bulk file may
rightly be large and slow. The rows of a JSON answer are counted before any model is built.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass

import httpx2

from data_pkg.errors import TransportError, UpstreamServerError
from data_pkg.settings import Settings

__all__ = ["Limits", "holds_more_rows", "size", "too_many_rows"]


def size(count: int) -> str:
    """``64 MiB``: a byte count as a person reads it."""
    value = float(count)
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "bytes" or value == int(value) else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Limits:
    """The deadline and the byte bound of one call, and the variables that set them (for the messages)."""

    spec: str
    started: float
    """``time.monotonic()`` when the call began."""
    seconds: float
    max_bytes: int
    deadline_variable: str
    bytes_variable: str

    @classmethod
    def of_call(cls, spec: str, settings: Settings) -> Limits:
        """The limits of an ordinary call, starting now."""
        return cls(
            spec, time.monotonic(), settings.deadline, settings.max_reply_bytes, "DATA_DEADLINE", "DATA_MAX_REPLY_BYTES"
        )

    @classmethod
    def of_stream(cls, spec: str, settings: Settings) -> Limits:
        """The limits of a bulk stream or download, starting now."""
        return cls(
            spec,
            time.monotonic(),
            settings.download_deadline,
            settings.max_download_bytes,
            "DATA_DOWNLOAD_DEADLINE",
            "DATA_MAX_DOWNLOAD_BYTES",
        )

    def left(self) -> float:
        """Seconds until the deadline (0 or less once it passed)."""
        return self.started + self.seconds - time.monotonic()

    def timeout(self, per_read: float) -> httpx2.Timeout:
        """The HTTP library's timeout for the next request: ``per_read``, or less when the deadline is nearer."""
        return httpx2.Timeout(max(0.001, min(per_read, self.left())))

    def expired(self) -> TransportError:
        """The error for a call that ran past its deadline."""
        return TransportError(
            f"{self.spec} took longer than {self.seconds:g} s in all ({self.deadline_variable}), so it was stopped:"
            f" the upstream is too slow or stalled; try again later, or raise {self.deadline_variable}",
            endpoint=self.spec,
        )

    def too_large(self) -> UpstreamServerError:
        """The error for a reply whose decoded body passed the byte bound."""
        return UpstreamServerError(
            f"the reply was larger than {size(self.max_bytes)} ({self.bytes_variable}), so {self.spec} was stopped"
            f" before reading more: ask for less (a shorter date range, a smaller limit), or raise"
            f" {self.bytes_variable} if an answer this large is expected",
            endpoint=self.spec,
        )

    def check_declared(self, headers: Mapping[str, str]) -> None:
        """Refuse at once a reply whose ``Content-Length`` already passes the bound (it may still lie lower)."""
        declared = headers.get("content-length", "")
        if declared.isdigit() and "content-encoding" not in headers and int(declared) > self.max_bytes:
            raise self.too_large()

    def _count(self, read: int, chunk: bytes) -> int:
        read += len(chunk)
        if read > self.max_bytes:
            raise self.too_large()
        if self.left() <= 0:
            raise self.expired()
        return read

    def guard(self, chunks: Iterator[bytes]) -> Iterator[bytes]:
        """``chunks`` of a decoded body, stopped with an error past the byte bound or the deadline."""
        read = 0
        for chunk in chunks:
            read = self._count(read, chunk)
            yield chunk

    async def aguard(self, chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
        """:meth:`guard` for an async body."""
        read = 0
        async for chunk in chunks:
            read = self._count(read, chunk)
            yield chunk


_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
_NEXT = re.compile(r"[ \t\n\r]*([,\]])[ \t\n\r]*")


def holds_more_rows(body: bytes, limit: int, *, strings: bool = False) -> bool:
    """Whether a JSON list ``body`` holds more than ``limit`` rows that could become models, told before any is built.

    Rows are objects (``strings``: strings), and each holds a ``{`` (two ``"``): a body with no more
    than ``limit`` of those holds no more than ``limit`` such rows, which one pass at memory speed
    tells. Values of another kind misfit the model and are counted where the rows are parsed
    (:func:`~data_pkg.client._decode.json_rows`). Only a body with more marks is read, one value at a
    time, each dropped once counted, up to the first value past ``limit``. A body that is not a
    well-formed list counts as not holding more: the decoder that reads it next says what is wrong.
    """
    marks = body.count(b'"') // 2 if strings else body.count(b"{")
    if marks <= limit:
        return False
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    at = _SPACE.match(text).end()  # type: ignore[union-attr]  # matches anything, the empty string too
    if not text.startswith("[", at):
        return False
    at = _SPACE.match(text, at + 1).end()  # type: ignore[union-attr]
    count = 0
    while not text.startswith("]", at):
        try:
            _, at = _DECODER.raw_decode(text, at)
        except (ValueError, RecursionError):
            return False
        count += 1
        if count > limit:
            return True
        separator = _NEXT.match(text, at)
        if separator is None or separator.group(1) == "]":
            return False
        at = separator.end()
    return False


def too_many_rows(spec: str, limit: int) -> UpstreamServerError:
    """The error for a JSON answer of more than ``limit`` rows."""
    return UpstreamServerError(
        f"the reply held more than {limit:,} rows (DATA_MAX_ROWS), so {spec} was stopped before decoding them:"
        " ask for less (a shorter date range, a smaller limit), or raise DATA_MAX_ROWS if that many are expected",
        endpoint=spec,
    )
