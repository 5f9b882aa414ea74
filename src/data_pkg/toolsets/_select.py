"""Selection: steps 1 to 6 of the resolver (extends, include, tools, exclude, max_tier, overrides).

The order and the meaning of each step are stated once, in ``data_pkg.toolsets._resolve``; this
module implements them for one manifest at a time, recursing into what it extends.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from data_pkg.catalog import (
    DEFAULT_SET,
    ENDPOINTS,
    SEGMENT_ENV,
    Endpoint,
    by_spec,
    lookup,
    renamed,
    replacement,
    tier_rank,
)
from data_pkg.files import real_path
from data_pkg.suggest import suggest
from data_pkg.toolsets._diagnostics import Diagnostic, diagnostic
from data_pkg.toolsets._patterns import is_pattern, matches, pattern_problem, tool_names
from data_pkg.toolsets._profiles import DEFAULT_PROFILE, available_profiles, profile_path
from data_pkg.toolsets._sources import is_profile_name, manifest_path

if TYPE_CHECKING:
    from data_pkg.toolsets._analysis import AnalysisSpec
    from data_pkg.toolsets._manifest import Located, Manifest, Override
    from data_pkg.toolsets._parse import ParsedManifest

MAX_SUGGESTIONS = 50
"""Unknown tool names per resolution that get a suggestion; thousands of them would take seconds."""


@dataclass(frozen=True)
class Where:
    """Where to report a problem: a file and a 1-based position, or nothing (the environment)."""

    file: str | None
    line: int | None = None
    col: int | None = None


@dataclass
class Change:
    """What the overrides of one tool amount to, after merging bases and the manifest itself."""

    name: str | None = None
    name_at: Where | None = None
    description: str | None = None
    fixed: dict[str, object] = field(default_factory=dict)
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


@dataclass
class Selection:
    """What one manifest selects, after its own rules and those of everything it extends."""

    tools: dict[str, Endpoint] = field(default_factory=dict)
    """Selected endpoints by key, in selection order."""
    changes: dict[str, Change] = field(default_factory=dict)
    name_style: str | None = None
    prefix: str | None = None
    output_schemas: bool | None = None
    fields_argument: bool | None = None
    max_answer_tokens: int | None = None
    answer_format: str | None = None
    analysis: AnalysisSpec | None = None
    dropped_by_tier: list[str] = field(default_factory=list)


def _at(manifest: Manifest, located: Located[Any]) -> Where:
    return Where(manifest.file, located.line, located.col)


def _current_names(endpoint: Endpoint) -> Callable[[Iterable[str]], tuple[str, ...]]:
    """Answer field names as a manifest gives them, each earlier name replaced by the current one (DM408), once each."""

    def current(names: Iterable[str]) -> tuple[str, ...]:
        given = tuple(names)
        if not given:
            return ()  # no model to import: most overrides choose no fields
        from data_pkg.toolsets._fields import former_answer_fields

        renamed = former_answer_fields(endpoint)
        return tuple(dict.fromkeys(renamed.get(name, name) for name in given))

    return current


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


class Selector:
    """Applies the selection rules (steps 1 to 6 of ``_resolve``) to a source, collecting diagnostics.

    One instance per resolution: it remembers the files it read, and each file's selection, so
    that a file extended twice (a diamond) is read and reported once.
    """

    def __init__(self, env: Mapping[str, str], profiles_dir: Path | None) -> None:
        self.env = env
        self.profiles_dir = profiles_dir
        self.configured = frozenset(seg for seg, var in SEGMENT_ENV.items() if env.get(var, "").strip())
        self.diagnostics: list[Diagnostic] = []
        self.files: dict[Path, None] = {}
        self.selections: dict[Path, Selection | None] = {}
        self.top = Where(None)
        """Where to report problems of the whole result (an empty tool set, say): the top manifest."""
        self.top_parsed: ParsedManifest | None = None
        """The top manifest file as parsed (None for the built-in default set)."""
        self.suggestions = MAX_SUGGESTIONS
        """How many more unknown tool names get a "did you mean"."""

    # -- reporting -------------------------------------------------------------------------

    def report(self, code: str, where: Where, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(diagnostic(code, message, hint=hint, file=where.file, line=where.line, col=where.col))

    # -- availability ----------------------------------------------------------------------

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
            self.report("DM201", where, *_renamed_problem(name.value, moved))
            return None
        # A suggestion costs a fuzzy match against every name: only the first few unknown names get one.
        hint = suggest(name.value, tool_names()) if self.suggestions > 0 else "`data-mcp catalog` lists the tools"
        self.suggestions -= 1
        self.report("DM201", where, f"unknown tool {name.value!r}", hint)
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
            self.report(
                "DM204",
                where,
                f"{endpoint.spec} is a {kind} endpoint and never a tool",
                "use it from the Python client" if not endpoint.hosted_only else "remove it",
            )
            return None
        if endpoint.status == "withdrawn":
            hint = f"use {endpoint.successor} instead" if endpoint.successor else "it has no replacement; remove it"
            self.report("DM205", where, f"{endpoint.spec} was withdrawn upstream and is skipped", hint)
            return None
        missing = self.unconfigured(endpoint)
        if missing:
            self.report(
                "DM206",
                where,
                f"{endpoint.spec} needs a path segment that is not configured",
                f"set {' and '.join(missing)}",
            )
            return None
        return endpoint

    # -- patterns --------------------------------------------------------------------------

    def pattern(self, manifest: Manifest, entry: Located[str], *, everything: bool) -> list[Endpoint] | None:
        """Endpoints ``entry`` selects (all of the catalog's when ``everything``, else available ones).

        None after reporting a malformed pattern.
        """
        where = _at(manifest, entry)
        problem = pattern_problem(entry.value)
        if problem is not None:
            self.report("DM209", where, problem[0], problem[1])
            return None
        matched = [e for e in ENDPOINTS if matches(entry.value, e)]
        chosen = matched if everything else [e for e in matched if self.available(e)]
        if not chosen:
            message = f"{entry.value!r} matches no tool"
            if matched:
                message += f" ({len(matched)} endpoints match, none available as a tool here)"
            self.report("DM208", where, message)
        return chosen

    # -- sources ---------------------------------------------------------------------------

    def default_selection(self) -> Selection:
        """The built-in ``default`` profile: the catalog's ``DEFAULT_SET`` in its order, where available."""
        chosen = (by_spec(spec) for spec in DEFAULT_SET)
        return Selection(tools={e.key: e for e in chosen if self.available(e)})

    def profile(self, name: str) -> Selection | None:
        if name == DEFAULT_PROFILE:
            return self.default_selection()
        path = self.locate(name, Path(), Where(None))
        if path is None:
            return None
        self.top = Where(str(path), 1, 1)
        return self.manifest(path, Where(str(path)), ())

    def source(self, source: str | os.PathLike[str]) -> Selection | None:
        """The selection of the top-level source: a profile name or a manifest path."""
        if isinstance(source, str) and is_profile_name(source):
            return self.profile(source)
        path = manifest_path(source, base=None) if isinstance(source, str) else Path(source)
        if isinstance(path, Diagnostic):
            self.diagnostics.append(path)
            return None
        self.top = Where(str(path), 1, 1)
        return self.manifest(path, Where(str(path)), ())

    def manifest(self, path: Path, where: Where, stack: tuple[Path, ...]) -> Selection | None:
        """Read and select one manifest file (once per resolution); None when it cannot be read or parsed."""
        identity = real_path(path)
        # Watch the name as written and where it leads: replacing either must trigger a reload.
        self.files.setdefault(Path(os.path.abspath(path)), None)
        self.files.setdefault(identity, None)
        if identity in self.selections:
            return self.selections[identity]
        from data_pkg.toolsets._parse import parse_manifest

        parsed = parse_manifest(path)
        if not stack:
            self.top_parsed = parsed
        problems = parsed.diagnostics
        if parsed.manifest is None and problems and problems[0].code == "DM302" and where.line is not None:
            # Missing extended file: point at the extends entry, not at the file that is not there, and
            # name it as written there (never as an absolute path only this machine has).
            from data_pkg.toolsets._nearby import nearby_path

            folder = Path(where.file or "").parent
            written = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else str(path)
            close = nearby_path(written, folder)
            hint = f"did you mean {close!r}?" if close else None
            if path.stem in available_profiles(self.profiles_dir) and path.suffix == ".py":
                hint = f"to extend the built-in profile, write {path.stem!r} without a suffix"
            self.report("DM302", where, f"extended manifest not found: {written!r}", hint)
            problems = problems[1:]
        self.diagnostics.extend(problems)
        selection = None if parsed.manifest is None else self.select(parsed.manifest, (*stack, identity))
        self.selections[identity] = selection
        return selection

    def locate(self, value: str, folder: Path, where: Where) -> Path | None:
        """The file an ``extends`` entry names, or None after reporting why there is none."""
        if is_profile_name(value):
            path = profile_path(value, self.profiles_dir)
            if path is None:
                names = available_profiles(self.profiles_dir)
                listing = f"profiles: {', '.join(names)}"
                hint = suggest(value, names)
                self.report("DM303", where, f"unknown profile {value!r}", f"{hint} {listing}" if hint else listing)
            return path
        found = manifest_path(value, base=folder)
        if isinstance(found, Diagnostic):
            self.report(found.code, where, found.message, found.hint)
            return None
        return found

    def extends(self, manifest: Manifest, stack: tuple[Path, ...]) -> list[Selection]:
        """Step 1: the selections of the extended manifests, in order (DM202, DM301, DM302, DM303)."""
        bases: list[Selection] = []
        seen: set[object] = set()
        folder = Path(manifest.file).parent
        for entry in manifest.extends:
            where = _at(manifest, entry)
            builtin = entry.value == DEFAULT_PROFILE
            path = None if builtin else self.locate(entry.value, folder, where)
            if path is None and not builtin:
                continue
            identity: object = real_path(path) if path is not None else DEFAULT_PROFILE
            if identity in seen:
                self.report("DM202", where, f"{entry.value!r} is extended twice", "keep one")
                continue
            seen.add(identity)
            if isinstance(identity, Path) and identity in stack:
                chain = (*stack[stack.index(identity) :], identity)
                self.report("DM301", where, "extends cycle: " + " -> ".join(p.name for p in chain))
                continue
            base = self.default_selection() if path is None else self.manifest(path, where, stack)
            if base is not None:
                bases.append(base)
        return bases

    # -- one manifest ----------------------------------------------------------------------

    def select(self, manifest: Manifest, stack: tuple[Path, ...]) -> Selection:
        """Steps 1 to 6 for one manifest; ``stack`` is the chain of files extending it (for cycles)."""
        bases = self.extends(manifest, stack)
        selection = Selection()
        for base in bases:
            selection.dropped_by_tier.extend(base.dropped_by_tier)
            for key, endpoint in base.tools.items():
                selection.tools.setdefault(key, endpoint)
            for key, change in base.changes.items():
                selection.changes[key] = selection.changes[key].merged(change) if key in selection.changes else change

        def inherited(own: Located[Any] | None, attr: str) -> Any:
            if own is not None:
                return own.value
            return next((getattr(b, attr) for b in bases if getattr(b, attr) is not None), None)

        selection.name_style = inherited(manifest.name_style, "name_style")
        selection.prefix = inherited(manifest.prefix, "prefix")
        selection.output_schemas = inherited(manifest.output_schemas, "output_schemas")
        selection.fields_argument = inherited(manifest.fields_argument, "fields_argument")
        selection.max_answer_tokens = inherited(manifest.max_answer_tokens, "max_answer_tokens")
        selection.answer_format = inherited(manifest.answer_format, "answer_format")
        selection.analysis = inherited(manifest.analysis, "analysis")

        self.add_includes(manifest, selection)
        self.add_tools(manifest, selection)
        self.remove_excludes(manifest, selection)
        before_tier = set(selection.tools)
        if manifest.max_tier is not None:
            limit = tier_rank(manifest.max_tier.value)
            for key, endpoint in list(selection.tools.items()):
                if tier_rank(endpoint.tier) > limit:
                    del selection.tools[key]
                    selection.dropped_by_tier.append(endpoint.spec)
        self.apply_overrides(manifest, selection, before_tier)
        selection.changes = {k: c for k, c in selection.changes.items() if k in selection.tools}
        # A tool a base's max_tier dropped may have been added back here: only report what stays out.
        kept = {e.spec for e in selection.tools.values()}
        selection.dropped_by_tier = list(dict.fromkeys(s for s in selection.dropped_by_tier if s not in kept))
        return selection

    def add_includes(self, manifest: Manifest, selection: Selection) -> None:
        """Step 2: add what each ``include`` pattern (or name) selects."""
        for endpoint in self.listed(manifest, "include"):
            selection.tools.setdefault(endpoint.key, endpoint)

    def add_tools(self, manifest: Manifest, selection: Selection) -> None:
        """Step 3: add each tool ``tools`` names."""
        seen: dict[str, str] = {}
        for entry in manifest.tools:
            where = _at(manifest, entry)
            if is_pattern(entry.value):
                self.report("DM209", where, f"{entry.value!r} is a pattern", "patterns belong in include")
                continue
            endpoint = self.find(entry, where)
            if endpoint is None:
                continue
            if endpoint.key in seen:
                twice = f"tools lists {endpoint.spec} twice: {seen[endpoint.key]!r} and {entry.value!r}"
                self.report("DM202", where, twice, "keep one")
                continue
            seen[endpoint.key] = entry.value
            if self.explicit(entry, where) is not None:
                selection.tools.setdefault(endpoint.key, endpoint)

    def remove_excludes(self, manifest: Manifest, selection: Selection) -> None:
        """Step 4: remove what each ``exclude`` pattern (or name) selects, from the whole catalog."""
        for endpoint in self.listed(manifest, "exclude"):
            selection.tools.pop(endpoint.key, None)

    def listed(self, manifest: Manifest, field: Literal["include", "exclude"]) -> Iterator[Endpoint]:
        """What each entry of ``include`` or ``exclude`` selects, reporting an entry listed twice.

        An include adds only what may be a tool here (available, not bulk); an exclude removes from
        the whole catalog, so a name only has to exist.
        """
        including = field == "include"
        seen: set[str] = set()
        for entry in manifest.include if including else manifest.exclude:
            where = _at(manifest, entry)
            if entry.value in seen:
                self.report("DM202", where, f"{field} lists {entry.value!r} twice", "keep one")
                continue
            seen.add(entry.value)
            if is_pattern(entry.value):
                yield from self.pattern(manifest, entry, everything=not including) or []
            elif (one := (self.explicit if including else self.find)(entry, where)) is not None:
                yield one

    def apply_overrides(self, manifest: Manifest, selection: Selection, before_tier: set[str]) -> None:
        """Step 6: merge this manifest's overrides over the inherited ones."""
        seen: dict[str, str] = {}
        for override in manifest.overrides:
            where = _at(manifest, override.target)
            endpoint = self.find(override.target, where)
            if endpoint is None:
                continue
            if endpoint.key in seen:
                self.report(
                    "DM202",
                    where,
                    f"overrides has {endpoint.spec} twice: {seen[endpoint.key]!r} and {override.target.value!r}",
                    "keep one",
                )
                continue
            seen[endpoint.key] = override.target.value
            change = self.change(manifest, endpoint, override)
            if not endpoint.is_tool_candidate or endpoint.status == "withdrawn":
                self.explicit(override.target, where)  # reports DM204 or DM205
                continue
            if self.unconfigured(endpoint):
                continue  # selectable once configured: not a mistake in the manifest
            if endpoint.key not in before_tier:
                self.report(
                    "DM403",
                    where,
                    f"override of {endpoint.spec}, which this manifest does not select",
                    "add it to tools, or remove the override",
                )
                continue
            if endpoint.key in selection.tools and change is not None:
                previous = selection.changes.get(endpoint.key)
                selection.changes[endpoint.key] = previous.merged(change) if previous else change

    def change(self, manifest: Manifest, endpoint: Endpoint, override: Override) -> Change | None:
        """The override as a change, or None when a fixed argument or a field is invalid (DM404, DM406)."""
        from data_pkg.toolsets._arguments import fixed_value_problem, normalise_fixed

        values: dict[str, object] = {}
        valid = self.answer_fields(manifest, endpoint, override)
        for param_name, value in override.fixed:
            try:
                param = endpoint.param(param_name.value)
            except KeyError:
                known = {p.name for p in endpoint.params}
                hint = suggest(param_name.value, known) or (
                    f"its parameters: {', '.join(sorted(known))}" if known else "it takes no parameters"
                )
                missing = f"{endpoint.spec} has no parameter {param_name.value!r}"
                self.report("DM404", _at(manifest, param_name), missing, hint)
                valid = False
                continue
            problem = fixed_value_problem(param, value.value)
            if problem is not None:
                self.report("DM404", _at(manifest, value), f"invalid fixed value for {endpoint.spec}: {problem}")
                valid = False
                continue
            values[param.name] = normalise_fixed(param, value.value)
        if not valid:
            return None
        name, description = override.name, override.description
        current = _current_names(endpoint)
        return Change(
            name.value if name else None,
            _at(manifest, name) if name else None,
            description.value if description else None,
            values,
            None if override.fields is None else current(f.value for f in override.fields),
            current(f.value for f in override.exclude_fields),
            override.max_answer_tokens.value if override.max_answer_tokens else None,
            override.title.value if override.title else None,
        )

    def answer_fields(self, manifest: Manifest, endpoint: Endpoint, override: Override) -> bool:
        """Whether every name in ``fields`` and ``exclude_fields`` is a field of the answer (DM406 if not).

        An earlier name of a renamed field (``mktCap``) is valid: DM408 names the current one, which is used.
        So is any name where the answers carry keys of their own (a filing's sections): the agent sees them,
        and, in ``exclude_fields``, a field of the objects inside a row (a sector's ``exposure``).
        """
        named = [*(override.fields or ()), *override.exclude_fields]
        if not named:
            return True
        from data_pkg.toolsets._fields import answer_fields, former_answer_fields, is_answer_field, is_inner_field

        known = answer_fields(endpoint)
        renamed = former_answer_fields(endpoint)
        valid = True
        excluded = {id(entry) for entry in override.exclude_fields}
        for entry in named:
            if entry.value not in renamed and is_answer_field(endpoint, entry.value):
                continue
            inner = is_inner_field(endpoint, entry.value)
            if inner and id(entry) in excluded:
                continue
            where = _at(manifest, entry)
            if inner and entry.value not in renamed:
                valid = False
                message = f"{endpoint.spec} answers have {entry.value!r} inside their rows, not as a field of its own"
                self.report("DM406", where, message, "exclude_fields may name it; fields keeps whole fields")
                continue
            if entry.value in renamed:
                # The earlier name of a field the upstream still sends: the answer keeps it under its name now.
                now = renamed[entry.value]
                message = f"{endpoint.spec} answers call the field {entry.value!r} {now!r} now; it is used as {now!r}"
                self.report("DM408", where, message, f"write {now!r}")
                continue
            valid = False
            if not known:
                self.report("DM406", where, f"{endpoint.spec} answers no named fields", "remove fields")
                continue
            hint = suggest(entry.value, frozenset(known)) or f"its fields: {', '.join(known)}"
            self.report("DM406", where, f"{endpoint.spec} answers have no field {entry.value!r}", hint)
        return valid
