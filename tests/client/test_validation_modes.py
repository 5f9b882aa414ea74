"""Validation modes decide what happens to a row that does not fit its model."""

from __future__ import annotations

import logging
from collections.abc import Callable

import httpx2
import pytest

from data_pkg import DataClient, NotFoundError, ResponseValidationError
from data_pkg.client import Settings
from data_pkg.errors import ConfigurationError
from tests.support import Recorder, quote_row

MakeClient = Callable[..., tuple[DataClient, Recorder]]

MISFIT = [{**quote_row(), "price": "n/a"}]


def test_strict_raises_and_says_which_field(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT), validation_mode="strict")
    with pytest.raises(ResponseValidationError, match="price") as caught:
        client.company.get_quote("AAPL")
    assert caught.value.errors


def test_warn_keeps_the_row_and_logs_a_warning(make_client: MakeClient, caplog: pytest.LogCaptureFixture) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT), validation_mode="warn")
    quote = client.company.get_quote("AAPL")
    assert quote.price == "n/a"  # type: ignore[comparison-overlap]
    assert any(r.levelno == logging.WARNING and "price" in r.getMessage() for r in caplog.records)


def test_lenient_keeps_the_row_silently(make_client: MakeClient, caplog: pytest.LogCaptureFixture) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT), validation_mode="lenient")
    assert client.company.get_quote("AAPL").symbol == "AAPL"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_fitting_rows_are_typed_and_extra_fields_are_kept(make_client: MakeClient) -> None:
    row = {**quote_row(), "brandNewField": 7}
    client, _ = make_client(lambda r: httpx2.Response(200, json=[row]), validation_mode="strict")
    quote = client.company.get_quote("AAPL")
    assert isinstance(quote.price, float)
    assert quote.model_extra == {"brandNewField": 7}


def test_an_unknown_mode_is_a_configuration_error_not_a_fallback() -> None:
    with pytest.raises(ConfigurationError, match="strict, warn, lenient"):
        Settings.from_env({"DATA_VALIDATION_MODE": "loose"})


def test_call_json_keeps_the_upstreams_values_after_validating_them(make_client: MakeClient) -> None:
    row = {**quote_row(), "timestamp": 1763600000, "brandNew": None}
    client, _ = make_client(lambda r: httpx2.Response(200, json=[row]), validation_mode="strict")
    assert client.call_json("company.quote", symbol="AAPL") == row  # one row: the object itself, nothing converted
    assert client.company.get_quote("AAPL").timestamp.year == 2025  # the typed view of the same answer


def test_call_json_obeys_the_validation_mode(make_client: MakeClient, caplog: pytest.LogCaptureFixture) -> None:
    strict, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT), validation_mode="strict")
    with pytest.raises(ResponseValidationError, match="price"):
        strict.call_json("quote", symbol="AAPL")
    warn, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT), validation_mode="warn")
    assert warn.call_json("quote", symbol="AAPL") == MISFIT[0]
    assert any("price" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


def test_call_json_of_an_empty_single_row_answer_is_not_found(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx2.Response(200, json=[]))
    with pytest.raises(NotFoundError):
        client.call_json("quote", symbol="NOPE")


def test_call_with_models_gives_the_values_and_their_models_from_one_request(make_client: MakeClient) -> None:
    row = {**quote_row(), "timestamp": 1763600000}
    client, recorder = make_client(lambda r: httpx2.Response(200, json=[row]), validation_mode="strict")
    values, quote = client.call_with_models("company.quote", symbol="AAPL")
    assert values == row and quote.timestamp.year == 2025 and quote.validated
    assert len(recorder.requests) == 1
    strict, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT), validation_mode="strict")
    with pytest.raises(ResponseValidationError, match="price"):
        strict.call_with_models("quote", symbol="AAPL")
    warn, _ = make_client(lambda r: httpx2.Response(200, json=MISFIT * 2), validation_mode="warn")
    values, models = warn.call_with_models("batch_quote", symbols=["AAPL", "MSFT"])
    assert values == MISFIT * 2 and [model.validated for model in models] == [False, False]
