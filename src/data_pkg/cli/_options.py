"""Options several commands take, declared once so that their flags and help cannot drift apart.

Each is an ``Annotated`` type: a command declares ``as_json: JsonOption = False``. Typer reads the
annotation when the app is built, so these must be importable at module level (not only when
type checking).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

__all__ = ["AssistantOption", "JsonOption"]

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
"""``--json``: print the result as JSON instead of text."""

AssistantOption = Annotated[
    Optional[str],
    typer.Option(
        "--assistant", "-a", help="The assistant's folder name (default: DATA_ASSISTANT, else the one config found)."
    ),
]
"""``--assistant``/``-a``: which desktop assistant's config (``config`` commands and ``doctor``)."""
