"""schemas/manifest.schema.json is generated from the one manifest model, and a stale copy fails the check."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from data_pkg.catalog import TIERS
from data_pkg.toolsets import NAME_STYLES, manifest_json_schema
from data_pkg.toolsets._analysis import LIMITS as ANALYSIS_LIMITS
from data_pkg.toolsets._document import COMMENT_KEY, FIELD_NAMES, OVERRIDE_FIELDS, SCHEMA_KEY
from data_pkg.toolsets._manifest import validate_document
from data_pkg.toolsets._model import ManifestSchema
from tests.toolsets.helpers import node_from_value

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "manifest_schema.py"
COMMITTED = ROOT / "schemas" / "manifest.schema.json"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60, check=False)


def test_committed_schema_is_up_to_date() -> None:
    result = _run("--check")
    assert result.returncode == 0, result.stderr


def test_stale_schema_fails_the_check_with_a_message(tmp_path: Path) -> None:
    stale = tmp_path / "manifest.schema.json"
    stale.write_text(COMMITTED.read_text().replace("plan tier", "plan level"))
    result = _run("--check", "--output", str(stale))
    assert result.returncode == 1
    assert "is stale: run python scripts/manifest_schema.py" in result.stderr


def test_missing_schema_fails_the_check(tmp_path: Path) -> None:
    result = _run("--check", "--output", str(tmp_path / "nope.json"))
    assert result.returncode == 1
    assert "is missing" in result.stderr


def test_writing_reproduces_the_committed_file(tmp_path: Path) -> None:
    out = tmp_path / "schema.json"
    assert _run("--output", str(out)).returncode == 0
    assert out.read_text() == COMMITTED.read_text()


def test_schema_describes_every_field_with_the_allowed_values() -> None:
    schema = manifest_json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == FIELD_NAMES | {SCHEMA_KEY, COMMENT_KEY}
    assert all(prop.get("description") for prop in schema["properties"].values())
    style = schema["properties"]["name_style"]["anyOf"][0]
    tier = schema["properties"]["max_tier"]["anyOf"][0]
    assert tuple(style["enum"]) == NAME_STYLES
    assert tuple(tier["enum"]) == TIERS
    override = schema["$defs"]["OverrideSchema"]
    assert set(override["properties"]) == {f.name for f in OVERRIDE_FIELDS} | {COMMENT_KEY}
    assert override["additionalProperties"] is False


# -- one model: the run-time validator and the pydantic model agree on every document ------------

texts = st.text(max_size=8)
names = st.one_of(texts, st.from_regex(r"[A-Za-z0-9_.-]{1,10}", fullmatch=True))
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), texts)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(texts, inner, max_size=3)),
    max_leaves=6,
)
fixed_values = st.one_of(scalars, st.lists(texts, max_size=3), json_values)
overrides = st.dictionaries(
    texts,
    st.one_of(
        st.none(),
        json_values,
        st.fixed_dictionaries(
            {},
            optional={
                "name": st.one_of(names, json_values),
                "description": st.one_of(texts, json_values),
                "fixed": st.one_of(st.none(), st.dictionaries(texts, fixed_values, max_size=3), json_values),
                "rename": texts,
                COMMENT_KEY: st.one_of(texts, json_values),
            },
        ),
    ),
    max_size=3,
)
string_lists = st.one_of(st.lists(texts, max_size=3), json_values)
FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "description": st.one_of(texts, json_values),
    "extends": string_lists,
    "tools": string_lists,
    "include": string_lists,
    "exclude": string_lists,
    "name_style": st.one_of(st.sampled_from(NAME_STYLES), texts, json_values),
    "prefix": st.one_of(st.just(""), st.from_regex(r"[A-Za-z][A-Za-z0-9_.-]{0,17}", fullmatch=True), json_values),
    "max_tier": st.one_of(st.sampled_from(TIERS), texts, json_values),
    "overrides": st.one_of(overrides, json_values),
    "output_schemas": st.one_of(st.booleans(), json_values),
    "max_tokens": st.one_of(st.integers(min_value=-2, max_value=10**6), json_values),
    "analysis": st.one_of(
        st.booleans(),
        st.dictionaries(
            st.sampled_from([*(limit.name for limit in ANALYSIS_LIMITS), "bogus"]),
            st.one_of(st.integers(min_value=-5, max_value=10**10), json_values),
            max_size=3,
        ),
        json_values,
    ),
    SCHEMA_KEY: st.one_of(texts, json_values),
    COMMENT_KEY: st.one_of(texts, json_values),
    "TOOLS": string_lists,
    "unknown": json_values,
}
# Mostly well-formed values, so that acceptance is exercised as hard as rejection.
WELL_FORMED: dict[str, st.SearchStrategy[Any]] = {
    "description": texts,
    "extends": st.lists(texts, max_size=3),
    "tools": st.lists(names, max_size=3),
    "include": st.lists(texts, max_size=3),
    "exclude": st.lists(texts, max_size=3),
    "name_style": st.sampled_from(NAME_STYLES),
    "prefix": st.one_of(st.just(""), st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,15}", fullmatch=True)),
    "max_tier": st.sampled_from(TIERS),
    "overrides": st.dictionaries(
        names,
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {},
                optional={
                    "name": names,
                    "description": texts,
                    "fixed": st.dictionaries(names, st.one_of(scalars, st.lists(texts, max_size=2)), max_size=2),
                    COMMENT_KEY: texts,
                },
            ),
        ),
        max_size=3,
    ),
    "output_schemas": st.one_of(st.none(), st.booleans()),
    "max_tokens": st.one_of(st.none(), st.integers(min_value=1, max_value=10**6)),
    "analysis": st.one_of(
        st.none(),
        st.booleans(),
        st.fixed_dictionaries(
            {},
            optional={limit.name: st.integers(min_value=limit.low, max_value=limit.high) for limit in ANALYSIS_LIMITS},
        ),
    ),
    SCHEMA_KEY: texts,
    COMMENT_KEY: texts,
}
documents = st.one_of(
    st.fixed_dictionaries({}, optional=WELL_FORMED),
    st.fixed_dictionaries({}, optional=FIELD_VALUES),
    json_values,
)


@settings(max_examples=500, deadline=None)
@given(documents)
def test_runtime_validator_and_schema_model_accept_exactly_the_same_documents(document: Any) -> None:
    _, problems = validate_document(node_from_value(document), file="doc.json", fmt="json")
    runtime_accepts = not problems
    try:
        ManifestSchema.model_validate_json(json.dumps(document))
    except ValidationError:
        model_accepts = False
    else:
        model_accepts = True
    event("accepted" if model_accepts else "rejected")
    assert runtime_accepts == model_accepts, [str(p) for p in problems]
