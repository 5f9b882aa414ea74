"""JSON manifests: strict JSON, read by the one reader desktop configs use too (:mod:`data_pkg.json_reader`).

The first problem the reader finds is the manifest's DM101, with the reader's words for it (a
trailing comma, a comment, single quotes ...) and where it is; ``NaN`` and ``Infinity`` are refused
because they are not JSON. A duplicate key is left to the validator (DM105), which sees every
member; a garbled Windows path is valid JSON and left to the checks of the field it is in.

The limits (``_limits``) are the reader's bounds: values are counted and nesting is checked as
they are read, and an integer's digits before it is converted, so a 100,001-digit number or
brackets nested thousands deep end the reading with DM108 at the value that crossed the line.
"""

from __future__ import annotations

from data_pkg.json_reader import LENIENT, JsonNode, Voice, read_json
from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import Diagnostic, limit_diagnostic
from data_pkg.toolsets._document import Node
from data_pkg.toolsets._limits import Budget, LimitError
from data_pkg.toolsets._rules import RULES

MANIFEST = Voice(empty="a manifest is a JSON object", empty_fix='start from {"tools": []}')
"""The reader's words for a manifest: a problem means the manifest does not load, nothing more."""


def _node(json: JsonNode) -> Node:
    if json.kind == "object":
        return Node("map", tuple((_node(key), _node(value)) for key, value in json.members), json.line, json.col)
    if json.kind == "array":
        return Node("list", tuple(_node(item) for item in json.items), json.line, json.col)
    return Node("scalar", json.value, json.line, json.col)


def parse_json(text: str, file: str) -> tuple[Node | None, list[Diagnostic]]:
    """Parse a JSON manifest into a node tree (None when it is not strict JSON)."""
    try:
        reading = read_json(text, voice=MANIFEST, bounds=Budget())
    except LimitError as limit:
        return None, [limit_diagnostic(limit, file)]
    if reading.node is not None:
        return _node(reading.node), []
    # No document means the reader found a problem that is not a lenient one: the first is the finding.
    problem = next(p for p in reading.problems if p.kind not in LENIENT)
    found = Report(RULES).add(
        "DM101", f"invalid JSON: {problem.message}", hint=problem.hint, file=file, line=problem.line, col=problem.col
    )
    return None, [found]
