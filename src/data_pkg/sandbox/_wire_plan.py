"""Field plans from the upstream's shapes: exactly its fields, in its order and wire formats.

For a path with an example (:data:`data_pkg.sandbox._wire.SHAPES`) the sandbox fills
the fields the upstream sends, each in the format it sends (a date as ``2025-02-04`` or
``2025-02-04 00:00:00``, a count as ``"755059877"``, a bool as ``"False"``, null where it
sends null), with values from the same name rules as the model-driven plan
(:mod:`data_pkg.sandbox._fields`), so they stay plausible and deterministic.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from data_pkg.sandbox._depths import ANCHOR
from data_pkg.sandbox._fields import FieldPlan, gen_for, rule_name
from data_pkg.sandbox._row import Gen, RowContext
from data_pkg.sandbox._symbols import symbol_kind
from data_pkg.sandbox._value_rules import day_gen, whole_gen

__all__ = ["ROW_CONDITIONS", "wire_plan"]

ROW_CONDITIONS: dict[str, dt.timedelta] = {"future": dt.timedelta(0), "next-quarter-on": dt.timedelta(days=92)}
"""``null_for`` entries that name rows rather than kinds of symbol: null when the row's date is this far after today.

An earnings row is reported (actuals) once its day has passed and estimated until about a quarter ahead.
"""

_KIND = {
    "str": "str",
    "int-text": "str",
    "number-text": "str",
    "date": "date",
    "integer": "int",
    "number": "float",
    "bool": "bool",
}
"""The value kind a field of each format echoes a request value as (``_data._echo_value``); other formats never."""


def _integer(wire: str, model: str) -> Gen:
    if wire == "timestamp":
        return gen_for(wire, "epoch", model)
    return whole_gen(*rule_name(wire))


def _digits(text: Gen, number: Gen) -> Gen:
    """A number sent as text: the name rule's text when it is digits (a CIK, a SIC code), else the number's."""

    def gen(c: RowContext) -> str:
        value = text(c)
        return value if isinstance(value, str) and value.isdigit() else str(number(c))

    return gen


def _datetime(wire: str, fmt: str) -> Gen:
    """A space-separated datetime: a bar's own time; a daily row's date at midnight where the upstream writes so."""
    name, _ = rule_name(wire)
    day = day_gen(name)
    midnight = fmt == "midnight"

    def gen(c: RowContext) -> str:
        clock = "00:00:00" if midnight and c.minute is None else c.clock()
        return f"{day(c).isoformat()} {clock}"

    return gen


def _iso(wire: str) -> Gen:
    day = day_gen(rule_name(wire)[0])
    return lambda c: f"{day(c).isoformat()}T{c.clock()}.000Z"


_DATE_TEXTS: dict[str, Callable[[dt.date], str]] = {
    "date-mdy": lambda d: f"{d:%m-%d-%Y}",
    "date-long": lambda d: f"{d:%B} {d.day}, {d.year}",
    "month-day": lambda d: f"--{d:%m-%d}",
}
"""Dates the upstream writes in other notations, by format."""


def _date_text(wire: str, fmt: str) -> Gen:
    day, write = day_gen(rule_name(wire)[0]), _DATE_TEXTS[fmt]
    return lambda c: write(day(c))


def _textual(wire: str, text: Gen) -> Gen:
    """A text field the upstream writes with letters in it (a CUSIP, a ZIP+4 code) that a rule writes as digits."""
    zip_code = "zip" in wire.lower()

    def gen(c: RowContext) -> Any:
        value = text(c)
        if not (isinstance(value, str) and value.isdigit()):
            return value
        if zip_code:
            return f"{value}-{c.rng.randrange(10_000):04d}"
        return value[:-1] + chr(ord("A") + int(value[-1]))

    return gen


def _scalar(wire: str, fmt: str, model: str, typed: Mapping[str, tuple[Gen, str]]) -> Gen:
    """The generator of one scalar field in wire format ``fmt``; ``typed`` is the model-driven plan, by wire name."""
    if fmt == "any" and wire in typed:
        return typed[wire][0]
    if fmt == "null":
        return lambda c: None
    if fmt == "empty":
        return lambda c: ""
    if fmt == "number":
        number = gen_for(wire, "float", model)
        return lambda c: float(number(c))
    if fmt == "integer":
        return _integer(wire, model)
    if fmt == "int-text":
        return _digits(gen_for(wire, "str", model), _integer(wire, model))
    if fmt == "number-text" and typed.get(wire, (None, ""))[1] in ("int", "epoch"):
        # A bulk file's cell: a count the model holds as an integer is written without a fraction.
        whole = _integer(wire, model)
        return lambda c: str(whole(c))
    if fmt == "number-text":
        number = gen_for(wire, "float", model)
        return lambda c: str(float(number(c)))
    if fmt == "percent-text":
        share = gen_for(wire, "float", model)
        return lambda c: f"{abs(share(c)):.2f}%"
    if fmt in ("bool", "bool-text", "bool-lower"):
        flag = gen_for(wire, "bool", model)
        if fmt == "bool":
            return flag
        true, false = ("True", "False") if fmt == "bool-text" else ("true", "false")
        return lambda c: true if flag(c) else false
    if fmt == "date":
        return gen_for(wire, "date", model)
    if fmt in ("datetime", "midnight"):
        return _datetime(wire, fmt)
    if fmt == "iso":
        return _iso(wire)
    if fmt in _DATE_TEXTS:
        return _date_text(wire, fmt)
    return _textual(wire, gen_for(wire, "str", model))


def _nullable(gen: Gen, null_for: tuple[str, ...]) -> Gen:
    """``gen``, but null for the kinds of symbol (or the rows) the upstream sends null for."""
    kinds = frozenset(null_for) - ROW_CONDITIONS.keys()
    after = [ANCHOR + ROW_CONDITIONS[name] for name in null_for if name in ROW_CONDITIONS]
    return lambda c: None if symbol_kind(c.symbol) in kinds or any(c.day > day for day in after) else gen(c)


def _field(wire: str, fmt: str, nested: tuple[Any, ...], model: str, typed: Mapping[str, tuple[Gen, str]]) -> Gen:
    if fmt == "object":
        one = wire_plan(nested, model)
        return lambda c: {key: gen(c) for key, gen, _ in one}
    if fmt == "objects":
        each = wire_plan(nested, model)
        return lambda c: [{key: gen(c) for key, gen, _ in each} for _ in range(3)]
    if fmt == "items":
        items = [wire_plan(item, model) for item in nested]
        return lambda c: [{key: gen(c) for key, gen, _ in item} for item in items]
    if fmt == "values":
        elements = [_scalar(wire, element, model, typed) for element in nested]
        return lambda c: [gen(c) for gen in elements]
    return _scalar(wire, fmt, model, typed)


def wire_plan(shape: tuple[Any, ...], model: str, typed: FieldPlan = ()) -> FieldPlan:
    """The field plan of a path the upstream answers in ``shape`` (an entry of ``SHAPES``).

    ``model`` is the name of the response model, for the rules that depend on it (a ``name``
    is a person's in an executive's row, a company's elsewhere); ``typed`` is the plan its
    models give, for what an example cannot say (a bulk file's integers, a damaged example).
    """
    by_wire = {wire: (gen, kind) for wire, gen, kind in typed}
    plan = []
    for wire, fmt, nested, null_for in shape:
        gen = _field(wire, fmt, nested, model, by_wire)
        if null_for:
            gen = _nullable(gen, null_for)
        plan.append((wire, gen, _KIND.get(fmt, "wire:" + fmt)))
    return tuple(plan)
