"""Steps 1 to 6 of the resolver for one manifest, in order: :func:`select` and :data:`STEPS`.

The order and the meaning of each step are stated once, in ``data_pkg.toolsets._resolve``. Step 1
(:func:`extended`) starts from what the manifest extends, which the selector (``_select``) has read and
selected first; each later step is a function of the lookup (names, and where their problems go), the
manifest and the selection so far, and returns the next selection without changing the one it got:

2. :func:`included`: add what ``include`` selects;
3. :func:`named`: add what ``tools`` names;
4. :func:`excluded`: remove what ``exclude`` selects;
5. :func:`within_tier`: drop what is above ``max_tier``;
6. :func:`overridden`: merge this manifest's overrides over the inherited ones;

and :func:`settled` keeps the changes of selected tools only, and the tier drops that stay out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from data_pkg.catalog import Endpoint, tier_rank
from data_pkg.toolsets._lookup import Lookup
from data_pkg.toolsets._overrides import change_of
from data_pkg.toolsets._patterns import is_pattern
from data_pkg.toolsets._selection import Change, Selection, at

if TYPE_CHECKING:
    from data_pkg.toolsets._manifest import Located, Manifest

__all__ = ["STEPS", "Step", "select"]

Step = Callable[[Lookup, "Manifest", Selection], Selection]
"""One step: the selection so far in, the next one out (problems reported to the lookup)."""

_INHERITED = (
    "name_style",
    "prefix",
    "output_schemas",
    "fields_argument",
    "max_answer_tokens",
    "answer_format",
    "analysis",
)
"""Settings a manifest passes on: its own where written, else the first base's that has one."""


def extended(manifest: Manifest, bases: Sequence[Selection]) -> Selection:
    """1: the union of the bases' tools in order, their changes merged (a later base's fields win), and each
    setting the manifest's own where it has one, else the first base's that has one."""
    tools: dict[str, Endpoint] = {}
    changes: dict[str, Change] = {}
    dropped: list[str] = []
    for base in bases:
        dropped.extend(base.dropped_by_tier)
        for key, endpoint in base.tools.items():
            tools.setdefault(key, endpoint)
        for key, change in base.changes.items():
            changes[key] = changes[key].merged(change) if key in changes else change

    def inherited(name: str) -> Any:
        own: Located[Any] | None = getattr(manifest, name)
        if own is not None:
            return own.value
        return next((getattr(b, name) for b in bases if getattr(b, name) is not None), None)

    settings = {name: inherited(name) for name in _INHERITED}
    return Selection(tools=tools, changes=changes, dropped_by_tier=tuple(dropped), **settings)


def _listed(lookup: Lookup, manifest: Manifest, field: Literal["include", "exclude"]) -> Iterator[Endpoint]:
    """What each entry of ``include`` or ``exclude`` selects, reporting an entry listed twice.

    An include adds only what may be a tool here (available, not bulk); an exclude removes from
    the whole catalog, so a name only has to exist.
    """
    including = field == "include"
    seen: set[str] = set()
    for entry in manifest.include if including else manifest.exclude:
        where = at(manifest, entry)
        if entry.value in seen:
            lookup.report.add(
                "DM202", f"{field} lists {entry.value!r} twice", hint="keep one", at=where, file=where.file
            )
            continue
        seen.add(entry.value)
        if is_pattern(entry.value):
            yield from lookup.pattern(manifest, entry, everything=not including) or []
        elif (one := (lookup.explicit if including else lookup.find)(entry, where)) is not None:
            yield one


def included(lookup: Lookup, manifest: Manifest, selection: Selection) -> Selection:
    """2: add what each ``include`` pattern (or name) selects."""
    tools = dict(selection.tools)
    for endpoint in _listed(lookup, manifest, "include"):
        tools.setdefault(endpoint.key, endpoint)
    return replace(selection, tools=tools)


