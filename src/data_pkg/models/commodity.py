"""Response models of the ``commodity`` group.

The commodity symbol directory.
"""

from __future__ import annotations

from pydantic import Field

from data_pkg.models._base import ResponseModel


class CommodityListItem(ResponseModel):
    """One commodity contract in the commodity symbol directory."""

    symbol: str
    name: str
    exchange: str
    trade_month: str = Field(alias="tradeMonth")
    currency: str
