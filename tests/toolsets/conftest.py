"""Helpers for the tool-set tests: write manifests into a temporary folder and resolve them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from data_pkg.toolsets import resolve
from tests.toolsets.helpers import NamesOf, Write


@pytest.fixture
def write(tmp_path: Path) -> Write:
    """Write ``text`` (dedented) to ``tmp_path / name`` and return the path."""

    def writer(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return writer


@pytest.fixture
def names_of() -> NamesOf:
    """Resolve a source with an empty environment (unless given) and return the tool names; fails on errors."""

    def run(source: object, env: dict[str, str] | None = None) -> tuple[str, ...]:
        resolution = resolve(source, env={} if env is None else env)  # type: ignore[arg-type]
        assert resolution.registry is not None, [str(d) for d in resolution.diagnostics]
        return resolution.registry.names

    return run
