"""The selector: a manifest (or profile, or nothing) in, a :class:`Registry` and diagnostics out.

The server and the linter both call :func:`resolve`, so a manifest that lints clean starts a
server and one that starts lints clean. The rules, applied in exactly this order for every
manifest (an extended manifest is resolved the same way first):

1. **extends**: start from the union of the extended manifests' selections, in the order listed
   (profiles by name, files by path relative to the manifest). Their overrides come along; for the
   same tool a later base's override fields win over an earlier one's.
2. **include**: add every available tool matching each pattern. Patterns silently skip what
   cannot be a tool (bulk and file endpoints, withdrawn ones, ones whose path segment is not
   configured); a pattern that matches nothing available is a warning (DM208).
3. **tools**: add each named tool (spec name or bare key). Naming something that cannot be a
   tool is an error (DM204, DM206); naming a withdrawn endpoint is a warning naming its
   successor (DM205), and it is not added. An ``include`` entry without glob characters or a
   colon is a name too and is held to the same rules.
4. **exclude**: remove every tool matching each pattern or name.
5. **max_tier**: drop tools above that plan tier. A filter, not an error (``Resolution.dropped_by_tier``
   lists them, for the linter).
6. **overrides**: rename, retitle, re-describe, fix arguments. An override of a tool the steps above did not
   select (before the tier filter) is an error (DM403); overrides of tools dropped by the tier
   filter, or whose path segment is not configured, are ignored.
7. **naming**: the style is ``DATA_MCP_TOOL_NAME_STYLE``, else the manifest's ``name_style``, else
   the nearest extended manifest's (first in ``extends`` order, depth first), else ``key``. The prefix
   and ``output_schemas`` are inherited the same way (without the environment). Then every name
   is checked against the style's rule (DM405) and for collisions (DM203).
8. **answers**: a tool's ``max_answer_tokens`` is its override's, else the manifest's (inherited like
   the prefix), else ``DATA_MCP_MAX_ANSWER_TOKENS``, else 8,000; ``answer_format`` is the manifest's,
   else ``DATA_MCP_ANSWER_FORMAT``, else ``table``. ``fields`` and ``exclude_fields`` come from the
   tool's override (merged over bases like its other fields), checked against its response model (DM406).
   A tool whose answers are rows takes a ``fields`` argument (columns for one call, within those) unless
   ``fields_argument`` is false, inherited like the prefix.
9. **analysis**: inherited like the prefix; when on, the query tool is named by the style and prefix
   (``query``, ``analysis.query``, ``analysis_query``) and listed last; a tool of that name is DM203.

An empty result is an error (DM207). Any error means no registry; warnings never block.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from data_pkg.catalog import SEGMENT_ENV
from data_pkg.toolsets._analysis import QUERY_DESCRIPTION, QUERY_TITLE, query_input_schema, query_tool_name
from data_pkg.toolsets._answer import AnswerSpec, answer_defaults
from data_pkg.toolsets._choice import takes_fields
from data_pkg.toolsets._diagnostics import Diagnostic, ToolsetError
from data_pkg.toolsets._naming import DEFAULT_STYLE, base_name, name_pattern, style_from_env
from data_pkg.toolsets._profiles import DEFAULT_DESCRIPTION, DEFAULT_PROFILE
from data_pkg.toolsets._registry import Registry, Tool
from data_pkg.toolsets._schemas import input_schema, output_schema, tool_description
from data_pkg.toolsets._select import Selector
from data_pkg.toolsets._selection import Change, Selection

if TYPE_CHECKING:
    from data_pkg.toolsets._parse import ParsedManifest

__all__ = ["SEGMENT_ENV", "Resolution", "resolve"]


@dataclass(frozen=True)
class Resolution:
    """The outcome of :func:`resolve`.

    ``registry`` is None when any diagnostic is an error. ``files`` lists every local file
    involved (the manifest, everything it extends, and extended files that were missing, so that
    creating them triggers a reload), for the hot-reload watcher: each as named and, where symlinks
    lead elsewhere, as its target, so that replacing either is seen.
    """

    registry: Registry | None
    diagnostics: tuple[Diagnostic, ...] = ()
    files: tuple[Path, ...] = ()
    dropped_by_tier: tuple[str, ...] = ()
    """Spec names of tools a ``max_tier`` (of the manifest or one it extends) kept out, for the linter."""
    parsed: ParsedManifest | None = None
    """The top manifest file as parsed, for the linter's own checks (None for the built-in default set)."""

    @property
    def ok(self) -> bool:
        """Whether a registry was built (warnings allowed)."""
        return self.registry is not None

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The diagnostics that block."""
        return tuple(d for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        """The diagnostics that do not block."""
        return tuple(d for d in self.diagnostics if not d.is_error)

    def raise_for_errors(self) -> Registry:
        """The registry; raises :class:`ToolsetError` carrying every diagnostic when there is none."""
        if self.registry is None:
            raise ToolsetError(self.diagnostics)
        return self.registry


def _names(selector: Selector, selection: Selection, style: str, prefix: str) -> dict[str, str]:
    """Endpoint key -> final tool name, reporting invalid names (DM405) and collisions (DM203)."""
    rule = name_pattern(style)
    owner: dict[str, str] = {}
    named: dict[str, str] = {}
    for key, endpoint in selection.tools.items():
        change = selection.changes.get(key)
        renamed = change is not None and change.name is not None
        name = prefix + (change.name if change and change.name else base_name(endpoint, style))
        where = change.name_at if change and change.name_at and renamed else selector.top
        if not rule.fullmatch(name):
            limit = "1 to 128 of A-Z a-z 0-9 _ . -" if style == "spec" else "1 to 64 of A-Z a-z 0-9 _ -"
            broken = f"tool name {name!r} ({endpoint.spec}) breaks the {style} style's rule"
            selector.lookup.report.add("DM405", broken, hint=limit, at=where, file=where.file)
            continue
        if name in owner:
            other = selection.tools[owner[name]]
            other_change = selection.changes.get(owner[name])
            if not renamed and other_change is not None and other_change.name_at is not None:
                where = other_change.name_at  # blame the rename, not the catalog name it hits
            selector.lookup.report.add(
                "DM203",
                f"two tools would be called {name!r}: {other.spec} and {endpoint.spec}",
                hint="rename one of them in overrides",
                at=where,
                file=where.file,
            )
            continue
        owner[name] = key
        named[key] = name
    return named


def _answer(selection: Selection, change: Change | None, defaults: AnswerSpec, *, choosable: bool) -> AnswerSpec:
    """A tool's answer spec: its override, else the manifest's settings, else the environment's.

    ``choosable``: the tool's answers are rows an agent may choose columns of; the manifest can say no.
    """
    budget = (change.max_answer_tokens if change else None) or selection.max_answer_tokens or defaults.max_tokens
    fmt = selection.answer_format or defaults.format
    fields = change.fields if change else None
    exclude = change.exclude_fields if change else ()
    per_call = choosable and selection.fields_argument is not False
    return AnswerSpec(budget, fmt, fields, exclude, per_call)  # type: ignore[arg-type]


def _registry(
    selection: Selection,
    names: Mapping[str, str],
    style: str,
    prefix: str,
    defaults: AnswerSpec,
    description: str | None = None,
) -> Registry:
    """The tools of a clean selection, in selection order, with schemas built for their fixed arguments."""
    tools = []
    for key, endpoint in selection.tools.items():
        change = selection.changes.get(key)
        fixed: Mapping[str, object] = MappingProxyType(dict(change.fixed)) if change and change.fixed else _NOTHING
        answer = _answer(selection, change, defaults, choosable=takes_fields(endpoint))
        tools.append(
            Tool(
                name=names[key],
                title=(change.title if change and change.title else None) or endpoint.tool_title,
                description=(change.description if change and change.description else None)
                or tool_description(endpoint),
                input_schema=input_schema(endpoint, fixed, fields_argument=answer.fields_argument),
                endpoint=key,
                fixed=fixed,
                output_schema=output_schema(
                    endpoint, answer.fields, answer.exclude_fields, chosen_per_call=answer.fields_argument
                )
                if selection.output_schemas
                else None,
                answer=answer,
            )
        )
    analysis = selection.analysis if selection.analysis is not None and selection.analysis.enabled else None
    query = None
    if analysis is not None:
        spec = _answer(selection, None, defaults, choosable=False)  # the manifest's budget and format; no fields
        name = query_tool_name(style, prefix)
        query = Tool(name, QUERY_DESCRIPTION, query_input_schema(), endpoint="", title=QUERY_TITLE, answer=spec)
    return Registry(
        tuple(tools), name_style=style, prefix=prefix, analysis=analysis, query=query, description=description
    )


_NOTHING: Mapping[str, object] = MappingProxyType({})


def resolve(
    source: str | os.PathLike[str] | None,
    *,
    env: Mapping[str, str],
    profiles_dir: Path | None = None,
) -> Resolution:
    """Resolve a tool set: ``source`` is a manifest path, a profile name, or None for the default set.

    ``env`` supplies ``DATA_MCP_TOOL_NAME_STYLE`` and the path-segment variables (pass
    ``os.environ`` in a server; tests pass a dict). ``profiles_dir`` replaces the built-in
    profiles folder. Never raises for a bad manifest: everything wrong is in ``diagnostics``.
    """
    selector = Selector(env, profiles_dir)
    try:
        env_style = style_from_env(env)
    except ToolsetError as error:
        selector.lookup.report.findings.extend(error.diagnostics)
        env_style = None
    defaults, problems = answer_defaults(env)
    selector.lookup.report.findings.extend(problems)
    selection = selector.default_selection() if source is None else selector.source(source)
    files = tuple(selector.files)
    if selection is None:
        return Resolution(None, _ordered(selector.lookup.report.findings), files, parsed=selector.top_parsed)
    style = env_style or selection.name_style or DEFAULT_STYLE
    prefix = selection.prefix or ""
    names = _names(selector, selection, style, prefix)
    if selection.analysis is not None and selection.analysis.enabled:
        query = query_tool_name(style, prefix)
        taken = next((key for key, name in names.items() if name == query), None)
        if taken is not None:
            selector.lookup.report.add(
                "DM203",
                f"two tools would be called {query!r}: {selection.tools[taken].spec} and the query tool of analysis",
                hint="rename the endpoint's tool in overrides",
                at=selector.top,
                file=selector.top.file,
            )
    blocked = any(d.is_error for d in selector.lookup.report.findings)
    if not selection.tools and not blocked:
        # Only when nothing else went wrong: an earlier error is the likelier cause of the emptiness.
        selector.lookup.report.add(
            "DM207",
            "the manifest selects no tools",
            hint="check extends, include, tools and exclude",
            at=selector.top,
            file=selector.top.file,
        )
        blocked = True
    dropped = tuple(selection.dropped_by_tier)
    if blocked:
        return Resolution(None, _ordered(selector.lookup.report.findings), files, dropped, selector.top_parsed)
    top = selector.top_parsed.manifest if selector.top_parsed is not None else None
    description = top.description if top is not None else None
    if selector.top_parsed is None and (source is None or source == DEFAULT_PROFILE):
        description = DEFAULT_DESCRIPTION
    registry = _registry(selection, names, style, prefix, defaults, description)
    return Resolution(registry, _ordered(selector.lookup.report.findings), files, dropped, selector.top_parsed)


def _ordered(diagnostics: list[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Environment problems first, then file by file (in order of first mention), by position."""
    first_seen: dict[str | None, int] = {}
    for found in diagnostics:
        first_seen.setdefault(found.file, len(first_seen))

    def key(found: Diagnostic) -> tuple[int, int, int, int]:
        return (found.file is not None, first_seen[found.file], found.line or 0, found.col or 0)

    return tuple(sorted(diagnostics, key=key))
