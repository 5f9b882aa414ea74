"""Response models of the ``index`` group.

Current members of the major stock indexes and the history of their changes.
"""

from __future__ import annotations

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class IndexConstituent(ResponseModel):
    """One current member of a stock index, with its sector, headquarters and date added."""

    symbol: str
    name: str | None = None
    sector: str | None = None
    sub_sector: str | None = Field(None, alias="subSector")
    head_quarter: str | None = Field(None, alias="headQuarter")
    date_first_added: DateOrTime | None = Field(None, alias="dateFirstAdded")
    cik: str | None = None
    founded: str | None = None


class HistoricalIndexConstituent(ResponseModel):
    """One change to a stock index's membership: the security added, the one removed and why."""

    date: DateOrTime | None
    symbol: str | None = None
    date_added: str | None = Field(None, alias="dateAdded")
    added_security: str | None = Field(None, alias="addedSecurity")
    removed_security: str | None = Field(None, alias="removedSecurity")
    removed_ticker: str | None = Field(None, alias="removedTicker")
    added_ticker: str | None = Field(None, alias="addedTicker")
    reason: str | None = None
