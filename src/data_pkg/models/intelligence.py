"""Response models of the ``intelligence`` group.

Earnings and IPO calendars, news and press releases, social sentiment, ESG data, congressional trades
and disclosures, crowdfunding and exempt offerings, ratings, price targets and analyst grades.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel, ValueRange
from data_pkg.models._time import DateOrTime


class EarningConfirmed(ResponseModel):
    """A confirmed earnings announcement date for a company, with the notice that confirmed it."""

    symbol: str
    exchange: str
    time: str | None = None
    when: str | None = None
    date: DateOrTime | None
    publication_date: DateOrTime | None = Field(alias="publicationDate")
    title: str
    url: str


class EarningSurprise(ResponseModel):
    """A company's actual versus estimated earnings per share for one report."""

    former_fields: ClassVar[Mapping[str, str]] = {
        "actualEarningResult": "epsActual",
        "estimatedEarning": "epsEstimated",
    }

    symbol: str
    date: dt.date | None
    eps_actual: float | None = Field(None, alias="epsActual")
    eps_estimated: float | None = Field(None, alias="epsEstimated")
    last_updated: DateOrTime | None = Field(None, alias="lastUpdated")


class IPOEvent(ResponseModel):
    """One upcoming or recent initial public offering: company, exchange, date and terms."""

    symbol: str
    company: str
    date: dt.date | None
    exchange: str
    actions: str
    shares: int | None = None
    # A range as text ("10.00-12.00"), or one price as a number once it is set (20.0).
    price_range: float | str | None = Field(None, alias="priceRange")
    market_cap: float | None = Field(None, alias="marketCap")
    daa: str | None = None


class ProviderArticle(ResponseModel):
    """One article from the data vendor's own editorial feed."""

    title: str | None = None
    date: DateOrTime | None
    content: str | None = None
    tickers: str | None = None
    image: str | None = None
    link: str | None = None
    author: str | None = None
    site: str | None = None


class GeneralNewsArticle(ResponseModel):
    """One general market news article."""

    published_date: DateOrTime | None = Field(alias="publishedDate")
    title: str
    image: str
    site: str
    text: str
    url: str
    publisher: str | None = None
    symbol: str | None = None


class StockNewsArticle(ResponseModel):
    """One news article about a stock."""

    symbol: str | None = None
    published_date: DateOrTime | None = Field(alias="publishedDate")
    publisher: str | None = None
    title: str
    image: str | None = None
    site: str
    text: str
    url: str


class StockNewsSentiment(ResponseModel):
    """One stock news article with a sentiment label and score."""

    symbol: str | None = None
    published_date: DateOrTime | None = Field(alias="publishedDate")
    title: str
    image: str
    site: str
    text: str
    url: str
    sentiment: str
    sentiment_score: float = Field(alias="sentimentScore")


class ForexNewsArticle(ResponseModel):
    """One news article about currency markets or a currency pair."""

    published_date: DateOrTime | None = Field(alias="publishedDate")
    title: str
    image: str
    site: str
    text: str
    url: str
    symbol: str | None = None
    publisher: str | None = None


class CryptoNewsArticle(ResponseModel):
    """One news article about cryptocurrencies or a crypto pair."""

    published_date: DateOrTime | None = Field(alias="publishedDate")
    title: str
    image: str | None = None
    site: str
    text: str
    url: str
    symbol: str | None = None
    publisher: str | None = None


class PressRelease(ResponseModel):
    """One company press release from the feed of latest releases."""

    symbol: str | None = None
    date: DateOrTime | None = None
    title: str
    text: str
    image: str | None = None
    published_date: DateOrTime | None = Field(None, alias="publishedDate")
    publisher: str | None = None
    site: str | None = None
    url: str | None = None


class PressReleaseBySymbol(ResponseModel):
    """One press release issued by a given company."""

    symbol: str
    published_date: DateOrTime | None = Field(None, alias="publishedDate")
    date: DateOrTime | None = None
    publisher: str | None = None
    title: str
    image: str | None = None
    site: str | None = None
    text: str
    url: str | None = None


