"""Columns per call: the ``fields`` argument of tools whose answers are rows, and the check of what an agent sends.

An agent that needs ``date`` and ``close`` of five years of prices asks for them in the call, and the
answer is a fraction of the tokens (docs/benchmarks.md, "Columns per call"). The choice narrows what the
manifest allows: names the manifest's ``fields`` leave out, or its ``exclude_fields`` name, are not the
agent's to choose. A manifest turns the argument off with ``fields_argument: false``.

Names are the answer's own (the header of a table answer): the response model's wire names, an earlier
name of a renamed field (taken as the current one), or, where answers carry keys of their own (a
filing's sections), a key the answer has (:func:`unseen_fields` checks those once it is there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from data_pkg.catalog import Endpoint
from data_pkg.suggest import suggest
from data_pkg.toolsets._answer import AnswerSpec

FIELDS_ARGUMENT = "fields"
"""The argument's name (no catalog parameter has it: :func:`takes_fields` checks)."""

FIELDS_PROPERTY: Mapping[str, str] = {"type": "string"}
"""The argument in an input schema: a string, which every client and model API accepts (a JSON array of
names is accepted too). No description: every tool that has it repeats it in the tool list, where a
description would cost six more tokens a tool; the server's instructions say it once."""

FIELDS_INSTRUCTIONS = "A fields argument keeps only the columns named, comma-separated (fields=date,close)."
"""The sentence of the server's instructions that explains the argument, once for every tool."""

LISTED = 60
"""At most this many field names in an error: a 156-field statement would cost an agent 600 tokens."""


class FieldChoiceError(ValueError):
    """What is wrong with a ``fields`` argument, in words for the agent (it names the tool as the agent sees it)."""


def takes_fields(endpoint: Endpoint) -> bool:
    """Whether ``endpoint``'s tool gets the ``fields`` argument: its answers are rows with named fields.

    Read from the catalog alone (every response model but ``str``, plain values, has named fields; a test
    checks it), so resolving a tool set imports no model.
    """
    if endpoint.single or endpoint.model in (None, "str"):
        return False
    return all(p.name != FIELDS_ARGUMENT for p in endpoint.params)


def _names(raw: object, tool: str) -> tuple[str, ...]:
    """The names an agent sent: a string split at commas (else at white space), or a list of strings."""
    if isinstance(raw, str):
        parts = raw.split(",") if "," in raw else raw.split()
    elif isinstance(raw, (list, tuple)) and all(isinstance(item, str) for item in raw):
        parts = list(raw)
    else:
        shown = "a list holding a non-string" if isinstance(raw, (list, tuple)) else type(raw).__name__
        raise FieldChoiceError(f'{tool}: fields takes column names, comma-separated (e.g. "date,close"), not {shown}')
    return tuple(dict.fromkeys(name.strip() for name in parts if name.strip()))


def _listed(names: tuple[str, ...]) -> str:
    more = f", and {len(names) - LISTED:,} more" if len(names) > LISTED else ""
    return ", ".join(names[:LISTED]) + more


def _unknown(tool: str, name: str, fields: tuple[str, ...]) -> str:
    """``TOOL answers have no field 'x'. Did you mean 'y'? Its fields: ...``"""
    shown = repr(name if len(name) <= 60 else name[:60] + "…")
    close = suggest(name, fields)
    hint = f" {close[0].upper()}{close[1:]}" if close else ""
    return f"{tool} answers have no field {shown}.{hint} Its fields: {_listed(fields)}"


def choose_fields(tool: str, endpoint: Endpoint, spec: AnswerSpec, raw: object) -> AnswerSpec:
    """``spec`` narrowed to the fields an agent chose with ``raw``; unchanged when it chose none.

    Raises :class:`FieldChoiceError` for a value that names no columns the way the argument takes them,
    and for a name the tool's answers do not have (with a did-you-mean and the names they do have).
    """
    from data_pkg.toolsets._fields import answer_fields, former_answer_fields, is_answer_field

    names = _names(raw, tool)
    if not names:
        return spec
    renamed = former_answer_fields(endpoint)
    chosen = tuple(dict.fromkeys(renamed.get(name, name) for name in names))
    allowed = tuple(name for name in (spec.fields or answer_fields(endpoint)) if name not in spec.exclude_fields)
    for name in chosen:
        if name in allowed:
            continue
        # A key of an open answer (a filing's section): known once the answer is there.
        if spec.fields is None and name not in spec.exclude_fields and is_answer_field(endpoint, name):
            continue
        raise FieldChoiceError(_unknown(tool, name, allowed))
    return dataclasses.replace(spec, fields=chosen)


def unseen_fields(tool: str, endpoint: Endpoint, spec: AnswerSpec, value: Any) -> str | None:
    """For an open answer (a filing's sections), why a chosen name is no field of ``value``; else None."""
    from data_pkg.toolsets._fields import answer_fields, open_fields

    if spec.fields is None or not open_fields(endpoint):
        return None
    declared = set(answer_fields(endpoint))
    # A list answer may be the client's rows read on demand (a sequence, not a list): only these 100 are read.
    rows = value if isinstance(value, Sequence) and not isinstance(value, (str, bytes)) else [value]
    seen = {key for row in rows[:100] if isinstance(row, dict) for key in row}
    missing = [name for name in spec.fields if name not in declared and name not in seen]
    if not missing:
        return None
    keys = tuple(dict.fromkeys([*answer_fields(endpoint), *sorted(seen)]))
    return _unknown(tool, missing[0], tuple(k for k in keys if k not in spec.exclude_fields))


def no_fields_argument(tool: str, endpoint: Endpoint) -> str:
    """Why ``tool`` refuses a ``fields`` argument: its answer is no rows, or the manifest turned the argument off."""
    if takes_fields(endpoint):
        return f"{tool} takes no fields argument: this server's manifest turns choosing columns off (fields_argument)"
    return f"{tool} takes no fields argument: its answer is not rows of named fields"
