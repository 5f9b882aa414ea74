"""Fixtures: one sandbox shared by the tests that neither inject faults nor exhaust quotas."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox

from ._support import TIMEOUT


@pytest.fixture(scope="session")
def sandbox_url() -> Iterator[str]:
    """A sandbox shared by the tests that neither inject faults nor exhaust quotas.

    Its symbol lists are capped (test_depths.py checks the full sizes on a sandbox of its own),
    so that sweeping every endpoint stays quick.
    """
    config = SandboxConfig(quotas={"demo": Quota(1_000_000, 60)}, bulk_rows=450, list_rows=300)
    with running_sandbox(config) as url:
        yield url


@pytest.fixture(scope="session")
def client(sandbox_url: str) -> Iterator[httpx2.Client]:
    """One keep-alive client for the shared sandbox (building a client costs milliseconds)."""
    with httpx2.Client(base_url=sandbox_url, timeout=TIMEOUT) as http:
        yield http
