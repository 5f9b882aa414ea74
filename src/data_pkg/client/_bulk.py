"""Bulk answers without holding the body in memory: typed rows from a streamed CSV, or a file.

Bulk files can be hundreds of megabytes, so text arrives in chunks and leaves
as one record at a time. A record is complete when its line ends outside
quotes: counting double quotes is exact for RFC 4180 CSV, where a quote
inside a field is written twice. A download is written through
:func:`data_pkg.files.atomic_writer`, around each transport's own reading of the body.
"""

from __future__ import annotations

import codecs
import csv
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx2

from data_pkg.catalog import Endpoint
from data_pkg.client._decode import Misfits, decode_row
from data_pkg.client._limits import size
from data_pkg.errors import UpstreamServerError
from data_pkg.settings import Settings, ValidationMode


class CsvRows:
    """Feed text chunks in, get decoded rows out; one instance per response."""

    def __init__(self, endpoint: Endpoint, mode: ValidationMode, *, max_record: int = Settings.max_reply_bytes) -> None:
        self._endpoint = endpoint
        self._mode = mode
        # One record is one row: it may not outgrow a whole ordinary answer (a body with no line break
        # would otherwise be held whole, however large).
        self._max_record = max_record
        self._misfits = Misfits(endpoint)
        self._partial_line = ""
        self._record = ""
        self._quotes = 0
        self._header: list[str] | None = None
        self._stray_quote = False
        self._rows = 0

    def feed(self, chunk: str) -> Iterator[Any]:
        """Rows completed by ``chunk``, each decoded when the caller reaches it.

        The chunk is split into records at once; decoding is lazy so that a row which stops a strict
        stream raises only after every row before it has been handed over (its error says how many).
        """
        *lines, self._partial_line = (self._partial_line + chunk).split("\n")
        records: list[str] = []
        for line in lines:
            self._record += line + "\n"
            self._quotes += line.count('"')
            if self._quotes % 2 == 0:
                records.append(self._record)
                self._record, self._quotes = "", 0
        if len(self._record) + len(self._partial_line) > self._max_record:
            raise UpstreamServerError(
                f"{self._endpoint.spec}: a row of the file was longer than {size(self._max_record)}"
                " (DATA_MAX_REPLY_BYTES), so the stream was stopped: the upstream sent no CSV rows",
                endpoint=self._endpoint.spec,
            )
        return self._decoded(records)

    def close(self) -> Iterator[Any]:
        """Rows left when the stream ends, including a last line without a line break."""
        rest = self._record + self._partial_line
        self._record, self._partial_line, self._quotes = "", "", 0
        return self._decoded([rest], last=True)

    def _decoded(self, records: list[str], *, last: bool = False) -> Iterator[Any]:
        for record in records:
            yield from self._parse(record)
        if last:
            self._misfits.close()

    def _parse(self, record: str) -> list[Any]:
        if not record.strip():
            return []
        fields = next(csv.reader([record]))
        if self._header is None:
            self._header = [name.strip().lstrip("\ufeff") for name in fields]
            # Some bulk files end every line with one quote too many (``"lastUpdated"""``): the last
            # name and every last value then end with a stray quote, which is not part of them.
            self._stray_quote = bool(self._header) and self._header[-1].endswith('"')
            if self._stray_quote:
                self._header[-1] = self._header[-1][:-1]
            return []
        if self._stray_quote and len(fields) == len(self._header) and fields[-1].endswith('"'):
            fields[-1] = fields[-1][:-1]
        self._rows += 1
        row = {name: (value if value != "" else None) for name, value in zip(self._header, fields, strict=False)}
        return [decode_row(self._endpoint, row, self._mode, number=self._rows, streamed=True, misfits=self._misfits)]


def _decoder(response: httpx2.Response) -> codecs.IncrementalDecoder:
    try:
        return codecs.getincrementaldecoder(response.charset_encoding or "utf-8")("replace")
    except LookupError:  # a charset no codec knows: the file is UTF-8 in practice
        return codecs.getincrementaldecoder("utf-8")("replace")


def text_of(response: httpx2.Response, chunks: Iterator[bytes]) -> Iterator[str]:
    """The text of a streamed body's ``chunks``, decoded in its charset (UTF-8 unless it says otherwise)."""
    decoder = _decoder(response)
    for chunk in chunks:
        yield decoder.decode(chunk)
    yield decoder.decode(b"", final=True)


async def atext_of(response: httpx2.Response, chunks: AsyncIterator[bytes]) -> AsyncIterator[str]:
    """:func:`text_of` for an async body."""
    decoder = _decoder(response)
    async for chunk in chunks:
        yield decoder.decode(chunk)
    yield decoder.decode(b"", final=True)
