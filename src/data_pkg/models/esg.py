"""Response models of the ``esg`` group.

Environmental, social and governance scores disclosed in company filings.
"""

from __future__ import annotations

from pydantic import Field

from data_pkg.models._base import ResponseModel


class ESGDisclosure(ResponseModel):
    """A company's environmental, social and governance scores from one filing."""

    date: str
    accepted_date: str = Field(alias="acceptedDate")
    symbol: str
    cik: str
    company_name: str = Field(alias="companyName")
    form_type: str = Field(alias="formType")
    environmental_score: float = Field(alias="environmentalScore")
    social_score: float = Field(alias="socialScore")
    governance_score: float = Field(alias="governanceScore")
    esg_score: float = Field(alias="ESGScore")
    url: str
