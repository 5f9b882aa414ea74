"""Structured results fit the tool's output schema, formats included, or are not sent as structured content."""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
import pytest
from jsonschema import FormatChecker

from data_pkg.answers import results
from data_pkg.answers._schema_fit import is_date, is_date_time, misfit
from data_pkg.answers.results import ResultWriter
from data_pkg.catalog import by_key
from data_pkg.client._decode import decode_row
from data_pkg.toolsets import AnswerSpec
from data_pkg.toolsets._schemas import output_schema

PRICES = output_schema(by_key("historical_prices"))
BAR = {"symbol": "AAPL", "date": "2026-11-20", "open": 1.0, "high": 2.0, "low": 0.5, "close": 1.5}
BAR |= {"volume": 100, "change": 0.1}
STRICT = FormatChecker()  # jsonschema's own checks, rfc3339-validator behind date-time (a dev dependency)


@pytest.mark.parametrize(
    "value",
    ["2026-11-20", "2024-02-29", "2026-13-01", "2026-02-30", "2026-11-2", "20261120", "2026-11-20T00:00:00Z", "…", ""],
)
def test_dates_are_checked_as_rfc_3339_full_dates(value: str) -> None:
    assert is_date(value) == STRICT.conforms(value, "date")


@pytest.mark.parametrize(
    "value",
    [
        "2026-11-19T14:10:00-05:00",
        "2026-11-18T11:06:40Z",
        "2026-11-18t11:06:40.123456z",
        "2016-12-31T23:59:60Z",
        "2026-11-19T14:10:00",
        "2026-11-19 14:10:00-05:00",
        "2026-11-19T24:00:00Z",
        "2026-11-19T14:60:00Z",
        "2026-11-19T14:10:00+24:00",
        "2026-02-30T14:10:00Z",
        "2026-11-20",
        "…",
    ],
)
def test_times_are_checked_as_rfc_3339_date_times(value: str) -> None:
    assert is_date_time(value) == STRICT.conforms(value, "date-time")


def test_a_misfit_names_where_and_why() -> None:
    assert PRICES is not None
    assert misfit(PRICES, {"result": [BAR]}) is None
    assert misfit(PRICES, {"result": [BAR, {**BAR, "open": "n/a"}]}) == ("result/1/open: 'n/a' is not a number or null")
    assert misfit(PRICES, {"result": [{**BAR, "date": "11/18/2026"}]}) == (
        "result/0/date: '11/18/2026' is not a date-time, a date or null"
    )


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


def test_an_answer_that_fits_is_structured_content() -> None:
    result = ResultWriter().answer([BAR], AnswerSpec(format="json"), schema=PRICES)
    assert not result.is_error and result.structured_content == {"result": [BAR]}


def test_an_answer_that_misses_its_schema_is_an_error_that_keeps_the_answer_as_text() -> None:
    rows: list[dict[str, Any]] = [BAR, {**BAR, "date": "2026-11-19", "open": "n/a"}]
    result = ResultWriter().answer(rows, AnswerSpec(format="json"), schema=PRICES)
    assert result.is_error and result.structured_content is None
    problem, answer = texts(result)
    assert problem.startswith("[invalid_response] The answer does not fit this tool's output schema (result/1/open: ")
    assert '"open":"n/a"' in answer


def test_without_a_schema_the_answer_is_text_only() -> None:
    result = ResultWriter().answer([{**BAR, "open": "n/a"}], AnswerSpec(format="json"))
    assert not result.is_error and result.structured_content is None and len(texts(result)) == 1


def test_rows_the_client_kept_unvalidated_are_checked_and_validated_rows_are_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endpoint = by_key("historical_prices")
    checked: list[object] = []
    monkeypatch.setattr(results, "misfit", lambda schema, value: checked.append(value))
    valid = decode_row(endpoint, BAR, "warn")
    kept = decode_row(endpoint, {**BAR, "open": "n/a"}, "lenient")
    assert valid.validated and not kept.validated
    assert isinstance(kept, type(valid)) and kept.open == "n/a"
    ResultWriter().answer([valid], AnswerSpec(format="json"), schema=PRICES)
    assert checked == [], "validated rows fit the schema their models give: checking them again costs ~0.1 ms a row"
    ResultWriter().answer([valid, kept], AnswerSpec(format="json"), schema=PRICES)
    assert len(checked) == 1


