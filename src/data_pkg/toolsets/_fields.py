"""The field names of a tool's answer, for checking ``fields`` and ``exclude_fields`` in overrides.

Names are the wire names agents see in answers (``changePercent``), taken from the response
model the catalog names, and so are the earlier names of renamed fields (``mktCap`` for
``marketCap``, the model's ``former_fields``). Importing the model costs pydantic, so this runs
only for manifests that choose fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from data_pkg.catalog import Endpoint

_NONE: Mapping[str, str] = MappingProxyType({})


def _model(model: str) -> Any:
    from data_pkg.models._index import MODEL_MODULES

    return getattr(importlib.import_module(f"data_pkg.models.{MODEL_MODULES[model]}"), model)


@cache
def model_fields(model: str) -> tuple[str, ...]:
    """The wire names of the fields of response model ``model``, in declaration order."""
    if model == "str":
        return ()
    return tuple(info.alias or name for name, info in _model(model).model_fields.items())


@cache
def renamed_fields(model: str) -> Mapping[str, str]:
    """Earlier wire names of the fields of response model ``model`` that the upstream now sends under another name."""
    return _NONE if model == "str" else MappingProxyType(dict(_model(model).former_fields))


def answer_fields(endpoint: Endpoint) -> tuple[str, ...]:
    """The field names each row of ``endpoint``'s answer may have (empty when rows are plain values)."""
    return model_fields(endpoint.model) if endpoint.model else ()


def former_answer_fields(endpoint: Endpoint) -> Mapping[str, str]:
    """Earlier name -> current name of the renamed fields of ``endpoint``'s answer (``mktCap`` -> ``marketCap``)."""
    return renamed_fields(endpoint.model) if endpoint.model else _NONE
