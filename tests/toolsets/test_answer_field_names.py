"""Lint knows the field names the upstream sends, and moves a manifest's earlier names to them (DM408).

The names come from the response models, which the upstream's own examples check
(``tests/client/test_upstream_models.py``); this checks that a manifest may use every one of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.catalog import Endpoint
from data_pkg.toolsets import resolve
from data_pkg.toolsets._fields import answer_fields
from tests.upstream import Example, pairs

TOOLS = [(example, endpoint) for example, endpoint in pairs() if endpoint.is_tool_candidate and endpoint.model]


def resolved_fields(
    tmp_path: Path, spec: str, fields: list[str], key: str = "fields"
) -> tuple[list[str], tuple[str, ...] | None]:
    """(diagnostics as ``CODE message``, the tool's answer fields) for a manifest choosing ``fields`` of ``spec``."""
    manifest = tmp_path / "m.yaml"
    manifest.write_text(f"tools: [{spec}]\noverrides:\n  {spec}:\n    {key}: [{', '.join(fields)}]\n")
    resolution = resolve(str(manifest), env={"DATA_PROVIDER_SEGMENT": "acme"})
    found = [f"{d.code} {d.message} ({d.hint})" for d in resolution.diagnostics]
    if resolution.registry is None:
        return found, None
    (tool,) = resolution.registry.tools
    answer = tool.answer
    return found, answer.fields if key == "fields" else answer.exclude_fields


def test_the_upstreams_name_is_accepted(tmp_path: Path) -> None:
    # Before: DM406 "did you mean 'mktCap'?", and following it emptied the answer.
    assert resolved_fields(tmp_path, "company.profile", ["symbol", "marketCap"]) == ([], ("symbol", "marketCap"))


def test_an_earlier_name_is_moved_to_the_current_one_with_a_warning(tmp_path: Path) -> None:
    found, fields = resolved_fields(tmp_path, "company.profile", ["symbol", "mktCap", "marketCap"])
    assert fields == ("symbol", "marketCap")
    assert found == [
        "DM408 company.profile answers call the field 'mktCap' 'marketCap' now; it is used as 'marketCap'"
        " (write 'marketCap')"
    ]
    found, excluded = resolved_fields(tmp_path, "company.analyst_estimates", ["estimatedEpsAvg"], "exclude_fields")
    assert excluded == ("epsAvg",) and [f[:5] for f in found] == ["DM408"]


def test_an_unknown_name_is_still_refused(tmp_path: Path) -> None:
    found, fields = resolved_fields(tmp_path, "company.profile", ["marketCapp"])
    assert fields is None and found[0].startswith("DM406") and "marketCap" in found[0]


@pytest.mark.parametrize(("example", "endpoint"), TOOLS, ids=[f"{x}:{e.key}" for x, e in TOOLS])
def test_every_field_an_example_carries_may_be_chosen(example: Example, endpoint: Endpoint) -> None:
    known = set(answer_fields(endpoint))
    if "sections" in known:
        known |= set(example.names) - {"symbol", "period", "year"}  # a report's sections are named by the filing
    assert [name for name in example.names if name not in known] == []
