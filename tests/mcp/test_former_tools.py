"""A call to a withdrawn or renamed tool's name is answered with the tool to call now, over real stdio."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.mcp._support import connect, server_env

SERVER_PAGE = Path(__file__).resolve().parents[2] / "docs" / "server.md"

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

# Snake names with a prefix, the successor of price_target served under a name of the manifest's choosing.
DESK = """\
name_style: snake
prefix: mkt_
tools:
  - company.price_target_summary
  - economics.economic_indicator
  - company.company_earnings
  - batch.commodity_quotes
overrides:
  company.price_target_summary:
    name: targets
"""


async def refusal(client: Client, name: str, arguments: dict[str, object]) -> str:
    """The message of the -32602 error a call to ``name`` is answered with (a tool not served)."""
    with pytest.raises(MCPError) as raised:
        await client.call_tool(name, arguments)
    assert raised.value.code == -32602 and raised.value.data == {"tool": name}
    return raised.value.message


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    with running_sandbox(SandboxConfig(quotas={"demo": Quota(10**6, 60)}, list_rows=300)) as url:
        yield url


async def test_the_default_set_answers_former_names_with_what_to_call_now(sandbox: str, tmp_path: Path) -> None:
    async with connect(server_env(sandbox), tmp_path / "err.log") as client:
        withdrawn = await refusal(client, "price_target", {"symbol": "AAPL"})
        successor = await client.call_tool("price_target_summary", {"symbol": "AAPL"})
        not_served = await refusal(client, "upgrades_downgrades", {"symbol": "AAPL"})
        no_successor = await refusal(client, "asset_allocation", {})
        renamed = await refusal(client, "getEconomicIndicators", {"name": "GDP"})
    assert withdrawn.startswith(
        "tool 'price_target' was withdrawn upstream (company.price_target):"
        " call price_target_summary instead, its successor"
    )
    assert f"`{withdrawn}`" in SERVER_PAGE.read_text()  # the page quotes the answer as it is
    assert successor.is_error is False
    assert "its successor, intelligence.grades, is not in this server's tool set" in not_served
    assert "was withdrawn upstream (institutional.asset_allocation) and has no replacement" in no_successor
    assert renamed.startswith(
        "tool 'getEconomicIndicators' was renamed to economics.economic_indicator,"
        " which is not in this server's tool set (a manifest can add it)."
    )


async def test_former_names_follow_the_manifests_style_prefix_and_names(sandbox: str, tmp_path: Path) -> None:
    manifest = tmp_path / "desk.yaml"
    manifest.write_text(DESK)
    async with connect(server_env(sandbox, DATA_MCP_MANIFEST=str(manifest)), tmp_path / "err.log") as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        answers = {
            name: await refusal(client, name, {"symbol": "AAPL"})
            for name in (
                "mkt_company_price_target",
                "mkt_economics_getEconomicIndicators",
                "mkt_company_company_earnings",
                "mkt_alternative_commodities_quotes",
                "company_price_target",
            )
        }
        successor = await client.call_tool("mkt_targets", {"symbol": "AAPL"})
    assert "mkt_targets" in names and "mkt_company_earnings" in names
    assert answers["mkt_company_price_target"].endswith(
        "call mkt_targets instead, its successor (its arguments are in the tool list)."
    )
    assert answers["mkt_economics_getEconomicIndicators"] == (
        "tool 'mkt_economics_getEconomicIndicators' was renamed:"
        " call mkt_economics_economic_indicator instead (its arguments are in the tool list)."
    )
    assert "renamed: call mkt_company_earnings instead" in answers["mkt_company_company_earnings"]
    assert answers["mkt_alternative_commodities_quotes"].startswith(
        "tool 'mkt_alternative_commodities_quotes' was renamed to alternative.legacy_commodity_quotes,"
        " since withdrawn upstream: call mkt_batch_commodity_quotes instead, its successor"
    )
    # The name without the prefix belongs to no tool set of this server: an ordinary unknown tool.
    assert answers["company_price_target"].startswith("unknown tool 'company_price_target'.")
    assert successor.is_error is False
