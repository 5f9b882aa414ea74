"""docs/hosted.md's table of protocol versions is what the server does, row by row, and lists every version it speaks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from tests.hosted._support import INITIALIZE, TIMEOUT, headers, rpc, with_key

PAGE = Path(__file__).resolve().parents[2] / "docs" / "hosted.md"
UNKNOWN_VERSIONS = ("2031-01-01", "1999-12-31", "not-a-version")
"""What a client might ask for that the server does not speak: the "any other" row."""


def version_rows() -> list[tuple[str, str, str, str]]:
    """(asked for, session speaks, batches, argument problem) for each row of the page's table."""
    section = PAGE.read_text().split("### Protocol versions", 1)[1].split("\n#", 1)[0]
    cells = [
        [cell.replace("`", "").strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| ") and not line.startswith("| Client asks for")
    ]
    assert cells and all(len(row) == 4 for row in cells), cells
    return [(row[0], row[1], row[2], row[3]) for row in cells]


ROWS = version_rows()


@pytest.fixture(scope="module")
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


def test_the_page_lists_every_version_the_server_speaks_and_the_fallback() -> None:
    asked = [row[0] for row in ROWS]
    assert asked == [*HANDSHAKE_PROTOCOL_VERSIONS, "any other"]


def _open(http: httpx2.Client, url: str, version: str) -> tuple[str, str]:
    message = {**INITIALIZE, "params": {**INITIALIZE["params"], "protocolVersion": version}}
    response = http.post(with_key(url), headers=headers(), json=message)
    assert response.status_code == 200, response.text
    spoken = response.json()["result"]["protocolVersion"]
    session = response.headers["mcp-session-id"]
    done = http.post(
        with_key(url),
        headers=headers(session, mcp_protocol_version=spoken),
        json={"jsonrpc": "2.0", "method": "notifications/initialized"},
    )
    assert done.status_code == 202
    return session, spoken


def _post(http: httpx2.Client, url: str, session: str, version: str, body: Any) -> httpx2.Response:
    return http.post(with_key(url), headers=headers(session, mcp_protocol_version=version), json=body)


@pytest.mark.parametrize(("asked", "speaks", "batches", "argument_problem"), ROWS, ids=[row[0] for row in ROWS])
def test_each_row_of_the_table_is_what_the_server_does(
    http: httpx2.Client, hosted: str, asked: str, speaks: str, batches: str, argument_problem: str
) -> None:
    for requested in UNKNOWN_VERSIONS if asked == "any other" else (asked,):
        session, spoken = _open(http, hosted, requested)
        assert spoken == speaks
        batch = _post(http, hosted, session, spoken, [rpc("ping", request_id=5), rpc("ping", request_id=6)])
        assert batch.status_code == {"accepted": 200, "400": 400}[batches]
        bad = _post(http, hosted, session, spoken, rpc("tools/call", {"name": "quote", "arguments": {"x": 1}}))
        assert bad.status_code == 200
        answer = bad.json()
        if argument_problem == "-32602":
            assert answer["error"]["code"] == -32602
            assert "quote needs `endpoint`" in answer["error"]["message"]
            assert "quote-short" in answer["error"]["data"]["allowed_endpoints"]
        else:
            assert argument_problem == "isError result"
            assert answer["result"]["isError"] is True
            assert re.match(r"\[bad_arguments\] quote needs `endpoint`", answer["result"]["content"][0]["text"])
        unknown = _post(http, hosted, session, spoken, rpc("tools/call", {"name": "quotes", "arguments": {}}))
        assert unknown.json()["error"]["code"] == -32602


def test_a_request_without_a_version_header_is_taken_as_2025_03_26(http: httpx2.Client, hosted: str) -> None:
    session, spoken = _open(http, hosted, "2025-11-25")
    assert spoken == "2025-11-25"
    bad = http.post(
        with_key(hosted), headers=headers(session), json=rpc("tools/call", {"name": "quote", "arguments": {}})
    )
    assert bad.json()["error"]["code"] == -32602