INTRADAY = by_key("intraday_prices")
SENT = [
    {"date": "2026-11-19 14:10:00", "open": "1.5", "low": 1, "high": 2, "close": 1.5, "volume": "16"},
    {"date": "2026-11-19 14:05:00", "open": 1.25, "low": 1, "high": 2, "close": 1.5, "volume": 9},
]


def test_the_text_is_the_upstreams_values_and_the_structured_content_the_models() -> None:
    schema = output_schema(INTRADAY)
    models = [decode_row(INTRADAY, row, "strict") for row in SENT]
    result = ResultWriter().answer(SENT, AnswerSpec(format="json"), schema=schema, models=models)
    assert not result.is_error
    (text,) = texts(result)
    assert json.loads(text) == SENT  # as sent: its time format, its numbers as strings
    assert result.structured_content is not None
    structured = result.structured_content["result"]
    assert structured[0]["date"] == "2026-11-19T14:10:00-05:00" and structured[0]["volume"] == 16
    assert misfit(schema, result.structured_content) is None  # type: ignore[arg-type]


def test_structured_content_has_the_rows_fields_and_shortened_texts_the_text_has() -> None:
    rows = [{**SENT[0], "date": f"2026-11-19 14:{59 - i:02d}:00", "label": "word " * 50} for i in range(60)]
    models = [decode_row(INTRADAY, row, "strict") for row in rows]
    spec = AnswerSpec(max_tokens=800, format="table", exclude_fields=("label",))
    result = ResultWriter().answer(rows, spec, schema=output_schema(INTRADAY), models=models)
    assert not result.is_error and result.structured_content is not None
    table, note = texts(result)
    shown = result.structured_content["result"]
    assert note.startswith(f"Rows 1-{len(shown)} of 60 shown") and len(table.splitlines()) == len(shown) + 1
    assert [row["date"][:16] for row in shown] == [row["date"][:16].replace(" ", "T") for row in rows[: len(shown)]]
    assert all("label" not in row for row in shown)

    one = [{**SENT[0], "label": "word " * 5_000}]
    long = ResultWriter().answer(one, AnswerSpec(max_tokens=500, format="json"), schema=None)
    assert "Cut to fit" in texts(long)[-1] and "0.label at " in texts(long)[-1]
    cut = ResultWriter().answer(
        one,
        AnswerSpec(max_tokens=500, format="json"),
        schema={"type": "object"},
        models=[decode_row(INTRADAY, one[0], "strict")],
    )
    (structured,) = cut.structured_content["result"]  # type: ignore[index]
    assert structured["label"] == json.loads(texts(cut)[0])[0]["label"] and structured["label"].endswith("…")


def test_a_row_kept_unvalidated_is_checked_as_sent() -> None:
    kept = {**SENT[1], "close": int("9" * 4000)}  # a float field: dumping it through its model overflowed
    models = [decode_row(INTRADAY, SENT[0], "warn"), decode_row(INTRADAY, kept, "warn")]
    assert not models[1].validated
    schema = output_schema(INTRADAY)
    result = ResultWriter().answer([SENT[0], kept], AnswerSpec(format="json"), schema=schema, models=models)
    assert result.is_error and result.structured_content is None
    problem, text = texts(result)
    assert problem.startswith("[invalid_response] The answer does not fit this tool's output schema (result/1/date: ")
    assert json.loads(text)[1] == kept  # the answer as sent follows, its 4,000 digits whole


def test_an_answer_over_its_budget_even_cut_is_an_error_result_that_says_so() -> None:
    wide = [{f"item{i:03d}": 123456789.0 + i for i in range(300)}, {"item000": 1.0}]
    result = ResultWriter().answer(wide, AnswerSpec(max_tokens=500), schema={"type": "object"})
    assert result.is_error and result.structured_content is None
    (block,) = result.content
    assert isinstance(block, types.TextContent) and "is over the 500-token budget" in block.text
