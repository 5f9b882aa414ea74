"""Response models of the ``technical`` endpoints."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from data_pkg.models._base import ResponseModel


class SMAIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    sma: float


class EMAIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    ema: float


class WMAIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    wma: float


class DEMAIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    dema: float


class TEMAIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    tema: float


class RSIIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    rsi: float


class StandardDeviationIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    standard_deviation: float = Field(alias='standardDeviation')


class WilliamsIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    williams: float


class ADXIndicator(ResponseModel):
    """Response row of the technical group."""

    date: dt.datetime
    open: float
    high: float
    low: float
    close: float
    volume: int
    adx: float
