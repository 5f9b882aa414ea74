"""Generate the description of what the upstream sends per path, from its own examples; ``--check`` fails when stale.

Reads ``tests/upstream_examples/`` (``index.tsv`` and the reply files) and writes
``src/data_pkg/sandbox/_wire.py``: for each ``/stable/`` path with an example, its
fields in the upstream's order, each with its wire format (see :data:`FORMATS` in
that module's docstring). The sandbox answers in exactly those fields and formats;
it cannot read ``tests/`` at run time, hence a module in the package.

Where several examples answer one path (a quote for a stock, a currency pair, an
index ...), their fields agree; a field that is null for some kinds of symbol only
records which kinds.

Run ``python scripts/wire_shapes.py`` after the examples change, and commit the result.
``./dev check`` runs it with ``--check``.
"""

from __future__ import annotations

import argparse
import csv
import json
import pprint
import re
import sys
from pathlib import Path
from typing import Any

from _artifacts import formatted, sync

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests/upstream_examples"
TARGET = ROOT / "src/data_pkg/sandbox/_wire.py"
sys.path.insert(0, str(ROOT / "src"))

from data_pkg.sandbox._symbols import symbol_kind  # noqa: E402  (the sandbox's own rule, so both sides agree)
from data_pkg.sandbox._wire_formats import csv_fields, fields  # noqa: E402

ARTEFACTS: dict[str, tuple[str, ...]] = {
    # The copy's columns are shifted (a description with commas was split on them): the header is right.
    "/stable/profile-bulk": ("*",),
    # The example is the file's first row, and the one row without a symbol sorts first.
    "/stable/upgrades-downgrades-consensus-bulk": ("symbol",),
}
"""Fields (``*``: all) whose value in the example says nothing about the format: ``any``, the model decides."""
ROW_NULLS = {
    "/stable/earnings": {
        "epsActual": ("number", "future"),
        "revenueActual": ("integer", "future"),
        "epsEstimated": ("number", "next-quarter-on"),
        "revenueEstimated": ("integer", "next-quarter-on"),
    },
}
"""Fields an example shows null because of its row, with the format they have otherwise and the rows they are null
on (:data:`data_pkg.sandbox._wire_plan.ROW_CONDITIONS`): the example is an earnings date three quarters ahead, and a
company's earnings list also holds the quarters reported (actuals) and the next one (estimates)."""
WORKBOOKS = frozenset({"/stable/financial-reports-xlsx"})
"""Its documentation shows the JSON report's content; the endpoint itself answers a spreadsheet."""


def merged_field(path: str, name: str, seen: list[tuple[str, tuple[Any, ...]]]) -> tuple[Any, ...]:
    """One field from each example (``(symbol kind, field)``): its one format, and the kinds it is null for."""
    values = {f[:3] for _, f in seen if f[1] != "null"}
    nulls = tuple(sorted({kind for kind, f in seen if f[1] == "null"}))
    if len(values) > 1:
        formats = {f[1] for f in values}
        if not formats <= {"integer", "number"}:
            raise ValueError(f"{path}: {name} has formats {sorted(formats)}")
        values = {(name, "number", ())}
    if not values:
        return (name, "null", (), ())
    (only,) = values
    return (*only, nulls)


def merge(path: str, found: list[tuple[str, tuple[Any, ...]]]) -> tuple[Any, ...]:
    """One path's fields from its examples (``(symbol kind, fields)``): the same fields, nulls noted per kind."""
    names = [tuple(f[0] for f in shape) for _, shape in found]
    if any(n != names[0] for n in names):
        raise ValueError(f"{path}: the examples disagree on the fields")
    return tuple(
        merged_field(path, name, [(kind, shape[i]) for kind, shape in found]) for i, name in enumerate(names[0])
    )


