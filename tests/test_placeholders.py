"""One placeholder rule (``data_pkg.placeholders``) for check-key, the desktop validator, doctor and lint.

The desktop validator and lint's secret check each had their own list and disagreed on most of
these inputs. The rule now: a placeholder is a value that is not a key at all. ``demo`` is a key
(the sandbox's, published), so check-key and the validator never call it a placeholder; lint's
secret check skips it for another reason, stated apart: it is public, not secret.
"""

from __future__ import annotations

import json

import pytest

from data_pkg.desktop import check_key, server_entry, validate_config
from data_pkg.lint._secrets import find_secrets
from data_pkg.placeholders import is_placeholder
from data_pkg.sandbox import running_sandbox
from tests.desktop.test_config_support import closed_port_url

PLACEHOLDERS = [
    "",
    "  ",
    "${DATA_API_KEY}",
    "$DATA_API_KEY",
    "%DATA_API_KEY%",
    "<your API key>",
    "{key}",
    "{{key}}",
    "****",
    "x",
    "xxx",
    "...",
    "..",
    "…",
    "todo",
    "TODO",
    "changeme",
    "redacted",
    "none",
    "null",
    "key",
    "api key",
    "my_key",
    "YOUR_KEY",
    "your key here",
    "your_api_key_here",
]
KEYS = ["demo", "Zq81Kx0Wm3Lr7Nt5Pv2Bb9Yc", "abc123", "sk-live-0001", "keyboard", "monkey", "xyz", "todo1"]


@pytest.mark.parametrize("value", PLACEHOLDERS)
def test_these_stand_in_for_a_key(value: str) -> None:
    assert is_placeholder(value)


@pytest.mark.parametrize("value", KEYS)
def test_these_are_keys(value: str) -> None:
    assert not is_placeholder(value)


@pytest.mark.parametrize("value", ["${DATA_API_KEY}", "****", "redacted", "…"])
def test_check_key_sends_no_placeholder(value: str) -> None:
    # Nothing listens at the URL: had the value been sent, the answer would be "unreachable".
    result = check_key({"DATA_API_KEY": value, "DATA_BASE_URL": closed_port_url()})
    assert result.status == "missing_key" and "placeholder" in result.message


def test_check_key_sends_the_sandbox_key_and_the_sandbox_accepts_it() -> None:
    with running_sandbox() as url:
        result = check_key({"DATA_API_KEY": "demo", "DATA_BASE_URL": url})
    assert result.status == "valid", result.message


def _codes(key: str) -> set[str]:
    entry = server_entry({"DATA_API_KEY": key, "DATA_BASE_URL": "http://api.test"}, with_key=True)
    return {f.code for f in validate_config(json.dumps({"mcpServers": {"market-data": entry}})).findings}


@pytest.mark.parametrize("value", ["${DATA_API_KEY}", "****", "todo", "redacted"])
def test_the_desktop_validator_calls_a_placeholder_dc302(value: str) -> None:
    assert "DC302" in _codes(value)


def test_the_desktop_validator_takes_the_sandbox_key() -> None:
    assert "DC302" not in _codes("demo")


@pytest.mark.parametrize("value", ["todo", "TODO", "{{key}}", "my_key", "${DATA_API_KEY}", "****"])
def test_lint_finds_no_secret_in_a_placeholder(value: str) -> None:
    assert list(find_secrets(f"# https://api.example.com/quote?apikey={value}\n")) == []


def test_lint_finds_no_secret_in_the_published_sandbox_key() -> None:
    # Not a placeholder (it is a key), but public: a manifest that names it commits no secret.
    assert not is_placeholder("demo")
    assert list(find_secrets("# http://127.0.0.1:8765/quote?apikey=demo\n")) == []
    assert len(list(find_secrets("# https://api.example.com/quote?apikey=demo2\n"))) == 1
