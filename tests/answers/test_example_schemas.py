"""Output schemas fit the upstream's real replies: every example, as a tool result, validates against its schema.

The schemas are derived from the response models; the models are checked against the examples field by field
(``tests/client/test_upstream_models.py``). This checks the last step: what the result writer puts in
``structuredContent`` for each example validates (formats included, as MCP clients check them) and keeps every
field the upstream sent a value for (the answer writer leaves nulls out, to save tokens).
"""

from __future__ import annotations

import jsonschema
import pytest
from jsonschema import FormatChecker

from data_pkg.answers.results import ResultWriter
from data_pkg.catalog import Endpoint
from data_pkg.client._decode import decode_json
from data_pkg.toolsets import AnswerSpec
from data_pkg.toolsets._answer import MAX_ANSWER_TOKENS
from data_pkg.toolsets._schemas import output_schema
from tests.upstream import Example, pairs

TOOLS = [(x, e) for x, e in pairs() if e.is_tool_candidate and e.model is not None and not x.is_csv]


@pytest.mark.parametrize(("example", "endpoint"), TOOLS, ids=[f"{x}:{e.key}" for x, e in TOOLS])
def test_the_structured_answer_fits_the_output_schema(example: Example, endpoint: Endpoint) -> None:
    schema = output_schema(endpoint)
    assert schema is not None
    rows = decode_json(endpoint, example.body, "strict")
    value = rows[0] if endpoint.single else rows
    result = ResultWriter().answer(value, AnswerSpec(max_tokens=MAX_ANSWER_TOKENS), schema=schema)
    assert not result.is_error
    structured = result.structured_content
    assert structured is not None
    jsonschema.validate(structured, schema, format_checker=FormatChecker())
    answered = [structured] if endpoint.single else structured["result"]
    sent = example.rows()[:1] if endpoint.single else example.rows()
    lost = [
        sorted(k for k, v in row.items() if v is not None and k not in kept)
        for row, kept in zip(sent, answered, strict=True)
    ]
    assert lost == [[] for _ in sent]
