"""Turn a streamed CSV body into typed rows without holding the body in memory.

Bulk files can be hundreds of megabytes, so text arrives in chunks and leaves
as one record at a time. A record is complete when its line ends outside
quotes: counting double quotes is exact for RFC 4180 CSV, where a quote
inside a field is written twice.
"""

from __future__ import annotations

import csv
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

    def feed(self, chunk: str) -> list[Any]:
        """Rows completed by ``chunk``."""
        *lines, self._partial_line = (self._partial_line + chunk).split("\n")
        rows: list[Any] = []
        for line in lines:
            self._record += line + "\n"
            self._quotes += line.count('"')
            if self._quotes % 2 == 0:
                rows.extend(self._parse(self._record))
                self._record, self._quotes = "", 0
        return rows

    def close(self) -> list[Any]:
        """Rows left when the stream ends, including a last line without a line break."""
        rest = self._record + self._partial_line
        self._record, self._partial_line, self._quotes = "", "", 0
        return self._parse(rest) if rest.strip() else []

    def _parse(self, record: str) -> list[Any]:
        if not record.strip():
            return []
        fields = next(csv.reader([record]))
        if self._header is None:
            self._header = [name.strip().lstrip("\ufeff") for name in fields]
            return []
        row = {name: (value if value != "" else None) for name, value in zip(self._header, fields, strict=False)}
        return [decode_row(self._endpoint, row, self._mode)]