class HistoricalSocialSentiment(ResponseModel):
    """Social media posts, comments, likes, impressions and sentiment for a stock at one point in time."""

    date: DateOrTime | None
    symbol: str
    stocktwits_posts: int = Field(alias="stocktwitsPosts")
    twitter_posts: int = Field(alias="twitterPosts")
    stocktwits_comments: int = Field(alias="stocktwitsComments")
    twitter_comments: int = Field(alias="twitterComments")
    stocktwits_likes: int = Field(alias="stocktwitsLikes")
    twitter_likes: int = Field(alias="twitterLikes")
    stocktwits_impressions: int = Field(alias="stocktwitsImpressions")
    twitter_impressions: int = Field(alias="twitterImpressions")
    stocktwits_sentiment: float = Field(alias="stocktwitsSentiment")
    twitter_sentiment: float = Field(alias="twitterSentiment")


class TrendingSocialSentiment(ResponseModel):
    """One stock ranked by social media activity, with its current and previous sentiment."""

    symbol: str
    name: str
    rank: int
    sentiment: float
    last_sentiment: float = Field(alias="lastSentiment")


class SocialSentimentChanges(ResponseModel):
    """One stock ranked by the change in its social media sentiment."""

    symbol: str
    name: str
    rank: int
    sentiment: float
    sentiment_change: float = Field(alias="sentimentChange")


class ESGData(ResponseModel):
    """A company's environmental, social and governance scores from one disclosure."""

    symbol: str | None = None
    cik: str | None = None
    date: DateOrTime | None = None
    environmental_score: float | None = Field(None, alias="environmentalScore")
    social_score: float | None = Field(None, alias="socialScore")
    governance_score: float | None = Field(None, alias="governanceScore")
    esg_score: float | None = Field(None, alias="ESGScore")
    company_name: str | None = Field(None, alias="companyName")
    industry: str | None = None
    form_type: str | None = Field(None, alias="formType")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    url: str | None = None


class ESGRating(ResponseModel):
    """A company's ESG risk rating and industry rank for one year."""

    symbol: str | None = None
    cik: str | None = None
    company_name: str | None = Field(None, alias="companyName")
    industry: str | None = None
    year: int | None = None
    esg_risk_rating: str | None = Field(None, alias="ESGRiskRating")
    industry_rank: str | None = Field(None, alias="industryRank")
    fiscal_year: int | None = Field(None, alias="fiscalYear")


class ESGBenchmark(ResponseModel):
    """Average environmental, social and governance scores for one sector and year."""

    year: int | None = None
    sector: str | None = None
    environmental_score: float | None = Field(None, alias="environmentalScore")
    social_score: float | None = Field(None, alias="socialScore")
    governance_score: float | None = Field(None, alias="governanceScore")
    esg_score: float | None = Field(None, alias="ESGScore")
    average_environmental_score: float | None = Field(None, alias="averageEnvironmentalScore")
    average_social_score: float | None = Field(None, alias="averageSocialScore")
    average_governance_score: float | None = Field(None, alias="averageGovernanceScore")
    average_esg_score: float | None = Field(None, alias="averageESGScore")
    fiscal_year: int | None = Field(None, alias="fiscalYear")


class SenateTrade(ResponseModel):
    """One securities transaction disclosed by a member of the Senate."""

    symbol: str | None = None
    senate_id: str | None = Field(None, alias="senateID")
    disclosure_date: dt.date | None = Field(None, alias="disclosureDate")
    transaction_date: dt.date | None = Field(None, alias="transactionDate")
    first_name: str | None = Field(None, alias="firstName")
    last_name: str | None = Field(None, alias="lastName")
    office: str | None = None
    district: str | None = None
    owner: str | None = None
    asset_description: str | None = Field(None, alias="assetDescription")
    asset_type: str | None = Field(None, alias="assetType")
    type: str | None = None
    amount: str | None = None
    capital_gains_over200_usd: str | None = Field(None, alias="capitalGainsOver200USD")
    comment: str | None = None
    link: str | None = None


