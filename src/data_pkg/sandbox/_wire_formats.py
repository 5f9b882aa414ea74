"""Wire formats: what kind of value the upstream sends in a field, read off a value itself.

One classifier for both sides: ``scripts/wire_shapes.py`` describes the upstream's
examples with it, and the comparison of the sandbox's replies with those examples
describes the sandbox's rows with it. The formats are listed in :mod:`data_pkg.sandbox._wire`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["csv_fields", "fields", "text_format", "value_format"]

_TEXT_FORMATS = (
    ("date", re.compile(r"\d{4}-\d{2}-\d{2}")),
    ("midnight", re.compile(r"\d{4}-\d{2}-\d{2} 00:00:00")),
    ("datetime", re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")),
    ("iso", re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z")),
    ("date-mdy", re.compile(r"\d{2}-\d{2}-\d{4}")),
    ("date-long", re.compile(r"[A-Z][a-z]+ \d{1,2}, \d{4}")),
    ("month-day", re.compile(r"--\d{2}-\d{2}")),
    ("int-text", re.compile(r"-?\d+")),
    ("number-text", re.compile(r"-?\d+\.\d+(e-?\d+)?|-?\d+e-?\d+")),
    ("percent-text", re.compile(r"-?\d+(\.\d+)?%")),
    ("bool-text", re.compile(r"True|False")),
    ("bool-lower", re.compile(r"true|false")),
)


def text_format(text: str) -> str:
    """The format of a string value: a date, a datetime, a number or a bool written as text, or plain text."""
    if text == "":
        return "empty"
    return next((name for name, pattern in _TEXT_FORMATS if pattern.fullmatch(text)), "str")


def value_format(value: Any) -> str:
    """The wire format of one JSON value (containers are described by :func:`field`)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return text_format(value)
    raise TypeError(f"not a scalar: {value!r}")


def fields(row: dict[str, Any]) -> tuple[Any, ...]:
    """A row's fields in order: ``(name, format, nested, null_for)``."""
    return tuple(field(name, value) for name, value in row.items())


def field(name: str, value: Any) -> tuple[Any, ...]:
    """One field's ``(name, format, nested, null_for)``; ``null_for`` is empty (it comes from comparing examples)."""
    if isinstance(value, dict):
        return (name, "object", fields(value), ())
    if isinstance(value, list):
        if all(isinstance(item, dict) for item in value) and value:
            shapes = [fields(item) for item in value]
            if all(s == shapes[0] for s in shapes):
                return (name, "objects", shapes[0], ())
            return (name, "items", tuple(shapes), ())
        # A list of scalars keeps each element's format: a report's column holds a null, then labels.
        return (name, "values", tuple(value_format(item) for item in value), ())
    return (name, value_format(value), (), ())


def csv_fields(header: Sequence[str], row: Sequence[str]) -> tuple[Any, ...]:
    """A bulk file's row, by its header: a number in a CSV cell is numeric text whatever its digits."""
    formats = (text_format(cell) for cell in row)
    # A short row's last columns are missing fields, not empty ones.
    pairs = zip(header, formats, strict=False)
    return tuple((name, "number-text" if fmt == "int-text" else fmt, (), ()) for name, fmt in pairs)
