"""Rows read on demand (``client/_lazy.py``): the same answers as rows decoded whole, at the cost of the rows read.

The stdio server reads a list answer's rows as its writer needs them. These tests hold it to the
answers of the eager path (every upstream example, whole and repeated until it is cut), and check
that a row is parsed and validated only when read: a bad row past the rows shown breaks nothing, one
among them is reported as before.
"""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import mcp_types as types
import pytest

from data_pkg.answers import CallContext
from data_pkg.answers.results import ResultWriter
from data_pkg.catalog import Endpoint, by_key
from data_pkg.client._engine import Engine
from data_pkg.client._lazy import LazyAnswer
from data_pkg.errors import ResponseValidationError, UpstreamServerError
from data_pkg.settings import Settings, ValidationMode
from data_pkg.toolsets import AnswerSpec
from data_pkg.toolsets._schemas import output_schema
from tests.upstream import Example, arguments, pairs

HISTORY = by_key("historical_prices")
WRITER = ResultWriter()


def bar(day: int, **changes: Any) -> dict[str, Any]:
    return (
        {"symbol": "AAPL", "date": f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}", "open": 1.5, "high": 2.5}
        | {
            "low": 0.5,
            "close": 1.5,
            "volume": 100,
        }
        | changes
    )


def body_of(rows: list[Any]) -> bytes:
    return json.dumps(rows).encode()


def answer(endpoint: Endpoint, body: bytes, *, lazy: bool, mode: ValidationMode = "warn", **args: Any) -> Any:
    engine = Engine(Settings(validation_mode=mode), cache=None)
    call = engine.prepare(endpoint.key, args or {"symbol": "AAPL"})
    return engine.answer(call, body, lazy=lazy, with_models=not lazy)


def result(endpoint: Endpoint, body: bytes, spec: AnswerSpec, *, lazy: bool, **kwargs: Any) -> types.CallToolResult:
    values, models = answer(endpoint, body, lazy=lazy, **kwargs)
    schema = output_schema(endpoint)
    return WRITER.answer(values, spec, CallContext.of(endpoint, {}), schema=schema, models=models)


JSON_PAIRS = [(e, p) for e, p in pairs() if not e.is_csv and p.format == "json" and p.model is not None]


def repeated(example: Example, times: int) -> bytes:
    rows = json.loads(example.body)
    return body_of((rows if isinstance(rows, list) else [rows]) * times)


def outcome(endpoint: Endpoint, body: bytes, spec: AnswerSpec, *, lazy: bool, **args: Any) -> Any:
    """The result's JSON, or the error's class and text."""
    try:
        return result(endpoint, body, spec, lazy=lazy, **args).model_dump()
    except Exception as error:  # the two paths must fail alike
        return type(error), str(error)


@pytest.mark.parametrize(("example", "endpoint"), JSON_PAIRS, ids=[f"{e.file}-{p.key}" for e, p in JSON_PAIRS])
def test_every_example_answers_the_same_read_on_demand(example: Example, endpoint: Endpoint) -> None:
    args = arguments(example, endpoint)
    for body, spec in ((example.body, AnswerSpec()), (repeated(example, 300), AnswerSpec(max_tokens=1500))):
        eager = outcome(endpoint, body, spec, lazy=False, **args)
        assert outcome(endpoint, body, spec, lazy=True, **args) == eager


def test_rows_are_parsed_and_validated_only_when_read() -> None:
    rows = [bar(day) for day in range(50)]
    rows[40]["low"] = "n/a"  # misfits its model
    body = body_of(rows).replace(b'"2026-02-05"', b'"2026-02-05\xff"')  # row 32: not UTF-8, so not JSON
    split = LazyAnswer.split(HISTORY, body, "strict")
    assert split is not None and len(split.values) == len(split.models) == 50
    assert split.values[0] == rows[0] and split.models[39].low == 0.5
    with pytest.raises(ResponseValidationError, match="row 41 of the answer does not match"):
        split.models[40]
    assert split.values[40] == rows[40]  # the value is as sent; only its model is refused
    with pytest.raises(ResponseValidationError, match="the upstream answer is not valid JSON"):
        split.values[32]
    assert split.values[-1] == rows[-1] and split.values[10:12] == rows[10:12]