class HouseDisclosure(ResponseModel):
    """One securities transaction disclosed by a member of the House of Representatives."""

    symbol: str | None = None
    senate_id: str | None = Field(None, alias="senateID")
    disclosure_date: dt.date | None = Field(None, alias="disclosureDate")
    transaction_date: dt.date | None = Field(None, alias="transactionDate")
    first_name: str | None = Field(None, alias="firstName")
    last_name: str | None = Field(None, alias="lastName")
    office: str | None = None
    district: str | None = None
    owner: str | None = None
    asset_description: str | None = Field(None, alias="assetDescription")
    asset_type: str | None = Field(None, alias="assetType")
    type: str | None = None
    amount: str | None = None
    comment: str | None = None
    link: str | None = None
    capital_gains_over200_usd: str | None = Field(None, alias="capitalGainsOver200USD")


class SenateProfile(ResponseModel):
    """A senator's profile: party, state, position and years in office."""

    senate_id: str | None = Field(None, alias="senateID")
    first_name: str | None = Field(None, alias="firstName")
    last_name: str | None = Field(None, alias="lastName")
    birth_date: dt.date | None = Field(None, alias="birthDate")
    latest_party: str | None = Field(None, alias="latestParty")
    latest_state: str | None = Field(None, alias="latestState")
    latest_position: str | None = Field(None, alias="latestPosition")
    image: str | None = None
    active: bool | None = None
    years_active: float | None = Field(None, alias="yearsActive")


class SenatePosition(ResponseModel):
    """One term a senator served: congress, dates, party, position and state."""

    senate_id: str | None = Field(None, alias="senateID")
    congress_number: int | None = Field(None, alias="congressNumber")
    start_date: dt.date | None = Field(None, alias="startDate")
    end_date: dt.date | None = Field(None, alias="endDate")
    party: str | None = None
    position: str | None = None
    state: str | None = None
    years_in_term: float | None = Field(None, alias="yearsInTerm")


class SenateNetWorthItem(ResponseModel):
    """One asset, liability or income line from a senator's annual financial disclosure."""

    senate_id: str | None = Field(None, alias="senateID")
    form_type: str | None = Field(None, alias="formType")
    year: int | None = None
    filing_date: dt.date | None = Field(None, alias="filingDate")
    section: str | None = None
    category: str | None = None
    name: str | None = None
    asset_type: str | None = Field(None, alias="assetType")
    income_type: str | None = Field(None, alias="incomeType")
    owner: str | None = None
    comment: str | None = None
    debt_details: dict[str, Any] | None = Field(None, alias="debtDetails")
    value_range: ValueRange | None = Field(None, alias="valueRange")
    value: float | None = None
    income_range: ValueRange | None = Field(None, alias="incomeRange")
    income: float | None = None
    link: str | None = None


class SenateNetWorthAggregated(ResponseModel):
    """A senator's disclosed holdings and liabilities for one year, totalled by category."""

    senate_id: str | None = Field(None, alias="senateID")
    year: int | None = None
    total: float | None = None
    real_estate_liabilities: float | None = Field(None, alias="realEstateLiabilities")
    cash_and_cash_equivalents: float | None = Field(None, alias="cashAndCashEquivalents")
    business_and_self_employment: float | None = Field(None, alias="businessAndSelfEmployment")
    real_estate: float | None = Field(None, alias="realEstate")
    ownership_interest: float | None = Field(None, alias="ownershipInterest")
    stock: float | None = None
    options: float | None = None
    revolving_and_credit_lines: float | None = Field(None, alias="revolvingAndCreditLines")
    asset_backed_securities: float | None = Field(None, alias="assetBackedSecurities")
    business_liabilities: float | None = Field(None, alias="businessLiabilities")
    mutual_funds_and_et_fs: float | None = Field(None, alias="mutualFundsAndETFs")


