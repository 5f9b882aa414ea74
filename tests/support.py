"""Test helpers importable from any test module: a recognisable key, a mock upstream, docs code blocks, imports."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Import:
    """One import in a source file: ``from module import name``, or ``import module`` (``name`` None)."""

    line: int
    module: str
    name: str | None = None


def imports(path: Path, package: str = "") -> list[Import]:
    """Every import in a source file, whatever its form, for the layering and private-module checks.

    Absolute and relative (resolved against ``package``, the dotted package holding the file),
    ``import a.b`` and ``from a import b``, at the top, inside functions or under ``TYPE_CHECKING``,
    and ``importlib.import_module("a.b")`` or ``__import__("a.b")`` with a literal name.
    """
    found: list[Import] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend(Import(node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node.module or "", node.level, package)
            found.extend(Import(node.lineno, module, alias.name) for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
            "import_module",
            "__import__",
        ):
            found.extend(
                Import(node.lineno, a.value)
                for a in node.args[:1]
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return found


def module_name(path: Path, root: Path) -> str:
    """The dotted name of a source file under ``root`` (a folder on ``sys.path``): ``data_pkg/client/__init__.py``
    is ``data_pkg.client``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path, root: Path) -> str:
    """The package a relative import in ``path`` starts from: the module itself for an ``__init__.py``."""
    name = module_name(path, root)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _absolute(module: str, level: int, package: str) -> str:
    """The absolute name of ``from <level dots><module> import ...`` in ``package``."""
    if not level:
        return module
    parts = package.split(".") if package else []
    base = parts[: len(parts) - (level - 1)] if level - 1 <= len(parts) else []
    return ".".join([*base, module] if module else base)


def imported_modules(path: Path, package: str = "") -> list[tuple[int, str]]:
    """Every import of a source file (see :func:`imports`) as ``(line, dotted name)``.

    ``from a.b import c`` gives both ``a.b`` and ``a.b.c``, so that importing a private module or
    name (``from data_pkg import _net``) shows as such.
    """
    found: list[tuple[int, str]] = []
    for item in imports(path, package):
        found.append((item.line, item.module))
        if item.name is not None and item.name != "*":
            found.append((item.line, f"{item.module}.{item.name}"))
    return found


def tool_count(source: str | None, env: Mapping[str, str]) -> int:
    """How many tools ``source`` (a profile, a manifest, None for the default set) resolves to under ``env``.

    Tests compare what a command prints with this, never with a count copied from today's profiles.
    """
    from data_pkg.toolsets import resolve  # here, so that importing this module loads no tool-set code

    registry = resolve(source, env=env).registry
    assert registry is not None, f"{source} does not resolve"
    return len(registry)


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


def reexported_for_layers(init: Path) -> set[str]:
    """Names a package's ``__init__`` hands to the project's other layers, not users: imported as themselves
    (``from ._x import name as name``, under ``TYPE_CHECKING`` too) and not in its ``__all__``."""
    tree = ast.parse(init.read_text(encoding="utf-8"))
    listed: set[str] = set()
    kept: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            kept |= {alias.name for alias in node.names if alias.asname == alias.name}
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            listed |= {
                item.value
                for item in ast.walk(node.value)
                if isinstance(item, ast.Constant) and isinstance(item.value, str)
            }
    return kept - listed
