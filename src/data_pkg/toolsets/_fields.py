"""The field names of a tool's answer, for checking ``fields`` and ``exclude_fields`` in overrides and calls.

Names are the wire names agents see in answers (``changePercent``): the properties of the response
model's JSON as it writes it (its serialization schema), which is what the upstream sends. An
attribute the model's JSON spreads into keys of their own (a filing's ``sections``) is not a name an
agent sees; its keys are, and no model can list them: such an answer is *open*, and any name may be
one of its fields. The earlier names of renamed fields (``mktCap`` for ``marketCap``, the model's
``former_fields``) are known too. Importing the model costs pydantic, so this runs only for
manifests and calls that choose fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from data_pkg.catalog import Endpoint

_NONE: Mapping[str, str] = MappingProxyType({})


def _model(model: str) -> Any:
    from data_pkg.models._index import MODEL_MODULES

    return getattr(importlib.import_module(f"data_pkg.models.{MODEL_MODULES[model]}"), model)


@dataclass(frozen=True)
class _Written:
    names: tuple[str, ...]
    """The properties of the model's JSON as it writes it, in order."""
    open: bool
    """Keys of the answer's own may follow: a mapping the model writes out as keys (a filing's sections)."""
    hidden: frozenset[str]
    """Attributes the model declares but its JSON never carries under their name (``sections``)."""
    inner: frozenset[str]
    """Fields of the objects inside a row (a sector's ``exposure``): seen by agents, dropped by ``exclude_fields``."""
    inner_open: bool
    """A row holds a mapping named by the data (a statement's ``data`` of filed names): any name may be inside."""


@cache
def _written(model: str) -> _Written:
    if model == "str":
        return _Written((), False, frozenset(), frozenset(), False)
    cls = _model(model)
    schema = cls.model_json_schema(by_alias=True, mode="serialization")
    properties = schema.get("properties", {})
    names = tuple(properties)
    declared = {info.alias or name for name, info in cls.model_fields.items()}
    objects = [found for value in properties.values() for found in _objects(value, schema.get("$defs", {}))]
    inner = frozenset(name for found in objects for name in found.get("properties", {}))
    # A mapping is an object with no properties of its own; a nested model's additionalProperties is leniency.
    inner_open = any("properties" not in found and found.get("additionalProperties") for found in objects)
    # ``additionalProperties: true`` is every model's leniency towards new upstream fields; a schema there is
    # a mapping the model writes out as keys, named by the data, not by the model.
    opened = isinstance(schema.get("additionalProperties"), dict)
    return _Written(names, opened, frozenset(declared - set(names)), inner, inner_open)


def _objects(schema: Any, definitions: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The object schemas a field's value may be (itself, one of ``anyOf``, a list's items), ``$ref`` resolved."""
    if not isinstance(schema, dict):
        return []
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return _objects(definitions.get(ref.rsplit("/", 1)[-1]), {})  # one level: a definition's refs stay
    found = [schema] if schema.get("type") == "object" else []
    for option in schema.get("anyOf", ()):
        found += _objects(option, definitions)
    return found + _objects(schema.get("items"), definitions)


def model_fields(model: str) -> tuple[str, ...]:
    """The wire names of the fields of response model ``model`` as its JSON (the upstream's) has them, in order."""
    return _written(model).names


def open_fields(endpoint: Endpoint) -> bool:
    """Whether ``endpoint``'s answers carry keys no model names (a filing's sections)."""
    return _written(endpoint.model).open if endpoint.model else False


def is_inner_field(endpoint: Endpoint, name: str) -> bool:
    """Whether ``name`` may be a field of an object inside a row of ``endpoint``'s answers (not of the row itself)."""
    if not endpoint.model:
        return False
    written = _written(endpoint.model)
    return name not in written.hidden and (name in written.inner or written.inner_open)


def is_answer_field(endpoint: Endpoint, name: str) -> bool:
    """Whether rows of ``endpoint``'s answers may carry a field ``name`` (any name not hidden, where they are open)."""
    if not endpoint.model:
        return False
    written = _written(endpoint.model)
    return name in written.names or (written.open and name not in written.hidden)


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