class CrowdfundingOffering(ResponseModel):
    """One crowdfunding offering filing (Form C): issuer, intermediary, terms and financials."""

    former_fields: ClassVar[Mapping[str, str]] = {"acceptanceTime": "acceptedDate"}

    cik: str
    company_name: str | None = Field(None, alias="companyName")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    form_type: str = Field(alias="formType")
    form_signification: str = Field(alias="formSignification")
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    date: str | None = None
    name_of_issuer: str | None = Field(None, alias="nameOfIssuer")
    legal_status_form: str | None = Field(None, alias="legalStatusForm")
    jurisdiction_organization: str | None = Field(None, alias="jurisdictionOrganization")
    issuer_street: str | None = Field(None, alias="issuerStreet")
    issuer_city: str | None = Field(None, alias="issuerCity")
    issuer_state_or_country: str | None = Field(None, alias="issuerStateOrCountry")
    issuer_zip_code: str | None = Field(None, alias="issuerZipCode")
    issuer_website: str | None = Field(None, alias="issuerWebsite")
    intermediary_company_name: str | None = Field(None, alias="intermediaryCompanyName")
    intermediary_commission_cik: str | None = Field(None, alias="intermediaryCommissionCik")
    intermediary_commission_file_number: str | None = Field(None, alias="intermediaryCommissionFileNumber")
    compensation_amount: str | None = Field(None, alias="compensationAmount")
    financial_interest: str | None = Field(None, alias="financialInterest")
    security_offered_type: str | None = Field(None, alias="securityOfferedType")
    security_offered_other_description: str | None = Field(None, alias="securityOfferedOtherDescription")
    number_of_security_offered: int = Field(alias="numberOfSecurityOffered")
    offering_price: float = Field(alias="offeringPrice")
    offering_amount: float = Field(alias="offeringAmount")
    over_subscription_accepted: str = Field(alias="overSubscriptionAccepted")
    over_subscription_allocation_type: str | None = Field(None, alias="overSubscriptionAllocationType")
    maximum_offering_amount: float = Field(alias="maximumOfferingAmount")
    offering_deadline_date: str | None = Field(None, alias="offeringDeadlineDate")
    current_number_of_employees: int = Field(alias="currentNumberOfEmployees")
    total_asset_most_recent_fiscal_year: float = Field(alias="totalAssetMostRecentFiscalYear")
    cash_and_cash_equi_valent_most_recent_fiscal_year: float = Field(alias="cashAndCashEquiValentMostRecentFiscalYear")
    accounts_receivable_most_recent_fiscal_year: float = Field(alias="accountsReceivableMostRecentFiscalYear")
    short_term_debt_most_recent_fiscal_year: float = Field(alias="shortTermDebtMostRecentFiscalYear")
    long_term_debt_most_recent_fiscal_year: float = Field(alias="longTermDebtMostRecentFiscalYear")
    revenue_most_recent_fiscal_year: float = Field(alias="revenueMostRecentFiscalYear")
    cost_goods_sold_most_recent_fiscal_year: float = Field(alias="costGoodsSoldMostRecentFiscalYear")
    taxes_paid_most_recent_fiscal_year: float = Field(alias="taxesPaidMostRecentFiscalYear")
    net_income_most_recent_fiscal_year: float = Field(alias="netIncomeMostRecentFiscalYear")
    total_asset_prior_fiscal_year: float = Field(alias="totalAssetPriorFiscalYear")
    cash_and_cash_equi_valent_prior_fiscal_year: float = Field(alias="cashAndCashEquiValentPriorFiscalYear")
    accounts_receivable_prior_fiscal_year: float = Field(alias="accountsReceivablePriorFiscalYear")
    short_term_debt_prior_fiscal_year: float = Field(alias="shortTermDebtPriorFiscalYear")
    long_term_debt_prior_fiscal_year: float = Field(alias="longTermDebtPriorFiscalYear")
    revenue_prior_fiscal_year: float = Field(alias="revenuePriorFiscalYear")
    cost_goods_sold_prior_fiscal_year: float = Field(alias="costGoodsSoldPriorFiscalYear")
    taxes_paid_prior_fiscal_year: float = Field(alias="taxesPaidPriorFiscalYear")
    net_income_prior_fiscal_year: float = Field(alias="netIncomePriorFiscalYear")


