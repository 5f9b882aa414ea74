"""Tool sets for the local server: manifests and profiles in, an immutable tool registry out.

    >>> import os
    >>> from data_pkg.toolsets import resolve, source_from_env
    >>> resolution = resolve(source_from_env(os.environ), env=os.environ)
    >>> for problem in resolution.diagnostics:
    ...     print(problem)                      # file:line:col: DM201 unknown tool 'quot' (did you mean 'quote'?)
    >>> registry = resolution.raise_for_errors()
    >>> registry.get("quote").input_schema

Manifests are Python (parsed, never executed), YAML or JSON; one validator serves all three,
and :func:`resolve` is the single resolver behind both the server and the linter. The rule order
is documented in ``data_pkg.toolsets._resolve``; rule codes are in :data:`RULES`.

Importing this package loads the catalog and nothing heavy: parsers (and PyYAML) load when a
manifest is read, pydantic only for :func:`manifest_json_schema`, response models only when a
manifest asks for output schemas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from data_pkg.files import open_regular, real_path
from data_pkg.toolsets._analysis import LIMITS as ANALYSIS_LIMITS
from data_pkg.toolsets._analysis import MAX_SQL_CHARS, AnalysisSpec
from data_pkg.toolsets._answer import ANSWER_FORMATS, DEFAULT_MAX_ANSWER_TOKENS, AnswerSpec, budget_problem
from data_pkg.toolsets._arguments import coerce_arguments
from data_pkg.toolsets._choice import (
    FIELDS_ARGUMENT,
    FieldChoiceError,
    choose_fields,
    no_fields_argument,
    takes_fields,
    unseen_fields,
)
from data_pkg.toolsets._choice import INSTRUCTIONS as FIELDS_INSTRUCTIONS
from data_pkg.toolsets._cost import estimate_tokens, wire_bytes
from data_pkg.toolsets._diagnostics import RULES, Diagnostic, Rule, Severity, ToolsetError
from data_pkg.toolsets._former import FormerName, former_name
from data_pkg.toolsets._graph import Dependent, ExtendsGraph
from data_pkg.toolsets._limits import MAX_BYTES as MAX_MANIFEST_BYTES
from data_pkg.toolsets._naming import (
    DEFAULT_STYLE,
    MCP_NAME,
    NAME_STYLES,
    PORTABLE_NAME,
    STYLE_ENV,
    style_from_env,
    tool_name,
)
from data_pkg.toolsets._profiles import DEFAULT_PROFILE, available_profiles, profiles_dir
from data_pkg.toolsets._registry import Registry, RegistryDiff, Tool, diff
from data_pkg.toolsets._resolve import SEGMENT_ENV, Resolution, resolve
from data_pkg.toolsets._schemas import input_schema, type_schema
from data_pkg.toolsets._sources import MANIFEST_ENV, PROFILE_ENV, is_profile_name, source_from_env, source_variable

if TYPE_CHECKING:
    from data_pkg.toolsets._document import COMMENT_KEY, Node
    from data_pkg.toolsets._manifest import FixedValue, Format, Located, Manifest, Override
    from data_pkg.toolsets._nearby import nearby_path
    from data_pkg.toolsets._parse import ParsedManifest, parse_manifest, parse_text

__all__ = [
    "ANALYSIS_LIMITS",
    "ANSWER_FORMATS",
    "COMMENT_KEY",
    "DEFAULT_MAX_ANSWER_TOKENS",
    "DEFAULT_PROFILE",
    "DEFAULT_STYLE",
    "FIELDS_ARGUMENT",
    "FIELDS_INSTRUCTIONS",
    "MANIFEST_ENV",
    "MAX_MANIFEST_BYTES",
    "MAX_SQL_CHARS",
    "MCP_NAME",
    "NAME_STYLES",
    "PORTABLE_NAME",
    "PROFILE_ENV",
    "RULES",
    "SEGMENT_ENV",
    "STYLE_ENV",
    "AnalysisSpec",
    "AnswerSpec",
    "Dependent",
    "Diagnostic",
    "ExtendsGraph",
    "FieldChoiceError",
    "FixedValue",
    "Format",
    "FormerName",
    "Located",
    "Manifest",
    "Node",
    "Override",
    "ParsedManifest",
    "Registry",
    "RegistryDiff",
    "Resolution",
    "Rule",
    "Severity",
    "Tool",
    "ToolsetError",
    "available_profiles",
    "budget_problem",
    "choose_fields",
    "coerce_arguments",
    "diff",
    "estimate_tokens",
    "former_name",
    "input_schema",
    "is_profile_name",
    "manifest_json_schema",
    "nearby_path",
    "no_fields_argument",
    "open_regular",
    "parse_manifest",
    "parse_text",
    "profiles_dir",
    "real_path",
    "resolve",
    "source_from_env",
    "source_variable",
    "style_from_env",
    "takes_fields",
    "tool_name",
    "type_schema",
    "unseen_fields",
    "wire_bytes",
]


# The parsing stack loads on first use: a server with no manifest never needs it.
_LAZY = {
    "COMMENT_KEY": "data_pkg.toolsets._document",
    "Node": "data_pkg.toolsets._document",
    "FixedValue": "data_pkg.toolsets._manifest",
    "Format": "data_pkg.toolsets._manifest",
    "Located": "data_pkg.toolsets._manifest",
    "Manifest": "data_pkg.toolsets._manifest",
    "Override": "data_pkg.toolsets._manifest",
    "nearby_path": "data_pkg.toolsets._nearby",
    "ParsedManifest": "data_pkg.toolsets._parse",
    "parse_manifest": "data_pkg.toolsets._parse",
    "parse_text": "data_pkg.toolsets._parse",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'data_pkg.toolsets' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


def manifest_json_schema() -> dict[str, Any]:
    """The JSON Schema of a manifest (YAML/JSON spelling), generated from the pydantic model.

    This is what ``schemas/manifest.schema.json`` holds; it imports pydantic, so it is kept out
    of the server's start-up path.
    """
    from data_pkg.toolsets._model import manifest_json_schema as build

    return build()
