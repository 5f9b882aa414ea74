"""File-shaped answers: bulk CSV streamed in chunks, and a small but valid .xlsx workbook."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import zipfile
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from data_pkg.sandbox._stream import stream_rows

__all__ = ["XLSX_MEDIA_TYPE", "csv_chunks", "report_workbook"]

XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def _csv_lines(rows: Iterable[Sequence[str]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue().encode()


def csv_chunks(
    columns: Sequence[str], rows: Iterable[Mapping[str, Any]], *, cut_after: int | None = None
) -> AsyncIterator[bytes]:
    """A header line, then the rows, ROWS_PER_CHUNK at a time, so the file is never whole in memory.

    ``cut_after`` (for the fault kinds) sends that many whole chunks, then half
    of the next one, ending mid-row, and stops.
    """

    def encode(batch: list[Mapping[str, Any]]) -> bytes:
        return _csv_lines([_cell(row.get(column)) for column in columns] for row in batch)

    return stream_rows(rows, encode, head=_csv_lines([columns]), cut_after=cut_after)


# ---------------------------------------------------------------------------
# XLSX: the five parts a spreadsheet application needs, nothing more.

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    "</Types>"
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/>'
    "</Relationships>"
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    '<sheets><sheet name="Report" sheetId="1" r:id="rId1"/></sheets>'
    "</workbook>"
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/>'
    "</Relationships>"
)
_LINE_ITEMS = (
    "Revenue",
    "Cost of revenue",
    "Gross profit",
    "Operating expenses",
    "Operating income",
    "Net income",
    "Total assets",
    "Total liabilities",
    "Total equity",
    "Operating cash flow",
    "Capital expenditure",
    "Free cash flow",
)


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def _sheet(rows: Sequence[Sequence[str | float | int]]) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    ]
    for r, row in enumerate(rows, 1):
        out.append(f'<row r="{r}">')
        for c, value in enumerate(row):
            ref = f"{_column(c)}{r}"
            if isinstance(value, str):
                out.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>')
            else:
                out.append(f'<c r="{ref}"><v>{value}</v></c>')
        out.append("</row>")
    out.append("</sheetData></worksheet>")
    return "".join(out)


def _zip(parts: Iterator[tuple[str, str]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts:
            # A fixed timestamp keeps the archive byte-identical from run to run.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text)
    return buffer.getvalue()


def report_workbook(symbol: str, year: int, period: str) -> bytes:
    """A one-sheet financial report for ``symbol``: a few headline lines, deterministic per request."""
    digest = hashlib.sha256(f"xlsx|{symbol}|{year}|{period}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:16], "big"))  # noqa: S311 - reproducible data, not secrets
    scale = rng.uniform(1e9, 4e11)
    rows: list[list[str | float | int]] = [
        ["Symbol", symbol],
        ["Fiscal year", year],
        ["Period", period],
        ["Currency", "USD"],
        [],
        ["Line item", "Value"],
    ]
    rows.extend([item, round(scale * rng.uniform(0.02, 1.0))] for item in _LINE_ITEMS)
    return _zip(
        iter(
            (
                ("[Content_Types].xml", _CONTENT_TYPES),
                ("_rels/.rels", _ROOT_RELS),
                ("xl/workbook.xml", _WORKBOOK),
                ("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS),
                ("xl/worksheets/sheet1.xml", _sheet(rows)),
            )
        )
    )
