"""What an agent sees of a tool: its input schema, its description and (on request) its output schema.

Input schemas are compact on purpose, since every byte is paid for in tokens on each request:
no ``title``, one short ``description`` per parameter (the catalog's), ``enum`` where the API
has one, dates as ``format: date``, ``default`` only where the catalog declares one (it tells the
agent what happens when it leaves the argument out, for a few bytes).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from data_pkg.catalog import Endpoint, Param, tier_rank
from data_pkg.toolsets._choice import FIELDS_ARGUMENT, FIELDS_PROPERTY
from data_pkg.toolsets._json_schema import tidy_schema

JsonSchema = dict[str, Any]

_TYPES: dict[str, JsonSchema] = {
    "str": {"type": "string"},
    "int": {"type": "integer"},
    "float": {"type": "number"},
    "bool": {"type": "boolean"},
    "date": {"type": "string", "format": "date"},
    "cik": {"type": "string", "pattern": "^[0-9]{1,10}$"},
    "list": {"type": "array", "items": {"type": "string"}},
}


def type_schema(type_name: str) -> JsonSchema:
    """The JSON Schema of a catalog parameter type (``str``, ``date``, ``cik``, ...), a fresh dict each call.

    Both servers describe their tools' parameters with it, so a type reads the same everywhere (a
    ``cik`` is 1 to 10 digits for either).
    """
    schema: JsonSchema = dict(_TYPES[type_name])
    if type_name == "list":
        schema["items"] = {"type": "string"}  # a fresh dict: schemas are handed out, never shared
    return schema


def param_schema(param: Param) -> JsonSchema:
    """The JSON Schema of one parameter."""
    schema = type_schema(param.type)
    if param.enum:
        schema["enum"] = list(param.enum)
    if param.default is not None:
        schema["default"] = param.default
    schema["description"] = param.description
    return schema


_NO_FIXED: Mapping[str, object] = MappingProxyType({})


def input_schema(
    endpoint: Endpoint, fixed: Mapping[str, object] = _NO_FIXED, *, fields_argument: bool = False
) -> JsonSchema:
    """The input schema of ``endpoint``'s tool; parameters in ``fixed`` are left out (the server sends them).

    ``fields_argument`` adds the ``fields`` argument, last (``data_pkg.toolsets._choice``).
    """
    properties = {p.name: param_schema(p) for p in endpoint.params if p.name not in fixed}
    if fields_argument:
        properties[FIELDS_ARGUMENT] = dict(FIELDS_PROPERTY)
    schema: JsonSchema = {"type": "object", "properties": properties}
    required = [p.name for p in endpoint.params if p.required and p.name not in fixed]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


def tool_description(endpoint: Endpoint) -> str:
    """The catalog's description, plus the plan it needs when that is above the free one."""
    if tier_rank(endpoint.tier) > 0:
        return f"{endpoint.description} Needs the {endpoint.tier} plan or higher."
    return endpoint.description


def output_schema(
    endpoint: Endpoint,
    fields: tuple[str, ...] | None = None,
    exclude_fields: tuple[str, ...] = (),
    *,
    chosen_per_call: bool = False,
) -> JsonSchema | None:
    """The structured-output schema of ``endpoint``'s tool, or None when it returns no model.

    Imports the response model's module, so call it only when a manifest asks for output
    schemas. Field names are the wire names (aliases). A structured result must be a JSON
    object, so endpoints answering a list are described as ``{"result": [...]}``, the wrapping
    the MCP Python SDK uses for non-object results. ``fields`` / ``exclude_fields`` (the manifest's
    projection) keep the schema to the fields the answers carry. ``chosen_per_call`` (the tool's ``fields``
    argument) makes every field of a row optional: a row of the columns an agent chose fits the schema.
    """
    if endpoint.model is None:
        return None
    if endpoint.model == "str":
        # The catalog's spelling for an answer that is a list of plain strings (sector names ...).
        schema: JsonSchema = {"type": "string"}
    else:
        import importlib

        from data_pkg.models._index import MODEL_MODULES

        module = importlib.import_module(f"data_pkg.models.{MODEL_MODULES[endpoint.model]}")
        model = getattr(module, endpoint.model)
        schema = tidy_schema(model.model_json_schema(by_alias=True, mode="serialization"), _single_types)
        _project(schema, fields, exclude_fields)
        if chosen_per_call:
            schema.pop("required", None)
    if endpoint.single and schema.get("type") == "object":
        return schema
    definitions = schema.pop("$defs", None)
    wrapped: JsonSchema = {
        "type": "object",
        "properties": {"result": {"type": "array", "items": schema}},
        "required": ["result"],
    }
    if definitions:
        wrapped["$defs"] = definitions
    return wrapped


def _project(schema: JsonSchema, fields: tuple[str, ...] | None, exclude: tuple[str, ...]) -> None:
    """Keep only the chosen properties of an object schema (and of its ``required`` list)."""
    properties = schema.get("properties")
    if not isinstance(properties, dict) or (fields is None and not exclude):
        return
    kept = {k: v for k, v in properties.items() if (fields is None or k in fields) and k not in exclude}
    schema["properties"] = kept
    if "required" in schema:
        schema["required"] = [name for name in schema["required"] if name in kept]
    definitions = schema.get("$defs", {})
    for value in kept.values():  # excluded names leave the objects inside a row too (answers._rows.project)
        _leave_out(value, frozenset(exclude), definitions)


def _leave_out(schema: Any, exclude: frozenset[str], definitions: Mapping[str, Any]) -> None:
    """Remove ``exclude`` from the properties (and ``required``) of the objects ``schema`` may be, one level down."""
    if not exclude or not isinstance(schema, dict):
        return
    ref = schema.get("$ref")
    if isinstance(ref, str):
        schema = definitions.get(ref.rsplit("/", 1)[-1])
        if not isinstance(schema, dict):
            return
    properties = schema.get("properties")
    if isinstance(properties, dict):
        schema["properties"] = {k: v for k, v in properties.items() if k not in exclude}
        if "required" in schema:
            schema["required"] = [name for name in schema["required"] if name not in exclude]
    for option in schema.get("anyOf", ()):
        _leave_out(option, exclude, definitions)
    _leave_out(schema.get("items"), exclude, definitions)


def _single_types(schema: dict[str, Any]) -> dict[str, Any]:
    """Keep every ``type`` a single name: a nullable field stays ``anyOf [T, null]``, as pydantic writes it.

    ``type: [T, "null"]`` says the same in fewer tokens, but hosts that map tool schemas onto a
    single-type dialect (some model providers' function declarations) reject it or drop the
    constraint. pydantic writes no such list; one a model's own schema spells is split the same way.
    """
    kinds = schema.get("type")
    if isinstance(kinds, list) and "anyOf" not in schema:
        del schema["type"]
        schema["anyOf"] = [{"type": kind} for kind in kinds]
    return schema
