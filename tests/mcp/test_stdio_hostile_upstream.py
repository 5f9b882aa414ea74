"""What a hostile or misconfigured upstream makes of a tool result and the server's log: bounded, and no secret.

The real server over stdio, against the loopback upstream of :mod:`tests.hostile_upstream`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile_upstream import hostile_upstream
from tests.mcp._support import connect, server_env, text
from tests.support import SECRET_KEY

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture(scope="module")
def upstream() -> Iterator[str]:
    with hostile_upstream() as url:
        yield url


async def call_quote(env: dict[str, str], log: Path) -> str:
    async with connect(env, log) as client:
        result = await client.call_tool("quote", {"symbol": "AAPL"})
    assert result.is_error is True
    return text(result)


async def test_a_key_the_upstream_echoes_reaches_neither_the_result_nor_the_log(upstream: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    env = server_env(f"{upstream}/echo200", DATA_API_KEY=SECRET_KEY, DATA_LOG_LEVEL="DEBUG", DATA_MAX_RETRIES="0")
    answer = await call_quote(env, log)
    assert answer.startswith("[upstream] ") and "Unexpected request from ***" in answer
    assert "echo200/stable/quote" in log.read_text(), "DEBUG logging must have logged the request"
    assert SECRET_KEY not in answer and SECRET_KEY not in log.read_text()


async def test_a_password_in_the_base_url_is_not_logged(upstream: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    address = upstream.replace("http://", "http://user:hunter2-password@") + "/page"
    answer = await call_quote(server_env(address, DATA_LOG_LEVEL="DEBUG"), log)
    assert answer.startswith(
        "[config] quote: the address does not look like the API: it answered a web page (HTTP 200, HTML)"
    )
    assert "http://***@127.0.0.1" in log.read_text()
    assert "hunter2-password" not in log.read_text() and "hunter2-password" not in answer


async def test_a_gzip_bomb_ends_in_the_size_error(upstream: str, tmp_path: Path) -> None:
    env = server_env(f"{upstream}/bomb", DATA_MAX_REPLY_BYTES=str(2**20))
    answer = await call_quote(env, tmp_path / "err.log")
    assert answer.startswith("[upstream] the reply was larger than 1 MiB (DATA_MAX_REPLY_BYTES), so quote")


async def test_a_base_url_ending_in_the_version_is_explained_in_every_call(upstream: str, tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    answer = await call_quote(server_env(f"{upstream}/stable"), log)
    assert answer.startswith("[config] ")
    assert "ends in the version path /stable" in answer and f"set DATA_BASE_URL={upstream}" in answer
    assert f"set DATA_BASE_URL={upstream}" in log.read_text()