class CrowdfundingOfferingSearchItem(ResponseModel):
    """A crowdfunding issuer matching a name search: CIK, name and date."""

    cik: str
    name: str | None = None
    date: str | None = None


class EquityOffering(ResponseModel):
    """One exempt securities offering notice (Form D): issuer, related person and amounts."""

    former_fields: ClassVar[Mapping[str, str]] = {"acceptanceTime": "acceptedDate"}

    date: str | None = None
    filing_date: DateOrTime | None = Field(None, alias="filingDate")
    form_type: str = Field(alias="formType")
    form_signification: str = Field(alias="formSignification")
    accepted_date: DateOrTime | None = Field(None, alias="acceptedDate")
    is_amendment: bool | None = Field(None, alias="isAmendment")
    cik: str
    company_name: str | None = Field(None, alias="companyName")
    entity_name: str = Field(alias="entityName")
    entity_type: str = Field(alias="entityType")
    jurisdiction_of_incorporation: str = Field(alias="jurisdictionOfIncorporation")
    incorporated_within_five_years: bool | None = Field(None, alias="incorporatedWithinFiveYears")
    year_of_incorporation: str = Field(alias="yearOfIncorporation")
    industry_group_type: str = Field(alias="industryGroupType")
    revenue_range: str | None = Field(None, alias="revenueRange")
    issuer_street: str = Field(alias="issuerStreet")
    issuer_city: str = Field(alias="issuerCity")
    issuer_state_or_country: str = Field(alias="issuerStateOrCountry")
    issuer_state_or_country_description: str = Field(alias="issuerStateOrCountryDescription")
    issuer_zip_code: str = Field(alias="issuerZipCode")
    issuer_phone_number: str = Field(alias="issuerPhoneNumber")
    related_person_first_name: str = Field(alias="relatedPersonFirstName")
    related_person_last_name: str = Field(alias="relatedPersonLastName")
    related_person_street: str = Field(alias="relatedPersonStreet")
    related_person_city: str = Field(alias="relatedPersonCity")
    related_person_state_or_country: str = Field(alias="relatedPersonStateOrCountry")
    related_person_state_or_country_description: str = Field(alias="relatedPersonStateOrCountryDescription")
    related_person_zip_code: str = Field(alias="relatedPersonZipCode")
    related_person_relationship: str = Field(alias="relatedPersonRelationship")
    federal_exemptions_exclusions: str = Field(alias="federalExemptionsExclusions")
    date_of_first_sale: str = Field(alias="dateOfFirstSale")
    duration_of_offering_is_more_than_year: bool | None = Field(None, alias="durationOfOfferingIsMoreThanYear")
    securities_offered_are_of_equity_type: bool | None = Field(None, alias="securitiesOfferedAreOfEquityType")
    is_business_combination_transaction: bool | None = Field(None, alias="isBusinessCombinationTransaction")
    minimum_investment_accepted: float = Field(alias="minimumInvestmentAccepted")
    total_offering_amount: float = Field(alias="totalOfferingAmount")
    total_amount_sold: float = Field(alias="totalAmountSold")
    total_amount_remaining: float = Field(alias="totalAmountRemaining")
    has_non_accredited_investors: bool | None = Field(None, alias="hasNonAccreditedInvestors")
    total_number_already_invested: int = Field(alias="totalNumberAlreadyInvested")
    sales_commissions: float = Field(alias="salesCommissions")
    finders_fees: float = Field(alias="findersFees")
    gross_proceeds_used: float = Field(alias="grossProceedsUsed")


