"""The default tool set, exactly as agents see it, is snapshotted: any change shows up in review.

To accept a deliberate change, regenerate the snapshot and commit it with the change:

    UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/toolsets/test_default_snapshot.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from data_pkg.toolsets import resolve

SNAPSHOT = Path(__file__).parent / "snapshots" / "default.json"


def _render() -> str:
    registry = resolve(None, env={}).raise_for_errors()
    return json.dumps(registry.tools_list(), indent=2, ensure_ascii=False) + "\n"


def test_default_tool_set_matches_its_snapshot() -> None:
    current = _render()
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(current, encoding="utf-8")
    assert SNAPSHOT.is_file(), "no snapshot yet: run with UPDATE_SNAPSHOTS=1"
    assert current == SNAPSHOT.read_text(encoding="utf-8"), (
        "the default tool set changed: review the diff, then run "
        "UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/toolsets/test_default_snapshot.py"
    )
