"""A cut answer reads only the rows it shows: a bad row past them breaks nothing, one among them is reported.

The real server over stdio, against the test upstream on loopback (it answers the history with the
body a test gives) and against the sandbox, whose year of 1-minute bars is a 10 MB reply. Before
rows were read on demand, every row of the reply was parsed and validated: the strict validation
mode refused a whole answer for a misfit on its last row, and a row that was not JSON anywhere in
the reply made the answer an error.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from mcp import Client

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.hostile_replies import HISTORY, ORDINARY_HISTORY, hostile_upstream
from tests.mcp._support import connect, server_env
from tests.upstream import FakeUpstream

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

MANIFEST = "tools: [company.historical_prices, company.intraday_prices]\nmax_answer_tokens: 1500\n"
SCHEMAS = f"{MANIFEST}output_schemas: true\nanswer_format: json\n"
ROWS = 2000
LAST_DAY = dt.date(2026, 11, 20)


def bars(**changes: dict[str, Any]) -> list[dict[str, Any]]:
    """``ROWS`` daily bars, newest first; ``changes`` maps a row number (from 1) to fields it sends instead."""
    rows = []
    for n in range(1, ROWS + 1):
        day = (LAST_DAY - dt.timedelta(days=n - 1)).isoformat()
        row = {"symbol": "AAPL", "date": day, "open": 1.5, "high": 2.5, "low": 0.5, "close": 1.5, "volume": 100}
        rows.append(row | changes.get(f"row{n}", {}))
    return rows


def body_of(rows: list[dict[str, Any]], not_json: int | None = None) -> bytes:
    """The rows as JSON; row ``not_json`` (from 1) with a byte that is not UTF-8 in its symbol."""
    body = json.dumps(rows, separators=(",", ":")).encode()
    if not_json is None:
        return body
    at = body.index(json.dumps(rows[not_json - 1], separators=(",", ":")).encode())
    return body[:at] + body[at:].replace(b'"AAPL"', b'"AAPL\xff"', 1)


@pytest.fixture(scope="module")
def upstream() -> Iterator[FakeUpstream]:
    with hostile_upstream() as fake:
        yield fake


@pytest.fixture(params=["table", "schemas"])
async def strict(request: pytest.FixtureRequest, upstream: FakeUpstream, tmp_path: Path) -> AsyncIterator[Client]:
    """The server under the strict validation mode, with a table answer or structured content."""
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(MANIFEST if request.param == "table" else SCHEMAS)
    env = server_env(upstream.url, DATA_MCP_MANIFEST=str(manifest), DATA_VALIDATION_MODE="strict")
    async with connect(env, tmp_path / "err.log") as connected:
        yield connected


async def history(client: Client, upstream: FakeUpstream, body: bytes) -> types.CallToolResult:
    """The history answered with ``body``, then once more with an ordinary one (the server lives on).

    The first call names another symbol: the server's cache must not answer the second with ``body``.
    """
    upstream.answer(HISTORY, body)
    result = await client.call_tool("historical_prices", {"symbol": "MSFT"})
    upstream.answer(HISTORY, ORDINARY_HISTORY)
    still = await client.call_tool("historical_prices", {"symbol": "AAPL"})
    assert not still.is_error, texts(still)
    return result


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


async def test_a_misfit_or_a_row_not_json_past_the_rows_shown_leaves_the_answer_whole(
    strict: Client, upstream: FakeUpstream
) -> None:
    # The last row misfits (the note reads its date, never its model), row 1,500 is not JSON.
    rows = bars(row1000={"low": "n/a"}, row2000={"open": "n/a"})
    result = await history(strict, upstream, body_of(rows, not_json=1500))
    answer = texts(result)
    assert not result.is_error, answer[0][:300]
    assert answer[-1].startswith("Rows 1-") and f"of {ROWS:,} shown" in answer[-1]
    if result.structured_content is not None:
        shown = result.structured_content["result"]
        assert 1 < len(shown) < 100 and shown == rows[: len(shown)]


@pytest.mark.parametrize("bad", [{"low": "n/a"}, None])
async def test_a_row_shown_that_misfits_or_is_not_json_is_reported(
    strict: Client, upstream: FakeUpstream, bad: dict[str, Any] | None
) -> None:
    rows = bars(row2=bad or {})
    result = await history(strict, upstream, body_of(rows, not_json=None if bad else 2))
    assert result.is_error
    expected = (
        "[invalid_response] historical_prices: row 2 of the answer does not match HistoricalPrice"
        if bad
        else "[invalid_response] historical_prices: the upstream answer is not valid JSON."
    )
    assert texts(result)[0].startswith(expected), texts(result)


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)})) as url:
        yield url


async def test_a_reply_past_the_byte_bound_is_refused_with_the_bound_and_the_server_lives_on(
    sandbox: str, tmp_path: Path
) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(MANIFEST)
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest), DATA_MAX_REPLY_BYTES=str(2**20))
    year = {"symbol": "AAPL", "interval": "1min", "from_date": "2025-11-20", "to_date": "2026-11-20"}
    async with connect(env, tmp_path / "err.log") as client:
        refused = await client.call_tool("intraday_prices", year)
        day = await client.call_tool("intraday_prices", year | {"from_date": "2026-11-20"})
    assert refused.is_error
    assert texts(refused) == [
        "[upstream] the reply was larger than 1 MiB (DATA_MAX_REPLY_BYTES), so intraday_prices was stopped"
        " before reading more: ask for less (a shorter date range, a smaller limit), or raise DATA_MAX_REPLY_BYTES"
        " if an answer this large is expected. The data service failed; retry in a minute."
    ]
    assert not day.is_error and "2026-11-20 15:59:00" in texts(day)[0]


async def test_a_year_of_minute_bars_is_cut_with_the_note_of_rows_decoded_whole(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(SCHEMAS)
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest), DATA_VALIDATION_MODE="strict")
    year = {"symbol": "AAPL", "interval": "1min", "from_date": "2025-11-20", "to_date": "2026-11-20"}
    async with connect(env, tmp_path / "err.log") as client:
        result = await client.call_tool("intraday_prices", year)
    answer = texts(result)
    assert not result.is_error, answer
    assert answer[-1].startswith("Rows 1-") and "of 98,280 shown (2026-11-20 15:59:00 to" in answer[-1]
    assert result.structured_content is not None  # the models' form of the rows shown, validated
    assert result.structured_content["result"][0]["date"] == "2026-11-20T15:59:00-05:00"


async def test_fields_of_an_open_answer_read_on_demand_are_seen(sandbox: str, tmp_path: Path) -> None:
    # A filing's sections are fields no model names: the choice is checked against the rows' own keys, which
    # rows read on demand (a sequence, not a list) must show as a list's rows do.
    manifest = tmp_path / "desk.yaml"
    manifest.write_text("tools: [company.financial_reports_json]\n")
    env = server_env(sandbox, DATA_MCP_MANIFEST=str(manifest))
    async with connect(env, tmp_path / "err.log") as client:
        result = await client.call_tool(
            "financial_reports_json", {"symbol": "AAPL", "year": 2024, "fields": "symbol,Cover Page"}
        )
    assert not result.is_error, texts(result)
    assert "Cover Page" in texts(result)[0]
