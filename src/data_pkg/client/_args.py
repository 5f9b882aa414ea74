"""Check Python arguments against the catalog and encode them for the wire.

Runs before any request, so a wrong argument costs no call of the caller's
quota and the error names the argument and what it accepts. Values are bounded
too: a URL has a length limit (the HTTP library refuses 64 KiB, most servers far
less), so an overlong value is refused here, naming the limit, instead of failing
in the HTTP library.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import httpx2

from data_pkg.catalog import SEGMENT_ENV, Endpoint, Param
from data_pkg.client._earlier import our_arguments
from data_pkg.errors import EndpointUnavailableError, InvalidRequestError

_PATH_VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

MAX_TEXT = 1_000
"""Characters in one string value (symbols, names, search text)."""
MAX_LIST = 10_000
"""Characters in one list value, commas included (about 1,400 symbols)."""
MAX_QUERY = 32_768
"""Characters of the URL-encoded query: half of what the HTTP library accepts, leaving room for the rest."""
MAX_DIGITS = 18
"""Digits of a whole number: every count, year or bound upstream fits in a 64-bit integer."""
_MAX_INT = 10**MAX_DIGITS
_ENCODED_PER_CHAR = 12  # the most one character can take once URL-encoded (4 UTF-8 bytes as %XX)

_TYPE_WORDS = {
    "str": "a string",
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "date": "a date YYYY-MM-DD",
    "cik": "a CIK of up to 10 digits",
    "list": "a list of strings",
}


@dataclass(frozen=True, slots=True)
class WireRequest:
    """A checked request: the path to call and its query, in catalog order, without the key."""

    endpoint: Endpoint
    path: str
    query: tuple[tuple[str, str], ...]


def encode(endpoint: Endpoint, args: Mapping[str, object], segments: Mapping[str, str]) -> WireRequest:
    """Validate ``args`` for ``endpoint`` and build the wire request.

    Arguments written for the earlier client are first made into ours (:func:`our_arguments`).
    Raises :class:`InvalidRequestError` naming the first bad argument, or
    :class:`EndpointUnavailableError` for withdrawn endpoints and unconfigured
    path segments.
    """
    if endpoint.status == "withdrawn":
        hint = f"; use {endpoint.successor} instead" if endpoint.successor else ""
        raise EndpointUnavailableError(
            f"{endpoint.spec} was withdrawn upstream and answers nothing{hint}", endpoint=endpoint.spec
        )
    args = our_arguments(endpoint, args)
    known = {p.name for p in endpoint.params}
    unknown = [name for name in args if name not in known]
    if unknown:
        allowed = ", ".join(sorted(known)) or "no arguments"
        raise InvalidRequestError(
            f"{endpoint.spec} does not take {', '.join(sorted(unknown))}; it takes {allowed}",
            param=unknown[0],
            endpoint=endpoint.spec,
        )
    path = endpoint.path
    for segment in endpoint.segments:
        value = segments.get(segment)
        if not value:
            raise EndpointUnavailableError(
                f"{endpoint.spec} needs the path segment {segment!r}: set {SEGMENT_ENV[segment]}",
                endpoint=endpoint.spec,
            )
        path = path.replace("{" + segment + "}", value)
    query: list[tuple[str, str]] = []
    sent: dict[str, str] = {}
    for param in endpoint.params:
        given = args.get(param.name)
        if given is None:
            if param.required:
                raise InvalidRequestError(
                    f"{endpoint.spec} needs {param.name}: {param.description}", param=param.name, endpoint=endpoint.spec
                )
            continue
        text = sent[param.name] = _encode_value(endpoint, param, given)
        if param.location == "path":
            if not _PATH_VALUE.fullmatch(text):
                raise InvalidRequestError(
                    f"{param.name}={_short(text)} is not a valid path value", param=param.name, endpoint=endpoint.spec
                )
            path = path.replace("{" + param.name + "}", text)
        else:
            query.append((param.wire, text))
    _check_range(endpoint, sent)
    wire = WireRequest(endpoint, path, tuple(query))
    _check_query_length(wire)
    return wire


RANGE = ("from_date", "to_date")
"""The two ends of a date range, each inclusive: the catalog's names for them wherever an endpoint takes both."""


