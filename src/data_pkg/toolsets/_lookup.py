"""What the names of a manifest mean here and now, with the diagnostics of the ones that mean nothing.

One :class:`Lookup` per resolution: it holds the diagnostics reported so far and how many more unknown
names get a suggestion, and knows which path segments the environment configures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from data_pkg.catalog import ENDPOINTS, SEGMENT_ENV, Endpoint, lookup, renamed, replacement
from data_pkg.rules import Report
from data_pkg.suggest import suggest
from data_pkg.toolsets._patterns import matches, pattern_problem, tool_names
from data_pkg.toolsets._rules import RULES
from data_pkg.toolsets._selection import Where, at

if TYPE_CHECKING:
    from data_pkg.toolsets._manifest import Located, Manifest

__all__ = ["MAX_SUGGESTIONS", "Lookup"]

MAX_SUGGESTIONS = 50
"""Unknown tool names per resolution that get a suggestion; thousands of them would take seconds."""


def _renamed_problem(name: str, moved: Endpoint) -> tuple[str, str]:
    """Message and hint for a former name (the catalog's alias table), naming the endpoint to use now.

    The suggestion is spelt as the name was: a spec name for a spec name, a key for a key.
    """

    def spelt(endpoint: Endpoint) -> str:
        return endpoint.spec if "." in name else endpoint.key

    message = f"unknown tool {name!r}: the former name of {moved.spec}"
    if moved.status == "live":
        return message, f"use {spelt(moved)} instead"
    now = replacement(moved)
    hint = f"use {spelt(now)} instead" if now is not None else "it has no replacement; remove it"
    return f"{message}, which was withdrawn upstream", hint


class Lookup:
    """Finds endpoints by name or pattern and says whether each can be a tool, reporting why not."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.configured = frozenset(seg for seg, var in SEGMENT_ENV.items() if env.get(var, "").strip())
        self.report = Report(RULES)
        """What the lookups (and the selection steps, through them) found wrong, in the order found."""
        self.suggestions = MAX_SUGGESTIONS
        """How many more unknown tool names get a "did you mean"."""

    def available(self, endpoint: Endpoint) -> bool:
        """Whether ``endpoint`` can be a tool here and now."""
        return (
            endpoint.is_tool_candidate
            and endpoint.status == "live"
            and all(seg in self.configured for seg in endpoint.segments)
        )

    def unconfigured(self, endpoint: Endpoint) -> list[str]:
        """The environment variables ``endpoint`` still needs set."""
        return [SEGMENT_ENV.get(seg, seg) for seg in endpoint.segments if seg not in self.configured]

    def find(self, name: Located[str], where: Where) -> Endpoint | None:
        """The endpoint called ``name`` (spec name or key), reporting DM201 with a suggestion."""
        try:
            return lookup(name.value)
        except KeyError:
            pass
        moved = renamed(name.value)
        if moved is not None:
            message, instead = _renamed_problem(name.value, moved)
            self.report.add("DM201", message, hint=instead, at=where, file=where.file)
            return None
        # A suggestion costs a fuzzy match against every name: only the first few unknown names get one.
        hint = suggest(name.value, tool_names()) if self.suggestions > 0 else "`data-mcp catalog` lists the tools"
        self.suggestions -= 1
        self.report.add("DM201", f"unknown tool {name.value!r}", hint=hint, at=where, file=where.file)
        return None

    def explicit(self, name: Located[str], where: Where) -> Endpoint | None:
        """An explicitly named tool, if it may be added; reports why not otherwise."""
        endpoint = self.find(name, where)
        if endpoint is None:
            return None
        if not endpoint.is_tool_candidate:
            if endpoint.hosted_only:
                kind = "hosted-only"
            elif endpoint.format == "xlsx":
                kind = "file-download (xlsx)"
            else:
                kind = "bulk CSV" if endpoint.bulk else f"{endpoint.format} file"
            self.report.add(
                "DM204",
                f"{endpoint.spec} is a {kind} endpoint and never a tool",
                hint="use it from the Python client" if not endpoint.hosted_only else "remove it",
                at=where,
                file=where.file,
            )
            return None
        if endpoint.status == "withdrawn":
            hint = f"use {endpoint.successor} instead" if endpoint.successor else "it has no replacement; remove it"
            self.report.add(
                "DM205", f"{endpoint.spec} was withdrawn upstream and is skipped", hint=hint, at=where, file=where.file
            )
            return None
        missing = self.unconfigured(endpoint)
        if missing:
            self.report.add(
                "DM206",
                f"{endpoint.spec} needs a path segment that is not configured",
                hint=f"set {' and '.join(missing)}",
                at=where,
                file=where.file,
            )
            return None
        return endpoint

    def pattern(self, manifest: Manifest, entry: Located[str], *, everything: bool) -> list[Endpoint] | None:
        """Endpoints ``entry`` selects (all of the catalog's when ``everything``, else available ones).

        None after reporting a malformed pattern.
        """
        where = at(manifest, entry)
        problem = pattern_problem(entry.value)
        if problem is not None:
            self.report.add("DM209", problem[0], hint=problem[1], at=where, file=where.file)
            return None
        matched = [e for e in ENDPOINTS if matches(entry.value, e)]
        chosen = matched if everything else [e for e in matched if self.available(e)]
        if not chosen:
            message = f"{entry.value!r} matches no tool"
            if matched:
                message += f" ({len(matched)} endpoints match, none available as a tool here)"
            self.report.add("DM208", message, at=where, file=where.file)
        return chosen
