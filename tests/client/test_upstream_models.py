"""Every field of every upstream example is a typed attribute of its model, with the type the upstream sends.

The examples are the upstream's own documentation replies (``tests/upstream_examples``). Each is decoded in
strict mode by every endpoint on its path; no value may land in ``model_extra`` (where a typed attribute would be
``None``), and every value must come back out of the model's JSON as it was sent: a number sent as a string stays
a string, an empty string stays empty, a null stays null, a time keeps its instant.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from data_pkg.catalog import Endpoint, by_key
from data_pkg.client._bulk import CsvRows
from data_pkg.client._decode import decode_json
from data_pkg.models import ResponseModel
from data_pkg.toolsets._fields import model_fields
from tests.upstream import SHIFTED, Example, examples, pairs, same_value

TYPED = [(example, endpoint) for example, endpoint in pairs() if endpoint.model is not None]
READ = [(example, endpoint) for example, endpoint in TYPED if example.file not in SHIFTED]


def decoded(example: Example, endpoint: Endpoint) -> list[Any]:
    """The example's rows as the client reads them in strict mode."""
    if example.is_csv:
        reader = CsvRows(endpoint, "strict")
        return [*reader.feed(example.body.decode()), *reader.close()]
    return decode_json(endpoint, example.body, "strict")


def test_every_example_answers_a_catalog_endpoint() -> None:
    assert [str(example) for example in examples() if not example.endpoints] == []


@pytest.mark.parametrize(("example", "endpoint"), TYPED, ids=[f"{x}:{e.key}" for x, e in TYPED])
def test_every_name_is_a_field(example: Example, endpoint: Endpoint) -> None:
    assert endpoint.model is not None
    fields = set(model_fields(endpoint.model))
    # A report's sections are named by the filing, not fields: the model keeps them in ``sections``.
    rows = [] if example.file in SHIFTED else decoded(example, endpoint)
    sections = {name for row in rows for name in getattr(row, "sections", ())}
    assert [name for name in example.names if name not in fields | sections] == []


@pytest.mark.parametrize(("example", "endpoint"), READ, ids=[f"{x}:{e.key}" for x, e in READ])
def test_every_field_is_typed_and_round_trips(example: Example, endpoint: Endpoint) -> None:
    rows = decoded(example, endpoint)
    sent_rows = example.rows()
    assert len(rows) == len(sent_rows)
    for index, (row, sent) in enumerate(zip(rows, sent_rows, strict=True)):
        assert isinstance(row, ResponseModel), f"row {index} is {type(row).__name__}, not a model"
        assert row.validated
        assert row.model_extra == {}, f"row {index}: untyped fields {sorted(row.model_extra or {})}"
        kept = row.model_dump(mode="json", by_alias=True)
        unparsed = row.unparsed
        lost = {
            name: (value, unparsed.get(name, kept.get(name, "<missing>")))
            for name, value in sent.items()
            if not same_value(
                value, unparsed[name] if name in unparsed else kept.get(name, ...), csv_text=example.is_csv
            )
        }
        assert lost == {}, f"row {index}: sent -> kept differ"


def test_an_ipo_price_range_may_be_one_price_as_a_number() -> None:
    # Replies recorded from the live upstream send a set price as a number; strict mode refused the row.
    row = {
        "symbol": "PEVC",
        "date": "2025-02-03",
        "company": "Pacer",
        "exchange": "NYSE",
        "actions": "Priced",
        "priceRange": 20.0,
    }
    (event,) = decode_json(by_key("ipo_calendar"), json.dumps([row]).encode(), "strict")
    assert event.price_range == 20.0 and event.model_dump(by_alias=True)["priceRange"] == 20.0
    (event,) = decode_json(
        by_key("ipo_calendar"), json.dumps([{**row, "priceRange": "10.00-12.00"}]).encode(), "strict"
    )
    assert event.price_range == "10.00-12.00"
