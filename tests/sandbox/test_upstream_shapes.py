"""The sandbox answers in the upstream's shapes: for every path with an example, the same fields and formats.

Each example in ``tests/upstream_examples/`` is asked of the sandbox with the example's
own query, over loopback HTTP, and every row of the reply is compared with the example's
row: no field the example lacks (invented), none it has left out (missing), and each
field in the same format (the same JSON type; a date, a datetime or an ISO instant
written as the upstream writes it; numbers or bools as text where it sends text; null
and "" where it sends them), nested shapes included.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx2
import pytest

from data_pkg.sandbox._wire import ARTEFACTS, SHAPES
from data_pkg.sandbox._wire_formats import csv_fields, fields
from data_pkg.sandbox._wire_plan import ROW_CONDITIONS

from ._support import EXAMPLES

WORKBOOKS = frozenset({"/stable/financial-reports-xlsx"})
"""Its documentation shows the JSON report's content; the endpoint answers a spreadsheet (tests/sandbox/test_files.py)."""
REQUIRED = {
    "/stable/executive-compensation-benchmark": "year=2024",
    "/stable/commitment-of-traders-report": "symbol=KC&from=2024-01-01&to=2024-03-31",
    "/stable/commitment-of-traders-analysis": "symbol=KC&from=2024-01-01&to=2024-03-31",
}
"""Parameters the catalog requires that these examples' requests leave out."""
_DATETIMES = frozenset({"datetime", "midnight"})
_NUMBERS = frozenset({"integer", "number"})


@dataclass(frozen=True)
class Example:
    file: str
    path: str
    query: str


def _examples() -> list[Example]:
    lines = (EXAMPLES / "index.tsv").read_text(encoding="utf-8").splitlines()[1:]
    examples = [Example(*line.split("\t")) for line in lines]
    return [e for e in examples if e.path not in WORKBOOKS]


EXAMPLE_LIST = _examples()


def _example_shape(example: Example) -> tuple[Any, ...]:
    text = (EXAMPLES / example.file).read_text(encoding="utf-8")
    if example.file.endswith(".csv"):
        header, row = csv.reader(text.splitlines())
        return csv_fields(header, row)
    (row,) = json.loads(text)
    return fields(row)


def _loose_numbers() -> dict[str, set[str]]:
    """Fields an integer in one example of a path and a fraction in another: either is the upstream's."""
    seen: dict[tuple[str, str], set[str]] = {}
    for example in EXAMPLE_LIST:
        for name, fmt, _, _ in _example_shape(example):
            seen.setdefault((example.path, name), set()).add(fmt)
    loose: dict[str, set[str]] = {}
    for (path, name), formats in seen.items():
        if formats >= _NUMBERS:
            loose.setdefault(path, set()).add(name)
    return loose


LOOSE = _loose_numbers()


def _row_nulls() -> dict[str, dict[str, str]]:
    """Fields an example shows null for its row only (an earnings date not yet reported): their other format."""
    found: dict[str, dict[str, str]] = {}
    for path, shape in SHAPES.items():
        for name, fmt, _, null_for in shape:
            if set(null_for) & ROW_CONDITIONS.keys():
                found.setdefault(path, {})[name] = fmt
    return found


ROW_NULLS = _row_nulls()


