"""data-hosted follows the same protocol rules as the stdio server (data_pkg.answers.protocol): an unknown
tool is -32602 in every version, and a tools/list cursor it never gave is -32602, not ignored."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from tests.hosted._support import TIMEOUT, rpc
from tests.hosted.test_hosted_versions import _open, _post


@pytest.fixture(scope="module")
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=TIMEOUT) as client:
        yield client


@pytest.mark.parametrize("version", HANDSHAKE_PROTOCOL_VERSIONS)
def test_an_unknown_tool_and_a_made_up_cursor_are_invalid_params(
    http: httpx2.Client, hosted: str, version: str
) -> None:
    session, spoken = _open(http, hosted, version)
    assert spoken == version
    unknown = _post(http, hosted, session, spoken, rpc("tools/call", {"name": "quotes", "arguments": {}}))
    assert unknown.json()["error"]["code"] == -32602
    paged = _post(http, hosted, session, spoken, rpc("tools/list", {"cursor": "page-2"}, request_id=3))
    error = paged.json()["error"]
    assert error["code"] == -32602 and "cursor" in error["message"]
    listed = _post(http, hosted, session, spoken, rpc("tools/list", {}, request_id=4))
    assert listed.json()["result"]["tools"]
