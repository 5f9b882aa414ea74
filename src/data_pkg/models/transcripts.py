"""Response models of the ``transcripts`` group.

Earnings call transcripts, the calls available per company and the companies covered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class EarningsTranscript(ResponseModel):
    """The transcript of one earnings call, by company, fiscal year and quarter."""

    symbol: str
    period: str
    # The transcript itself says ``year``; the list of the latest transcripts says ``fiscalYear``.
    year: int | None = None
    fiscal_year: int | None = Field(None, alias="fiscalYear")
    date: DateOrTime | None = None
    content: str | None = None


class TranscriptDate(ResponseModel):
    """One earnings call with a transcript available: fiscal year, quarter and date."""

    former_fields: ClassVar[Mapping[str, str]] = {"period": "quarter"}

    symbol: str | None = None
    quarter: int | None = None
    fiscal_year: int = Field(alias="fiscalYear")
    date: DateOrTime | None = None


class TranscriptSymbol(ResponseModel):
    """One company with earnings call transcripts available, and how many."""

    symbol: str
    company_name: str | None = Field(None, alias="companyName")
    no_of_transcripts: str | None = Field(None, alias="noOfTranscripts")
