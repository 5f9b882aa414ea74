"""Former tool names: known under every naming style and prefix, never equal to a name in use."""

from __future__ import annotations

import pytest

from data_pkg.catalog import ENDPOINTS, by_key, by_spec
from data_pkg.toolsets import NAME_STYLES, former_name, tool_name
from data_pkg.toolsets._former import _former_names
from data_pkg.toolsets._naming import name_pattern


@pytest.mark.parametrize("style", NAME_STYLES)
@pytest.mark.parametrize("prefix", ["", "mkt_"])
def test_a_renamed_name_is_never_a_name_in_use_and_every_former_name_is_a_valid_tool_name(
    style: str, prefix: str
) -> None:
    in_use = {tool_name(e, style, prefix) for e in ENDPOINTS if e.status == "live"}
    withdrawn = {tool_name(e, style, prefix) for e in ENDPOINTS if e.status == "withdrawn"}
    former = _former_names(style, prefix)
    assert former
    for name, entry in former.items():
        assert entry.name == name
        assert name not in in_use, name
        assert (entry.reason == "withdrawn") == (name in withdrawn), name
        assert name_pattern(style).fullmatch(name), name


def test_a_withdrawn_endpoints_name_leads_to_its_successor_under_the_style_and_prefix() -> None:
    former = former_name("mkt_company_price_target", "snake", "mkt_")
    assert former is not None and former.reason == "withdrawn"
    assert former.endpoint is by_key("price_target")
    assert former.replacement is by_spec("company.price_target_summary")
    assert former_name("price_target", "snake", "mkt_") is None  # another style's name is not this set's
    gone = former_name("asset_allocation", "key")
    assert gone is not None and gone.replacement is None


@pytest.mark.parametrize(
    ("style", "name"),
    [
        ("key", "getEconomicIndicators"),
        ("spec", "economics.getEconomicIndicators"),
        ("snake", "economics_getEconomicIndicators"),
    ],
)
def test_a_renamed_tool_is_known_by_its_former_name_in_each_style(style: str, name: str) -> None:
    former = former_name(name, style)
    assert former is not None and former.reason == "renamed"
    assert former.replacement is by_spec("economics.economic_indicator")


def test_snake_names_from_before_a_group_was_kept_once_are_renamed() -> None:
    former = former_name("company_company_earnings", "snake")
    assert former is not None and former.reason == "renamed"
    assert former.replacement is by_spec("company.company_earnings")
    assert former_name("company_company_earnings", "key") is None
