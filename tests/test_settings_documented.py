"""Every DATA_* variable the code reads is explained somewhere in docs/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_variable_in_the_code_is_in_the_docs() -> None:
    code = "".join(path.read_text() for path in (ROOT / "src").rglob("*.py"))
    variables = set(re.findall(r"\"(DATA_[A-Z0-9_]+)", code))
    docs = "".join(path.read_text() for path in (ROOT / "docs").glob("*.md"))
    assert len(variables) > 20
    assert sorted(v for v in variables if v not in docs) == []
