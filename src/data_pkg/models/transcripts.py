"""Response models of the ``transcripts`` group.

Earnings call transcripts, the calls available per company and the companies covered.
"""

from __future__ import annotations

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class EarningsTranscript(ResponseModel):
    """The transcript of one earnings call, by company, fiscal year and quarter."""

    symbol: str
    period: int
    fiscal_year: int = Field(alias="fiscalYear")
    date: DateOrTime | None = None
    content: str | None = None


class TranscriptDate(ResponseModel):
    """One earnings call with a transcript available: fiscal year, quarter and date."""

    symbol: str | None = None
    period: int
    fiscal_year: int = Field(alias="fiscalYear")
    date: DateOrTime | None = None


class TranscriptSymbol(ResponseModel):
    """One company with earnings call transcripts available, and how many."""

    symbol: str
    company_name: str | None = Field(None, alias="companyName")
    no_of_transcripts: int | None = Field(None, alias="noOfTranscripts")
