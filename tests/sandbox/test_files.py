"""Bulk endpoints stream CSV; the report endpoint answers a valid .xlsx workbook."""

from __future__ import annotations

import csv
import io
import zipfile
from xml.etree import ElementTree

import httpx2

from data_pkg.catalog import lookup
from data_pkg.sandbox._data import load_model

from ._support import EXAMPLES

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SHARED_BULK_ROWS = 450  # what the shared sandbox in conftest is configured with


def test_a_bulk_endpoint_answers_csv_with_the_upstreams_columns_and_the_configured_row_count(
    client: httpx2.Client,
) -> None:
    response = client.get("/stable/profile-bulk", params={"part": 0, "apikey": "demo"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.text)))
    header, body = rows[0], rows[1:]
    example = (EXAMPLES / "stable/profile-bulk/1.csv").read_text(encoding="utf-8")
    assert header == next(csv.reader(io.StringIO(example)))
    assert len(body) == SHARED_BULK_ROWS
    assert all(len(row) == len(header) for row in body)


def test_bulk_rows_validate_against_the_model(client: httpx2.Client) -> None:
    response = client.get("/stable/eod-bulk", params={"date": "2026-11-18", "apikey": "demo"})
    model = load_model(str(lookup("batch.eod_bulk").model))
    reader = csv.DictReader(io.StringIO(response.text))
    rows = list(reader)
    for row in rows[:50]:
        model.model_validate({k: v for k, v in row.items() if v != ""})
    assert {row["date"] for row in rows} == {"2026-11-18"}
    assert len({row["symbol"] for row in rows}) == len(rows)


def test_a_bulk_answer_is_streamed_in_several_chunks(client: httpx2.Client) -> None:
    with client.stream(
        "GET", "/stable/income-statement-bulk", params={"year": 2024, "period": "FY", "apikey": "demo"}
    ) as r:
        assert r.status_code == 200
        assert "content-length" not in r.headers  # chunked: never built whole
        chunks = list(r.iter_raw())
    assert len(chunks) > 1
    text = b"".join(chunks).decode()
    assert text.count("\n") == SHARED_BULK_ROWS + 1


def test_another_part_answers_other_symbols(client: httpx2.Client) -> None:
    part0 = client.get("/stable/profile-bulk", params={"part": 0, "apikey": "demo"}).text.splitlines()[1]
    part1 = client.get("/stable/profile-bulk", params={"part": 1, "apikey": "demo"}).text.splitlines()[1]
    assert part0.split(",")[0] != part1.split(",")[0]


def test_the_report_endpoint_answers_a_valid_xlsx_workbook(client: httpx2.Client) -> None:
    params = {"symbol": "AAPL", "year": 2024, "period": "FY", "apikey": "demo"}
    response = client.get("/stable/financial-reports-xlsx", params=params)
    assert response.status_code == 200
    assert response.headers["content-type"] == XLSX
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        assert archive.testzip() is None
        names = set(archive.namelist())
        assert {"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/worksheets/sheet1.xml"} <= names
        for name in names:
            ElementTree.fromstring(archive.read(name))  # every part is well-formed XML
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
    assert "AAPL" in sheet
    assert "Revenue" in sheet
    assert client.get("/stable/financial-reports-xlsx", params=params).content == response.content
