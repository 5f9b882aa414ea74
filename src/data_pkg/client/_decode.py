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
from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from data_pkg.catalog import Endpoint
from data_pkg.errors import ResponseValidationError
from data_pkg.models import ResponseModel
from data_pkg.models._index import MODEL_MODULES
from data_pkg.settings import ValidationMode

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
    return TypeAdapter(list[item])


def decode_json(endpoint: Endpoint, body: bytes, mode: ValidationMode) -> list[Any]:
    """Rows of a JSON list answer, as models (or strings for list-of-string endpoints)."""
    assert endpoint.model is not None
    try:
        rows = _list_adapter(endpoint.model).validate_json(body)
    except ValidationError:
        pass  # decode row by row below, so the mode decides for each row that misfits
    else:
        _report_unparsed(endpoint, rows, mode)
        return rows
    return [decode_row(endpoint, row, mode, number=n) for n, row in enumerate(json_rows(endpoint, body), 1)]


def json_rows(endpoint: Endpoint, body: bytes) -> list[Any]:
    """The rows of a JSON answer as plain JSON values, parsed once; ResponseValidationError when it has none."""
    try:
        raw = json.loads(body)
    except ValueError:
        raise ResponseValidationError(
            f"{endpoint.spec}: the upstream answer is not valid JSON", endpoint=endpoint.spec
        ) from None
    if isinstance(raw, dict):
        # Some endpoints answer one object instead of a one-element list.
        return [raw]
    if not isinstance(raw, list):
        raise ResponseValidationError(
            f"{endpoint.spec}: expected a JSON list, got {type(raw).__name__}", endpoint=endpoint.spec
        )
    return raw


def check_rows(endpoint: Endpoint, rows: list[Any], mode: ValidationMode) -> None:
    """Validate plain rows against the endpoint's model under ``mode``: strict raises, warn logs a misfit."""
    assert endpoint.model is not None
    try:
        decoded = _list_adapter(endpoint.model).validate_python(rows)
    except ValidationError:
        for number, row in enumerate(rows, 1):
            decode_row(endpoint, row, mode, number=number)
    else:
        _report_unparsed(endpoint, decoded, mode)


def decode_row(
    endpoint: Endpoint, row: object, mode: ValidationMode, *, number: int = 1, streamed: bool = False
) -> Any:
    """Row ``number`` (from 1) as its model, applying the validation mode when it does not fit.

    ``streamed``: the rows before it have already been handed to the caller, which a strict error says.
    """
    assert endpoint.model is not None
    if endpoint.model == "str":
        if isinstance(row, str):
            return row
        return _misfit(endpoint, row, mode, [f"expected a string, got {type(row).__name__}"], number, streamed)
    cls = model_class(endpoint.model)
    try:
        decoded = cls.model_validate(row)
    except ValidationError as exc:
        problems = [f"{'.'.join(str(part) for part in e['loc'])}: {e['msg']}" for e in exc.errors()[:5]]
        return _misfit(endpoint, row, mode, problems, number, streamed)
    _report_unparsed(endpoint, [decoded], mode, first=number)
    return decoded


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
    endpoint: Endpoint, row: object, mode: ValidationMode, problems: list[str], number: int, streamed: bool
) -> Any:
    summary = "; ".join(problems)
    if mode == "strict":
        delivered = f"; the {number - 1} rows before it were already delivered" if streamed and number > 1 else ""
        raise ResponseValidationError(
            f"{endpoint.spec}: row {number} of the answer does not match {endpoint.model} ({summary}){delivered}."
            " Set DATA_VALIDATION_MODE=warn to accept such rows",
            errors=problems,
            endpoint=endpoint.spec,
        )
    if mode == "warn":
        logger.warning("%s: row %d kept unvalidated: %s", endpoint.spec, number, summary)
    if endpoint.model == "str" or not isinstance(row, Mapping):
        return row
    return model_class(endpoint.model).unvalidated(row)
