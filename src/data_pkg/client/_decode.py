"""Decode answers into response models under the chosen validation mode.

``strict``: a row that does not fit its model raises ResponseValidationError.
``warn``: the row is kept unvalidated (``model_construct``) and a warning is logged.
``lenient``: the row is kept unvalidated, silently.
The same rule applies to JSON bodies and to CSV rows of bulk files.

Text that is no date or time (an impossible date in a bulk row) is not a misfit: in every mode the row
is kept with that field None, ``row.unparsed`` holding the text and ``row.validated`` False, and (but in
``lenient``) a warning names the field and the row. A strict stream that does stop at a misfit says
how many rows came before.
"""

from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

from pydantic import TypeAdapter, ValidationError
from pydantic.types import FailFast

from data_pkg.catalog import Endpoint
from data_pkg.client._limits import too_many_rows
from data_pkg.errors import ResponseValidationError
from data_pkg.models import ResponseModel
from data_pkg.models._index import MODEL_MODULES
from data_pkg.settings import Settings, ValidationMode

logger = logging.getLogger("data_pkg.client")


@cache
def model_class(name: str) -> type[ResponseModel]:
    """The response model class called ``name``, importing only its module."""
    module = importlib.import_module(f"data_pkg.models.{MODEL_MODULES[name]}")
    cls: type[ResponseModel] = getattr(module, name)
    return cls


@cache
def _list_adapter(name: str) -> TypeAdapter[list[Any]]:
    item: Any = str if name == "str" else model_class(name)
    # Stop at the first row that misfits: the rows are then decoded one by one under the validation
    # mode, and a list of misfits would otherwise cost an error object per field of every row first.
    return TypeAdapter(Annotated[list[item], FailFast()])


def decode_json(endpoint: Endpoint, body: bytes, mode: ValidationMode, limit: int = Settings.max_rows) -> list[Any]:
    """Rows of a JSON list answer, as models (or strings for list-of-string endpoints); at most ``limit``."""
    assert endpoint.model is not None
    try:
        rows = _list_adapter(endpoint.model).validate_json(body)
    except ValidationError:
        pass  # decode row by row below, so the mode decides for each row that misfits
    else:
        _report_unparsed(endpoint, rows, mode)
        return rows
    misfits = Misfits(endpoint)
    rows = [
        decode_row(endpoint, row, mode, number=n, misfits=misfits)
        for n, row in enumerate(json_rows(endpoint, body, limit), 1)
    ]
    misfits.close()
    return rows


def json_rows(endpoint: Endpoint, body: bytes, limit: int = Settings.max_rows) -> list[Any]:
    """The rows of a JSON answer as plain JSON values, parsed once; ResponseValidationError when it has none.

    More than ``limit`` rows is an error (a million rows that misfit would each be decoded, and
    logged, one by one).
    """
    try:
        raw = json.loads(body)
    except (ValueError, RecursionError):
        raise not_json(endpoint) from None
    if isinstance(raw, dict):
        # Some endpoints answer one object instead of a one-element list.
        return [raw]
    if not isinstance(raw, list):
        raise ResponseValidationError(
            f"{endpoint.spec}: expected a JSON list, got {type(raw).__name__}", endpoint=endpoint.spec
        )
    if len(raw) > limit:
        raise too_many_rows(endpoint.spec, limit)
    return raw


def not_json(endpoint: Endpoint) -> ResponseValidationError:
    """The error for an answer (or a row of it) that is not valid JSON."""
    return ResponseValidationError(f"{endpoint.spec}: the upstream answer is not valid JSON", endpoint=endpoint.spec)


def decode_rows(endpoint: Endpoint, rows: list[Any], mode: ValidationMode) -> list[Any]:
    """Plain rows as models under ``mode``: strict raises on a misfit, warn logs it (the rows stay as they are)."""
    assert endpoint.model is not None
    try:
        decoded = _list_adapter(endpoint.model).validate_python(rows)
    except ValidationError:
        misfits = Misfits(endpoint)
        models = [decode_row(endpoint, row, mode, number=number, misfits=misfits) for number, row in enumerate(rows, 1)]
        misfits.close()
        return models
    _report_unparsed(endpoint, decoded, mode)
    return decoded


