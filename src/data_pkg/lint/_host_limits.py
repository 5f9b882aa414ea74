"""The limits hosts put on what a server lists (DM508-DM510): lengths they cut at, how many tools they take.

A manifest over them still starts a server, which is why only lint reports them: the server cuts its
instructions to fit (``data_pkg.answers.instructions``), a host cuts a long description itself, and a host
that takes at most 128 tools refuses the rest (or the server). Tool names over the limits are DM501's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from data_pkg.answers.instructions import ELLIPSIS, MAX_INSTRUCTIONS, local_instructions
from data_pkg.lint._rules import LINT_RULES
from data_pkg.rules import Finding, Report
from data_pkg.toolsets import Registry, Resolution

if TYPE_CHECKING:
    from data_pkg.toolsets import Located, Manifest

MAX_DESCRIPTION = MAX_INSTRUCTIONS
"""Characters of a tool's description some hosts keep: where they cut instructions too."""

MAX_TOOLS = 128
"""Tools some hosts take from one server."""


def host_limit_findings(resolution: Resolution, manifest: Manifest | None, file: str | None) -> list[Finding]:
    """DM508 for each long description this manifest's overrides write, DM509 when its own description does
    not fit whole in the server's instructions, DM510 when the set is over 128 tools."""
    registry = resolution.registry
    if registry is None or manifest is None or file is None:
        return []
    report = Report(LINT_RULES, file)
    for override in manifest.overrides:
        text = override.description
        if text is not None and len(text.value) > MAX_DESCRIPTION:
            message = f"the description of {override.target.value} is {len(text.value):,} characters"
            hint = f"keep it to {MAX_DESCRIPTION:,}: some hosts cut descriptions there"
            report.add("DM508", message, hint=hint, at=text)
    described = manifest.description_at
    if described is not None and registry.description == described.value:
        kept = _kept(registry)
        if kept is not None:
            message = (
                f"the description is {len(described.value):,} characters; the server's instructions keep its first"
                f" {kept:,}, since they stop at {MAX_DESCRIPTION:,} with what the server adds"
            )
            hint = "say what the set is for in a paragraph; longer notes for people fit in a comment"
            report.add("DM509", message, hint=hint, at=described)
    count = len(registry) + (registry.query is not None)
    if count > MAX_TOOLS:
        at = _selection_start(manifest)
        message = f"the manifest publishes {count} tools, over the {MAX_TOOLS} some hosts take"
        hint = "split it into sets of at most 128 tools, one server each, or exclude what agents do not need"
        report.add("DM510", message, hint=hint, line=at[0], col=at[1])
    return report.findings


def _kept(registry: Registry) -> int | None:
    """How many characters of the description the instructions keep, or None when they keep it all."""
    whole = " ".join((registry.description or "").split())  # as the instructions write it: one paragraph
    purpose = local_instructions(registry).split("\n\n", 1)[0]
    if purpose == whole:
        return None
    return len(purpose.removesuffix(ELLIPSIS)) if purpose.endswith(ELLIPSIS) else 0


def _selection_start(manifest: Manifest) -> tuple[int, int]:
    """Where the manifest starts choosing tools: its first extends, include or tools entry (else line 1)."""
    entries: list[Located[str]] = [*manifest.extends, *manifest.include, *manifest.tools]
    if not entries:
        return (1, 1)
    first = min(entries, key=lambda entry: (entry.line, entry.col))
    return (first.line, first.col)
