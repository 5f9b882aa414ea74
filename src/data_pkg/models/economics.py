"""Response models of the ``economics`` group.

Treasury rates, economic indicators and calendar, market risk premiums and Commitment of Traders data.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class TreasuryRate(ResponseModel):
    """US Treasury yields for maturities from one month to thirty years on one date."""

    date: dt.date | None
    month1: float | None = None
    month2: float | None = None
    month3: float | None = None
    month6: float | None = None
    year1: float | None = None
    year2: float | None = None
    year3: float | None = None
    year5: float | None = None
    year7: float | None = None
    year10: float | None = None
    year20: float | None = None
    year30: float | None = None


class EconomicIndicator(ResponseModel):
    """One value of an economic indicator, such as GDP or CPI, on one date."""

    date: dt.date | None
    value: float
    name: str | None = None


class EconomicEvent(ResponseModel):
    """One scheduled economic release: country, time, impact and the previous, estimated and actual values."""

    event: str
    country: str | None = None
    date: DateOrTime | None
    currency: str | None = None
    previous: float | None = None
    estimate: float | None = None
    actual: float | None = None
    change: float | None = None
    impact: str | None = None
    change_percentage: float | None = Field(None, alias="changePercentage")
    unit: str | None = None


class MarketRiskPremium(ResponseModel):
    """One country's country risk premium and total equity risk premium."""

    country: str
    continent: str | None = None
    country_risk_premium: float | None = Field(None, alias="countryRiskPremium")
    total_equity_risk_premium: float | None = Field(None, alias="totalEquityRiskPremium")


