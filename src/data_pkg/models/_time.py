"""Dates and times in response models: a date stays a date, a time always carries its offset.

The upstream writes calendar dates as ``YYYY-MM-DD`` and times of day without an offset
(``2026-11-19 14:10:00``), in New York time, the clock of the US exchanges and of the filings
it reports (the upstream's maintainers say so for its intraday bars). Epoch seconds are UTC.
These two types keep that information when a model is read and written back as JSON, so the
JSON and the JSON Schema pydantic derives agree with RFC 3339, which MCP clients check:

- :data:`DateOrTime` holds a ``datetime.date`` when the upstream gave a date and an aware
  ``datetime.datetime`` when it gave a time; JSON ``"2026-11-20"`` or
  ``"2026-11-19T14:10:00-05:00"``; schema ``anyOf`` ``format: date-time`` / ``format: date``.
- :data:`Timestamp` is always an aware ``datetime.datetime``; schema ``format: date-time``.

A plain ``datetime.datetime`` field would instead turn ``2026-11-20`` into
``2026-11-20T00:00:00`` and write naive times, which are not RFC 3339 date-times.

Text that is no date at all (the upstream has sent ``2025-02-31 00:00:00`` in a bulk row) fails
with the one error type :data:`UNPARSED`, which :class:`~data_pkg.models.ResponseModel` turns into
a kept row whose field is ``None`` and whose ``unparsed`` names the field and holds the text.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any
from zoneinfo import ZoneInfo

from pydantic import ValidationError, ValidatorFunctionWrapHandler, WrapValidator
from pydantic_core import PydanticCustomError

__all__ = ["UNPARSED", "UPSTREAM_TIME_ZONE", "DateOrTime", "Timestamp"]

UPSTREAM_TIME_ZONE = ZoneInfo("America/New_York")
"""The zone of the upstream's times that come without an offset."""

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

UNPARSED = "unparsed_time"
"""The error type of text that is no date or time (an impossible date, a stray character)."""


def _zoned(value: dt.datetime) -> dt.datetime:
    """``value`` with the upstream's offset when it has none; aware values are kept as they are."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UPSTREAM_TIME_ZONE)


def _unparsed(value: Any) -> PydanticCustomError:
    return PydanticCustomError(UNPARSED, "{text} is not a valid date or time", {"text": repr(value)})


def _date_or_time(value: Any, handler: ValidatorFunctionWrapHandler) -> dt.date | dt.datetime:
    # A bare calendar date must not become midnight: pydantic's datetime would read it so.
    if type(value) is str and len(value) == 10 and _DAY.fullmatch(value):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            raise _unparsed(value) from None
    try:
        parsed: dt.date | dt.datetime = handler(value)
    except ValidationError:
        if isinstance(value, str):
            raise _unparsed(value) from None
        raise
    return _zoned(parsed) if isinstance(parsed, dt.datetime) else parsed


def _timestamp(value: Any, handler: ValidatorFunctionWrapHandler) -> dt.datetime:
    try:
        parsed: dt.datetime = handler(value)
    except ValidationError:
        if isinstance(value, str):
            raise _unparsed(value) from None
        raise
    return _zoned(parsed)


DateOrTime = Annotated[dt.datetime | dt.date, WrapValidator(_date_or_time)]
"""A date (``YYYY-MM-DD``) or a time with its offset, as the upstream gave it."""

Timestamp = Annotated[dt.datetime, WrapValidator(_timestamp)]
"""A point in time with its offset (epoch seconds are read as UTC)."""
