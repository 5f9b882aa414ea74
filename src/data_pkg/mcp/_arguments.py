"""Bring JSON tool arguments to the Python types the client checks.

Agents send JSON: a whole number may arrive as ``5.0`` or ``"5"``, a flag as
``"true"``. Those are accepted when they mean exactly one value of the
parameter's type; anything else is passed through unchanged, so that the
client's own check reports it with the argument's name and what it accepts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from data_pkg.catalog import Endpoint, Param

_INTEGER = re.compile(r"-?[0-9]+")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def coerce_arguments(endpoint: Endpoint, arguments: Mapping[str, object]) -> dict[str, object]:
    """``arguments`` with JSON spellings of each known parameter's type made exact."""
    params = {p.name: p for p in endpoint.params}
    return {name: _coerce(params[name], value) if name in params else value for name, value in arguments.items()}


def _coerce(param: Param, value: object) -> object:
    kind = param.type
    if kind == "int":
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
            return int(value.strip())
    elif kind == "float":
        if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
            return float(value.strip())
    elif kind == "bool":
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
    elif kind == "cik" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    elif kind in ("str", "date") and isinstance(value, int) and not isinstance(value, bool) and param.enum:
        # An enum of strings such as "1min" never matches an int; quarters (ints) are handled above.
        return str(value)
    return value
