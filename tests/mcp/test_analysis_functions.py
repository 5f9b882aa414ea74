"""The finance functions of the query engine, each against a computation done by hand on a four-day series kept out of
date order (so that a function relying on the order SQLite feeds rows in would fail), plus what the engine refuses
that the SDK client cannot send."""

from __future__ import annotations

import gc
import math
import statistics
import warnings
from collections.abc import Iterator

import pytest

from data_pkg.analysis import KeptTables, QueryRefusedError
from data_pkg.toolsets import AnalysisSpec

SPEC = AnalysisSpec()
# Out of date order on purpose; one row without a close, which every function skips.
ROWS = [
    {"date": "2021-01-01", "close": 99.0, "other": 3},
    {"date": "2020-01-01", "close": 100.0, "other": 1},
    {"date": "2022-01-01", "close": 121.0, "other": 7},
    {"date": "2021-06-01", "close": None, "other": None},
    {"date": "2020-07-01", "close": 110.0, "other": 2},
]


@pytest.fixture(scope="module")
def tables() -> Iterator[KeptTables]:
    store = KeptTables()
    kept = store.keep("historical_prices", ROWS, {"symbol": "TEST"}, tool="historical_prices", arguments={}, spec=SPEC)
    assert kept is not None and kept.name == "historical_prices_1" and kept.rows == kept.of == 5
    yield store
    store.close()


def one(tables: KeptTables, expression: str) -> object:
    (row,) = tables.query(f"SELECT {expression} AS v FROM historical_prices_1", SPEC).rows
    return row["v"]


def test_period_return_is_last_over_first_minus_one(tables: KeptTables) -> None:
    assert one(tables, "period_return(date, close)") == pytest.approx(121 / 100 - 1)


def test_cagr_compounds_over_calendar_days(tables: KeptTables) -> None:
    # 2020-01-01 to 2022-01-01 is 731 days (2020 is a leap year).
    assert one(tables, "cagr(date, close)") == pytest.approx(1.21 ** (365.25 / 731) - 1)


def test_volatility_is_the_annualised_sample_deviation_of_log_returns(tables: KeptTables) -> None:
    returns = [math.log(110 / 100), math.log(99 / 110), math.log(121 / 99)]
    assert one(tables, "volatility(date, close)") == pytest.approx(statistics.stdev(returns) * math.sqrt(252))


def test_max_drawdown_is_the_worst_fall_from_a_peak(tables: KeptTables) -> None:
    assert one(tables, "max_drawdown(date, close)") == pytest.approx(99 / 110 - 1)


def test_moving_averages_at_the_last_date(tables: KeptTables) -> None:
    assert one(tables, "sma(date, close, 2)") == pytest.approx((99 + 121) / 2)
    # Seeded with the mean of the first two (105), then e += 2/3 * (p - e): 101, then 114.333...
    assert one(tables, "ema(date, close, 2)") == pytest.approx(101 + 2 / 3 * (121 - 101))
    assert one(tables, "sma(date, close, 9)") is None  # fewer prices than the window


def test_rsi_follows_wilders_smoothing(tables: KeptTables) -> None:
    # Changes +10, -11, +22. First two: gain 5, loss 5.5; then gain (5 + 22) / 2 = 13.5, loss 5.5 / 2 = 2.75.
    assert one(tables, "rsi(date, close, 2)") == pytest.approx(100 - 100 / (1 + 13.5 / 2.75))
    assert one(tables, "rsi(date, close)") is None  # 14 by default: too few prices


def test_correlation_is_pearsons_coefficient(tables: KeptTables) -> None:
    # x = other (1, 2, 3, 7), y = close (100, 110, 99, 121), the NULL row skipped.
    xs, ys = [1.0, 2.0, 3.0, 7.0], [100.0, 110.0, 99.0, 121.0]
    assert one(tables, "correlation(other, close)") == pytest.approx(statistics.correlation(xs, ys))


def test_envelope_fields_become_columns_and_types_are_kept(tables: KeptTables) -> None:
    (row,) = tables.query(
        "SELECT symbol, typeof(close) AS c, typeof(other) AS o, typeof(date) AS d FROM historical_prices_1 LIMIT 1",
        SPEC,
    ).rows
    assert row == {"symbol": "TEST", "c": "real", "o": "integer", "d": "text"}


def test_a_lone_surrogate_is_refused_as_text(tables: KeptTables) -> None:
    with pytest.raises(QueryRefusedError, match="not valid text"):
        tables.query("SELECT '\ud800'", SPEC)


def test_a_table_over_its_row_limit_keeps_its_first_rows_and_the_oldest_table_goes_first() -> None:
    spec = AnalysisSpec(max_table_rows=3, max_rows=5)
    store = KeptTables()
    first = store.keep("a", ROWS, None, tool="a", arguments={"symbol": "X"}, spec=spec)
    second = store.keep("a", ROWS, None, tool="a", arguments={"symbol": "Y"}, spec=spec)
    assert first is not None and (first.rows, first.of) == (3, 5)
    assert second is not None and [t.name for t in store.tables] == ["a_2"]
    with pytest.raises(QueryRefusedError, match=r'table a_1 was dropped .* call a with \{"symbol": "X"\} again'):
        store.query("SELECT * FROM a_1", spec)


def test_a_store_dropped_without_close_leaves_no_open_database() -> None:
    # Python 3.13 warns when an sqlite connection is finalised open; with warnings as errors that failed a later test.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        store = KeptTables()
        del store
        gc.collect()
    assert [w for w in caught if issubclass(w.category, ResourceWarning)] == []
