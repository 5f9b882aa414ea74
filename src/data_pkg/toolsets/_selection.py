"""What a manifest selects: its tools, their changes and the settings it passes on (:class:`Selection`).

The selection steps (``_select_steps``) each take one and return the next; nothing changes one in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data_pkg.catalog import Endpoint

if TYPE_CHECKING:
    from data_pkg.toolsets._analysis import AnalysisSpec
    from data_pkg.toolsets._manifest import Located, Manifest

__all__ = ["Change", "Selection", "Where", "at"]


@dataclass(frozen=True)
class Where:
    """Where to report a problem: a file and a 1-based position, or nothing (the environment)."""

    file: str | None
    line: int | None = None
    col: int | None = None


def at(manifest: Manifest, located: Located[Any]) -> Where:
    """Where ``manifest`` wrote ``located``."""
    return Where(manifest.file, located.line, located.col)


@dataclass(frozen=True)
class Change:
    """What the overrides of one tool amount to, after merging bases and the manifest itself."""

    name: str | None = None
    name_at: Where | None = None
    description: str | None = None
    fixed: Mapping[str, object] = field(default_factory=dict)
    fields: tuple[str, ...] | None = None
    exclude_fields: tuple[str, ...] = ()
    max_answer_tokens: int | None = None
    title: str | None = None

    def merged(self, other: Change) -> Change:
        """This change with ``other`` on top: its fields win where set, fixed arguments merge."""
        return Change(
            other.name or self.name,
            other.name_at if other.name else self.name_at,
            other.description or self.description,
            {**self.fixed, **other.fixed},
            other.fields if other.fields is not None else self.fields,
            other.exclude_fields or self.exclude_fields,
            other.max_answer_tokens or self.max_answer_tokens,
            other.title or self.title,
        )


@dataclass(frozen=True)
class Selection:
    """What one manifest selects, after its own rules and those of everything it extends."""

    tools: Mapping[str, Endpoint] = field(default_factory=dict)
    """Selected endpoints by key, in selection order."""
    changes: Mapping[str, Change] = field(default_factory=dict)
    name_style: str | None = None
    prefix: str | None = None
    output_schemas: bool | None = None
    fields_argument: bool | None = None
    max_answer_tokens: int | None = None
    answer_format: str | None = None
    analysis: AnalysisSpec | None = None
    dropped_by_tier: tuple[str, ...] = ()
    """Spec names a ``max_tier`` kept out (this manifest's or a base's)."""
    over_tier: frozenset[str] = frozenset()
    """Keys this manifest's own ``max_tier`` removed (step 5), which its overrides may still name (step 6)."""
