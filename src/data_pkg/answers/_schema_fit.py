"""Whether structured content fits the tool's output schema, formats included, before it is sent.

Rows the upstream sent that do not fit their model are kept under ``DATA_VALIDATION_MODE=warn``
or ``lenient``: as text that is fine, as structured content it is not. Clients check it against
the output schema (the TypeScript SDK and the MCP Inspector with formats, the Python SDK's
client without) and refuse the whole result when it misses. So the writer checks first, the way
they do. The formats checked are the ones the output schemas use, ``date`` and ``date-time``,
with checks of our own: jsonschema's ``date-time`` check needs an optional package, and without
it silently passes everything.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = ["misfit"]

_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_DATE_TIME = re.compile(
    r"([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:[Zz]|[+-]([0-9]{2}):([0-9]{2}))"
)
_LONGEST = 200
"""Characters of jsonschema's message kept (it quotes the whole value that missed)."""
_CACHED = 1024
"""Validators kept (one per output schema; a reload brings new schemas, so the cache is bounded)."""

_validators: dict[int, tuple[Mapping[str, Any], Validator]] = {}


def is_date(value: object) -> bool:
    """RFC 3339 ``full-date`` (``format: date``); values that are not strings are another keyword's business."""
    if not isinstance(value, str):
        return True
    found = _DATE.fullmatch(value)
    if found is None:
        return False
    try:
        dt.date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        return False
    return True


def is_date_time(value: object) -> bool:
    """RFC 3339 ``date-time`` (``format: date-time``): a date, ``T``, a time and an offset.

    A leap second (``23:59:60``) is refused, as the strictest clients' checks refuse it.
    """
    if not isinstance(value, str):
        return True
    found = _DATE_TIME.fullmatch(value)
    if found is None or not is_date(found[1]):
        return False
    hour, minute, second = int(found[2]), int(found[3]), int(found[4])
    offset_ok = found[5] is None or (int(found[5]) < 24 and int(found[6]) < 60)
    return hour < 24 and minute < 60 and second < 60 and offset_ok


def _validator(schema: Mapping[str, Any]) -> Validator:
    cached = _validators.get(id(schema))
    if cached is not None and cached[0] is schema:  # the schema is held, so its id is not reused meanwhile
        return cached[1]
    from jsonschema import Draft202012Validator, FormatChecker

    formats = FormatChecker(formats=())
    formats.checks("date")(is_date)
    formats.checks("date-time")(is_date_time)
    validator = Draft202012Validator(schema, format_checker=formats)
    if len(_validators) >= _CACHED:
        _validators.clear()
    _validators[id(schema)] = (schema, validator)
    return validator


def misfit(schema: Mapping[str, Any], value: Any) -> str | None:
    """Where ``value`` first misses ``schema`` (``result/1/open: 'n/a' is not of type ...``), or None when it fits."""
    validator = _validator(schema)
    if validator.is_valid(value):
        return None
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(value))  # the error the SDK clients report, deepest first
    assert error is not None  # is_valid said there is one
    where = "/".join(str(part) for part in error.absolute_path)
    message = _none_of(error.instance, error.schema) if error.validator == "anyOf" else None
    message = message or error.message
    message = message if len(error.message) <= _LONGEST else error.message[: _LONGEST - 1] + "…"
    return f"{where}: {message}" if where else message


_ARTICLES = {"integer": "an integer", "array": "an array", "object": "an object", "null": "null"}


def _none_of(value: Any, schema: Any) -> str | None:
    """``'n/a' is not a number or null``: what an ``anyOf`` of single types allowed, where jsonschema says only
    that the value "is not valid under any of the given schemas". None for branches of another shape."""
    branches = schema.get("anyOf") if isinstance(schema, Mapping) else None
    if not isinstance(branches, list) or not all(isinstance(b, Mapping) and "type" in b for b in branches):
        return None
    if not all(isinstance(b["type"], str) for b in branches):
        return None
    kinds = []
    for branch in branches:
        kind = branch.get("format") or branch["type"]
        kinds.append(_ARTICLES.get(kind, f"a {kind}"))
    allowed = kinds[0] if len(kinds) == 1 else f"{', '.join(kinds[:-1])} or {kinds[-1]}"
    return f"{value!r} is not {allowed}"
