"""Field plans: how to fill each field of a response model with a plausible value that validates.

A plan is built once per route from the pydantic model classes (name, type,
alias) and then run per row: a tuple of ``(wire name, generator, kind)``
triples. The field's type decides the kind of value (what validates); the name
rules in :mod:`data_pkg.sandbox._value_rules` pick a plausible one of that kind.

When several models share one path (``/stable/quote`` serves equity, crypto,
forex and commodity quotes) the plan covers every field of every model, and
for a field two models type differently it picks a value both accept, so
each of those models validates the same answer.
"""

from __future__ import annotations

import datetime as dt
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Union

from pydantic import BaseModel

from data_pkg.sandbox import _vocab as v
from data_pkg.sandbox._row import Gen
from data_pkg.sandbox._value_rules import bool_gen, day_gen, float_gen, int_gen, iso_day_gen, name_tokens, str_gen

__all__ = ["FieldPlan", "gen_for", "plan_for", "rule_name"]

_DAY = 86_400
_EPOCH = dt.date(1970, 1, 1).toordinal()

FieldPlan = tuple[tuple[str, Gen, str], ...]
"""``(wire name, generator, value kind)`` triples, in the model's field order.

The kind (``float``, ``int``, ``str``, ``date``, ``datetime``, ``epoch``,
``bool``, or a container kind) says what JSON value the generator returns.
"""

# ---------------------------------------------------------------------------
# Types: what kind of JSON value validates against a field's annotation.

_SCALAR_ACCEPTS: dict[object, frozenset[str]] = {
    float: frozenset({"float", "int", "epoch"}),
    int: frozenset({"int", "epoch"}),
    # Our dates and datetimes travel as strings, so a str field accepts them too.
    str: frozenset({"str", "date", "datetime"}),
    bool: frozenset({"bool"}),
    dt.date: frozenset({"date"}),
    dt.datetime: frozenset({"datetime", "date", "epoch"}),
}
_NATURAL = {float: "float", int: "int", str: "str", bool: "bool", dt.date: "date", dt.datetime: "datetime"}


@dataclass(frozen=True, slots=True)
class _Shape:
    """The kinds of value a field accepts, and which one it would naturally hold."""

    accepts: frozenset[str]
    natural: str
    nested: Any = None
    """The model class (``model``/``models``) or value type (``map``) inside a container kind."""


