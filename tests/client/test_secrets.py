"""The API key never shows: not in logs at DEBUG, error text, reprs, or anything printed."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable

import httpx2
import pytest

from data_pkg import DataClient, DataError
from data_pkg.client import Settings
from tests.support import SECRET_KEY, Recorder, quote_row

MakeClient = Callable[..., tuple[DataClient, Recorder]]


def _raise(exc_type: type[Exception], message: str) -> Callable[[httpx2.Request], httpx2.Response]:
    def handler(request: httpx2.Request) -> httpx2.Response:
        raise exc_type(f"{message} for {request.url}", request=request)  # type: ignore[call-arg]

    return handler


ERROR_PATHS: dict[str, Callable[[httpx2.Request], httpx2.Response]] = {
    "401": lambda r: httpx2.Response(401, json={"Error Message": "Invalid API KEY."}),
    "402": lambda r: httpx2.Response(
        402, text="Restricted Endpoint: This endpoint is not available under your current subscription"
    ),
    "429": lambda r: httpx2.Response(
        429, json={"Error Message": "Limit Reach . Please upgrade"}, headers={"Retry-After": "3"}
    ),
    "500": lambda r: httpx2.Response(500, text=f"boom {r.url}"),
    "400 echoing the url": lambda r: httpx2.Response(400, json={"Error Message": f"bad request {r.url}"}),
    "timeout": _raise(httpx2.ReadTimeout, "read timed out"),
    "connection refused": _raise(httpx2.ConnectError, "connection refused"),
    "dropped": _raise(httpx2.RemoteProtocolError, "peer closed connection"),
    "invalid response": lambda r: httpx2.Response(200, json=[{"symbol": "AAPL", "price": "not a number"}]),
}


@pytest.mark.parametrize("path", list(ERROR_PATHS))
def test_no_error_path_leaks_the_key(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str], path: str
) -> None:
    caplog.set_level(logging.DEBUG)
    client, upstream = make_client(ERROR_PATHS[path], max_retries=1, validation_mode="strict")
    with pytest.raises(DataError) as caught:
        client.company.get_quote("AAPL")
    assert upstream.requests, "the request must have been sent with the key"
    assert SECRET_KEY in str(upstream.requests[0].url)
    error = caught.value
    texts = [
        str(error),
        repr(error),
        "".join(traceback.format_exception(type(error), error, error.__traceback__)),
        caplog.text,
        *(record.getMessage() for record in caplog.records),
        repr(client),
        repr(client.settings),
    ]
    out, err = capsys.readouterr()
    texts += [out, err]
    for text in texts:
        assert SECRET_KEY not in text


def test_successful_calls_at_debug_log_no_key(make_client: MakeClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    client, _ = make_client(lambda r: httpx2.Response(200, json=[quote_row()]))
    client.company.get_quote("AAPL")
    assert "GET /stable/quote?symbol=AAPL" in caplog.text
    assert SECRET_KEY not in caplog.text


def test_the_debug_line_shows_the_query_as_sent_without_the_key(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client, upstream = make_client(lambda r: httpx2.Response(200, json=[quote_row()]))
    client.company.get_quote("AAPL&apikey=x y")  # a value that looks like more of the query
    (sent,) = upstream.requests
    as_sent = sent.url.raw_path.decode()
    assert as_sent.endswith(f"&apikey={SECRET_KEY}")
    (line,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("GET ")]
    assert line.startswith(f"GET {as_sent.removesuffix(f'&apikey={SECRET_KEY}')} -> 200")
    assert "symbol=AAPL%26apikey%3Dx+y" in line
    assert SECRET_KEY not in caplog.text


def test_settings_and_secret_reprs_mask_the_key() -> None:
    settings = Settings.from_env({"DATA_API_KEY": SECRET_KEY, "DATA_BASE_URL": "http://x.test"})
    assert settings.api_key is not None and settings.api_key.reveal() == SECRET_KEY
    for text in (repr(settings), str(settings), f"{settings.api_key}", repr(settings.api_key)):
        assert SECRET_KEY not in text
