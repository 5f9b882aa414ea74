"""The key check before a session opens: verdicts from the sandbox, remembered briefly, one call per key at a time."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator

import anyio
import pytest
from anyio import wait_all_tasks_blocked

from data_hosted._keys import ACCEPTED_FOR, REJECTED_FOR, KeyVerdicts, Verdict
from data_hosted._upstream import Upstream as Transports
from data_pkg.client import Secret
from tests.hosted._support import BASIC_KEY, Upstream
from tests.hosted.conftest import hosted_config

pytestmark = pytest.mark.anyio


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def sandbox_transports(sandbox: str) -> AsyncIterator[Transports]:
    transports = Transports(hosted_config(sandbox).settings)
    try:
        yield transports
    finally:
        await transports.aclose()


async def test_the_sandbox_accepts_its_keys_and_rejects_any_other(sandbox_transports: Transports) -> None:
    verdicts = KeyVerdicts(sandbox_transports.check_key)
    for key in ("demo", BASIC_KEY, "sandbox-premium"):
        assert await verdicts.verdict(Secret(key), f"tag-{key}") == "accepted"
    assert await verdicts.verdict(Secret("made-up-key"), "tag-made-up") == "rejected"


async def test_verdicts_are_remembered_for_a_while_and_then_asked_again(sandbox_transports: Transports) -> None:
    clock = Clock()
    asked: list[str] = []

    async def ask(key: Secret) -> bytes:
        asked.append(key.reveal())
        return await sandbox_transports.check_key(key)

    verdicts = KeyVerdicts(ask, clock=clock)
    for _ in range(3):
        assert await verdicts.verdict(Secret("demo"), "good") == "accepted"
        assert await verdicts.verdict(Secret("made-up-key"), "bad") == "rejected"
    assert asked == ["demo", "made-up-key"]
    clock.now += REJECTED_FOR
    await verdicts.verdict(Secret("demo"), "good")
    await verdicts.verdict(Secret("made-up-key"), "bad")
    assert asked == ["demo", "made-up-key", "made-up-key"]
    clock.now += ACCEPTED_FOR - REJECTED_FOR
    await verdicts.verdict(Secret("demo"), "good")
    assert asked[-1] == "demo" and len(asked) == 4


async def test_an_unreachable_upstream_gives_no_verdict_and_none_is_remembered() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}"
    transports = Transports(hosted_config(dead, {"DATA_MAX_RETRIES": "0"}).settings)
    try:
        verdicts = KeyVerdicts(transports.check_key)
        assert await verdicts.verdict(Secret("demo"), "tag") == "unknown"
        assert len(verdicts) == 0
    finally:
        await transports.aclose()


async def test_the_verdict_table_is_bounded(sandbox_transports: Transports) -> None:
    verdicts = KeyVerdicts(sandbox_transports.check_key, max_entries=4)
    for number in range(10):
        assert await verdicts.verdict(Secret(f"made-up-{number}"), f"tag-{number}") == "rejected"
    assert len(verdicts) == 4


async def test_concurrent_checks_of_one_key_share_one_upstream_call() -> None:
    upstream = Upstream()
    upstream.gated = True
    transports = Transports(hosted_config("http://api.test").settings, http_transport=upstream)
    verdicts = KeyVerdicts(transports.check_key)
    answers: list[Verdict] = []

    async def check() -> None:
        answers.append(await verdicts.verdict(Secret("some-key"), "tag"))

    try:
        async with anyio.create_task_group() as tasks:
            for _ in range(5):
                tasks.start_soon(check)
            await wait_all_tasks_blocked()
            upstream.release.set()
    finally:
        await transports.aclose()
    assert answers == ["accepted"] * 5
    assert len(upstream.requests) == 1


async def test_a_check_that_fails_unexpectedly_gives_no_verdict_and_logs_only_its_kind(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def broken(key: Secret) -> bytes:
        raise RuntimeError(f"injected failure for {key.reveal()}")

    verdicts = KeyVerdicts(broken)
    assert await verdicts.verdict(Secret("sk-never-logged-1234"), "tag") == "unknown"
    assert len(verdicts) == 0
    assert "key check failed unexpectedly (RuntimeError)" in caplog.text
    assert "sk-never-logged-1234" not in caplog.text


async def test_rejected_keys_never_push_an_accepted_one_out(sandbox_transports: Transports) -> None:
    asked: list[str] = []

    async def ask(key: Secret) -> bytes:
        asked.append(key.reveal())
        return await sandbox_transports.check_key(key)

    verdicts = KeyVerdicts(ask, max_entries=4)
    assert await verdicts.verdict(Secret("demo"), "real") == "accepted"
    for number in range(10):
        assert await verdicts.verdict(Secret(f"made-up-{number}"), f"junk-{number}") == "rejected"
    assert await verdicts.verdict(Secret("demo"), "real") == "accepted"
    assert asked.count("demo") == 1 and len(verdicts) == 5
