"""Build hook: refuse an interpreter data-pkg does not support before pip looks for dependencies.

pip 23 (Python 3.9's) resolves a source tree's dependencies before it checks ``requires-python``, so a
user on 3.9 was told, after 20 seconds, that no distribution of httpx2 matched. Building the metadata
runs this first, in the interpreter being installed into, and says what is wrong and what to do.
"""

from __future__ import annotations

import sys
from typing import Any

from hatchling.metadata.plugin.interface import MetadataHookInterface

SUPPORTED = ((3, 10), (3, 14))
"""The oldest and newest supported Python (the classifiers and ``requires-python`` say the same)."""


def unsupported(version: tuple[int, int]) -> str | None:
    """Why ``version`` cannot install data-pkg, or None when it can."""
    (low, high), found = SUPPORTED, "{}.{}".format(*version)
    if SUPPORTED[0] <= version <= SUPPORTED[1]:
        return None
    return (
        f"data-pkg needs Python {low[0]}.{low[1]} to {high[0]}.{high[1]}; this pip runs Python {found}."
        f" Install a supported Python and use its pip (python3.13 -m pip install ...), or create a virtual"
        f" environment with it (python3.13 -m venv .venv)."
    )


class CustomMetadataHook(MetadataHookInterface):
    """Checks the interpreter; changes no metadata."""

    def update(self, metadata: dict[str, Any]) -> None:
        """Stop the build on an unsupported interpreter."""
        problem = unsupported(sys.version_info[:2])
        if problem is not None:
            raise SystemExit(problem)
