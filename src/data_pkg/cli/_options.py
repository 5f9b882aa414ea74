"""Options several commands take, declared once so that their flags and help cannot drift apart.

Each is an ``Annotated`` type: a command declares ``as_json: JsonOption = False``. Typer reads the
annotation when the app is built, so these must be importable at module level (not only when
type checking).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

__all__ = ["AssistantOption", "JsonOption", "ShapeOption"]

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
"""``--json``: print the result as JSON instead of text."""

AssistantOption = Annotated[
    Optional[str],
    typer.Option(
        "--assistant", "-a", help="The assistant's folder name (default: DATA_ASSISTANT, else the one config found)."
    ),
]
"""``--assistant``/``-a``: which desktop assistant's config (``config`` commands and ``doctor``)."""

ShapeOption = Annotated[
    str,
    typer.Option(
        "--shape",
        metavar="desktop|editor",
        help="The file's shape: desktop (mcpServers, the assistant's config; the default) or editor (servers with"
        ' "type": "stdio" and optional inputs, the workspace file an editor reads; give its PATH).',
    ),
]
"""``--shape``: which config shape ``config print|install|validate`` write and check (a plain string, checked
against ``data_pkg.desktop.SHAPES`` by the command, so the names live in one place)."""
