"""The sandbox's public surface and its place in the layering."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import data_pkg.sandbox
from data_pkg.sandbox import running_sandbox

SANDBOX_SRC = Path(data_pkg.sandbox.__file__).parent


def test_the_public_surface_is_exactly_the_documented_names() -> None:
    assert sorted(data_pkg.sandbox.__all__) == ["Quota", "SandboxConfig", "create_app", "running_sandbox"]
    for name in data_pkg.sandbox.__all__:
        assert getattr(data_pkg.sandbox, name).__doc__


def test_the_sandbox_imports_only_the_catalog_and_models_of_the_project() -> None:
    for source in SANDBOX_SRC.glob("*.py"):
        tree = ast.parse(source.read_text(), filename=str(source))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("data_pkg."):
                    # The catalog and models, plus the serving helpers that sit below every layer; never the client.
                    allowed = (
                        "data_pkg.catalog",
                        "data_pkg.models",
                        "data_pkg.sandbox",
                        "data_pkg.net",
                        "data_pkg.serving",
                        "data_pkg.extras",  # the one line naming a missing extra
                    )
                    assert name.startswith(allowed), f"{source.name} imports {name}"


def test_running_sandbox_refuses_a_non_loopback_host() -> None:
    with pytest.raises(ValueError, match="non-loopback"), running_sandbox(host="0.0.0.0"):
        pass
