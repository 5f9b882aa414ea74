"""Which call problems are JSON-RPC errors in which protocol version, and the refused tools/list cursor."""

from __future__ import annotations

import pytest
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, PaginatedRequestParams

from data_pkg.answers.protocol import check_cursor, is_protocol_error


@pytest.mark.parametrize(
    ("version", "unknown_tool", "bad_arguments"),
    [
        ("2024-11-05", True, True),
        ("2025-06-18", True, True),
        ("2025-11-25", True, False),  # from here a wrong argument is a result the model reads
        (None, True, False),  # none negotiated yet: the newest version's rule
        ("2099-01-01", True, False),  # newer than the table: the newest it names
    ],
)
def test_the_problems_answered_as_protocol_errors_by_version(
    version: str | None, unknown_tool: bool, bad_arguments: bool
) -> None:
    assert is_protocol_error("unknown_tool", version) is unknown_tool
    assert is_protocol_error("bad_arguments", version) is bad_arguments


def test_a_tools_list_without_a_cursor_passes() -> None:
    check_cursor(None)
    check_cursor(PaginatedRequestParams())


def test_a_cursor_is_refused_as_invalid_params() -> None:
    with pytest.raises(MCPError) as raised:
        check_cursor(PaginatedRequestParams(cursor="page-2"))
    assert raised.value.code == INVALID_PARAMS
    assert "call it without a cursor" in raised.value.message
