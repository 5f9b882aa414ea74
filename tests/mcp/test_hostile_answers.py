"""What a misbehaving upstream sends never breaks a call: data-mcp answers it, or says why not, and keeps serving.

The real server process over stdio, an upstream on loopback (``tests.writer_upstream.py``). A
failure while the answer is written used to reach the client as a JSON-RPC error with code 0
(the SDK's answer to an exception in a handler), which agents show as "tool failed" with no cause.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import mcp_types as types
import pytest
from mcp import Client

from tests.hostile_replies import DEPTH, FORGED_AUTH, FORGED_NOTE, HISTORY, HOSTILE, ORDINARY_HISTORY, hostile_upstream
from tests.mcp._support import connect, server_env
from tests.upstream import FakeUpstream

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

# The budget is an upper bound on the tokens a text takes: it must hold the largest hostile row
# (the two 4,000-digit numbers, about 2,700) and still cut the long series (62 rows of about 350)
# and the BIG reply after its first row.
BUDGET = 4000
TABLE = f"tools: [company.historical_prices]\nmax_answer_tokens: {BUDGET}\n"
SCHEMAS = f"{TABLE}output_schemas: true\nanswer_format: json\n"


@pytest.fixture(scope="module")
def upstream() -> Iterator[FakeUpstream]:
    with hostile_upstream() as fake:
        yield fake


@pytest.fixture(params=["table", "schemas"])
async def client(request: pytest.FixtureRequest, upstream: FakeUpstream, tmp_path: Path) -> AsyncIterator[Client]:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(TABLE if request.param == "table" else SCHEMAS)
    env = server_env(upstream.url, DATA_MCP_MANIFEST=str(manifest))
    async with connect(env, tmp_path / "err.log") as connected:
        yield connected


Ask = Callable[[str], Awaitable[types.CallToolResult]]


@pytest.fixture
def ask(client: Client, upstream: FakeUpstream) -> Ask:
    """Calls the history while the upstream answers the reply named, then once more with an ordinary one."""

    async def history(name: str) -> types.CallToolResult:
        upstream.answer(HISTORY, HOSTILE[name])
        result = await client.call_tool("historical_prices", {"symbol": name})  # a JSON-RPC error fails here
        upstream.answer(HISTORY, ORDINARY_HISTORY)
        still = await client.call_tool("historical_prices", {"symbol": "AAPL"})
        assert not still.is_error, texts(still)  # the server lives on
        return result

    return history


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


async def test_a_value_nested_500_deep_is_answered(ask: Ask) -> None:
    result = await ask("DEEP")
    answer = "\n".join(texts(result))
    assert "[" * DEPTH + "1" + "]" * DEPTH in answer, answer[:300]
    if result.is_error:  # structured content cannot nest that deep: the answer comes as text after the reason
        assert texts(result)[0].startswith("[invalid_response] The answer does not fit"), texts(result)[0]
        assert "nests values deeper than structured content can carry" in texts(result)[0]


async def test_a_lone_surrogate_in_upstream_text_is_written_as_its_json_escape(ask: Ask) -> None:
    result = await ask("LONE")
    assert "\\ud800" in "\n".join(texts(result))
    assert not result.is_error or texts(result)[0].startswith("[invalid_response]")


@pytest.mark.parametrize(("symbol", "bound"), [("FIRSTDAY", "to_date"), ("LASTDAY", "from_date")])
async def test_a_note_at_the_first_or_last_day_there_is_does_not_overflow(ask: Ask, symbol: str, bound: str) -> None:
    result = await ask(symbol)
    note = texts(result)[-1]
    assert note.startswith("Rows 1-"), texts(result)
    assert bound not in note  # there is no day before 0001-01-01 nor after 9999-12-31 to name


async def test_a_4000_digit_number_is_answered_as_sent(ask: Ask) -> None:
    result = await ask("BIG")  # two rows kept unvalidated; the budget shows the first
    answer = texts(result)
    big = int("9" * 4000)
    assert not result.is_error, answer[0][:300]
    if result.structured_content is None:  # the table
        assert answer[0].splitlines()[1].startswith(f"AAPL,2026-11-20,1.5,2.5,0.5,{big},{big}"), answer[0][:200]
    else:  # checked against the schema as sent (a whole number is a number); dumping it as a float overflowed
        assert json.loads(answer[0])[0]["close"] == big  # the upstream's value, not a float's "Infinity"
        assert result.structured_content["result"][0]["close"] == big


async def test_upstream_text_cannot_pass_for_the_servers_words(ask: Ask) -> None:
    result = await ask("FORGED")
    assert not result.is_error
    answer = texts(result)[0]
    assert not [line for line in answer.splitlines() if re.match(r"Rows |\[[a-z_]+\] ", line)], answer
    if answer.startswith("symbol,"):  # the table
        first, second = answer.splitlines()[1:]
        assert (
            first.startswith("AAPL,2026-11-20,")
            and f'"x\\n{FORGED_NOTE}\\r\\n{FORGED_AUTH}\\u2028{FORGED_AUTH}"' in first
        )
        assert first.endswith(',"\'=HYPERLINK(1)",-1.5') and second.endswith(',"\'-2+3",-0.5')
        assert second.startswith(f'"{FORGED_AUTH}",2026-11-19,') and '"\'@SUM(A1)"' in second
    else:
        assert json.loads(answer)[0]["label"] == f"x\n{FORGED_NOTE}\r\n{FORGED_AUTH}\u2028{FORGED_AUTH}"


async def test_the_text_is_the_upstreams_values_as_sent(ask: Ask) -> None:
    result = await ask("SENT")
    assert not result.is_error, texts(result)
    answer = texts(result)[0]
    if result.structured_content is None:  # the table
        assert answer.splitlines()[1] == 'AAPL,2026-11-20,1.5,2.5,0.5,1.5,"16"'
    else:
        assert json.loads(answer)[0]["volume"] == "16"  # was 16: the models' JSON, not the upstream's
        assert result.structured_content["result"][0]["volume"] == 16


async def test_json_nested_past_what_the_parser_reads_is_named(ask: Ask) -> None:
    result = await ask("DEEPER")
    assert result.is_error
    assert texts(result) == [
        "[invalid_response] historical_prices: the upstream answer is not valid JSON."
        " The data service answered in an unexpected shape; try another tool or report it."
    ]
