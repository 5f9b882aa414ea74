"""Response models of the ``technical`` group.

Price bars paired with one technical indicator value each: moving averages, RSI, standard deviation,
Williams %R and ADX.
"""

from __future__ import annotations

from pydantic import Field

from data_pkg.models._base import ResponseModel
from data_pkg.models._time import DateOrTime


class SMAIndicator(ResponseModel):
    """One price bar with its simple moving average."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    sma: float


class EMAIndicator(ResponseModel):
    """One price bar with its exponential moving average."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    ema: float


class WMAIndicator(ResponseModel):
    """One price bar with its weighted moving average."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    wma: float


class DEMAIndicator(ResponseModel):
    """One price bar with its double exponential moving average."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    dema: float


class TEMAIndicator(ResponseModel):
    """One price bar with its triple exponential moving average."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    tema: float


class RSIIndicator(ResponseModel):
    """One price bar with its relative strength index."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    rsi: float


class StandardDeviationIndicator(ResponseModel):
    """One price bar with the standard deviation of its closing prices."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    standard_deviation: float = Field(alias="standardDeviation")


class WilliamsIndicator(ResponseModel):
    """One price bar with its Williams %R value."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    williams: float


class ADXIndicator(ResponseModel):
    """One price bar with its average directional index."""

    date: DateOrTime | None
    open: float
    high: float
    low: float
    close: float
    volume: int
    adx: float
