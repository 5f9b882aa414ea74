"""Response models of the ``commodity`` endpoints."""

from __future__ import annotations


from pydantic import Field

from data_pkg.models._base import ResponseModel


class CommodityListItem(ResponseModel):
    """Response row of the commodity group."""

    symbol: str
    name: str
    exchange: str
    trade_month: str = Field(alias='tradeMonth')
    currency: str
