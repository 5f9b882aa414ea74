"""The hosted-compatible server keeps its JSON shape but holds every answer to the operator's token budget."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import mcp_types as types
import pytest
from mcp import Client

from data_hosted import create_app
from data_hosted._serve import running
from data_pkg.answers import estimate_tokens
from data_pkg.errors import ConfigurationError
from tests.hosted._support import KEY, TIMEOUT, with_key
from tests.hosted.conftest import hosted_config

pytestmark = pytest.mark.anyio

BUDGET = 2_000


@pytest.fixture(scope="module")
def small_budget(sandbox: str) -> Iterator[str]:
    """A server whose operator set DATA_HOSTED_MAX_ANSWER_TOKENS low."""
    config = hosted_config(sandbox, {"DATA_HOSTED_MAX_ANSWER_TOKENS": str(BUDGET)})
    with running(create_app(config)) as url:
        yield url


def texts(result: types.CallToolResult) -> list[str]:
    blocks = [block.text for block in result.content if isinstance(block, types.TextContent)]
    assert len(blocks) == len(result.content)
    return blocks


async def history(url: str, **arguments: str) -> types.CallToolResult:
    async with Client(with_key(url, KEY), read_timeout_seconds=TIMEOUT) as client:
        return await client.call_tool("chart", {"endpoint": "historical-price-eod-full", "symbol": "AAPL", **arguments})


async def test_a_long_history_is_json_cut_to_the_budget_with_a_note_naming_the_next_argument(small_budget: str) -> None:
    result = await history(small_budget, from_date="2020-01-01", to_date="2024-12-31")
    data, note = texts(result)
    rows = json.loads(data)  # still the upstream's JSON shape: a list of row objects
    assert isinstance(rows, list) and rows[0]["date"] == "2024-12-31" and "symbol" in rows[0]
    assert estimate_tokens(data) + estimate_tokens(note) <= BUDGET
    oldest = rows[-1]["date"]
    assert note.startswith(f"Rows 1-{len(rows)} of ") and f"(2024-12-31 to {oldest}, newest first)" in note
    bound = re.search(r"to_date=(\S+)\.", note)
    assert bound is not None and bound.group(1) < oldest

    following = await history(small_budget, from_date="2020-01-01", to_date=bound.group(1))
    next_rows = json.loads(texts(following)[0])
    assert next_rows[0]["date"] < oldest  # the next slice starts right after the last row shown


async def test_an_answer_within_the_budget_is_whole_and_has_no_note(small_budget: str) -> None:
    result = await history(small_budget, from_date="2024-12-02", to_date="2024-12-06")
    (data,) = texts(result)
    assert [row["date"] for row in json.loads(data)] == [f"2024-12-0{d}" for d in (6, 5, 4, 3, 2)]


def test_the_operator_budget_must_be_in_range(sandbox: str) -> None:
    with pytest.raises(ConfigurationError, match="DATA_HOSTED_MAX_ANSWER_TOKENS must be between 500"):
        hosted_config(sandbox, {"DATA_HOSTED_MAX_ANSWER_TOKENS": "10"})
