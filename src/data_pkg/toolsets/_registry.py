"""The registry: the immutable list of tools a server publishes, and what changed between two of them.

It knows nothing of manifests or of the market-data domain beyond an endpoint key per tool; the
server lists it, looks names up in it at call time, and swaps one registry for another on reload.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from data_pkg.toolsets._analysis import AnalysisSpec
from data_pkg.toolsets._answer import AnswerSpec

_READ_ONLY: Mapping[str, bool] = MappingProxyType({"readOnlyHint": True})


@dataclass(frozen=True, slots=True)
class Tool:
    """One tool as an agent sees it, plus what the server needs to call it.

    ``input_schema`` and ``output_schema`` are plain dicts for cheap serialisation: treat them as
    read-only. ``fixed`` holds arguments the manifest fixed; the server adds them to every call
    (they are absent from ``input_schema``, so the agent cannot send them).
    """

    name: str
    description: str
    input_schema: dict[str, Any] = field(hash=False)
    endpoint: str
    """Catalog key of the endpoint the tool calls (``quote``); empty for the query tool, which calls none."""
    fixed: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    output_schema: dict[str, Any] | None = field(default=None, hash=False)
    annotations: Mapping[str, bool] = field(default_factory=lambda: _READ_ONLY, hash=False)
    title: str | None = None
    answer: AnswerSpec = field(default_factory=AnswerSpec)
    """How the server writes this tool's answers (fields, format, token budget); not listed to agents."""

    def to_mcp(self) -> dict[str, Any]:
        """The tool as an entry of an MCP ``tools/list`` result (wire field names)."""
        entry: dict[str, Any] = {"name": self.name}
        if self.title is not None:
            entry["title"] = self.title
        entry["description"] = self.description
        entry["inputSchema"] = self.input_schema
        if self.output_schema is not None:
            entry["outputSchema"] = self.output_schema
        entry["annotations"] = dict(self.annotations)
        return entry


class Registry:
    """An immutable, ordered set of tools with unique names."""

    __slots__ = ("_by_name", "_tools", "analysis", "description", "name_style", "prefix", "query")

    def __init__(
        self,
        tools: tuple[Tool, ...],
        *,
        name_style: str = "key",
        prefix: str = "",
        analysis: AnalysisSpec | None = None,
        query: Tool | None = None,
        description: str | None = None,
    ) -> None:
        by_name = {tool.name: tool for tool in tools}
        if len(by_name) != len(tools) or (query is not None and query.name in by_name):
            raise ValueError("tool names must be unique")
        self._tools = tuple(tools)
        self._by_name: Mapping[str, Tool] = MappingProxyType(by_name)
        self.name_style = name_style
        """The naming style the names were made with."""
        self.prefix = prefix
        self.analysis = analysis
        """The bounds of kept tables when the manifest turns analysis on, else None."""
        self.query = query
        """The query tool (listed after the endpoint tools) when analysis is on, else None."""
        self.description = description
        """What the tool set is for: the manifest's description (a profile's docstring), else None."""

    @property
    def tools(self) -> tuple[Tool, ...]:
        """Every endpoint tool, in manifest order (the query tool is :attr:`query`)."""
        return self._tools

    @property
    def names(self) -> tuple[str, ...]:
        """Every endpoint tool's name, in manifest order."""
        return tuple(self._by_name)

    @property
    def listed(self) -> tuple[Tool, ...]:
        """Every tool as ``tools/list`` lists them: the endpoint tools, then the query tool when there is one."""
        return self._tools if self.query is None else (*self._tools, self.query)

    def get(self, name: str) -> Tool | None:
        """The tool called ``name``, or None."""
        return self._by_name.get(name)

    def by_endpoint(self, key: str) -> Tool | None:
        """The tool that calls the endpoint with catalog key ``key``, or None."""
        return next((tool for tool in self._tools if tool.endpoint == key), None)

    def __len__(self) -> int:
        return len(self._tools)

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __repr__(self) -> str:
        return f"Registry({len(self)} tools, name_style={self.name_style!r}, prefix={self.prefix!r})"

    def tools_list(self) -> list[dict[str, Any]]:
        """The tools as the ``tools`` array of an MCP ``tools/list`` result."""
        return [tool.to_mcp() for tool in self.listed]

    def tools_list_bytes(self) -> int:
        """Size in bytes of :meth:`tools_list` as compact UTF-8 JSON: what the agent host receives."""
        from data_pkg.toolsets._cost import wire_bytes

        return wire_bytes(self.tools_list())

    def estimated_tokens(self) -> int:
        """A rough token count of the tool list: bytes / 4, rounded up.

        Four bytes per token is the usual rule of thumb for English text; JSON punctuation makes
        real tokenisers land between 3 and 4, so read this as a lower bound to compare tool sets,
        not as a bill.
        """
        from data_pkg.toolsets._cost import estimate_tokens

        return estimate_tokens(self.tools_list_bytes())


@dataclass(frozen=True)
class RegistryDiff:
    """What changed from one registry to the next, by tool name.

    ``renamed`` pairs old and new names of tools calling the same endpoint; ``changed`` names
    tools present in both under the same name whose title, description, schema or fixed arguments differ.
    """

    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()
    changed: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.renamed or self.changed)

    def summary(self) -> str:
        """One line for a log: ``+2 added (a, b); -1 removed (c); 1 renamed (d -> e)``; ``no change``."""
        parts = []
        if self.added:
            parts.append(f"+{len(self.added)} added ({', '.join(self.added)})")
        if self.removed:
            parts.append(f"-{len(self.removed)} removed ({', '.join(self.removed)})")
        if self.renamed:
            parts.append(f"{len(self.renamed)} renamed ({', '.join(f'{a} -> {b}' for a, b in self.renamed)})")
        if self.changed:
            parts.append(f"{len(self.changed)} changed ({', '.join(self.changed)})")
        return "; ".join(parts) or "no change"


def diff(old: Registry, new: Registry) -> RegistryDiff:
    """Compare two registries endpoint by endpoint: added, removed, renamed and changed tools.

    A tool whose endpoint is in both but under another name counts as renamed (whatever else
    changed); ``changed`` is for tools that kept their name.
    """
    before = {tool.endpoint: tool for tool in old}
    after = {tool.endpoint: tool for tool in new}
    added = tuple(tool.name for key, tool in after.items() if key not in before)
    removed = tuple(tool.name for key, tool in before.items() if key not in after)
    renamed = tuple(
        (before[key].name, tool.name) for key, tool in after.items() if key in before and before[key].name != tool.name
    )
    changed = tuple(
        tool.name
        for key, tool in after.items()
        if key in before and before[key].name == tool.name and before[key] != tool
    )
    if (old.query is None) != (new.query is None):  # analysis turned on or off
        query = new.query or old.query
        assert query is not None
        added, removed = (added, (*removed, query.name)) if new.query is None else ((*added, query.name), removed)
    elif old.query is not None and new.query is not None and old.query.name != new.query.name:
        renamed = (*renamed, (old.query.name, new.query.name))
    elif old.query is not None and new.query is not None and (old.query, old.analysis) != (new.query, new.analysis):
        changed = (*changed, new.query.name)  # its description, budget or the limits of the tables it reads
    return RegistryDiff(added, removed, renamed, changed)
