"""The base every response model shares, and the few nested shapes several use."""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    ModelWrapValidatorHandler,
    PrivateAttr,
    ValidationError,
    model_validator,
)

from data_pkg.models._time import UNPARSED

Empty = Literal[""]
"""The empty string the upstream sends in place of a value (``"declarationDate": ""``), kept as sent."""


class ResponseModel(BaseModel):
    """A row of an upstream answer.

    Fields are snake_case in Python and camelCase on the wire. Unknown fields
    are kept (``extra="allow"``) because the upstream adds fields without notice;
    a new field must never break a caller.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=())

    validated: ClassVar[bool] = True
    """False for a row kept although it does not fit its model (``DATA_VALIDATION_MODE=warn`` or ``lenient``)."""

    former_fields: ClassVar[Mapping[str, str]] = {}
    """The earlier client's wire names of fields the upstream now sends under another name: former -> current.

    The former attribute (``mkt_cap`` for ``mktCap``) still reads the current one, with a DeprecationWarning,
    and lint names the current wire name where a manifest asks for the former one.
    """

    _unparsed: dict[str, Any] = PrivateAttr(default_factory=dict)

    @property
    def unparsed(self) -> Mapping[str, Any]:
        """Values sent as text that is no date or time (``"2025-02-31 00:00:00"``), by wire name.

        Those fields are None, and the row is marked as not fitting its model (``validated`` is False).
        """
        return self._unparsed

    @model_validator(mode="wrap")
    @classmethod
    def _keep_unparsed(cls, data: Any, handler: ModelWrapValidatorHandler[ResponseModel]) -> ResponseModel:
        # An impossible date must not cost the row (a bulk stream would stop there): the row is read with
        # that field None, and the text is kept where the caller can see it.
        try:
            return handler(data)
        except ValidationError as exc:
            fields = _unparsed_fields(exc)
            if not fields or not isinstance(data, Mapping):
                raise
            row = handler({name: (None if name in fields else value) for name, value in data.items()})
            row._unparsed = {name: data[name] for name in fields}
            # It does not fit as sent: whoever needs rows that fit (structured content) checks it again.
            object.__setattr__(row, "__class__", _unvalidated_class(type(row)))
            return row

    @classmethod
    def former_attributes(cls) -> Mapping[str, str]:
        """The earlier client's attribute names of renamed fields and the current ones: ``{"mkt_cap": "market_cap"}``.

        Only names that differ: a field whose attribute stayed (``eps_growth``, now sent as ``epsgrowth``)
        is renamed on the wire only.
        """
        return _former_attributes(cls)

    if not TYPE_CHECKING:
        # Only reached when normal lookup fails; hidden from type checkers so that a typo stays an error there.
        def __getattr__(self, name: str) -> Any:
            current = _former_attributes(type(self)).get(name)
            if current is None:
                return super().__getattr__(name)
            warnings.warn(
                f"{type(self).__name__}.{name} is the earlier client's name: use .{current}"
                " (see 'Field names' in docs/client.md)",
                DeprecationWarning,
                stacklevel=2,
            )
            return getattr(self, current)

    @classmethod
    def unvalidated(cls, row: Mapping[str, Any]) -> ResponseModel:
        """``row`` kept as this model without validation, and marked so (``validated`` is False).

        The instance is of a subclass that differs only in that mark, so ``isinstance`` checks and
        dumps are the same; whoever must know that a row fits its schema asks ``validated`` instead
        of validating every row again.
        """
        return _unvalidated_class(cls).model_construct(**row)


def _unparsed_fields(exc: ValidationError) -> set[str]:
    """Top-level fields whose only problem is text that is no date or time; empty when anything else misfits."""
    errors = exc.errors()
    fields = {
        str(e["loc"][0]) for e in errors if e["type"] in _TIME_ERRORS and e["loc"] and isinstance(e["input"], str)
    }
    # A field typed ``DateOrTime | Empty`` also reports that the text is not ``""``: part of the same problem.
    others = [e for e in errors if not e["loc"] or str(e["loc"][0]) not in fields or e["type"] not in _SAME_PROBLEM]
    return set() if others else fields


_TIME_ERRORS = frozenset(
    {UNPARSED, "date_parsing", "date_from_datetime_parsing", "date_from_datetime_inexact", "datetime_parsing"}
    | {"datetime_from_date_parsing", "time_parsing"}
)
"""Errors of text that is no date or time: the types of :mod:`data_pkg.models._time` and pydantic's own."""
_SAME_PROBLEM = _TIME_ERRORS | {"literal_error"}


_WORD = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def snake_name(wire: str) -> str:
    """The attribute name the models give a wire name: ``mktCap`` -> ``mkt_cap``."""
    return _WORD.sub("_", wire).lower()


@functools.cache
def _former_attributes(cls: type[ResponseModel]) -> Mapping[str, str]:
    """Former attribute -> current attribute, from ``cls.former_fields``."""
    by_wire = {info.alias or name: name for name, info in cls.model_fields.items()}
    pairs = {snake_name(former): by_wire[current] for former, current in cls.former_fields.items()}
    return MappingProxyType({former: current for former, current in pairs.items() if former != current})


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
