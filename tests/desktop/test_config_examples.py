"""Every config code declares an example; its bad config reports exactly that code, its fixed one nothing.

The examples are part of each code's declaration (``data_pkg.desktop.CODES``), and ``docs/desktop.md``
shows them: so the page cannot show an example that does not do what it says. Each is written to a
folder of its own and read the way ``data-mcp config validate`` reads a file, with this interpreter's
folder first on PATH (a bare ``python3`` is then found, DC214).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from data_pkg.desktop import CODES, DESKTOP, EDITOR, ConfigReadError, read_config, validate_config
from data_pkg.rules import Snippet

WITH_EXAMPLE = sorted(code for code, rule in CODES.items() if rule.example is not None)


@pytest.fixture(autouse=True)
def _python_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", os.pathsep.join([os.path.dirname(os.path.abspath(sys.executable)), os.environ["PATH"]]))


def _findings(snippet: Snippet, folder: Path) -> list[str]:
    """``CODE line:col`` of every finding about the snippet, as ``config validate`` would report them."""
    path = snippet.write(folder)
    try:
        text = read_config(path)
    except ConfigReadError as error:
        return [f"{error.finding.code} {error.finding.location}"]
    shape = EDITOR if snippet.name == "mcp.json" else DESKTOP
    return [f"{f.code} {f.location}" for f in validate_config(text, shape=shape).findings]


def test_every_active_code_declares_an_example() -> None:
    assert [code for code, rule in CODES.items() if rule.status == "active" and rule.example is None] == []


@pytest.mark.parametrize("code", WITH_EXAMPLE)
def test_bad_example_reports_exactly_its_code_and_fixed_example_nothing(code: str, tmp_path: Path) -> None:
    example = CODES[code].example
    assert example is not None
    assert [found.split(" ")[0] for found in _findings(example.bad, tmp_path / "bad")] == [code]
    assert _findings(example.fixed, tmp_path / "fixed") == []
