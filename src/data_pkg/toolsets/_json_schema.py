"""Tidying the JSON Schemas pydantic writes, before anyone reads them.

pydantic gives every property a ``title`` and every optional one ``default: null``: noise to an
editor and tokens to an agent. Both schemas the project publishes (the manifest's and the tools'
output schemas) drop them the same way, then each adds its own finishing step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["tidy_schema"]


def tidy_schema(node: Any, finish: Callable[[dict[str, Any]], dict[str, Any]]) -> Any:
    """``node`` without titles and null defaults, with ``finish`` applied to each object schema, innermost first."""
    if isinstance(node, list):
        return [tidy_schema(item, finish) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("properties", "$defs"):
            # Mappings of names to schemas: a field may well be called "title" or "default".
            out[key] = {name: tidy_schema(sub, finish) for name, sub in value.items()}
        elif key == "title" or (key == "default" and value is None):
            continue
        else:
            out[key] = tidy_schema(value, finish)
    return finish(out)