@dataclass
class Differences:
    """How one reply differs from its example, by dotted field name."""

    invented: set[str] = field(default_factory=set)
    missing: set[str] = field(default_factory=set)
    formats: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Field → (the example's format, the sandbox's)."""

    def __bool__(self) -> bool:
        return bool(self.invented or self.missing or self.formats)


def _same_format(expected: str, actual: str, loose: bool) -> bool:
    if expected == actual or {expected, actual} <= _DATETIMES:
        return True
    return loose and {expected, actual} <= _NUMBERS


def compare(
    expected: tuple[Any, ...], actual: tuple[Any, ...], into: Differences, loose: set[str], at: str = ""
) -> None:
    """Record where ``actual`` (a sandbox row's fields) differs from ``expected`` (the example's)."""
    want = {f[0]: f for f in expected}
    got = {f[0]: f for f in actual}
    into.invented.update(at + name for name in got.keys() - want.keys())
    into.missing.update(at + name for name in want.keys() - got.keys())
    for name in want.keys() & got.keys():
        (_, e_fmt, e_nested, _), (_, a_fmt, a_nested, _) = want[name], got[name]
        where = at + name
        if not _same_format(e_fmt, a_fmt, name in loose and not at):
            into.formats[where] = (e_fmt, a_fmt)
        elif e_fmt == "object":
            compare(e_nested, a_nested, into, loose, where + ".")
        elif e_fmt == "objects":
            compare(e_nested, a_nested, into, loose, where + "[].")
        elif e_fmt == "items":
            for i, (e_item, a_item) in enumerate(zip(e_nested, a_nested, strict=False)):
                compare(e_item, a_item, into, loose, f"{where}[{i}].")
            if len(e_nested) != len(a_nested):
                into.formats[where] = (f"{len(e_nested)} items", f"{len(a_nested)} items")
        elif e_fmt == "values" and e_nested != a_nested:
            into.formats[where] = (",".join(e_nested), ",".join(a_nested))


def sandbox_rows(client: httpx2.Client, example: Example) -> Iterator[tuple[Any, ...]]:
    """The sandbox's reply to the example's request, one row's fields at a time."""
    path = example.path.replace("{provider}", "acme")
    # The bulk examples' index writes the year as a placeholder, YEAR.
    given = example.query.replace("=YEAR", "=2024")
    query = "&".join(filter(None, (given, REQUIRED.get(example.path, ""), "apikey=demo")))
    reply = client.get(f"{path}?{query}")
    assert reply.status_code == 200, (example.path, example.query, reply.text[:300])
    if example.file.endswith(".csv"):
        header, *rows = csv.reader(reply.text.splitlines())
        yield from (csv_fields(header, row) for row in rows)
        return
    body = reply.json()
    assert isinstance(body, list) and body, (example.path, example.query, body)
    for row in body:
        # A row that is not an object (a bare string) has none of the example's fields and one of its own.
        yield fields(row) if isinstance(row, dict) else ((f"<{type(row).__name__} row>", "str", (), ()),)


def differences(client: httpx2.Client, example: Example) -> Differences:
    """Every way the sandbox's reply to ``example``'s request differs from the example.

    A field the example shows null for its row only (``ROW_NULLS``) must be null in some row
    of the reply and may hold its other format in the rest.
    """
    expected = _example_shape(example)
    found = Differences()
    row_nulls = ROW_NULLS.get(example.path, {})
    nulls_seen: set[str] = set()
    for row in sandbox_rows(client, example):
        nulls_seen.update(name for name, fmt, *_ in row if name in row_nulls and fmt == "null")
        row = tuple(
            (name, "null", *rest) if row_nulls.get(name) == fmt else (name, fmt, *rest) for name, fmt, *rest in row
        )
        # A damaged or untypical example value (ARTEFACTS, with the reason in scripts/wire_shapes.py): names only.
        damaged = ARTEFACTS.get(example.path, ())
        row, expected = (
            tuple((n, "any", (), ()) if "*" in damaged or n in damaged else (n, *f) for n, *f in fields_)
            for fields_ in (row, expected)
        )
        compare(expected, row, found, LOOSE.get(example.path, set()))
    found.formats.update((name, ("null", "never null")) for name in row_nulls.keys() - nulls_seen)
    return found


@pytest.mark.parametrize("example", EXAMPLE_LIST, ids=lambda e: e.file)
def test_the_sandbox_answers_in_the_examples_fields_and_formats(client: httpx2.Client, example: Example) -> None:
    found = differences(client, example)
    assert not found, (
        f"{example.path}?{example.query}: invented {sorted(found.invented)}, missing {sorted(found.missing)}, "
        f"formats {found.formats}"
    )
