"""The manifest model in pydantic: the source of ``schemas/manifest.schema.json``.

YAML and JSON users get editor completion and checking from the generated schema. The resolver
does not use this model at run time (see ``_manifest.py`` for why); a property test feeds random
documents to both and requires the same verdict, so they describe one model.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    StringConstraints,
    create_model,
    model_validator,
)

from data_pkg.toolsets._analysis import LIMITS, pair_problems
from data_pkg.toolsets._answer import MAX_ANSWER_TOKENS, MIN_ANSWER_TOKENS
from data_pkg.toolsets._document import COMMENT_KEY, FIELDS, OVERRIDE_FIELDS
from data_pkg.toolsets._json_schema import tidy_schema

_DOCS = {f.name: f.summary for f in FIELDS}
_OVERRIDE_DOCS = {f.name: f.summary for f in OVERRIDE_FIELDS}
_COMMENT = "A note for people; data-mcp: ignore[CODE] in it silences lint findings in this object."

# Blank means only spaces, tabs and line breaks, the same set the run-time validator strips.
Text = Annotated[StrictStr, StringConstraints(pattern=r"[^ \t\r\n]")]
ToolName = Annotated[StrictStr, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,128}$")]
Prefix = Annotated[StrictStr, StringConstraints(pattern=r"^([A-Za-z][A-Za-z0-9_-]{0,15})?$")]
AnswerBudget = Annotated[StrictInt, Field(ge=MIN_ANSWER_TOKENS, le=MAX_ANSWER_TOKENS)]
FixedArgument = Union[StrictBool, StrictInt, StrictFloat, StrictStr, list[StrictStr]]


class OverrideSchema(BaseModel):
    """Changes to one tool."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: ToolName | None = Field(None, description=_OVERRIDE_DOCS["name"])
    title: Text | None = Field(None, description=_OVERRIDE_DOCS["title"])
    description: Text | None = Field(None, description=_OVERRIDE_DOCS["description"])
    fixed: dict[Text, FixedArgument] | None = Field(None, description=_OVERRIDE_DOCS["fixed"])
    comment_: StrictStr | None = Field(None, alias=COMMENT_KEY, description=_COMMENT)
    fields: list[Text] | None = Field(None, description=_OVERRIDE_DOCS["fields"])
    exclude_fields: list[Text] | None = Field(None, description=_OVERRIDE_DOCS["exclude_fields"])
    max_answer_tokens: AnswerBudget | None = Field(None, description=_OVERRIDE_DOCS["max_answer_tokens"])


class _AnalysisChecks(BaseModel):
    """What the JSON Schema cannot say about the limits: a table's limit fits within the total."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="after")
    def _pairs(self) -> _AnalysisChecks:
        values = {name: value for name, value in self.__dict__.items() if isinstance(value, int)}
        problems = pair_problems(values)
        if problems:
            raise ValueError(problems[0][1])
        return self


_LIMIT_FIELDS: dict[str, Any] = {
    "comment_": (StrictStr | None, Field(None, alias=COMMENT_KEY, description=_COMMENT)),
    **{
        limit.name: (
            Annotated[StrictInt, Field(ge=limit.low, le=limit.high)] | None,
            Field(None, description=f"{limit.summary} Default {limit.default:,}."),
        )
        for limit in LIMITS
    },
}

AnalysisSchema = create_model(
    "AnalysisSchema",
    __base__=_AnalysisChecks,
    __doc__="Limits of the kept tables and of queries; setting any turns analysis on.",
    **_LIMIT_FIELDS,
)


class ManifestSchema(BaseModel):
    """A data-mcp manifest: which tools the local server publishes, and how they are named."""

    model_config = ConfigDict(extra="forbid", strict=True, title="data-mcp manifest")

    schema_: StrictStr | None = Field(None, alias="$schema", description="The schema this file follows (for editors).")
    comment_: StrictStr | None = Field(None, alias=COMMENT_KEY, description=_COMMENT)
    description: Text | None = Field(None, description=_DOCS["description"])
    extends: list[Text] | None = Field(None, description=_DOCS["extends"])
    tools: list[Text] | None = Field(None, description=_DOCS["tools"])
    include: list[Text] | None = Field(None, description=_DOCS["include"])
    exclude: list[Text] | None = Field(None, description=_DOCS["exclude"])
    name_style: Literal["key", "spec", "snake"] | None = Field(None, description=_DOCS["name_style"])
    prefix: Prefix | None = Field(None, description=_DOCS["prefix"])
    max_tier: Literal["basic", "starter", "premium", "ultimate"] | None = Field(None, description=_DOCS["max_tier"])
    max_tokens: Annotated[StrictInt, Field(ge=1)] | None = Field(None, description=_DOCS["max_tokens"])
    overrides: dict[Text, OverrideSchema | None] | None = Field(None, description=_DOCS["overrides"])
    output_schemas: StrictBool | None = Field(None, description=_DOCS["output_schemas"])
    fields_argument: StrictBool | None = Field(None, description=_DOCS["fields_argument"])
    max_answer_tokens: AnswerBudget | None = Field(None, description=_DOCS["max_answer_tokens"])
    answer_format: Literal["table", "json"] | None = Field(None, description=_DOCS["answer_format"])
    analysis: StrictBool | AnalysisSchema | None = Field(None, description=_DOCS["analysis"])


SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def manifest_json_schema() -> dict[str, Any]:
    """The JSON Schema of a YAML or JSON manifest."""
    schema = tidy_schema(ManifestSchema.model_json_schema(by_alias=True), _property_names)
    return {"$schema": SCHEMA_DIALECT, "title": "data-mcp manifest", **schema}


def _property_names(schema: dict[str, Any]) -> dict[str, Any]:
    """Spell a constrained mapping key as ``propertyNames`` instead of ``patternProperties``.

    pydantic writes a key constraint as ``patternProperties``, which lets other keys through in
    an editor; ``propertyNames`` + ``additionalProperties`` says what the validator enforces.
    """
    keys = schema.pop("patternProperties", None)
    if isinstance(keys, dict) and len(keys) == 1:
        ((pattern, values),) = keys.items()
        schema["propertyNames"] = {"pattern": pattern}
        schema["additionalProperties"] = values
    return schema