def example(name: str, path: str, query: str) -> tuple[str, tuple[Any, ...]]:
    """One example file's (symbol kind, fields): a CSV's header and row, or a JSON reply's one row."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    if name.endswith(".csv"):
        header, row = csv.reader(text.splitlines())
        damaged = ARTEFACTS.get(path, ())
        shape = csv_fields(header, row)
        return "", tuple((n, "any", (), ()) if "*" in damaged or n in damaged else (n, *f) for n, *f in shape)
    symbol = dict(re.findall(r"(\w+)=([^&]*)", query)).get("symbol", "").replace("%5E", "^")
    (row,) = json.loads(text)
    return symbol_kind(symbol) if symbol else "", fields(row)


def describe() -> dict[str, tuple[Any, ...]]:
    """Every example path's fields, from ``index.tsv`` and the files it names."""
    found: dict[str, list[tuple[str, tuple[Any, ...]]]] = {}
    lines = (EXAMPLES / "index.tsv").read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:
        name, path, query = line.split("\t")
        if path not in WORKBOOKS:
            found.setdefault(path, []).append(example(name, path, query))
    shapes = {path: merge(path, examples) for path, examples in sorted(found.items())}
    for path, nulls in ROW_NULLS.items():
        shapes[path] = tuple(
            (name, *nulls[name][:1], nested, (nulls[name][1],)) if name in nulls else (name, fmt, nested, null_for)
            for name, fmt, nested, null_for in shapes[path]
        )
    return shapes


HEADER = '''\
# Generated by scripts/wire_shapes.py from tests/upstream_examples/. Do not edit: regenerate.
"""What the upstream sends per path: its fields in order, each with its wire format.

``SHAPES[path]`` is a tuple of ``(name, format, nested, null_for)``:

- ``format``: ``date`` (2025-02-04), ``datetime`` (2025-02-04 15:30:00), ``midnight`` (a datetime at
  00:00:00), ``iso`` (2025-02-04T15:30:00.000Z), ``date-mdy`` (02-04-2025), ``date-long`` (February 4,
  2025), ``month-day`` (--09-28, a fiscal year's end), ``integer``, ``number``, ``int-text`` ("755059877"),
  ``number-text`` ("4.8"), ``percent-text`` ("97.29%"), ``bool``, ``bool-text`` ("False"), ``bool-lower``
  ("false"), ``str``, ``null`` (always null), ``empty`` (always ""), ``any`` (the example cannot say: the
  response model decides), or a container: ``object`` (one
  object, ``nested`` its fields), ``objects`` (a list of objects alike), ``items`` (a list of objects,
  ``nested`` each one's fields), ``values`` (a list of scalars, ``nested`` each one's format). In a
  bulk (CSV) file every number is ``number-text``.
- ``null_for``: kinds of symbol (:func:`data_pkg.sandbox._symbols.symbol_kind`) the field is null for, or rows
  (:data:`data_pkg.sandbox._wire_plan.ROW_CONDITIONS`: an earnings date not yet reported).
"""

from __future__ import annotations

from typing import Any

'''


def render(shapes: dict[str, tuple[Any, ...]]) -> str:
    body = pprint.pformat(shapes, width=116, sort_dicts=False, compact=True)
    artefacts = pprint.pformat(ARTEFACTS, width=116)
    source = (
        HEADER
        + f"ARTEFACTS: dict[str, tuple[str, ...]] = {artefacts}\n"
        + '"""Fields (``*``: all) whose example value is damaged or untypical: their format is ``any``."""\n\n'
        + f"SHAPES: dict[str, tuple[Any, ...]] = {body}\n"
    )
    return formatted(TARGET, source)


def main(argv: list[str] | None = None) -> int:
    """Write the module, or with ``--check`` report it stale and exit 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the generated module is missing or stale")
    options = parser.parse_args(argv)
    return sync({TARGET: render(describe())}, check=options.check, command="python scripts/wire_shapes.py")


if __name__ == "__main__":
    raise SystemExit(main())
