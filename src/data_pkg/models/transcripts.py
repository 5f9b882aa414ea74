"""Response models of the ``transcripts`` endpoints."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from data_pkg.models._base import ResponseModel


class EarningsTranscript(ResponseModel):
    """Response row of the transcripts group."""

    symbol: str
    period: int
    fiscal_year: int = Field(alias='fiscalYear')
    date: dt.datetime | None = None
    content: str | None = None


class TranscriptDate(ResponseModel):
    """Response row of the transcripts group."""

    symbol: str | None = None
    period: int
    fiscal_year: int = Field(alias='fiscalYear')
    date: dt.datetime | None = None


class TranscriptSymbol(ResponseModel):
    """Response row of the transcripts group."""

    symbol: str
    company_name: str | None = Field(None, alias='companyName')
    no_of_transcripts: int | None = Field(None, alias='noOfTranscripts')
