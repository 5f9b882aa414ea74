"""Types shared by the tool-set tests and their fixtures (conftest modules are not for importing)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from data_pkg.toolsets import Node

Write = Callable[[str, str], Path]
"""The ``write`` fixture: write a dedented manifest into the test's folder, get its path."""

NamesOf = Callable[..., tuple[str, ...]]
"""The ``names_of`` fixture: resolve a source (and an optional environment) to its tool names."""


def node_from_value(value: object, line: int = 1, col: int = 1) -> Node:
    """A node tree from plain Python data, every position ``line:col`` (tuples and sets count as lists)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return Node("scalar", value, line, col)
    if isinstance(value, (list, tuple, set, frozenset)):
        return Node("list", tuple(node_from_value(v, line, col) for v in value), line, col)
    if isinstance(value, dict):
        pairs = tuple((node_from_value(k, line, col), node_from_value(v, line, col)) for k, v in value.items())
        return Node("map", pairs, line, col)
    raise TypeError(f"not manifest data: {type(value).__name__}")


def value_of(node: Node) -> object:
    """The plain Python data of a node tree (a repeated key: the last one counts, as in ``json.loads``)."""
    if node.kind == "list":
        return [value_of(item) for item in node.items]
    if node.kind == "map":
        return {value_of(key): value_of(item) for key, item in node.pairs}
    return node.scalar
