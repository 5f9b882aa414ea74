"""``python -m data_pkg.sandbox``: refuses unsafe hosts and bad values, serves when started."""

from __future__ import annotations

import argparse
import os
import re
import selectors
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest

from data_pkg.sandbox import running_sandbox
from data_pkg.sandbox.__main__ import _parser, _settings, main

from ._support import TIMEOUT

pytestmark = pytest.mark.slow
STARTUP_SECONDS = 20.0


def run_cli(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "data_pkg.sandbox", *args],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, **(env or {})},
        check=False,
    )


@contextmanager
def serving(*args: str, env: Mapping[str, str] | None = None) -> Iterator[tuple[str, str]]:
    """Start the CLI on a free port; yield (base URL, its announcement line); stop it afterwards."""
    with subprocess.Popen(
        [sys.executable, "-m", "data_pkg.sandbox", "--port", "0", *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        env={**os.environ, **(env or {})},
    ) as process:
        try:
            assert process.stderr is not None
            text = _first_line(process.stderr.fileno())
            match = re.fullmatch(r"sandbox listening on (http://127\.0\.0\.1:\d+) \(keys: (.+)\)", text)
            assert match, text
            yield match.group(1), text
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)


def _first_line(fd: int) -> str:
    """The first line written to ``fd``, waiting at most STARTUP_SECONDS for it."""
    line = b""
    deadline = time.monotonic() + STARTUP_SECONDS
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while not line.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not selector.select(remaining):
                pytest.fail(f"no announcement within {STARTUP_SECONDS} s; got {line!r}")
            byte = os.read(fd, 1)
            if not byte:
                pytest.fail(f"the sandbox exited before announcing itself; got {line!r}")
            line += byte
    return line.decode().strip()


def test_a_non_loopback_host_is_refused_without_allow_remote() -> None:
    result = run_cli("--host", "0.0.0.0")
    assert result.returncode == 2
    assert "--allow-remote" in result.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--error-rate", "abc"], "--error-rate"),
        (["--error-rate", "1.5"], "error_rate"),
        (["--error-rate", "0.7", "--drop-rate", "0.7"], "sum"),
        (["--fail-first", "-2"], "fail_first"),
        (["--fail-first", "two"], "--fail-first"),
        (["--quota", "sandbox-basic=three/60"], "quota"),
        (["--quota", "nobody=3/60"], "unknown key"),
        (["--port", "70000"], "--port"),
        (["--seed", "x"], "--seed"),
        (["--list-rows", "0"], "list_rows"),
        (["--list-rows", "many"], "--list-rows"),
        (["--host", "192.0.2.1"], "--allow-remote"),
    ],
)
def test_a_bad_option_value_exits_2_with_a_message_naming_it(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert needle in capsys.readouterr().err


def test_a_bad_environment_value_exits_2_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATA_SANDBOX_DROP_RATE", "lots")
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2
    assert "DATA_SANDBOX_DROP_RATE" in capsys.readouterr().err


def test_the_module_refuses_a_bad_value_as_a_process_too() -> None:
    result = run_cli("--latency-ms", "soon")
    assert result.returncode == 2
    assert "--latency-ms" in result.stderr


def test_options_win_over_the_environment() -> None:
    args = _parser().parse_args(["--fail-first", "0", "--quota", "demo=5/60"])
    env = {"DATA_SANDBOX_FAIL_FIRST": "4", "DATA_SANDBOX_LATENCY_MS": "12", "DATA_SANDBOX_QUOTA": "demo=9/60"}
    settings = _settings(args, {**env, "DATA_SANDBOX_LIST_ROWS": "500"})
    assert settings["fail_first"] == 0
    assert settings["latency_ms"] == 12.0
    assert settings["list_rows"] == 500
    assert settings["quotas"]["demo"].calls == 5


def test_the_cli_serves_the_same_bytes_as_an_in_process_sandbox_and_reads_faults_from_the_environment() -> None:
    params = {"symbol": "AAPL", "apikey": "demo"}
    with running_sandbox() as local, httpx2.Client(base_url=local, timeout=TIMEOUT) as http:
        expected = http.get("/stable/quote", params=params).content
    with serving(env={"DATA_SANDBOX_FAIL_FIRST": "1"}) as (url, line):
        assert "demo" in line
        assert "sandbox-basic" in line
        with httpx2.Client(base_url=url, timeout=TIMEOUT) as http:
            assert http.get("/stable/quote", params=params).status_code == 503
            served = http.get("/stable/quote", params=params)
    assert served.status_code == 200
    # Another process, same bytes: the seeds never come from Python's per-process hash().
    assert served.content == expected


def test_the_parser_documents_every_fault_option() -> None:
    help_text = _parser().format_help()
    for option in (
        "--latency-ms",
        "--error-rate",
        "--malformed-rate",
        "--error200-rate",
        "--drop-rate",
        "--fail-first",
    ):
        assert option in help_text
    assert isinstance(_parser(), argparse.ArgumentParser)


def test_a_port_in_use_says_what_to_do_under_the_name_it_was_started_by() -> None:
    data_mcp = shutil.which("data-mcp", path=str(Path(sys.executable).parent))
    assert data_mcp, "data-mcp is installed beside this interpreter"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        direct = run_cli("--port", str(port))
        through_cli = subprocess.run(
            [data_mcp, "sandbox", "--port", str(port)], capture_output=True, text=True, timeout=60, check=False
        )
    hint = "(another sandbox may be running there: stop it, or pass another --port, 0 for any free one)"
    for done, prog in ((direct, "data-sandbox"), (through_cli, "data-mcp sandbox")):
        assert done.returncode == 1, done.stderr
        assert done.stderr.startswith(f"{prog}: cannot listen on 127.0.0.1:{port}: ")
        assert hint in done.stderr and "Traceback" not in done.stderr
