"""Query-string validation against a route's catalog parameters."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from data_pkg.catalog import Param
from data_pkg.sandbox._routes import Route

__all__ = ["BadQueryError", "Value", "parse_query"]

Value = str | int | float | bool | dt.date | tuple[str, ...]

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_CIK = re.compile(r"\d{1,10}\Z")
_TRUE = {"true", "1", "yes"}
_FALSE = {"false", "0", "no"}


class BadQueryError(ValueError):
    """A query parameter is missing or holds a value its type does not allow."""


def _convert(param: Param, text: str) -> Value:
    kind = param.type
    if kind == "int":
        try:
            number = int(text)
        except ValueError:
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected an integer.") from None
        if number < 0:
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected a non-negative integer.")
        value: Value = number
    elif kind == "float":
        try:
            value = float(text)
        except ValueError:
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected a number.") from None
    elif kind == "bool":
        lowered = text.lower()
        if lowered not in _TRUE | _FALSE:
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected true or false.")
        value = lowered in _TRUE
    elif kind == "date":
        try:
            if not _DATE.match(text):
                raise ValueError(text)
            value = dt.date.fromisoformat(text)
        except ValueError:
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected a date as YYYY-MM-DD.") from None
    elif kind == "cik":
        if not _CIK.match(text):
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected up to 10 digits.")
        value = text.zfill(10)
    elif kind == "list":
        items = tuple(item.strip() for item in text.split(",") if item.strip())
        if not items:
            raise BadQueryError(f"Invalid value {text!r} for '{param.wire}': expected a comma-separated list.")
        value = items
    else:
        value = text
    if param.enum and not any(str(choice) == text for choice in param.enum):
        allowed = ", ".join(str(choice) for choice in param.enum)
        raise BadQueryError(f"Invalid value {text!r} for '{param.wire}'. Allowed values: {allowed}.")
    return value


def parse_query(route: Route, items: Iterable[tuple[str, str]]) -> dict[str, Value]:
    """Typed values of the known parameters, by wire name; unknown names are ignored, as upstream does.

    Raises BadQueryError naming the parameter when a value is bad or a required one is missing.
    """
    values: dict[str, Value] = {}
    for wire, text in items:
        param = route.query.get(wire)
        if param is None or not text or wire in values:
            continue
        values[wire] = _convert(param, text)
    for wire in route.required:
        if wire not in values and wire not in route.path_params:
            raise BadQueryError(f"Missing required parameter '{wire}'.")
    return values
