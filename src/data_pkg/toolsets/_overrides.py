"""One ``overrides`` entry as a :class:`Change`, its fixed arguments and answer fields checked (DM404, DM406, DM408).

Step 6 of the selection (``_select_steps.overridden``) decides which overrides apply; this module reads one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from data_pkg.catalog import Endpoint
from data_pkg.suggest import suggest
from data_pkg.toolsets._lookup import Lookup
from data_pkg.toolsets._selection import Change, at

if TYPE_CHECKING:
    from data_pkg.toolsets._manifest import Manifest, Override

__all__ = ["change_of"]


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


def change_of(lookup: Lookup, manifest: Manifest, endpoint: Endpoint, override: Override) -> Change | None:
    """The override as a change, or None when a fixed argument or a field is invalid (DM404, DM406)."""
    from data_pkg.toolsets._arguments import fixed_value_problem, normalise_fixed

    values: dict[str, object] = {}
    valid = _answer_fields(lookup, manifest, endpoint, override)
    for param_name, value in override.fixed:
        try:
            param = endpoint.param(param_name.value)
        except KeyError:
            known = {p.name for p in endpoint.params}
            hint = suggest(param_name.value, known) or (
                f"its parameters: {', '.join(sorted(known))}" if known else "it takes no parameters"
            )
            missing = f"{endpoint.spec} has no parameter {param_name.value!r}"
            where = at(manifest, param_name)
            lookup.report.add("DM404", missing, hint=hint, at=where, file=where.file)
            valid = False
            continue
        problem = fixed_value_problem(param, value.value)
        if problem is not None:
            where = at(manifest, value)
            message = f"invalid fixed value for {endpoint.spec}: {problem}"
            lookup.report.add("DM404", message, at=where, file=where.file)
            valid = False
            continue
        values[param.name] = normalise_fixed(param, value.value)
    if not valid:
        return None
    name, description = override.name, override.description
    current = _current_names(endpoint)
    return Change(
        name.value if name else None,
        at(manifest, name) if name else None,
        description.value if description else None,
        values,
        None if override.fields is None else current(f.value for f in override.fields),
        current(f.value for f in override.exclude_fields),
        override.max_answer_tokens.value if override.max_answer_tokens else None,
        override.title.value if override.title else None,
    )


def _answer_fields(lookup: Lookup, manifest: Manifest, endpoint: Endpoint, override: Override) -> bool:
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
        where = at(manifest, entry)
        if inner and entry.value not in renamed:
            valid = False
            message = f"{endpoint.spec} answers have {entry.value!r} inside their rows, not as a field of its own"
            lookup.report.add(
                "DM406",
                message,
                hint="exclude_fields may name it; fields keeps whole fields",
                at=where,
                file=where.file,
            )
            continue
        if entry.value in renamed:
            # The earlier name of a field the upstream still sends: the answer keeps it under its name now.
            now = renamed[entry.value]
            message = f"{endpoint.spec} answers call the field {entry.value!r} {now!r} now; it is used as {now!r}"
            lookup.report.add("DM408", message, hint=f"write {now!r}", at=where, file=where.file)
            continue
        valid = False
        if not known:
            lookup.report.add(
                "DM406", f"{endpoint.spec} answers no named fields", hint="remove fields", at=where, file=where.file
            )
            continue
        hint = suggest(entry.value, frozenset(known)) or f"its fields: {', '.join(known)}"
        lookup.report.add(
            "DM406", f"{endpoint.spec} answers have no field {entry.value!r}", hint=hint, at=where, file=where.file
        )
    return valid
