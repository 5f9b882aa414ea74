"""Daily indicators agree with the history of the same symbol, as the upstream's do: each is recomputed here by hand
from the closes the history route sends. Before, every indicator value was a random draw (an RSI of 20 to 80 whatever
the closes), so no agent could check one against its own computation."""

from __future__ import annotations

import itertools
import statistics
from typing import Any

import httpx2
import pytest

RANGE = {"from": "2023-01-01", "to": "2024-12-31"}
KEY = {"apikey": "demo"}


def closes(client: httpx2.Client, symbol: str) -> dict[str, float]:
    """The daily closes of ``symbol`` by day, from 2019 on (a long lead-in for the smoothed indicators)."""
    reply = client.get(
        "/stable/historical-price-eod/full", params={"symbol": symbol, "from": "2019-01-01", "to": RANGE["to"], **KEY}
    )
    return {row["date"]: row["close"] for row in reply.json()}


def indicator(client: httpx2.Client, name: str, symbol: str, n: int, **extra: str) -> list[dict[str, Any]]:
    params: dict[str, str | int] = {"symbol": symbol, "periodLength": n, "timeframe": "1day", **RANGE, **KEY, **extra}
    reply = client.get(f"/stable/technical-indicators/{name}", params=params)
    assert reply.status_code == 200, reply.text
    rows: list[dict[str, Any]] = reply.json()
    return rows


def wilder_rsi(prices: list[float], n: int) -> list[float]:
    """RSI at each price from the n-th change on: the by-hand oracle."""
    changes = [b - a for a, b in itertools.pairwise(prices)]
    gain = sum(max(c, 0) for c in changes[:n]) / n
    loss = sum(max(-c, 0) for c in changes[:n]) / n
    out = [100 - 100 / (1 + gain / loss)]
    for c in changes[n:]:
        gain, loss = (gain * (n - 1) + max(c, 0)) / n, (loss * (n - 1) + max(-c, 0)) / n
        out.append(100 - 100 / (1 + gain / loss))
    return out


@pytest.fixture(scope="module")
def history(client: httpx2.Client) -> tuple[list[str], list[float]]:
    by_day = closes(client, "AAPL")
    days = sorted(by_day)
    return days, [by_day[day] for day in days]


def test_each_row_carries_the_close_the_history_has(client: httpx2.Client, history: Any) -> None:
    by_day = dict(zip(*history, strict=True))
    rows = indicator(client, "sma", "AAPL", 10)
    assert len(rows) > 400
    assert all(row["close"] == by_day[row["date"][:10]] for row in rows)


def test_sma_and_standard_deviation_are_over_the_last_n_closes(client: httpx2.Client, history: Any) -> None:
    days, prices = history
    index = {day: i for i, day in enumerate(days)}
    for row in indicator(client, "sma", "AAPL", 10)[:50]:
        i = index[row["date"][:10]]
        assert row["sma"] == pytest.approx(statistics.fmean(prices[i - 9 : i + 1]), rel=1e-12)
    for row in indicator(client, "standarddeviation", "AAPL", 20)[:50]:
        i = index[row["date"][:10]]
        assert row["standardDeviation"] == pytest.approx(statistics.pstdev(prices[i - 19 : i + 1]), rel=1e-9)


def test_rsi_is_wilders_over_the_closes(client: httpx2.Client, history: Any) -> None:
    days, prices = history
    by_hand = dict(zip(days[14:], wilder_rsi(prices, 14), strict=True))
    rows = indicator(client, "rsi", "AAPL", 14)
    assert {row["date"][:10] for row in rows} <= set(by_hand)
    for row in rows:
        # Four years of lead-in here, 400 trading days in the sandbox: the starts' weight is gone.
        assert row["rsi"] == pytest.approx(by_hand[row["date"][:10]], abs=1e-6)


def test_ema_is_seeded_with_a_mean_then_smoothed(client: httpx2.Client, history: Any) -> None:
    days, prices = history
    n, alpha = 20, 2 / 21
    value = statistics.fmean(prices[:n])
    by_hand = {days[n - 1]: value}
    for day, price in zip(days[n:], prices[n:], strict=True):
        value += (price - value) * alpha
        by_hand[day] = value
    for row in indicator(client, "ema", "AAPL", n):
        assert row["ema"] == pytest.approx(by_hand[row["date"][:10]], rel=1e-9)


def test_an_indicator_is_the_same_whatever_range_holds_the_day(client: httpx2.Client) -> None:
    whole = {row["date"]: row["rsi"] for row in indicator(client, "rsi", "AAPL", 14)}
    part = indicator(client, "rsi", "AAPL", 14, **{"from": "2024-06-01"})
    assert part and all(row["rsi"] == pytest.approx(whole[row["date"]], abs=1e-9) for row in part)