def test_a_row_past_the_rows_shown_that_misfits_or_is_no_json_breaks_nothing() -> None:
    rows = [bar(day) for day in range(300)]
    rows[250]["low"] = "n/a"
    rows[-1]["open"] = "n/a"  # the last row: the note reads its date, never its model
    body = body_of(rows).replace(b'"2026-08-09"', b'"2026-08-09\xff"')
    cut = result(HISTORY, body, AnswerSpec(max_tokens=1000, format="json"), lazy=True, mode="strict")
    assert not cut.is_error, cut.content
    shown = cut.structured_content["result"]  # type: ignore[index]
    assert 0 < len(shown) < 100 and [row["date"] for row in shown] == [row["date"] for row in rows[: len(shown)]]
    assert "of 300 shown" in cut.content[-1].text  # type: ignore[union-attr]
    with pytest.raises(ResponseValidationError, match="row 251 of the answer"):
        answer(HISTORY, body_of(rows), lazy=False, mode="strict")  # decoded whole, it was refused


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_a_row_shown_that_misfits_is_reported_as_before(mode: ValidationMode) -> None:
    rows = [bar(day) for day in range(300)]
    rows[1]["low"] = "n/a"
    spec = AnswerSpec(max_tokens=1000, format="json")
    lazy = result(HISTORY, body_of(rows), spec, lazy=True, mode=mode)
    assert lazy.is_error
    if mode == "strict":
        with pytest.raises(ResponseValidationError) as refused:
            answer(HISTORY, body_of(rows), lazy=False, mode=mode)
        assert lazy.content[0].text == WRITER.failure_text(refused.value)  # type: ignore[union-attr]
        assert "row 2 of the answer does not match" in lazy.content[0].text  # type: ignore[union-attr]
    else:
        assert lazy.model_dump() == result(HISTORY, body_of(rows), spec, lazy=False, mode=mode).model_dump()
        assert "result/1/low: 'n/a'" in lazy.content[0].text  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "body",
    [
        b'[{"symbol":"AAPL","date":"2026-11-20","close":NaN}]',  # JSON to Python, not to the splitter
        b'[{"symbol":"AAPL","date":"2026-11-20","label":"\\ud800"}]',
        b'{"symbol":"AAPL","date":"2026-11-20","close":1.5}',  # one object, not a list
        b"[]",
    ],
)
def test_what_the_splitter_refuses_is_decoded_whole(body: bytes) -> None:
    values, models = answer(HISTORY, body, lazy=True)
    assert isinstance(values, list) and values == answer(HISTORY, body, lazy=False)[0]
    assert [m.model_dump() for m in models] == [m.model_dump() for m in answer(HISTORY, body, lazy=False)[1]]


@pytest.mark.parametrize("body", [b"[1,2", b'[{"a":1},]', b"<html>"])
def test_a_body_that_is_not_json_is_refused_as_before(body: bytes) -> None:
    with pytest.raises(ResponseValidationError, match="not valid JSON"):
        answer(HISTORY, body, lazy=True)


def test_more_rows_than_the_bound_are_refused_before_any_is_read() -> None:
    engine = Engine(Settings(max_rows=10), cache=None)
    call = engine.prepare("historical_prices", {"symbol": "AAPL"})
    with pytest.raises(UpstreamServerError, match="more than 10 rows"):
        engine.answer(call, body_of([bar(day) for day in range(11)]), lazy=True)
    values, _ = engine.answer(call, body_of([bar(day) for day in range(10)]), lazy=True)
    assert len(values) == 10


def test_a_single_row_endpoint_reads_its_first_row_only() -> None:
    profile = by_key("profile")
    body = b'[{"symbol":"AAPL","price":190.5},{"symbol":"B","price":"n/a"}]'
    value, model = answer(profile, body, lazy=True, mode="strict")
    assert value == {"symbol": "AAPL", "price": 190.5} and model.symbol == "AAPL"


def test_a_million_empty_rows_are_refused_before_the_body_is_split() -> None:
    # Splitting costs an object per row: 64 MB for a million rows of two bytes each. The rows are counted first.
    body = b"[" + b",".join([b"{}"] * 1_000_000) + b"]"
    engine = Engine(Settings(), cache=None)
    call = engine.prepare("historical_prices", {"symbol": "AAPL"})
    tracemalloc.start()
    try:
        with pytest.raises(UpstreamServerError, match="more than 200,000 rows"):
            engine.answer(call, body, lazy=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 2**20, f"{peak / 2**20:.0f} MB"
