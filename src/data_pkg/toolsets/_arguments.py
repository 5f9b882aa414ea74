"""Tool arguments: JSON spellings made exact, and whether a value a manifest fixes fits its parameter.

Agents send JSON: a whole number may arrive as ``5.0`` or ``"5"``, a flag as ``"true"``.
:func:`coerce_arguments` accepts those when they mean exactly one value of the parameter's type
and passes anything else through unchanged, so the client's own check reports it with the
argument's name. Fixed values are checked against the same rules the tool's input schema states,
so a fixed argument is never something the agent itself could not have sent. Both servers use
this module.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping

from data_pkg.catalog import Endpoint, Param

_CIK = re.compile(r"[0-9]{1,10}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def fixed_value_problem(param: Param, value: object) -> str | None:
    """Why ``value`` cannot be fixed for ``param``, or None when it can."""
    kind = param.type
    if kind == "list":
        if isinstance(value, str):
            value = (value,)  # a single symbol is as good as a list of one
        if not (isinstance(value, tuple) and value and all(isinstance(v, str) and v for v in value)):
            return f"{param.name} takes a non-empty list of strings"
        return None
    if isinstance(value, tuple):
        return f"{param.name} takes one value, not a list"
    if kind in ("str", "date", "cik") and not isinstance(value, str):
        return f"{param.name} takes a string, not {type(value).__name__}"
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        return f"{param.name} takes an integer, not {type(value).__name__}"
    if kind == "float" and (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)):
        return f"{param.name} takes a finite number"
    if kind == "bool" and not isinstance(value, bool):
        return f"{param.name} takes true or false, not {type(value).__name__}"
    if kind == "date":
        assert isinstance(value, str)
        try:
            valid = bool(_DATE.fullmatch(value)) and dt.date.fromisoformat(value) is not None
        except ValueError:
            valid = False
        if not valid:
            return f"{param.name} takes a date written YYYY-MM-DD, not {value!r}"
    if kind == "cik" and not _CIK.fullmatch(str(value)):
        return f"{param.name} takes 1 to 10 digits, not {value!r}"
    if param.enum and value not in param.enum:
        return f"{param.name} takes one of {', '.join(str(v) for v in param.enum)}, not {value!r}"
    return None


def normalise_fixed(param: Param, value: object) -> object:
    """The value as the server will send it: lists of strings become tuples (a lone string, a 1-tuple)."""
    if param.type == "list" and isinstance(value, str):
        return (value,)
    return value


# Bounded below Python's int-conversion guard (4,300 digits): a longer string passes through
# unchanged and the client refuses it by name instead of int() raising here.
_INTEGER = re.compile(r"-?[0-9]{1,4000}")
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
