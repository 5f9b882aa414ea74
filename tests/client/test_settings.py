"""Settings come from DATA_* variables; every bad value is named, none falls back silently."""

from __future__ import annotations

import pytest

from data_pkg.client import Settings
from data_pkg.errors import ConfigurationError


def test_from_env_reads_every_variable() -> None:
    settings = Settings.from_env(
        {
            "DATA_API_KEY": "k",
            "DATA_BASE_URL": "http://127.0.0.1:8765/",
            "DATA_TIMEOUT": "2.5",
            "DATA_MAX_RETRIES": "4",
            "DATA_CACHE": "memory",
            "DATA_VALIDATION_MODE": "STRICT",
            "DATA_PLAN": "starter",
            "DATA_RATE_LIMIT": "100",
            "DATA_RATE_LIMIT_MAX_WAIT": "1",
            "DATA_PROVIDER_SEGMENT": "acme",
            "DATA_LOG_LEVEL": "debug",
        }
    )
    assert settings.base_url == "http://127.0.0.1:8765"
    assert (settings.timeout, settings.max_retries, settings.cache) == (2.5, 4, "memory")
    assert (settings.validation_mode, settings.plan, settings.rate_limit) == ("strict", "starter", 100)
    assert settings.segments == {"provider": "acme"}
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("env", "fragment"),
    [
        ({"DATA_TIMEOUT": "soon"}, "DATA_TIMEOUT"),
        ({"DATA_TIMEOUT": "0"}, "DATA_TIMEOUT"),
        ({"DATA_MAX_RETRIES": "-1"}, "DATA_MAX_RETRIES"),
        ({"DATA_PLAN": "gold"}, "basic, starter, premium, ultimate"),
        ({"DATA_RATE_LIMIT": "many"}, "DATA_RATE_LIMIT"),
        ({"DATA_BASE_URL": "ftp://x"}, "DATA_BASE_URL"),
        ({"DATA_PROVIDER_SEGMENT": "../x"}, "lowercase letters"),
    ],
)
def test_bad_values_name_the_variable(env: dict[str, str], fragment: str) -> None:
    with pytest.raises(ConfigurationError, match=fragment.replace(".", r"\.")):
        Settings.from_env(env)


def test_an_unknown_cache_spec_is_an_error_when_the_client_is_built() -> None:
    from data_pkg import DataClient

    with pytest.raises(ConfigurationError, match=r"DATA_CACHE|cache"):
        DataClient("k", base_url="http://x.test", cache="floppy://disk")
