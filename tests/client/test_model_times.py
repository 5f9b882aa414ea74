"""Dates and times in the response models: a date stays a date, a time carries its offset (RFC 3339)."""

from __future__ import annotations

import datetime as dt
import importlib
import typing
from collections.abc import Iterator
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, TypeAdapter

from data_pkg.models._index import MODEL_MODULES
from data_pkg.models._time import UPSTREAM_TIME_ZONE, DateOrTime, Timestamp


def _holds_datetime(annotation: Any) -> bool:
    if annotation is dt.datetime:
        return True
    return any(_holds_datetime(arg) for arg in typing.get_args(annotation))


def datetime_fields() -> Iterator[tuple[str, TypeAdapter[Any]]]:
    """Every field of every response model that can hold a time, as a validator of its own."""
    for name, module in sorted(MODEL_MODULES.items()):
        model: type[BaseModel] = getattr(importlib.import_module(f"data_pkg.models.{module}"), name)
        for field, info in model.model_fields.items():
            if _holds_datetime(info.annotation):
                # The field's validators sit in its metadata when its type is not Optional.
                annotation = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
                yield f"{name}.{field}", TypeAdapter(annotation)


FIELDS = dict(datetime_fields())


def test_the_models_have_time_fields_to_check() -> None:
    assert len(FIELDS) > 100


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_every_time_field_writes_its_offset(name: str) -> None:
    field = FIELDS[name]
    # The upstream writes New York wall-clock time without an offset; January is UTC-5.
    assert field.dump_json(field.validate_python("2026-01-05 09:30:00")) == b'"2026-01-05T09:30:00-05:00"'


def test_a_date_stays_a_date_and_a_time_keeps_its_clock() -> None:
    either = TypeAdapter(DateOrTime)
    assert either.validate_python("2026-11-20") == dt.date(2026, 11, 20)
    assert either.dump_json(either.validate_python("2026-11-20")) == b'"2026-11-20"'
    summer = either.validate_python("2026-07-01 15:59:00")
    assert summer == dt.datetime(2026, 7, 1, 15, 59, tzinfo=UPSTREAM_TIME_ZONE)
    assert either.dump_json(summer) == b'"2026-07-01T15:59:00-04:00"'
    # A midnight bar (crypto trades around the clock) is a time, not a date.
    assert either.dump_json(either.validate_python("2026-11-20 00:00:00")) == b'"2026-11-20T00:00:00-05:00"'
    # An offset the upstream gives is kept.
    assert either.dump_json(either.validate_python("2026-11-20T20:00:00.000+0000")) == b'"2026-11-20T20:00:00Z"'


def test_epoch_seconds_are_utc() -> None:
    moment = TypeAdapter(Timestamp)
    assert moment.dump_json(moment.validate_python(1_795_000_000)) == b'"2026-11-18T11:06:40Z"'


def test_a_bad_value_is_still_refused() -> None:
    with pytest.raises(ValueError, match="'next tuesday' is not a valid date or time"):
        TypeAdapter(DateOrTime).validate_python("next tuesday")