class EquityOfferingSearchItem(ResponseModel):
    """An exempt-offering issuer matching a name search: CIK, name and date."""

    cik: str
    name: str
    date: DateOrTime | None


class RatingsSnapshot(ResponseModel):
    """A company's current rating, with per-factor scores and recommendations."""

    symbol: str
    date: DateOrTime | None = None
    rating: str
    rating_score: int | None = Field(None, alias="ratingScore")
    rating_recommendation: str | None = Field(None, alias="ratingRecommendation")
    rating_details_dcf_score: int | None = Field(None, alias="ratingDetailsDCFScore")
    rating_details_dcf_recommendation: str | None = Field(None, alias="ratingDetailsDCFRecommendation")
    rating_details_roe_score: int | None = Field(None, alias="ratingDetailsROEScore")
    rating_details_roe_recommendation: str | None = Field(None, alias="ratingDetailsROERecommendation")
    rating_details_roa_score: int | None = Field(None, alias="ratingDetailsROAScore")
    rating_details_roa_recommendation: str | None = Field(None, alias="ratingDetailsROARecommendation")
    rating_details_de_score: int | None = Field(None, alias="ratingDetailsDEScore")
    rating_details_de_recommendation: str | None = Field(None, alias="ratingDetailsDERecommendation")
    rating_details_pe_score: int | None = Field(None, alias="ratingDetailsPEScore")
    rating_details_pe_recommendation: str | None = Field(None, alias="ratingDetailsPERecommendation")
    rating_details_pb_score: int | None = Field(None, alias="ratingDetailsPBScore")
    rating_details_pb_recommendation: str | None = Field(None, alias="ratingDetailsPBRecommendation")
    debt_to_equity_score: int | None = Field(None, alias="debtToEquityScore")
    discounted_cash_flow_score: int | None = Field(None, alias="discountedCashFlowScore")
    overall_score: int | None = Field(None, alias="overallScore")
    price_to_book_score: int | None = Field(None, alias="priceToBookScore")
    price_to_earnings_score: int | None = Field(None, alias="priceToEarningsScore")
    return_on_assets_score: int | None = Field(None, alias="returnOnAssetsScore")
    return_on_equity_score: int | None = Field(None, alias="returnOnEquityScore")


class HistoricalRating(ResponseModel):
    """A company's rating on one date, with per-factor scores and recommendations as flat fields."""

    symbol: str
    date: DateOrTime | None
    rating: str
    rating_score: int | None = Field(None, alias="ratingScore")
    rating_recommendation: str | None = Field(None, alias="ratingRecommendation")
    rating_details_dcf_score: int | None = Field(None, alias="ratingDetailsDCFScore")
    rating_details_dcf_recommendation: str | None = Field(None, alias="ratingDetailsDCFRecommendation")
    rating_details_roe_score: int | None = Field(None, alias="ratingDetailsROEScore")
    rating_details_roe_recommendation: str | None = Field(None, alias="ratingDetailsROERecommendation")
    rating_details_roa_score: int | None = Field(None, alias="ratingDetailsROAScore")
    rating_details_roa_recommendation: str | None = Field(None, alias="ratingDetailsROARecommendation")
    rating_details_de_score: int | None = Field(None, alias="ratingDetailsDEScore")
    rating_details_de_recommendation: str | None = Field(None, alias="ratingDetailsDERecommendation")
    rating_details_pe_score: int | None = Field(None, alias="ratingDetailsPEScore")
    rating_details_pe_recommendation: str | None = Field(None, alias="ratingDetailsPERecommendation")
    rating_details_pb_score: int | None = Field(None, alias="ratingDetailsPBScore")
    rating_details_pb_recommendation: str | None = Field(None, alias="ratingDetailsPBRecommendation")
    debt_to_equity_score: int | None = Field(None, alias="debtToEquityScore")
    discounted_cash_flow_score: int | None = Field(None, alias="discountedCashFlowScore")
    overall_score: int | None = Field(None, alias="overallScore")
    price_to_book_score: int | None = Field(None, alias="priceToBookScore")
    price_to_earnings_score: int | None = Field(None, alias="priceToEarningsScore")
    return_on_assets_score: int | None = Field(None, alias="returnOnAssetsScore")
    return_on_equity_score: int | None = Field(None, alias="returnOnEquityScore")


