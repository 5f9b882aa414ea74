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

from data_pkg.files import real_path as real_path
from data_pkg.toolsets._analysis import MAX_SQL_CHARS as MAX_SQL_CHARS
from data_pkg.toolsets._analysis import AnalysisSpec as AnalysisSpec
from data_pkg.toolsets._answer import DEFAULT_MAX_ANSWER_TOKENS as DEFAULT_MAX_ANSWER_TOKENS
from data_pkg.toolsets._answer import AnswerSpec
from data_pkg.toolsets._answer import budget_problem as budget_problem
from data_pkg.toolsets._arguments import coerce_arguments as coerce_arguments
from data_pkg.toolsets._choice import FIELDS_ARGUMENT as FIELDS_ARGUMENT
from data_pkg.toolsets._choice import FIELDS_INSTRUCTIONS as FIELDS_INSTRUCTIONS
from data_pkg.toolsets._choice import FieldChoiceError as FieldChoiceError
from data_pkg.toolsets._choice import choose_fields as choose_fields
from data_pkg.toolsets._choice import no_fields_argument as no_fields_argument
from data_pkg.toolsets._choice import unseen_fields as unseen_fields
from data_pkg.toolsets._cost import estimate_tokens as estimate_tokens
from data_pkg.toolsets._cost import wire_bytes as wire_bytes
from data_pkg.toolsets._diagnostics import Diagnostic, ToolsetError
from data_pkg.toolsets._former import FormerName, former_name
from data_pkg.toolsets._graph import Dependent as Dependent
from data_pkg.toolsets._graph import ExtendsGraph as ExtendsGraph
from data_pkg.toolsets._limits import MAX_MANIFEST_BYTES as MAX_MANIFEST_BYTES
from data_pkg.toolsets._naming import NAME_STYLES, tool_name
from data_pkg.toolsets._naming import PORTABLE_NAME as PORTABLE_NAME
from data_pkg.toolsets._naming import STYLE_ENV as STYLE_ENV
from data_pkg.toolsets._profiles import DEFAULT_PROFILE, available_profiles, profiles_dir
from data_pkg.toolsets._registry import Registry, RegistryDiff, Tool, diff
from data_pkg.toolsets._resolve import SEGMENT_ENV as SEGMENT_ENV
from data_pkg.toolsets._resolve import Resolution, resolve
from data_pkg.toolsets._rules import RULES
from data_pkg.toolsets._schemas import type_schema as type_schema
from data_pkg.toolsets._sources import MANIFEST_ENV as MANIFEST_ENV
from data_pkg.toolsets._sources import PROFILE_ENV as PROFILE_ENV
from data_pkg.toolsets._sources import is_profile_name as is_profile_name
from data_pkg.toolsets._sources import source_from_env
from data_pkg.toolsets._sources import source_variable as source_variable

if TYPE_CHECKING:
    from data_pkg.toolsets._document import COMMENT_KEY as COMMENT_KEY
    from data_pkg.toolsets._document import Node as Node
    from data_pkg.toolsets._manifest import Located as Located
    from data_pkg.toolsets._manifest import Manifest as Manifest
    from data_pkg.toolsets._nearby import nearby_path as nearby_path
    from data_pkg.toolsets._parse import parse_text as parse_text

# The user API, rendered on docs/api.md. A name imported as itself (``name as name``) is for the project's other
# layers (the servers, lint, desktop, the command line), not users: importable and type-checked, not listed here.
__all__ = [
    "DEFAULT_PROFILE",
    "NAME_STYLES",
    "RULES",
    "AnswerSpec",
    "Diagnostic",
    "FormerName",
    "Registry",
    "RegistryDiff",
    "Resolution",
    "Tool",
    "ToolsetError",
    "available_profiles",
    "diff",
    "former_name",
    "manifest_json_schema",
    "profiles_dir",
    "resolve",
    "source_from_env",
    "tool_name",
]


# The parsing stack loads on first use: a server with no manifest never needs it.
_LAZY = {
    "COMMENT_KEY": "data_pkg.toolsets._document",
    "Node": "data_pkg.toolsets._document",
    "Located": "data_pkg.toolsets._manifest",
    "Manifest": "data_pkg.toolsets._manifest",
    "nearby_path": "data_pkg.toolsets._nearby",
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