def _members(annotation: Any) -> tuple[Any, ...]:
    """The types a value of ``annotation`` may have: unions flattened, ``None`` and ``Annotated`` wrappers dropped."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        # A shared field type (``DateOrTime | None``) keeps its validators in Annotated metadata.
        return _members(typing.get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return tuple(m for a in typing.get_args(annotation) if a is not type(None) for m in _members(a))
    return (annotation,)


def _shape(annotation: Any) -> _Shape:
    members = _members(annotation)
    if len(members) > 1:
        parts = [_shape(m) for m in members]
        return _Shape(frozenset().union(*(p.accepts for p in parts)), parts[0].natural)
    (tp,) = members
    if tp in _SCALAR_ACCEPTS:
        return _Shape(_SCALAR_ACCEPTS[tp], _NATURAL[tp])
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _Shape(frozenset({f"model:{tp.__name__}"}), f"model:{tp.__name__}", tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is list and args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        return _Shape(frozenset({f"models:{args[0].__name__}"}), f"models:{args[0].__name__}", args[0])
    if origin is list:
        kind = "nums" if args and args[0] in (int, float) else "strs"
        return _Shape(frozenset({kind}), kind)
    if origin is dict:
        value = args[1] if len(args) == 2 else Any
        kind = "map:" + ("float" if value is float else "rows" if typing.get_origin(value) is list else "any")
        return _Shape(frozenset({kind}), kind, value)
    # ``Any`` and anything unforeseen: a string is valid for Any.
    return _Shape(frozenset({"str"}), "str")


# ---------------------------------------------------------------------------
# Building plans.


def _wire_name(name: str, info: Any) -> str:
    alias = info.alias
    return alias if isinstance(alias, str) else name


def _choose(name: str, accepts: frozenset[str], natural: str) -> str:
    """The kind of value to emit for a field that must satisfy ``accepts``."""
    if name == "timestamp" and "epoch" in accepts:
        return "epoch"
    if natural == "str" and "date" in accepts and (name == "date" or name.endswith("date")):
        return "date"
    if natural in accepts:
        return natural
    for kind in ("date", "int", "datetime", "epoch", "float", "str", "bool"):
        if kind in accepts:
            return kind
    return natural


def _nested_plan(model: type[BaseModel]) -> FieldPlan:
    return plan_for((model,))


def rule_name(wire: str) -> tuple[str, tuple[str, ...]]:
    """The name the value rules match (lower case, no ``_``, no ``TTM`` suffix) and its camelCase words."""
    name = wire.lower().replace("_", "")
    tokens = name_tokens(wire)
    if name.endswith("ttm") and len(name) > 3:
        name = name[:-3]
        tokens = tokens[:-1] if tokens and tokens[-1] == "ttm" else tokens
    return name, tokens


def gen_for(wire: str, kind: str, model_name: str, nested: Any = None) -> Gen:
    """The generator of a field of this value ``kind`` (see :data:`FieldPlan`), by the name rules."""
    name, tokens = rule_name(wire)
    if kind == "float":
        return float_gen(name, tokens)
    if kind == "int":
        return int_gen(name, tokens)
    if kind == "bool":
        return bool_gen(name)
    if kind == "date":
        return iso_day_gen(name)
    if kind == "datetime" and name == "date":
        # A daily row's date carries no time of day; an intraday bar's does.
        return lambda c: c.day.isoformat() if c.minute is None else f"{c.day.isoformat()} {c.clock()}"
    if kind == "datetime":
        day = day_gen(name)
        return lambda c: f"{day(c).isoformat()} {c.clock()}"
    if kind == "epoch":
        day = day_gen(name)
        return lambda c: (day(c).toordinal() - _EPOCH) * _DAY + c.rng.randint(13, 21) * 3600
    if kind.startswith("model:"):
        sub = _nested_plan(nested)
        return lambda c: {k: g(c) for k, g, _ in sub}
    if kind.startswith("models:"):
        sub = _nested_plan(nested)
        return lambda c: [{k: g(c) for k, g, _ in sub} for _ in range(3)]
    if kind == "map:float":
        return lambda c: {label: float(round(c.rng.uniform(1e8, 5e10))) for label in ("Products", "Services", "Other")}
    if kind == "map:rows":
        return lambda c: {
            section: [{"label": label, "value": float(round(c.rng.uniform(1e6, 5e10)))} for label in labels]
            for section, labels in (
                ("Income Statement", ("Revenue", "Cost of revenue", "Net income")),
                ("Balance Sheet", ("Total assets", "Total liabilities", "Total equity")),
            )
        }
    if kind == "map:any":
        return lambda c: {"score": c.rng.randint(1, 5), "recommendation": c.rng.choice(v.RECOMMENDATIONS)}
    if kind == "strs":
        return lambda c: [c.rng.choice(v.WORDS) for _ in range(3)]
    if kind == "nums":
        return lambda c: [c.rng.randint(1, 100) for _ in range(3)]
    return str_gen(name, model_name)


def plan_for(models: Sequence[type[BaseModel]]) -> FieldPlan:
    """The field plan whose rows validate against every model in ``models``.

    Fields appear in the first model's order, then fields only later models
    have. A field typed differently by two models gets a value kind both
    accept (for example a date string for a ``date`` and a ``datetime``).
    """
    fields: dict[str, tuple[frozenset[str], str, str, Any]] = {}
    for model in models:
        for name, info in model.model_fields.items():
            wire = _wire_name(name, info)
            shape = _shape(info.annotation)
            if wire in fields:
                accepts, natural, owner, nested = fields[wire]
                common = accepts & shape.accepts
                fields[wire] = (common or accepts, natural, owner, nested)
            else:
                fields[wire] = (shape.accepts, shape.natural, model.__name__, shape.nested)
    plan = []
    for wire, (accepts, natural, owner, nested) in fields.items():
        kind = _choose(wire.lower(), accepts, natural)
        plan.append((wire, gen_for(wire, kind, owner, nested), kind))
    return tuple(plan)