class PriceTargetNews(ResponseModel):
    """One news item reporting an analyst's price target for a stock."""

    symbol: str
    published_date: DateOrTime | None = Field(alias="publishedDate")
    news_url: str = Field(alias="newsURL")
    news_title: str = Field(alias="newsTitle")
    analyst_name: str | None = Field(None, alias="analystName")
    price_target: float = Field(alias="priceTarget")
    adj_price_target: float = Field(alias="adjPriceTarget")
    price_when_posted: float = Field(alias="priceWhenPosted")
    news_publisher: str = Field(alias="newsPublisher")
    news_base_url: str = Field(alias="newsBaseURL")
    analyst_company: str = Field(alias="analystCompany")


class StockGrade(ResponseModel):
    """One analyst grade action on a stock, such as an upgrade, downgrade or reiteration."""

    symbol: str
    published_date: DateOrTime | None = Field(None, alias="publishedDate")
    news_url: str | None = Field(None, alias="newsURL")
    news_title: str | None = Field(None, alias="newsTitle")
    news_base_url: str | None = Field(None, alias="newsBaseURL")
    news_publisher: str | None = Field(None, alias="newsPublisher")
    new_grade: str = Field(alias="newGrade")
    previous_grade: str | None = Field(None, alias="previousGrade")
    grading_company: str = Field(alias="gradingCompany")
    action: str
    price_when_posted: float | None = Field(None, alias="priceWhenPosted")
    date: DateOrTime | None = None


class HistoricalStockGrade(ResponseModel):
    """Counts of analyst ratings from strong buy to strong sell for a stock on one date."""

    symbol: str
    published_date: DateOrTime | None = Field(None, alias="publishedDate")
    news_url: str | None = Field(None, alias="newsURL")
    news_title: str | None = Field(None, alias="newsTitle")
    news_base_url: str | None = Field(None, alias="newsBaseURL")
    news_publisher: str | None = Field(None, alias="newsPublisher")
    new_grade: str | None = Field(None, alias="newGrade")
    previous_grade: str | None = Field(None, alias="previousGrade")
    grading_company: str | None = Field(None, alias="gradingCompany")
    action: str | None = None
    price_when_posted: float | None = Field(None, alias="priceWhenPosted")
    date: DateOrTime | None = None
    analyst_ratings_buy: int | None = Field(None, alias="analystRatingsBuy")
    analyst_ratings_hold: int | None = Field(None, alias="analystRatingsHold")
    analyst_ratings_sell: int | None = Field(None, alias="analystRatingsSell")
    analyst_ratings_strong_buy: int | None = Field(None, alias="analystRatingsStrongBuy")
    analyst_ratings_strong_sell: int | None = Field(None, alias="analystRatingsStrongSell")


class StockGradesConsensus(ResponseModel):
    """The consensus analyst grade for a stock, with counts from strong buy to strong sell."""

    symbol: str | None = None
    consensus: str
    strong_buy: int = Field(alias="strongBuy")
    buy: int
    hold: int
    sell: int
    strong_sell: int = Field(alias="strongSell")


class StockGradeNews(ResponseModel):
    """One news item reporting an analyst grade change on a stock."""

    symbol: str
    published_date: DateOrTime | None = Field(alias="publishedDate")
    news_url: str = Field(alias="newsURL")
    news_title: str = Field(alias="newsTitle")
    news_base_url: str = Field(alias="newsBaseURL")
    news_publisher: str = Field(alias="newsPublisher")
    new_grade: str = Field(alias="newGrade")
    previous_grade: str | None = Field(None, alias="previousGrade")
    grading_company: str = Field(alias="gradingCompany")
    action: str
    price_when_posted: float = Field(alias="priceWhenPosted")