def named(lookup: Lookup, manifest: Manifest, selection: Selection) -> Selection:
    """3: add each tool ``tools`` names (a pattern there is DM209, a name given twice DM202)."""
    tools = dict(selection.tools)
    seen: dict[str, str] = {}
    for entry in manifest.tools:
        where = at(manifest, entry)
        if is_pattern(entry.value):
            lookup.report.add(
                "DM209", f"{entry.value!r} is a pattern", hint="patterns belong in include", at=where, file=where.file
            )
            continue
        endpoint = lookup.find(entry, where)
        if endpoint is None:
            continue
        if endpoint.key in seen:
            twice = f"tools lists {endpoint.spec} twice: {seen[endpoint.key]!r} and {entry.value!r}"
            lookup.report.add("DM202", twice, hint="keep one", at=where, file=where.file)
            continue
        seen[endpoint.key] = entry.value
        if lookup.explicit(entry, where) is not None:
            tools.setdefault(endpoint.key, endpoint)
    return replace(selection, tools=tools)


def excluded(lookup: Lookup, manifest: Manifest, selection: Selection) -> Selection:
    """4: remove what each ``exclude`` pattern (or name) selects, from the whole catalog."""
    tools = dict(selection.tools)
    for endpoint in _listed(lookup, manifest, "exclude"):
        tools.pop(endpoint.key, None)
    return replace(selection, tools=tools)


def within_tier(lookup: Lookup, manifest: Manifest, selection: Selection) -> Selection:
    """5: drop the tools above ``max_tier``, remembering them (``dropped_by_tier``, ``over_tier``)."""
    if manifest.max_tier is None:
        return selection
    limit = tier_rank(manifest.max_tier.value)
    over = {key: e for key, e in selection.tools.items() if tier_rank(e.tier) > limit}
    return replace(
        selection,
        tools={key: e for key, e in selection.tools.items() if key not in over},
        dropped_by_tier=(*selection.dropped_by_tier, *(e.spec for e in over.values())),
        over_tier=frozenset(over),
    )


def overridden(lookup: Lookup, manifest: Manifest, selection: Selection) -> Selection:
    """6: merge this manifest's overrides over the inherited ones.

    An override of a tool the steps before did not select (before the tier filter) is DM403; one of a
    tool dropped by the tier filter, or whose path segment is not configured, is ignored.
    """
    changes = dict(selection.changes)
    seen: dict[str, str] = {}
    for override in manifest.overrides:
        where = at(manifest, override.target)
        endpoint = lookup.find(override.target, where)
        if endpoint is None:
            continue
        if endpoint.key in seen:
            lookup.report.add(
                "DM202",
                f"overrides has {endpoint.spec} twice: {seen[endpoint.key]!r} and {override.target.value!r}",
                hint="keep one",
                at=where,
                file=where.file,
            )
            continue
        seen[endpoint.key] = override.target.value
        change = change_of(lookup, manifest, endpoint, override)
        if not endpoint.is_tool_candidate or endpoint.status == "withdrawn":
            lookup.explicit(override.target, where)  # reports DM204 or DM205
            continue
        if lookup.unconfigured(endpoint):
            continue  # selectable once configured: not a mistake in the manifest
        if endpoint.key not in selection.tools and endpoint.key not in selection.over_tier:
            lookup.report.add(
                "DM403",
                f"override of {endpoint.spec}, which this manifest does not select",
                hint="add it to tools, or remove the override",
                at=where,
                file=where.file,
            )
            continue
        if endpoint.key in selection.tools and change is not None:
            previous = changes.get(endpoint.key)
            changes[endpoint.key] = previous.merged(change) if previous else change
    return replace(selection, changes=changes)


def settled(lookup: Lookup, manifest: Manifest, selection: Selection) -> Selection:
    """The changes of selected tools only; the tier drops that stay out (a tool a base's ``max_tier`` dropped
    may have been added back here), once each."""
    kept = {e.spec for e in selection.tools.values()}
    return replace(
        selection,
        changes={k: c for k, c in selection.changes.items() if k in selection.tools},
        dropped_by_tier=tuple(dict.fromkeys(s for s in selection.dropped_by_tier if s not in kept)),
        over_tier=frozenset(),
    )


STEPS: tuple[Step, ...] = (included, named, excluded, within_tier, overridden, settled)
"""Steps 2 to 6, then the tidying, in this order, after :func:`extended` (step 1)."""


def select(lookup: Lookup, manifest: Manifest, bases: Sequence[Selection]) -> Selection:
    """Steps 1 to 6 for one manifest, whose extended manifests selected ``bases`` (in ``extends`` order)."""
    selection = extended(manifest, bases)
    for step in STEPS:
        selection = step(lookup, manifest, selection)
    return selection
