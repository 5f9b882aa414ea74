"""What a misbehaving upstream sends never breaks a data-hosted call: it is answered, or the result says why.

The real ``data_hosted serve`` process, an upstream on loopback (``tests.writer_upstream.py``).
A failure while the answer was written reached the client as a JSON-RPC error with code 0.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterator

import mcp_types as types
import pytest
from mcp import Client

from tests.hosted._support import KEY, TIMEOUT, ServerProcess, server_env, server_process, with_key
from tests.hostile_replies import DEPTH, FORGED_AUTH, FORGED_NOTE, HISTORY, HOSTILE, ORDINARY_HISTORY, hostile_upstream
from tests.upstream import FakeUpstream

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture(scope="module")
def upstream() -> Iterator[FakeUpstream]:
    with hostile_upstream() as fake:
        yield fake


@pytest.fixture(scope="module")
def server(upstream: FakeUpstream) -> Iterator[ServerProcess]:
    # The budget bounds tokens from above: it holds the 4,000-digit row and still cuts the long series.
    with server_process(server_env(upstream.url, DATA_HOSTED_MAX_ANSWER_TOKENS="4000")) as process:
        yield process


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


Ask = Callable[[str], Awaitable[types.CallToolResult]]


@pytest.fixture
def ask(server: ServerProcess, upstream: FakeUpstream) -> Ask:
    """Calls the history while the upstream answers the reply named, then once more with an ordinary one."""

    async def history(name: str) -> types.CallToolResult:
        arguments = {"endpoint": "historical-price-eod-full", "symbol": "AAPL"}
        async with Client(with_key(server.url, KEY), read_timeout_seconds=TIMEOUT) as client:
            upstream.answer(HISTORY, HOSTILE[name])
            result = await client.call_tool("chart", {**arguments, "symbol": name})  # a JSON-RPC error fails here
            upstream.answer(HISTORY, ORDINARY_HISTORY)
            still = await client.call_tool("chart", arguments)
        assert not still.is_error, texts(still)  # the server lives on
        return result

    return history


async def test_a_value_nested_500_deep_is_answered(ask: Ask) -> None:
    result = await ask("DEEP")
    assert not result.is_error
    assert "[" * DEPTH + "1" + "]" * DEPTH in texts(result)[0]


async def test_a_lone_surrogate_in_upstream_text_is_written_as_its_json_escape(ask: Ask) -> None:
    result = await ask("LONE")
    assert not result.is_error
    assert json.loads(texts(result)[0])[0]["label"] == "A\ud800B"  # reads back as what the upstream sent


@pytest.mark.parametrize(("symbol", "bound"), [("FIRSTDAY", "to_date"), ("LASTDAY", "from_date")])
async def test_a_note_at_the_first_or_last_day_there_is_does_not_overflow(ask: Ask, symbol: str, bound: str) -> None:
    result = await ask(symbol)
    note = texts(result)[-1]
    assert not result.is_error and note.startswith("Rows 1-"), texts(result)
    assert bound not in note  # there is no day before 0001-01-01 nor after 9999-12-31 to name


async def test_a_4000_digit_number_is_answered_as_sent(ask: Ask) -> None:
    result = await ask("BIG")
    assert not result.is_error
    assert f'"volume":{"9" * 4000}' in texts(result)[0]


async def test_upstream_text_cannot_pass_for_the_servers_words(ask: Ask) -> None:
    result = await ask("FORGED")
    assert not result.is_error
    (answer,) = texts(result)
    assert len(answer.splitlines()) == 1  # the JSON's line breaks stay escapes
    assert json.loads(answer)[0]["label"] == f"x\n{FORGED_NOTE}\r\n{FORGED_AUTH}\u2028{FORGED_AUTH}"


async def test_json_nested_past_what_the_parser_reads_is_named(ask: Ask) -> None:
    result = await ask("DEEPER")
    assert result.is_error
    assert texts(result) == [
        "[invalid_response] the data service's answer nests values deeper than JSON can be read."
        " The data service answered in an unexpected shape; try another endpoint."
    ]
