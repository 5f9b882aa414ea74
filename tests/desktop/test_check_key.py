"""`data-mcp check-key` against the sandbox: valid, invalid, plan-limited, rate-limited, unreachable."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from data_pkg.desktop import check_key, mask_key
from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox
from tests.desktop.test_config_support import MODES, base_env, closed_port_url, run
from tests.hostile_upstream import hostile_upstream
from tests.support import SECRET_KEY


@pytest.fixture(scope="module")
def hostile() -> Iterator[str]:
    with hostile_upstream() as url:
        yield url


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    config = SandboxConfig(extra_keys={SECRET_KEY: "ultimate"}, quotas={"demo": Quota(10**6, 60)})
    with running_sandbox(config) as url:
        yield url


@pytest.mark.parametrize("mode", MODES)
def test_a_valid_key(
    mode: str, sandbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=sandbox)
    result = run(mode, ["check-key"], env, monkeypatch, capsys)
    assert result.code == 0
    assert result.stdout.startswith("valid: the key ****" + SECRET_KEY[-4:] + " is valid")
    assert f"GET {sandbox}/stable/profile?symbol=AAPL answered 200" in result.stdout
    assert SECRET_KEY not in result.output


@pytest.mark.parametrize("mode", MODES)
def test_an_invalid_key(
    mode: str, sandbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY="sk-wrong-key-0000", DATA_BASE_URL=sandbox)
    result = run(mode, ["check-key", "--json"], env, monkeypatch, capsys)
    assert result.code == 1
    payload = json.loads(result.stdout)
    assert payload["status"] == "invalid" and payload["ok"] is False
    assert payload["http_status"] == 401
    assert payload["key"] == "****0000"
    assert "sk-wrong-key-0000" not in result.output


@pytest.mark.parametrize("mode", MODES)
def test_a_plan_limited_key_is_still_a_valid_key(
    mode: str, sandbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The free plan does not cover non-US listings: the API answers 402 to a valid key.
    env = base_env(tmp_path, DATA_API_KEY="sandbox-basic", DATA_BASE_URL=sandbox)
    result = run(mode, ["check-key", "--symbol", "VOD.L"], env, monkeypatch, capsys)
    assert result.code == 0
    assert result.stdout.startswith("plan_limited: the key ****asic is valid, but the plan does not cover this request")
    assert "402" in result.stdout


@pytest.mark.parametrize("mode", MODES)
def test_a_rate_limited_key_says_when_to_retry(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with running_sandbox(SandboxConfig(quotas={"sandbox-starter": Quota(1, 60)})) as url:
        env = base_env(tmp_path, DATA_API_KEY="sandbox-starter", DATA_BASE_URL=url)
        first = run(mode, ["check-key"], env, monkeypatch, capsys)
        second = run(mode, ["check-key", "--json"], env, monkeypatch, capsys)
    assert first.code == 0
    assert second.code == 1
    payload = json.loads(second.stdout)
    assert payload["status"] == "rate_limited" and payload["http_status"] == 429
    assert 0 < payload["retry_after"] <= 60
    assert "try again in" in payload["message"] and "call allowance is used up" in payload["message"]


@pytest.mark.parametrize("mode", MODES)
def test_an_unreachable_api(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL="http://unused.invalid")
    url = closed_port_url()
    result = run(mode, ["check-key", "--base-url", url, "--timeout", "5"], env, monkeypatch, capsys)
    assert result.code == 1
    assert result.stdout.startswith(f"unreachable: no answer from {url}")
    assert "fix: check DATA_BASE_URL and the network" in result.stdout
    assert SECRET_KEY not in result.output


@pytest.mark.parametrize("mode", MODES)
def test_nothing_to_check_with(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    no_key = run(mode, ["check-key"], base_env(tmp_path, DATA_BASE_URL="http://x.test"), monkeypatch, capsys)
    assert no_key.code == 1 and no_key.stdout.startswith("missing_key: DATA_API_KEY is not set")
    no_url = run(mode, ["check-key"], base_env(tmp_path, DATA_API_KEY=SECRET_KEY), monkeypatch, capsys)
    assert no_url.code == 1 and no_url.stdout.startswith("missing_base_url: DATA_BASE_URL is not set")


def test_a_failing_api_is_an_error_not_a_verdict_on_the_key() -> None:
    with running_sandbox(SandboxConfig(error_rate=1.0)) as url:
        result = check_key({"DATA_API_KEY": "demo", "DATA_BASE_URL": url})
    assert (result.status, result.ok, result.http_status) == ("error", False, 503)


def test_a_bad_setting_is_reported() -> None:
    result = check_key({"DATA_API_KEY": "demo", "DATA_BASE_URL": "http://x.test", "DATA_TIMEOUT": "soon"})
    assert result.status == "error" and "DATA_TIMEOUT" in result.message


def test_keys_are_masked_to_their_last_four_characters_at_most() -> None:
    assert mask_key(SECRET_KEY) == "****" + SECRET_KEY[-4:]
    assert mask_key("short-key") == "****"
    assert mask_key("") == "(none)"


def test_help_has_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    result = run("in-process", ["check-key", "--help"], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 0
    assert "  Examples:\n    data-mcp check-key\n" in result.stdout
    assert "plan_limited" in result.stdout


@pytest.mark.parametrize(
    ("behaviour", "what"),
    [
        ("redirect", "it answered a redirect (HTTP 302 to "),
        ("page", "it answered a web page (HTTP 200, HTML)"),
        ("unknown", "answered 404, which says nothing about the key"),
    ],
)
def test_a_reply_that_does_not_prove_the_key_is_not_called_valid(
    hostile: str,
    behaviour: str,
    what: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=f"{hostile}/{behaviour}")
    result = run("in-process", ["check-key"], env, monkeypatch, capsys)
    assert result.code == 1
    assert result.stdout.startswith("wrong_address: could not check: ")
    assert what in result.stdout
    assert "fix: point DATA_BASE_URL (or --base-url) at the API's own address" in result.stdout
    assert SECRET_KEY not in result.output


def test_json_that_is_not_a_profile_proves_nothing(hostile: str) -> None:
    # A million small rows, none of them a profile: the client refuses the size before any verdict.
    result = check_key({"DATA_API_KEY": SECRET_KEY, "DATA_BASE_URL": f"{hostile}/rows"})
    assert result.status == "error" and not result.ok
    assert "the reply held more than 200,000 rows" in result.message


@pytest.mark.parametrize("behaviour", ["echo", "echo200"])
def test_a_key_echoed_by_the_upstream_is_masked(
    hostile: str, behaviour: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=f"{hostile}/{behaviour}")
    for args in (["check-key"], ["check-key", "--json"]):
        result = run("in-process", args, env, monkeypatch, capsys)
        assert result.code == 1
        assert "***" in result.stdout
        assert SECRET_KEY not in result.output


@pytest.mark.parametrize("mode", MODES)
def test_a_base_url_ending_in_the_version_says_what_is_wrong_before_asking(
    mode: str, sandbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=f"{sandbox}/stable")
    result = run(mode, ["check-key"], env, monkeypatch, capsys)
    assert result.code == 1
    assert result.stdout.startswith(
        f"wrong_address: could not check: base URL '{sandbox}/stable' ends in the version path /stable"
    )
    assert f"set DATA_BASE_URL={sandbox}\n" in result.stdout


def test_a_placeholder_key_is_refused_before_it_is_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with running_sandbox(SandboxConfig(extra_keys={"YOUR_API_KEY": "ultimate"})) as url:
        # Were it sent, this sandbox would call it valid.
        env = base_env(tmp_path, DATA_API_KEY="YOUR_API_KEY", DATA_BASE_URL=url)
        result = run("in-process", ["check-key"], env, monkeypatch, capsys)
    assert result.code == 1
    assert result.stdout.startswith(
        "missing_key: DATA_API_KEY is a placeholder (****_KEY), not a key: nothing was sent"
    )
    # The docs' own placeholder: nothing listens there, so had it been sent, the answer would be "unreachable".
    placeholder = check_key({"DATA_API_KEY": "<your API key>", "DATA_BASE_URL": closed_port_url()})
    assert placeholder.status == "missing_key" and "placeholder" in placeholder.message


def test_a_password_in_the_base_url_is_never_printed(
    hostile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    address = hostile.replace("http://", "http://user:hunter2-password@") + "/unknown"  # answers 404, naming the URL
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=address, DATA_LOG_LEVEL="DEBUG")
    for args in (["check-key"], ["check-key", "--json"]):
        result = run("in-process", args, env, monkeypatch, capsys)
        assert result.code == 1
        assert "hunter2-password" not in result.output
        assert "http://***@127.0.0.1" in result.stdout
