"""The sandbox's public surface (its place in the layering: tests/test_layers.py)."""

from __future__ import annotations

import pytest

import data_pkg.sandbox
from data_pkg.sandbox import running_sandbox


def test_the_public_surface_is_exactly_the_documented_names() -> None:
    assert sorted(data_pkg.sandbox.__all__) == ["Quota", "SandboxConfig", "create_app", "running_sandbox"]
    for name in data_pkg.sandbox.__all__:
        assert getattr(data_pkg.sandbox, name).__doc__


def test_running_sandbox_refuses_a_non_loopback_host() -> None:
    with pytest.raises(ValueError, match="non-loopback"), running_sandbox(host="0.0.0.0"):
        pass
