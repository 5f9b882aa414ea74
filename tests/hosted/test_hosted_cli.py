"""``data-hosted serve``: settings are checked before anything listens, and it binds loopback by default."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx2
import pytest

from data_hosted._cli import _parser, main
from tests.hosted._support import SECRET, TIMEOUT, open_session, server_env, server_process

CLEAN = (
    "DATA_BASE_URL",
    "DATA_HOSTED_SECRET",
    "DATA_HOSTED_REDIS",
    "DATA_HOSTED_ALLOWED_HOSTS",
    "DATA_HOSTED_MAX_BODY",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CLEAN:
        monkeypatch.delenv(name, raising=False)


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["serve", *args]) == 2
    return capsys.readouterr().err


def test_it_listens_on_loopback_unless_told_otherwise() -> None:
    options = _parser().parse_args(["serve"])
    assert options.host == "127.0.0.1"


def test_a_missing_base_url_is_refused_with_what_to_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert "DATA_BASE_URL is not set" in _refused(capsys)


def test_a_bad_setting_names_its_variable(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATA_BASE_URL", "http://127.0.0.1:1")
    monkeypatch.setenv("DATA_HOSTED_MAX_BODY", "-3")
    assert "DATA_HOSTED_MAX_BODY must be a positive number" in _refused(capsys)
    monkeypatch.setenv("DATA_HOSTED_MAX_BODY", "1024")
    monkeypatch.setenv("DATA_HOSTED_SECRET", "short")
    assert "at least 32 characters" in _refused(capsys)


def test_redis_without_a_shared_secret_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATA_BASE_URL", "http://127.0.0.1:1")
    monkeypatch.setenv("DATA_HOSTED_REDIS", "redis://127.0.0.1:1/0")
    assert "DATA_HOSTED_SECRET is not" in _refused(capsys)


def test_a_port_in_use_says_what_to_do(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in CLEAN} | {"DATA_BASE_URL": "http://127.0.0.1:1"}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "data_hosted", "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=60, check=False, env=env, cwd=tmp_path,
        )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert f"cannot listen on 127.0.0.1:{port}: " in done.stderr
    assert "(another server may be running there: stop it, or pass another --port, 0 for any free one)" in done.stderr


def test_another_interface_needs_the_allowed_host_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATA_BASE_URL", "http://127.0.0.1:1")
    assert "DATA_HOSTED_ALLOWED_HOSTS" in _refused(capsys, "--host", "0.0.0.0")


@pytest.mark.slow
def test_the_command_serves_at_slash_mcp_and_stops_cleanly_on_sigterm(sandbox: str) -> None:
    with (
        server_process(server_env(sandbox, DATA_HOSTED_SECRET=SECRET)) as server,
        httpx2.Client(timeout=TIMEOUT) as http,
    ):
        assert server.url.startswith("http://127.0.0.1:") and server.url.endswith("/mcp")
        open_session(http, server.url)
        output = server.stop()
    # uvicorn shuts down gracefully, then re-raises the signal so the exit status says what stopped it.
    assert server.proc.returncode in (0, -15)
    assert "serving 28 tools" in output and "Application shutdown complete" in output


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("DATA_HOSTED_READ_TIMEOUT", "0", "must be a positive number"),
        ("DATA_HOSTED_READ_TIMEOUT", "1e300", "DATA_HOSTED_READ_TIMEOUT must be at most 86400 seconds"),
        ("DATA_HOSTED_SHUTDOWN_GRACE", "1e300", "DATA_HOSTED_SHUTDOWN_GRACE must be at most 86400 seconds"),
        ("DATA_HOSTED_REDIS_WAIT", "1e300", "DATA_HOSTED_REDIS_WAIT must be at most 86400 seconds"),
        ("DATA_HOSTED_MAX_HEADER", "lots", "DATA_HOSTED_MAX_HEADER='lots' is not a number"),
        ("DATA_HOSTED_MAX_CONNECTIONS", "-1", "must be a positive number"),
        ("DATA_HOSTED_KEY_CHECKS_PER_CLIENT", "0", "must be a positive number"),
        ("DATA_HOSTED_MAX_BATCH", "1.5", "is not a number"),
    ],
)
def test_the_bounds_are_checked_before_anything_listens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variable: str, value: str, says: str
) -> None:
    monkeypatch.setenv("DATA_BASE_URL", "http://127.0.0.1:1")
    monkeypatch.setenv(variable, value)
    assert says in _refused(capsys)
