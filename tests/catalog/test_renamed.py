"""The alias table: each former name points at a current endpoint and never shadows a current name."""

from __future__ import annotations

from data_pkg.catalog import ENDPOINTS, RENAMED, by_key, by_spec, renamed, replacement


def test_every_former_name_points_at_a_current_endpoint_of_its_group() -> None:
    for old, new in RENAMED.items():
        endpoint = by_spec(new)
        assert old.partition(".")[0] == endpoint.group, old


def test_no_former_name_is_a_current_name_and_bare_former_keys_are_unique() -> None:
    current = {e.key for e in ENDPOINTS} | {e.spec for e in ENDPOINTS}
    bare = [old.partition(".")[2] for old in RENAMED]
    assert not (set(RENAMED) | set(bare)) & current
    assert len(bare) == len(set(bare))


def test_a_former_name_is_found_by_spec_name_or_bare_key_and_a_current_one_is_not() -> None:
    assert renamed("economics.getEconomicIndicators") is by_spec("economics.economic_indicator")
    assert renamed("getEconomicIndicators") is by_spec("economics.economic_indicator")
    assert renamed("economic_indicator") is None
    assert renamed("quote") is None


def test_the_replacement_of_an_endpoint_is_itself_when_live_else_its_successors() -> None:
    assert replacement(by_key("quote")) is by_key("quote")
    assert replacement(by_key("price_target")) is by_spec("company.price_target_summary")
    assert replacement(by_key("asset_allocation")) is None  # withdrawn without a successor
    # A name renamed and later withdrawn leads to the successor of what it became.
    moved = renamed("commodities_quotes")
    assert moved is not None and moved.status == "withdrawn"
    assert replacement(moved) is by_spec("batch.commodity_quotes")


def test_every_successor_leads_to_a_live_endpoint() -> None:
    for endpoint in ENDPOINTS:
        if endpoint.successor is not None:
            now = replacement(endpoint)
            assert now is not None and now.status == "live", endpoint.spec
