"""Response models of the ``sec`` group.

Regulatory filings and filing searches, registrant profiles and industry classification codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class SECFiling8K(ResponseModel):
    """One 8-K current-report filing, with links to its documents."""

    former_fields: ClassVar[Mapping[str, str]] = {"filedDate": "filingDate"}

    symbol: str
    cik: str | None = None
    form_type: str | None = Field(None, alias="formType")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    has_financials: bool | None = Field(None, alias="hasFinancials")
    link: str | None = None
    final_link: str | None = Field(None, alias="finalLink")
    link_to_txt: str | None = Field(None, alias="linkToTxt")
    link_to_html: str | None = Field(None, alias="linkToHtml")
    link_to_filing_details: str | None = Field(None, alias="linkToFilingDetails")


class SECFinancialFiling(ResponseModel):
    """One periodic financial filing, such as a 10-K or 10-Q, with links to its documents."""

    former_fields: ClassVar[Mapping[str, str]] = {"filedDate": "filingDate"}

    symbol: str
    cik: str | None = None
    form_type: str | None = Field(None, alias="formType")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    final_link: str | None = Field(None, alias="finalLink")
    link_to_txt: str | None = Field(None, alias="linkToTxt")
    link_to_html: str | None = Field(None, alias="linkToHtml")
    link_to_xbrl: str | None = Field(None, alias="linkToXbrl")
    has_financials: bool | None = Field(None, alias="hasFinancials")
    link: str | None = None


class SECFilingSearchResult(ResponseModel):
    """One filing matching a search by form type, symbol or CIK."""

    former_fields: ClassVar[Mapping[str, str]] = {"filedDate": "filingDate"}

    symbol: str | None = None
    cik: str | None = None
    company_name: str | None = Field(None, alias="companyName")
    form_type: str | None = Field(None, alias="formType")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    final_link: str | None = Field(None, alias="finalLink")
    link: str | None = None


class SECCompanySearchResult(ResponseModel):
    """One registrant matching a search by name, symbol or CIK, with its SIC code and contact details."""

    former_fields: ClassVar[Mapping[str, str]] = {"companyName": "name"}

    symbol: str | None = None
    cik: str | None = None
    name: str | None = None
    exchange: str | None = None
    sic_code: str | None = Field(None, alias="sicCode")
    sic_description: str | None = Field(None, alias="sicDescription")
    industry_title: str | None = Field(None, alias="industryTitle")
    business_address: str | None = Field(None, alias="businessAddress")
    phone_number: str | None = Field(None, alias="phoneNumber")
    state: str | None = None
    fiscal_year_end: str | None = Field(None, alias="fiscalYearEnd")


class SECProfile(ResponseModel):
    """A company's registration profile: identifiers, SIC classification, addresses, officers and security type."""

    former_fields: ClassVar[Mapping[str, str]] = {"companyName": "registrantName", "businessPhone": "phoneNumber"}

    symbol: str
    cik: str | None = None
    registrant_name: str | None = Field(None, alias="registrantName")
    exchange: str | None = None
    sic_code: str | None = Field(None, alias="sicCode")
    sic_description: str | None = Field(None, alias="sicDescription")
    sic_group: str | None = Field(None, alias="sicGroup")
    isin: str | None = None
    state_location: str | None = Field(None, alias="stateLocation")
    state_of_incorporation: str | None = Field(None, alias="stateOfIncorporation")
    fiscal_year_end: str | None = Field(None, alias="fiscalYearEnd")
    business_address: str | None = Field(None, alias="businessAddress")
    mailing_address: str | None = Field(None, alias="mailingAddress")
    phone_number: str | None = Field(None, alias="phoneNumber")
    postal_code: str | None = Field(None, alias="postalCode")
    city: str | None = None
    state: str | None = None
    country: str | None = None
    description: str | None = None
    ceo: str | None = None
    website: str | None = None
    ipo_date: str | None = Field(None, alias="ipoDate")
    employees: str | None = None
    sec_filings_url: str | None = Field(None, alias="secFilingsUrl")
    tax_identification_number: str | None = Field(None, alias="taxIdentificationNumber")
    fifty_two_week_range: str | None = Field(None, alias="fiftyTwoWeekRange")
    is_active: bool | None = Field(None, alias="isActive")
    asset_type: str | None = Field(None, alias="assetType")
    open_figi_composite: str | None = Field(None, alias="openFigiComposite")
    price_currency: str | None = Field(None, alias="priceCurrency")
    market_sector: str | None = Field(None, alias="marketSector")
    security_type: str | None = Field(None, alias="securityType")
    is_etf: bool | None = Field(None, alias="isEtf")
    is_adr: bool | None = Field(None, alias="isAdr")
    is_fund: bool | None = Field(None, alias="isFund")


class SICCode(ResponseModel):
    """One Standard Industrial Classification code, with its industry title and reviewing office."""

    sic_code: str = Field(alias="sicCode")
    industry_title: str | None = Field(None, alias="industryTitle")
    office: str | None = None


class IndustryClassification(ResponseModel):
    """A company's Standard Industrial Classification, with its CIK and contact details."""

    symbol: str | None = None
    name: str | None = None
    cik: str | None = None
    sic_code: str | None = Field(None, alias="sicCode")
    industry_title: str | None = Field(None, alias="industryTitle")
    business_address: str | None = Field(None, alias="businessAddress")
    phone_number: str | None = Field(None, alias="phoneNumber")
