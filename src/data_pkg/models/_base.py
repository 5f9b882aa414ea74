"""The base every response model shares, and the few nested shapes several use."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict


class ResponseModel(BaseModel):
    """A row of an upstream answer.

    Fields are snake_case in Python and camelCase on the wire. Unknown fields
    are kept (``extra="allow"``) because the upstream adds fields without notice;
    a new field must never break a caller.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=())

    validated: ClassVar[bool] = True
    """False for a row kept although it does not fit its model (``DATA_VALIDATION_MODE=warn`` or ``lenient``)."""

    @classmethod
    def unvalidated(cls, row: Mapping[str, Any]) -> ResponseModel:
        """``row`` kept as this model without validation, and marked so (``validated`` is False).

        The instance is of a subclass that differs only in that mark, so ``isinstance`` checks and
        dumps are the same; whoever must know that a row fits its schema asks ``validated`` instead
        of validating every row again.
        """
        return _unvalidated_class(cls).model_construct(**row)


@functools.cache
def _unvalidated_class(cls: type[ResponseModel]) -> type[ResponseModel]:
    """``cls`` with ``validated`` False, made once per model (only when a row misfits)."""
    namespace = {"__module__": cls.__module__, "__qualname__": cls.__qualname__, "validated": False}
    return type(cls.__name__, (cls,), namespace)


class ValueRange(ResponseModel):
    """A disclosed amount given as a range, as government filings report it."""

    min: float | None = None
    max: float | None = None


class ETFSectorExposure(ResponseModel):
    """One sector's weight in a fund."""

    industry: str | None = None
    exposure: float | None = None
