"""Text that is no date (``acceptedDate "2025-02-31 00:00:00"`` in a bulk row) costs neither the row nor the stream.

In every validation mode the row is kept, its field is None and ``row.unparsed`` holds what was sent; but in
lenient mode a warning names the field and the row. A strict stream that does stop at a misfit row says which
row, and how many rows it had already handed over.
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Callable

import httpx2
import pytest

from data_pkg import DataClient, ResponseValidationError
from data_pkg.answers.results import plain
from data_pkg.models.company import IncomeStatement
from tests.support import Recorder
from tests.upstream import ROOT

MakeClient = Callable[..., tuple[DataClient, Recorder]]

IMPOSSIBLE = "2025-02-31 00:00:00"


def bulk_body(**changes: dict[str, str]) -> str:
    """Three rows of the upstream's income-statement bulk example; ``changes`` by row number (``row2=...``)."""
    (row,) = csv.DictReader(io.StringIO((ROOT / "stable/income-statement-bulk/1.csv").read_text()))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(row), lineterminator="\n")
    writer.writeheader()
    for number in (1, 2, 3):
        writer.writerow({**row, "symbol": f"S{number}", **changes.get(f"row{number}", {})})
    return out.getvalue()


def answering(body: str) -> Callable[[httpx2.Request], httpx2.Response]:
    return lambda request: httpx2.Response(200, text=body, headers={"content-type": "text/csv"})


@pytest.mark.parametrize("mode", ["strict", "warn", "lenient"])
def test_an_impossible_date_keeps_the_row_and_names_the_field(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture, mode: str
) -> None:
    client, _ = make_client(answering(bulk_body(row2={"acceptedDate": IMPOSSIBLE})), validation_mode=mode)
    rows = list(client.batch.get_income_statement_bulk(2024, "FY"))
    assert [row.symbol for row in rows] == ["S1", "S2", "S3"]
    assert all(isinstance(row, IncomeStatement) for row in rows)
    assert rows[1].accepted_date is None
    assert rows[1].unparsed == {"acceptedDate": IMPOSSIBLE}
    assert rows[0].unparsed == {} and rows[0].accepted_date is not None
    # It does not fit as sent, so whoever needs rows that fit their schema (structured content) checks it.
    assert [row.validated for row in rows] == [True, False, True]
    # An answer writes what was sent.
    assert plain(rows[1])["acceptedDate"] == IMPOSSIBLE
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    if mode == "lenient":
        assert warnings == []
    else:
        assert warnings == [
            f"batch.income_statement_bulk: row 2 kept with None for acceptedDate {IMPOSSIBLE!r}:"
            " not a valid date or time (the text is in the row's .unparsed)"
        ]


def test_an_impossible_date_in_a_json_answer_is_kept_too(make_client: MakeClient) -> None:
    row = next(csv.DictReader(io.StringIO(bulk_body())))
    sent = [{**row, "acceptedDate": IMPOSSIBLE, "fiscalYear": "2024"}]
    client, _ = make_client(lambda r: httpx2.Response(200, json=sent), validation_mode="strict")
    (statement,) = client.fundamental.get_income_statement("AAPL")
    assert statement.accepted_date is None and statement.unparsed == {"acceptedDate": IMPOSSIBLE}


def test_a_strict_stream_that_stops_says_which_row_and_what_came_before(make_client: MakeClient) -> None:
    client, _ = make_client(answering(bulk_body(row3={"revenue": "n/a"})), validation_mode="strict")
    stream = client.batch.get_income_statement_bulk(2024, "FY")
    assert [next(stream).symbol, next(stream).symbol] == ["S1", "S2"]
    with pytest.raises(ResponseValidationError) as caught:
        next(stream)
    message = str(caught.value)
    assert "row 3 of the answer does not match IncomeStatement (revenue:" in message
    assert "the 2 rows before it were already delivered" in message


def test_a_misfit_that_is_not_a_date_is_still_a_misfit(make_client: MakeClient) -> None:
    # Only text that is no date is kept this way: an impossible date beside a bad number is a misfit row.
    body = bulk_body(row1={"acceptedDate": IMPOSSIBLE, "revenue": "n/a"})
    client, _ = make_client(answering(body), validation_mode="strict")
    with pytest.raises(ResponseValidationError, match="row 1 of the answer"):
        next(client.batch.get_income_statement_bulk(2024, "FY"))
