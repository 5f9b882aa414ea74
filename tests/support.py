"""Test helpers importable from any test module: a recognisable key, a mock upstream, docs code blocks, imports."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
from hypothesis import strategies as st

# Recognisable so that a test can grep every captured byte for it.
SECRET_KEY = "sk-TEST-9f2c7e41b8d3-SECRET"
BASE_URL = "http://api.test"

Handler = Callable[[httpx2.Request], httpx2.Response]


class Recorder:
    """A mock upstream: answers with ``handler`` and remembers every request."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        return self.handler(request)


def quote_row(symbol: str = "AAPL", price: float = 190.5) -> dict[str, Any]:
    """A row that fits the Quote model."""
    return {
        "symbol": symbol,
        "name": "Example Corp",
        "price": price,
        "changePercentage": 0.5,
        "change": 0.9,
        "dayLow": price - 1,
        "dayHigh": price + 1,
        "exchange": "NASDAQ",
        "timestamp": 1763600000,
    }


def code_blocks(page: Path, language: str) -> list[str]:
    """The fenced code blocks in ``language`` of a markdown page, in page order, so tests run what docs show.

    A fence indented under a tab (``=== "Linux"``) or a list item counts too, its indentation removed.
    """
    found = re.findall(rf"^( *)```{language}\n(.*?)^\1```", page.read_text(), flags=re.S | re.M)
    return [re.sub(rf"^{indent}", "", block, flags=re.M) for indent, block in found]


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every absolute import in a source file, as ``(line, dotted name)``, lazy ones and ``import_module`` too.

    ``from a.b import c`` gives both ``a.b`` and ``a.b.c``, so that importing a private module or
    name (``from data_pkg import _net``) shows as such.
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
            "import_module",
            "__import__",
        ):
            found.extend(
                (node.lineno, a.value)
                for a in node.args[:1]
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return found


def json_values(integers: st.SearchStrategy[int] | None = None) -> st.SearchStrategy[Any]:
    """Any JSON value (nested lists and objects, no NaN or infinity), for reading it back as json.loads does.

    ``integers`` narrows the integers (a manifest refuses more than 30 digits); any size by default.
    """
    numbers = st.integers() if integers is None else integers
    scalars = st.none() | st.booleans() | numbers | st.floats(allow_nan=False, allow_infinity=False)
    return st.recursive(
        scalars | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    )


_SHAPE = 'a JSON-RPC message is an object with "jsonrpc": "2.0" and a "method"'
ENVELOPE_REFUSALS: list[tuple[str, int, str]] = [
    ("42", -32600, f"Invalid Request: {_SHAPE}, not a number."),
    ('{"id": 3, "method": "ping"}', -32600, f'Invalid Request: "jsonrpc" must be "2.0": {_SHAPE}.'),
    (
        '{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}',
        -32600,
        'Invalid Request: "id" must be a string or an integer, not a number.',
    ),
    (
        '{"jsonrpc": "2.0", "id": 3}',
        -32600,
        'Invalid Request: a message needs a "method" (a response: an "id" and a "result" or "error").',
    ),
    ('{"jsonrpc": "2.0", "id": 3, "method": 7}', -32600, 'Invalid Request: "method" must be a string, not a number.'),
    (
        '{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": "x"}',
        -32600,
        'Invalid Request: "params" must be an object, not a string.',
    ),
    (
        '{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": [1]}',
        -32602,
        'Invalid params: "params" must be an object (MCP passes parameters by name), not an array.',
    ),
]
"""One envelope check for both servers (data_pkg.jsonrpc): each line or body, and the code and message
that data-mcp and data-hosted both answer it with. They used to differ in every message, and an array
of params was -32602 on stdio and -32600 on data-hosted."""