def _check_range(endpoint: Endpoint, sent: Mapping[str, str]) -> None:
    """Refuse a range that ends before it starts: the upstream would answer it with no rows, as if none existed."""
    start, end = (sent.get(name) for name in RANGE)
    if start is not None and end is not None and start > end:  # ISO dates: their text sorts as they do
        raise InvalidRequestError(
            f"from_date {start} is after to_date {end}, so the range holds no day; give from_date on or before"
            " to_date (swap them for this range)",
            param=RANGE[0],
            endpoint=endpoint.spec,
        )


def query_string(query: tuple[tuple[str, str], ...]) -> str:
    """``query`` URL-encoded exactly as the HTTP library sends it."""
    return str(httpx2.QueryParams(query))


def _check_query_length(request: WireRequest) -> None:
    # Encoding costs more than the whole check; it runs only when the raw size could exceed the limit.
    endpoint, query = request.endpoint, request.query
    if sum(len(name) + len(value) + 2 for name, value in query) * _ENCODED_PER_CHAR <= MAX_QUERY:
        return
    length = len(query_string(query))
    if length > MAX_QUERY:
        longest = max(query, key=lambda item: len(item[1]))[0]
        name = next((p.name for p in endpoint.params if p.wire == longest), longest)
        raise InvalidRequestError(
            f"the arguments are too long to send: {length:,} characters once URL-encoded (at most {MAX_QUERY:,});"
            f" shorten {name} or send fewer values",
            param=name,
            endpoint=endpoint.spec,
        )


def _encode_value(endpoint: Endpoint, param: Param, value: object) -> str:
    range_problem = _range_problem(param, value)
    if range_problem:
        raise InvalidRequestError(f"{param.name} {range_problem}", param=param.name, endpoint=endpoint.spec)
    text = _to_text(param, value)
    if text is None:
        raise InvalidRequestError(
            f"{param.name} must be {_TYPE_WORDS[param.type]}, got {type(value).__name__} {_short(value)}",
            param=param.name,
            endpoint=endpoint.spec,
        )
    limit = MAX_LIST if param.type == "list" else MAX_TEXT
    if len(text) > limit:
        raise InvalidRequestError(
            f"{param.name} is too long: {len(text):,} characters (at most {limit:,})",
            param=param.name,
            endpoint=endpoint.spec,
        )
    if _CONTROL.search(text) or (param.type in ("str", "list") and not text.strip()):
        raise InvalidRequestError(
            f"{param.name} must be non-empty text without control characters", param=param.name, endpoint=endpoint.spec
        )
    if param.enum and text not in {_wire_scalar(v) for v in param.enum}:
        allowed = ", ".join(_wire_scalar(v) for v in param.enum)
        raise InvalidRequestError(
            f"{param.name}={_short(value)} is not allowed; use one of: {allowed}",
            param=param.name,
            endpoint=endpoint.spec,
        )
    return text


def _range_problem(param: Param, value: object) -> str | None:
    """Why a number of the right type still cannot be sent, or None."""
    if param.type not in ("int", "float") or isinstance(value, bool):
        return None
    if isinstance(value, int) and not -_MAX_INT < value < _MAX_INT:
        return f"is out of range: use a whole number of at most {MAX_DIGITS} digits"
    if isinstance(value, float) and param.type == "float" and not math.isfinite(value):
        return "must be a finite number"
    return None


def _to_text(param: Param, value: object) -> str | None:
    """The wire text of ``value`` for ``param``'s type, or None when the type is wrong."""
    kind = param.type
    if kind == "bool":
        return ("true" if value else "false") if isinstance(value, bool) else None
    if kind == "int":
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else None
    if kind == "float":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return repr(float(value)) if isinstance(value, float) else str(value)
        return None
    if kind == "date":
        return _date_text(value)
    if kind == "cik":
        return _cik_text(value)
    if kind == "list":
        return _list_text(value)
    return value if isinstance(value, str) else None


def _date_text(value: object) -> str | None:
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            return None
    return None


def _cik_text(value: object) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**10:
        value = str(value)
    if isinstance(value, str) and value.isdigit() and len(value) <= 10:
        return value.zfill(10)
    return None


def _list_text(value: object) -> str | None:
    if isinstance(value, str):
        items = [part.strip() for part in value.split(",")]
    elif isinstance(value, Sequence) and all(isinstance(item, str) for item in value):
        items = [str(item).strip() for item in value]
    else:
        return None
    if not items or any(not item or "," in item for item in items):
        return None
    return ",".join(items)


def _wire_scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _short(value: object) -> str:
    if isinstance(value, int) and not -_MAX_INT < value < _MAX_INT:
        return f"a number of more than {MAX_DIGITS} digits"  # repr() refuses the longest ones
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
