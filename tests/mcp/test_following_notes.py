"""Following the notes through the real stdio server gets every row of the first call once, per paging style.

Each test asks the sandbox through data-mcp with a small budget, follows every note to the end as
an agent would (tests/answers/follow.py reads the notes), and compares the rows read with what the
same call answers under a budget large enough for all of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from benchmarks import o200k

from tests.answers.follow import MAX_CALLS, next_calls, not_shown
from tests.answers.tables import read_table
from tests.mcp._support import connect, server_env
from tests.mcp.test_answers import MORE, SEGMENTS, blocks, sandbox

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

__all__ = ["sandbox"]  # the module's sandbox fixture, shared
FULL = {"DATA_MCP_PROFILE": "full", **SEGMENTS}


async def _all_rows(url: str, tmp_path: Path, tool: str, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    async with connect(server_env(url, DATA_MCP_MAX_ANSWER_TOKENS="1000000", **FULL), tmp_path / "big.log") as client:
        result = await client.call_tool(tool, arguments)
    table, *more = blocks(result)
    assert all(MORE.fullmatch(line) for line in more)  # whole: at most the line of a full page
    return read_table(table)


async def _follow(
    url: str, tmp_path: Path, tool: str, first: dict[str, Any], budget: int
) -> tuple[list[Any], list[Any]]:
    """Rows read and rows a note named as out of reach, following every note from ``first``."""
    seen: list[Any] = []
    named: list[Any] = []
    pending, calls = [dict(first)], 0
    async with connect(
        server_env(url, DATA_MCP_MAX_ANSWER_TOKENS=str(budget), **FULL), tmp_path / "small.log"
    ) as client:
        while pending:
            arguments = pending.pop(0)
            calls += 1
            assert calls <= MAX_CALLS
            result = await client.call_tool(tool, arguments)
            assert not result.is_error, blocks(result)
            assert sum(o200k.count(text) for text in blocks(result)) <= budget
            table, *note = blocks(result)
            rows = read_table(table) if table else []
            seen.extend(rows)
            if not note:
                continue
            for start, end in not_shown(note[0]):
                named.append((arguments, start, end))
            pending[:0] = [{**arguments, **change} for change in next_calls(note[0])]
    return seen, named


def _key(row: dict[str, Any]) -> str:
    return repr(sorted(row.items()))


@pytest.mark.parametrize(
    ("tool", "arguments", "budget"),
    [
        pytest.param(
            "historical_prices",
            {"symbol": "AAPL", "from_date": "2023-01-01", "to_date": "2024-06-30"},
            2_000,
            id="to_date",
        ),
        pytest.param(
            "intraday_prices",
            {"symbol": "AAPL", "interval": "15min", "from_date": "2024-12-02", "to_date": "2024-12-13"},
            1_500,
            id="intraday day cut",
        ),
        pytest.param("tradable_list", {"limit": 97}, 500, id="offset"),
        pytest.param("delisted_companies", {"limit": 100}, 500, id="page+limit 100"),
        pytest.param("delisted_companies", {"limit": 97, "page": 3}, 500, id="page+limit prime, a later page"),
    ],
)
async def test_following_every_note_gets_every_row_once(
    sandbox: str, tmp_path: Path, tool: str, arguments: dict[str, Any], budget: int
) -> None:
    expected = await _all_rows(sandbox, tmp_path, tool, arguments)
    seen, named = await _follow(sandbox, tmp_path, tool, arguments, budget)
    assert not named
    assert [_key(r) for r in seen] == [_key(r) for r in expected]
    assert len(expected) > 20  # the first answer was cut


async def test_a_day_over_the_budget_names_the_rows_no_call_reaches(sandbox: str, tmp_path: Path) -> None:
    arguments = {"symbol": "AAPL", "interval": "1min", "from_date": "2024-12-12", "to_date": "2024-12-13"}
    expected = await _all_rows(sandbox, tmp_path, "intraday_prices", arguments)
    seen, named = await _follow(sandbox, tmp_path, "intraday_prices", arguments, 2_000)
    assert named  # a day of 1-minute bars is over 2,000 tokens, and no argument starts inside a day
    seen_keys = {_key(r) for r in seen}
    assert len(seen_keys) == len(seen) and seen_keys < {_key(r) for r in expected}
    days = sorted({r["date"][:10] for r in expected}, reverse=True)
    assert [d for d in days if any(r["date"].startswith(d) for r in seen)] == days  # every day starts, in order
