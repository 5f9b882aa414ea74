"""Lint knows the field names the upstream sends, and moves a manifest's earlier names to them (DM408).

The names come from the response models, which the upstream's own examples check
(``tests/client/test_upstream_models.py``); this checks that a manifest may use every one of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.catalog import Endpoint
from data_pkg.toolsets import resolve
from data_pkg.toolsets._fields import answer_fields, is_answer_field
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
    assert [name for name in example.names if not is_answer_field(endpoint, name)] == []


def test_a_name_the_agent_sees_but_the_model_does_not_declare_may_be_excluded(tmp_path: Path) -> None:
    # A filing's sections are keys of the answer beside symbol, period and year ("Auditor Information": [...]):
    # the agent sees them, so a manifest may leave one out. Before: DM406, the model declares none of them.
    spec = "company.financial_reports_json"
    found, excluded = resolved_fields(tmp_path, spec, ['"Auditor Information"'], "exclude_fields")
    assert (found, excluded) == ([], ("Auditor Information",))


def test_a_model_attribute_the_agent_never_sees_is_refused(tmp_path: Path) -> None:
    # The model gathers a report's sections in one attribute, which its JSON spreads back into keys: no answer
    # has a field called 'sections'. Before: accepted, and choosing it emptied the answer to symbol-less rows.
    found, fields = resolved_fields(tmp_path, "company.financial_reports_json", ["symbol", "sections"])
    assert fields is None and found[0].startswith(
        "DM406 company.financial_reports_json answers have no field 'sections'"
    )


def test_every_tool_the_catalog_says_answers_rows_has_named_fields() -> None:
    # takes_fields reads the catalog alone (resolving imports no model): it must agree with the models.
    from data_pkg.catalog import ENDPOINTS
    from data_pkg.toolsets._choice import takes_fields

    taking = [endpoint for endpoint in ENDPOINTS if endpoint.is_tool_candidate and takes_fields(endpoint)]
    assert len(taking) > 150 and [e.key for e in taking if not answer_fields(e)] == []


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("company.product_revenue_segmentation", "iPhone"),  # a key of each row's data, named by the company
        ("company.income_statement_as_reported", "grossprofit"),  # a filed XBRL name in each row's data
        ("investment.etf_info", "exposure"),  # a field of each sector the answer lists
    ],
)
def test_a_field_inside_a_row_may_be_excluded(tmp_path: Path, spec: str, name: str) -> None:
    # The agent sees these names inside each row; before: DM406, no model field has the name.
    assert resolved_fields(tmp_path, spec, [name], "exclude_fields") == ([], (name,))


def test_a_field_inside_a_row_is_not_a_column_to_keep(tmp_path: Path) -> None:
    # fields keeps a row's own fields (the table's columns); a name inside one is refused, saying so.
    found, fields = resolved_fields(tmp_path, "investment.etf_info", ["symbol", "exposure"])
    assert fields is None and found == [
        "DM406 investment.etf_info answers have 'exposure' inside their rows, not as a field of its own"
        " (exclude_fields may name it; fields keeps whole fields)"
    ]
