"""Types shared by the tool-set tests and their fixtures (conftest modules are not for importing)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

Write = Callable[[str, str], Path]
"""The ``write`` fixture: write a dedented manifest into the test's folder, get its path."""

NamesOf = Callable[..., tuple[str, ...]]
"""The ``names_of`` fixture: resolve a source (and an optional environment) to its tool names."""
