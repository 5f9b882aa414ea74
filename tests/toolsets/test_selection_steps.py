"""The selection steps (``_select_steps``) one at a time: what each takes from the one before, and that none
changes the selection it was given.

``test_resolution_rules.py`` holds the rules as a manifest author sees them, through :func:`resolve`;
here the steps' hand-overs are pinned where a step alone decides (the tier filter and the overrides, the
inherited settings, the tier drops a later manifest adds back).
"""

from __future__ import annotations

import copy
from typing import Any

from data_pkg.catalog import by_spec
from data_pkg.toolsets._lookup import Lookup
from data_pkg.toolsets._manifest import Located, Manifest, Override
from data_pkg.toolsets._select_steps import (
    STEPS,
    excluded,
    extended,
    included,
    named,
    overridden,
    select,
    settled,
    within_tier,
)
from data_pkg.toolsets._selection import Change, Selection

QUOTE, PROFILE, SP500 = by_spec("company.quote"), by_spec("company.profile"), by_spec("index.sp500_constituents")


def at(value: Any, line: int = 1) -> Located[Any]:
    return Located(value, line, 1)


def manifest(**fields: Any) -> Manifest:
    return Manifest(file="team.yaml", format="yaml", **fields)


def codes(lookup: Lookup) -> list[str]:
    return [found.code for found in lookup.report.findings]


def test_extended_takes_the_manifests_own_settings_else_the_first_base_that_has_one() -> None:
    first = Selection(tools={"quote": QUOTE}, prefix="a_", changes={"quote": Change(description="one", title="t")})
    second = Selection(
        tools={"profile": PROFILE, "quote": QUOTE},
        prefix="b_",
        name_style="spec",
        changes={"quote": Change(description="two")},
    )
    start = extended(manifest(name_style=at("key")), [first, second])
    assert list(start.tools) == ["quote", "profile"]
    assert (start.prefix, start.name_style) == ("a_", "key")
    assert (start.changes["quote"].description, start.changes["quote"].title) == ("two", "t")


def test_an_override_of_a_tool_this_manifests_tier_dropped_is_ignored_not_dm403() -> None:
    lookup = Lookup({})
    team = manifest(
        tools=(at("company.quote"), at("index.sp500_constituents")),
        max_tier=at("basic"),
        overrides=(Override(at("index.sp500_constituents", 4), description=at("constituents")),),
    )
    selection = named(lookup, team, Selection())
    selection = within_tier(lookup, team, selection)
    assert list(selection.tools) == ["quote"]
    assert (selection.dropped_by_tier, selection.over_tier) == (("index.sp500_constituents",), {"sp500_constituents"})
    selection = overridden(lookup, team, selection)
    assert codes(lookup) == []
    assert selection.changes == {}


def test_an_override_of_a_tool_only_a_base_dropped_by_tier_is_dm403() -> None:
    lookup = Lookup({})
    base = Selection(dropped_by_tier=("index.sp500_constituents",))
    team = manifest(overrides=(Override(at("index.sp500_constituents", 3), description=at("constituents")),))
    selection = overridden(lookup, team, extended(team, [base]))
    assert codes(lookup) == ["DM403"]
    assert lookup.report.findings[0].line == 3
    assert selection.changes == {}


def test_a_tool_a_base_dropped_by_tier_and_this_manifest_adds_back_is_no_longer_dropped() -> None:
    base = Selection(tools={"quote": QUOTE}, dropped_by_tier=("index.sp500_constituents", "index.sp500_constituents"))
    team = manifest(tools=(at("index.sp500_constituents"),))
    chosen = select(Lookup({}), team, [base])
    assert list(chosen.tools) == ["quote", "sp500_constituents"]
    assert chosen.dropped_by_tier == ()
    kept_out = select(Lookup({}), manifest(), [base])
    assert kept_out.dropped_by_tier == ("index.sp500_constituents",)


def test_settled_keeps_the_changes_of_selected_tools_only() -> None:
    selection = Selection(tools={"quote": QUOTE}, changes={"quote": Change(title="Q"), "profile": Change(title="P")})
    assert list(settled(Lookup({}), manifest(), selection).changes) == ["quote"]


def test_no_step_changes_the_selection_it_was_given() -> None:
    lookup = Lookup({})
    team = manifest(
        include=(at("company.*quote*"),),
        tools=(at("company.profile"), at("index.sp500_constituents")),
        exclude=(at("company.simple_quote"),),
        max_tier=at("basic"),
        overrides=(Override(at("company.profile"), description=at("The company")),),
    )
    base = Selection(tools={"market_cap": by_spec("company.market_cap")}, changes={"market_cap": Change(title="Cap")})
    selection = extended(team, [base])
    assert (included, named, excluded, within_tier, overridden, settled) == STEPS
    for step in STEPS:
        given = copy.deepcopy(selection)
        following = step(lookup, team, selection)
        assert selection == given, f"{step.__name__} changed the selection it was given"
        selection = following
    assert "profile" in selection.tools and "simple_quote" not in selection.tools
    assert selection.changes["profile"].description == "The company"
    assert base == Selection(
        tools={"market_cap": by_spec("company.market_cap")}, changes={"market_cap": Change(title="Cap")}
    )
