"""Response models of the ``index`` endpoints."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from data_pkg.models._base import ResponseModel


class IndexConstituent(ResponseModel):
    """Response row of the index group."""

    symbol: str
    name: str | None = None
    sector: str | None = None
    sub_sector: str | None = Field(None, alias='subSector')
    head_quarter: str | None = Field(None, alias='headQuarter')
    date_first_added: dt.datetime | None = Field(None, alias='dateFirstAdded')
    cik: str | None = None
    founded: str | None = None


class HistoricalIndexConstituent(ResponseModel):
    """Response row of the index group."""

    date: dt.datetime
    symbol: str | None = None
    date_added: str | None = Field(None, alias='dateAdded')
    added_security: str | None = Field(None, alias='addedSecurity')
    removed_security: str | None = Field(None, alias='removedSecurity')
    removed_ticker: str | None = Field(None, alias='removedTicker')
    added_ticker: str | None = Field(None, alias='addedTicker')
    reason: str | None = None
