"""The alias table: names endpoints were known by before, and the endpoint each now belongs to.

Withdrawn endpoints keep their own entries (``status="withdrawn"`` with a ``successor``); this
table is for names that moved. A former name is never served or accepted as a tool: the local
server answers it with the tool to call now, and lint suggests the new name in a manifest. Like
github-mcp-server's deprecated tool aliases, an entry is added when a name changes and stays.

Keys are former spec names (``group.key``); the bare key is recognised too. Values are current
spec names. A former name never equals a current key or spec name (tests/catalog/test_renamed.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

RENAMED: Mapping[str, str] = MappingProxyType(
    {
        # The earlier Python client's names (reference/rest-endpoints.json, ref_key), renamed to snake_case keys.
        "commodity.listCommodities": "commodity.commodity_list",
        "company.getHistoricalEmployeeCount": "company.historical_employee_count",
        "economics.getEconomicIndicators": "economics.economic_indicator",
        "esg.getESGDisclosures": "esg.esg_disclosures",
        # The earlier name of the withdrawn /stable/quotes/commodity, legacy_* here like its crypto and forex
        # siblings (whose earlier names, crypto_quotes and forex_quotes, are the live batch endpoints' keys now).
        "alternative.commodities_quotes": "alternative.legacy_commodity_quotes",
    }
)
"""Former spec name -> current spec name."""
