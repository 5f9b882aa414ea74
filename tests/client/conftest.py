"""Fixtures of the client tests: a sandbox over real loopback HTTP."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from data_pkg.sandbox import Quota, SandboxConfig, running_sandbox


@pytest.fixture(scope="module")
def sandbox() -> Iterator[str]:
    """A sandbox for one test module: ``demo`` may call everything, ``sandbox-basic`` twice a minute."""
    quotas = {"demo": Quota(10**6, 60), "sandbox-basic": Quota(2, 60)}
    # Symbol lists are capped (tests/sandbox/test_depths.py checks their full sizes): every row is validated.
    with running_sandbox(SandboxConfig(bulk_rows=40, list_rows=300, quotas=quotas)) as url:
        yield url