class CommitmentOfTradersReport(ResponseModel):
    """One weekly Commitment of Traders report for a futures market: open interest and positions by trader category."""

    symbol: str | None = None
    date: DateOrTime | None = None
    name: str | None = None
    sector: str | None = None
    market_and_exchange_names: str | None = Field(None, alias="marketAndExchangeNames")
    cftc_contract_market_code: str | None = Field(None, alias="cftcContractMarketCode")
    cftc_market_code: str | None = Field(None, alias="cftcMarketCode")
    cftc_region_code: str | None = Field(None, alias="cftcRegionCode")
    cftc_commodity_code: str | None = Field(None, alias="cftcCommodityCode")
    open_interest_all: int | None = Field(None, alias="openInterestAll")
    noncomm_positions_long_all: int | None = Field(None, alias="noncommPositionsLongAll")
    noncomm_positions_short_all: int | None = Field(None, alias="noncommPositionsShortAll")
    comm_positions_long_all: int | None = Field(None, alias="commPositionsLongAll")
    comm_positions_short_all: int | None = Field(None, alias="commPositionsShortAll")
    contract_units: str | None = Field(None, alias="contractUnits")
    comm_positions_long_old: int | None = Field(None, alias="commPositionsLongOld")
    comm_positions_long_other: int | None = Field(None, alias="commPositionsLongOther")
    comm_positions_short_old: int | None = Field(None, alias="commPositionsShortOld")
    comm_positions_short_other: int | None = Field(None, alias="commPositionsShortOther")
    noncomm_positions_long_old: int | None = Field(None, alias="noncommPositionsLongOld")
    noncomm_positions_long_other: int | None = Field(None, alias="noncommPositionsLongOther")
    noncomm_positions_short_old: int | None = Field(None, alias="noncommPositionsShortOld")
    noncomm_positions_short_other: int | None = Field(None, alias="noncommPositionsShortOther")
    noncomm_positions_spread_all: int | None = Field(None, alias="noncommPositionsSpreadAll")
    noncomm_positions_spread_old: int | None = Field(None, alias="noncommPositionsSpreadOld")
    noncomm_positions_spread_other: int | None = Field(None, alias="noncommPositionsSpreadOther")
    nonrept_positions_long_all: int | None = Field(None, alias="nonreptPositionsLongAll")
    nonrept_positions_long_old: int | None = Field(None, alias="nonreptPositionsLongOld")
    nonrept_positions_long_other: int | None = Field(None, alias="nonreptPositionsLongOther")
    nonrept_positions_short_all: int | None = Field(None, alias="nonreptPositionsShortAll")
    nonrept_positions_short_old: int | None = Field(None, alias="nonreptPositionsShortOld")
    nonrept_positions_short_other: int | None = Field(None, alias="nonreptPositionsShortOther")
    tot_rept_positions_long_all: int | None = Field(None, alias="totReptPositionsLongAll")
    tot_rept_positions_long_old: int | None = Field(None, alias="totReptPositionsLongOld")
    tot_rept_positions_long_other: int | None = Field(None, alias="totReptPositionsLongOther")
    tot_rept_positions_short_all: int | None = Field(None, alias="totReptPositionsShortAll")
    tot_rept_positions_short_old: int | None = Field(None, alias="totReptPositionsShortOld")
    tot_rept_positions_short_other: int | None = Field(None, alias="totReptPositionsShortOther")
    open_interest_old: int | None = Field(None, alias="openInterestOld")
    open_interest_other: int | None = Field(None, alias="openInterestOther")
    change_in_open_interest_all: int | None = Field(None, alias="changeInOpenInterestAll")
    change_in_noncomm_long_all: int | None = Field(None, alias="changeInNoncommLongAll")
    change_in_noncomm_short_all: int | None = Field(None, alias="changeInNoncommShortAll")
    change_in_noncomm_spead_all: int | None = Field(None, alias="changeInNoncommSpeadAll")
    change_in_comm_long_all: int | None = Field(None, alias="changeInCommLongAll")
    change_in_comm_short_all: int | None = Field(None, alias="changeInCommShortAll")
    change_in_tot_rept_long_all: int | None = Field(None, alias="changeInTotReptLongAll")
    change_in_tot_rept_short_all: int | None = Field(None, alias="changeInTotReptShortAll")
    change_in_nonrept_long_all: int | None = Field(None, alias="changeInNonreptLongAll")
    change_in_nonrept_short_all: int | None = Field(None, alias="changeInNonreptShortAll")
    traders_comm_long_all: int | None = Field(None, alias="tradersCommLongAll")
    traders_comm_long_ol: int | None = Field(None, alias="tradersCommLongOl")
    traders_comm_long_other: int | None = Field(None, alias="tradersCommLongOther")
    traders_comm_short_all: int | None = Field(None, alias="tradersCommShortAll")
    traders_comm_short_ol: int | None = Field(None, alias="tradersCommShortOl")
    traders_comm_short_other: int | None = Field(None, alias="tradersCommShortOther")
    traders_noncomm_long_all: int | None = Field(None, alias="tradersNoncommLongAll")
    traders_noncomm_long_ol: int | None = Field(None, alias="tradersNoncommLongOl")
    traders_noncomm_long_other: int | None = Field(None, alias="tradersNoncommLongOther")
    traders_noncomm_short_all: int | None = Field(None, alias="tradersNoncommShortAll")
    traders_noncomm_short_ol: int | None = Field(None, alias="tradersNoncommShortOl")
    traders_noncomm_short_other: int | None = Field(None, alias="tradersNoncommShortOther")
    traders_noncomm_spread_all: int | None = Field(None, alias="tradersNoncommSpreadAll")
    traders_noncomm_spead_ol: int | None = Field(None, alias="tradersNoncommSpeadOl")
    traders_noncomm_spread_other: int | None = Field(None, alias="tradersNoncommSpreadOther")
    traders_tot_all: int | None = Field(None, alias="tradersTotAll")
    traders_tot_ol: int | None = Field(None, alias="tradersTotOl")
    traders_tot_other: int | None = Field(None, alias="tradersTotOther")
    traders_tot_rept_long_all: int | None = Field(None, alias="tradersTotReptLongAll")
    traders_tot_rept_long_ol: int | None = Field(None, alias="tradersTotReptLongOl")
    traders_tot_rept_long_other: int | None = Field(None, alias="tradersTotReptLongOther")
    traders_tot_rept_short_all: int | None = Field(None, alias="tradersTotReptShortAll")
    traders_tot_rept_short_ol: int | None = Field(None, alias="tradersTotReptShortOl")
    traders_tot_rept_short_other: int | None = Field(None, alias="tradersTotReptShortOther")
    conc_gross_le4_tdr_long_all: float | None = Field(None, alias="concGrossLe4TdrLongAll")
    conc_gross_le4_tdr_long_ol: float | None = Field(None, alias="concGrossLe4TdrLongOl")
    conc_gross_le4_tdr_long_other: float | None = Field(None, alias="concGrossLe4TdrLongOther")
    conc_gross_le4_tdr_short_all: float | None = Field(None, alias="concGrossLe4TdrShortAll")
    conc_gross_le4_tdr_short_ol: float | None = Field(None, alias="concGrossLe4TdrShortOl")
    conc_gross_le4_tdr_short_other: float | None = Field(None, alias="concGrossLe4TdrShortOther")
    conc_gross_le8_tdr_long_all: float | None = Field(None, alias="concGrossLe8TdrLongAll")
    conc_gross_le8_tdr_long_ol: float | None = Field(None, alias="concGrossLe8TdrLongOl")
    conc_gross_le8_tdr_long_other: float | None = Field(None, alias="concGrossLe8TdrLongOther")
    conc_gross_le8_tdr_short_all: float | None = Field(None, alias="concGrossLe8TdrShortAll")
    conc_gross_le8_tdr_short_ol: float | None = Field(None, alias="concGrossLe8TdrShortOl")
    conc_gross_le8_tdr_short_other: float | None = Field(None, alias="concGrossLe8TdrShortOther")
    conc_net_le4_tdr_long_all: float | None = Field(None, alias="concNetLe4TdrLongAll")
    conc_net_le4_tdr_long_ol: float | None = Field(None, alias="concNetLe4TdrLongOl")
    conc_net_le4_tdr_long_other: float | None = Field(None, alias="concNetLe4TdrLongOther")
    conc_net_le4_tdr_short_all: float | None = Field(None, alias="concNetLe4TdrShortAll")
    conc_net_le4_tdr_short_ol: float | None = Field(None, alias="concNetLe4TdrShortOl")
    conc_net_le4_tdr_short_other: float | None = Field(None, alias="concNetLe4TdrShortOther")
    conc_net_le8_tdr_long_all: float | None = Field(None, alias="concNetLe8TdrLongAll")
    conc_net_le8_tdr_long_ol: float | None = Field(None, alias="concNetLe8TdrLongOl")
    conc_net_le8_tdr_long_other: float | None = Field(None, alias="concNetLe8TdrLongOther")
    conc_net_le8_tdr_short_all: float | None = Field(None, alias="concNetLe8TdrShortAll")
    conc_net_le8_tdr_short_ol: float | None = Field(None, alias="concNetLe8TdrShortOl")
    conc_net_le8_tdr_short_other: float | None = Field(None, alias="concNetLe8TdrShortOther")
    pct_of_oi_comm_long_all: float | None = Field(None, alias="pctOfOiCommLongAll")
    pct_of_oi_comm_long_ol: float | None = Field(None, alias="pctOfOiCommLongOl")
    pct_of_oi_comm_long_other: float | None = Field(None, alias="pctOfOiCommLongOther")
    pct_of_oi_comm_short_all: float | None = Field(None, alias="pctOfOiCommShortAll")
    pct_of_oi_comm_short_ol: float | None = Field(None, alias="pctOfOiCommShortOl")
    pct_of_oi_comm_short_other: float | None = Field(None, alias="pctOfOiCommShortOther")
    pct_of_oi_noncomm_long_all: float | None = Field(None, alias="pctOfOiNoncommLongAll")
    pct_of_oi_noncomm_long_ol: float | None = Field(None, alias="pctOfOiNoncommLongOl")
    pct_of_oi_noncomm_long_other: float | None = Field(None, alias="pctOfOiNoncommLongOther")
    pct_of_oi_noncomm_short_all: float | None = Field(None, alias="pctOfOiNoncommShortAll")
    pct_of_oi_noncomm_short_ol: float | None = Field(None, alias="pctOfOiNoncommShortOl")
    pct_of_oi_noncomm_short_other: float | None = Field(None, alias="pctOfOiNoncommShortOther")
    pct_of_oi_noncomm_spread_all: float | None = Field(None, alias="pctOfOiNoncommSpreadAll")
    pct_of_oi_noncomm_spread_ol: float | None = Field(None, alias="pctOfOiNoncommSpreadOl")
    pct_of_oi_noncomm_spread_other: float | None = Field(None, alias="pctOfOiNoncommSpreadOther")
    pct_of_oi_nonrept_long_all: float | None = Field(None, alias="pctOfOiNonreptLongAll")
    pct_of_oi_nonrept_long_ol: float | None = Field(None, alias="pctOfOiNonreptLongOl")
    pct_of_oi_nonrept_long_other: float | None = Field(None, alias="pctOfOiNonreptLongOther")
    pct_of_oi_nonrept_short_all: float | None = Field(None, alias="pctOfOiNonreptShortAll")
    pct_of_oi_nonrept_short_ol: float | None = Field(None, alias="pctOfOiNonreptShortOl")
    pct_of_oi_nonrept_short_other: float | None = Field(None, alias="pctOfOiNonreptShortOther")
    pct_of_oi_tot_rept_long_all: float | None = Field(None, alias="pctOfOiTotReptLongAll")
    pct_of_oi_tot_rept_long_ol: float | None = Field(None, alias="pctOfOiTotReptLongOl")
    pct_of_oi_tot_rept_long_other: float | None = Field(None, alias="pctOfOiTotReptLongOther")
    pct_of_oi_tot_rept_short_all: float | None = Field(None, alias="pctOfOiTotReptShortAll")
    pct_of_oi_tot_rept_short_ol: float | None = Field(None, alias="pctOfOiTotReptShortOl")
    pct_of_oi_tot_rept_short_other: float | None = Field(None, alias="pctOfOiTotReptShortOther")
    pct_of_open_interest_all: float | None = Field(None, alias="pctOfOpenInterestAll")
    pct_of_open_interest_ol: float | None = Field(None, alias="pctOfOpenInterestOl")
    pct_of_open_interest_other: float | None = Field(None, alias="pctOfOpenInterestOther")


