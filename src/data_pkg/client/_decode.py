"""Decode answers into response models under the chosen validation mode.

``strict``: a row that does not fit its model raises ResponseValidationError.
``warn``: the row is kept unvalidated (``model_construct``) and a warning is logged.
``lenient``: the row is kept unvalidated, silently.
The same rule applies to JSON bodies and to CSV rows of bulk files.
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
        return _list_adapter(endpoint.model).validate_json(body)
    except ValidationError:
        pass  # decode row by row below, so the mode decides for each row that misfits
    return [decode_row(endpoint, row, mode) for row in json_rows(endpoint, body)]


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
        _list_adapter(endpoint.model).validate_python(rows)
    except ValidationError:
        for row in rows:
            decode_row(endpoint, row, mode)


def decode_row(endpoint: Endpoint, row: object, mode: ValidationMode) -> Any:
    """One row as its model, applying the validation mode when it does not fit."""
    assert endpoint.model is not None
    if endpoint.model == "str":
        if isinstance(row, str):
            return row
        return _misfit(endpoint, row, mode, [f"expected a string, got {type(row).__name__}"])
    cls = model_class(endpoint.model)
    try:
        return cls.model_validate(row)
    except ValidationError as exc:
        problems = [f"{'.'.join(str(part) for part in e['loc'])}: {e['msg']}" for e in exc.errors()[:5]]
        return _misfit(endpoint, row, mode, problems)


def _misfit(endpoint: Endpoint, row: object, mode: ValidationMode, problems: list[str]) -> Any:
    summary = "; ".join(problems)
    if mode == "strict":
        raise ResponseValidationError(
            f"{endpoint.spec}: the answer does not match {endpoint.model} ({summary})."
            " Set DATA_VALIDATION_MODE=warn to accept such rows",
            errors=problems,
            endpoint=endpoint.spec,
        )
    if mode == "warn":
        logger.warning("%s: row kept unvalidated: %s", endpoint.spec, summary)
    if endpoint.model == "str" or not isinstance(row, Mapping):
        return row
    return model_class(endpoint.model).unvalidated(row)
