"""Bulk answers without holding the body in memory: typed rows from a streamed CSV, or a file.

Bulk files can be hundreds of megabytes, so text arrives in chunks and leaves
as one record at a time. A record is complete when its line ends outside
quotes: counting double quotes is exact for RFC 4180 CSV, where a quote
inside a field is written twice. A download is written through
:func:`data_pkg.files.atomic_writer`, around each transport's own reading of the body.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import Any

from data_pkg.catalog import Endpoint
from data_pkg.client._decode import decode_row
from data_pkg.settings import ValidationMode


class CsvRows:
    """Feed text chunks in, get decoded rows out; one instance per response."""

    def __init__(self, endpoint: Endpoint, mode: ValidationMode) -> None:
        self._endpoint = endpoint
        self._mode = mode
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
        return self._decoded(records)

    def close(self) -> Iterator[Any]:
        """Rows left when the stream ends, including a last line without a line break."""
        rest = self._record + self._partial_line
        self._record, self._partial_line, self._quotes = "", "", 0
        return self._decoded([rest])

    def _decoded(self, records: list[str]) -> Iterator[Any]:
        for record in records:
            yield from self._parse(record)

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
        return [decode_row(self._endpoint, row, self._mode, number=self._rows, streamed=True)]