class CommitmentOfTradersAnalysis(ResponseModel):
    """One futures market's Commitment of Traders positioning read as net positions, their change and sentiment."""

    former_fields: ClassVar[Mapping[str, str]] = {"netPosition": "netPostion"}

    symbol: str | None = None
    date: DateOrTime | None = None
    name: str | None = None
    sector: str | None = None
    exchange: str | None = None
    current_long_market_situation: float | None = Field(None, alias="currentLongMarketSituation")
    current_short_market_situation: float | None = Field(None, alias="currentShortMarketSituation")
    market_situation: str | None = Field(None, alias="marketSituation")
    previous_long_market_situation: float | None = Field(None, alias="previousLongMarketSituation")
    previous_short_market_situation: float | None = Field(None, alias="previousShortMarketSituation")
    previous_market_situation: str | None = Field(None, alias="previousMarketSituation")
    net_position: float | None = Field(None, alias="netPostion")
    previous_net_position: float | None = Field(None, alias="previousNetPosition")
    change_in_net_position: float | None = Field(None, alias="changeInNetPosition")
    market_sentiment: str | None = Field(None, alias="marketSentiment")
    reversal_trend: bool | None = Field(None, alias="reversalTrend")


class CommitmentOfTradersListItem(ResponseModel):
    """One futures market covered by the Commitment of Traders reports."""

    symbol: str | None = None
    name: str | None = None


class EconomicIndicatorValue(ResponseModel):
    """One value of a named economic indicator on one date."""

    date: str
    name: str
    value: float