class Misfits:
    """The rows of one answer kept unvalidated: the first few are logged, then only how many there were.

    An answer of a hundred thousand misfits would otherwise write as many log lines, and take as long.
    """

    shown = 3

    def __init__(self, endpoint: Endpoint) -> None:
        self.endpoint = endpoint
        self.count = 0

    def warn(self, number: int, problems: Callable[[], list[str]]) -> None:
        """Count row ``number`` as a misfit; log its ``problems`` (worked out only then) while few have been."""
        self.count += 1
        if self.count <= self.shown:
            logger.warning("%s: row %d kept unvalidated: %s", self.endpoint.spec, number, "; ".join(problems()))

    def close(self) -> None:
        """Log how many misfits went unlogged, if any did."""
        if self.count > self.shown:
            logger.warning(
                "%s: %d more rows kept unvalidated (the first %d are logged above)",
                self.endpoint.spec,
                self.count - self.shown,
                self.shown,
            )


def decode_row(
    endpoint: Endpoint,
    row: object,
    mode: ValidationMode,
    *,
    number: int = 1,
    streamed: bool = False,
    misfits: Misfits | None = None,
) -> Any:
    """Row ``number`` (from 1) as its model, applying the validation mode when it does not fit.

    ``streamed``: the rows before it have already been handed to the caller, which a strict error says.
    ``misfits`` counts the answer's rows that do not fit (each is logged when None).
    """
    assert endpoint.model is not None
    where = _Where(number, streamed, misfits or Misfits(endpoint))
    if endpoint.model == "str":
        if isinstance(row, str):
            return row
        return _misfit(endpoint, row, mode, lambda: [f"expected a string, got {type(row).__name__}"], where)
    if not isinstance(row, Mapping):
        return _misfit(endpoint, row, mode, lambda: [f"expected an object, got {type(row).__name__}"], where)
    cls = model_class(endpoint.model)
    try:
        decoded = cls.model_validate(row)
    except ValidationError as exc:
        failure = exc
    else:
        _report_unparsed(endpoint, [decoded], mode, first=number)
        return decoded

    def problems() -> list[str]:
        return [f"{'.'.join(str(part) for part in e['loc'])}: {e['msg']}" for e in failure.errors()[:5]]

    return _misfit(endpoint, row, mode, problems, where)


@dataclass(frozen=True, slots=True)
class _Where:
    """Which row of the answer a misfit is, whether the rows before it were handed over, and the count."""

    number: int
    streamed: bool
    misfits: Misfits


def _report_unparsed(endpoint: Endpoint, rows: list[Any], mode: ValidationMode, first: int = 1) -> None:
    """Warn (but in lenient mode) about each kept row with a field whose text was no date or time."""
    if mode == "lenient":
        return
    for number, row in enumerate(rows, first):
        if isinstance(row, ResponseModel) and row.unparsed:
            fields = ", ".join(f"{name} {value!r}" for name, value in row.unparsed.items())
            logger.warning(
                "%s: row %d kept with None for %s: not a valid date or time (the text is in the row's .unparsed)",
                endpoint.spec,
                number,
                fields,
            )


def _misfit(
    endpoint: Endpoint, row: object, mode: ValidationMode, problems: Callable[[], list[str]], where: _Where
) -> Any:
    """``row`` kept unvalidated under ``mode``; ``problems`` are worked out only where they are shown."""
    number = where.number
    if mode == "strict":
        found = problems()
        delivered = f"; the {number - 1} rows before it were already delivered" if where.streamed and number > 1 else ""
        raise ResponseValidationError(
            f"{endpoint.spec}: row {number} of the answer does not match {endpoint.model} ({'; '.join(found)})"
            f"{delivered}. Set DATA_VALIDATION_MODE=warn to accept such rows",
            errors=found,
            endpoint=endpoint.spec,
        )
    if mode == "warn":
        where.misfits.warn(number, problems)
    if endpoint.model == "str" or not isinstance(row, Mapping):
        return row
    return model_class(endpoint.model).unvalidated(row)
