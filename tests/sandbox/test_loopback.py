"""One ``is_loopback`` (``data_pkg.net``) for the sandbox and the hosted-compatible server.

The two used to be written apart and disagreed: the sandbox refused ``[::1]`` (the bracketed form
a URL and a ``Host`` header use) while the hosted server accepted it. The table below is the
agreed behaviour; the hosted server's callers are pinned in ``tests/hosted/test_hosted_loopback.py``.
"""

from __future__ import annotations

import httpx2
import pytest

from data_pkg.net import is_loopback
from data_pkg.sandbox import running_sandbox

LOOPBACK = [
    "localhost",
    "LocalHost",
    "127.0.0.1",
    "127.0.0.2",
    "127.255.255.254",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "[::ffff:127.0.0.1]",
    "::ffff:7f00:2",
]
NOT_LOOPBACK = [
    "",
    "0.0.0.0",
    "::",
    "[::]",
    "128.0.0.1",
    "10.0.0.1",
    "::ffff:10.0.0.1",
    "example.com",
    "localhost.example.com",
    "[::1",
    "::1]",
    "[127.0.0.1]",
    "[localhost]",
]


@pytest.mark.parametrize("host", LOOPBACK)
def test_these_name_this_machine_only(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", NOT_LOOPBACK)
def test_these_do_not(host: str) -> None:
    assert not is_loopback(host)


def test_the_sandbox_listens_on_a_bracketed_ipv6_loopback() -> None:
    with running_sandbox(host="[::1]") as url:
        assert url.startswith("http://[::1]:")
        assert httpx2.get(f"{url}/_sandbox/faults", timeout=10).status_code == 200
