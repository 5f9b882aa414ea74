"""YAML manifests: composed into position-carrying nodes with PyYAML's safe loader, never constructed.

Only the node graph is built (``compose``), so no YAML tag can create an object. On top of
that, the reader accepts only the core scalar tags and plain sequences and mappings; aliases
and anchors are refused too, which also rules out exponential "billion laughs" documents. The
limits (``_limits``) are checked as nodes are composed, so an oversized document stops there,
and integers are measured before they are converted.
"""

from __future__ import annotations

from typing import Any

import yaml

from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import Diagnostic, limit_diagnostic
from data_pkg.toolsets._document import Node
from data_pkg.toolsets._limits import Budget, LimitError
from data_pkg.toolsets._rules import RULES
from data_pkg.toolsets._yaml_words import plain_problem

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null", "timestamp")}


class _RefusedError(Exception):
    def __init__(self, message: str, mark: Any, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.hint = hint


class _Loader(yaml.SafeLoader):
    """The safe loader, minus anchors and aliases, counting what it composes."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.budget = Budget()
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            raise _RefusedError("YAML aliases are not supported", event.start_mark, "write the value out")
        if getattr(event, "anchor", None) is not None:
            raise _RefusedError("YAML anchors are not supported", event.start_mark, "write the value out")
        line, col = _at(event.start_mark)
        self.budget.spend(1, line, col)
        self.depth += 1
        if not isinstance(event, yaml.ScalarEvent):
            self.budget.depth(self.depth, line, col)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _at(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _tag(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


def _convert(loader: _Loader, node: yaml.Node) -> Node:
    line, col = _at(node.start_mark)
    if isinstance(node, yaml.ScalarNode):
        if node.tag not in _SCALAR_TAGS:
            raise _RefusedError(f"YAML tag {_tag(node.tag)} is not supported", node.start_mark, "use plain values")
        if node.tag.endswith((":str", ":timestamp")):
            # A date such as 2024-01-31 stays the string it was written as: date parameters want that.
            return Node("scalar", str(node.value), line, col)
        if node.tag.endswith(":int"):
            # int() of a long decimal raises, and 0x... of any length converts: measure, then check the value.
            Budget.digits(len(node.value.lstrip("+-").replace("_", "")), line, col)
            value = loader.construct_object(node)
            Budget.integer(value, line, col)
            return Node("scalar", value, line, col)
        return Node("scalar", loader.construct_object(node), line, col)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != f"{_CORE}seq":
            raise _RefusedError(f"YAML tag {_tag(node.tag)} is not supported", node.start_mark, "use a plain list")
        return Node("list", tuple(_convert(loader, item) for item in node.value), line, col)
    if isinstance(node, yaml.MappingNode):
        if node.tag != f"{_CORE}map":
            raise _RefusedError(f"YAML tag {_tag(node.tag)} is not supported", node.start_mark, "use a plain mapping")
        pairs = []
        for key, value in node.value:
            if key.tag == f"{_CORE}merge":
                raise _RefusedError("YAML merge keys (<<) are not supported", key.start_mark, "write the entries out")
            pairs.append((_convert(loader, key), _convert(loader, value)))
        return Node("map", tuple(pairs), line, col)
    raise _RefusedError("unsupported YAML node", node.start_mark)  # pragma: no cover - PyYAML has only three kinds


def _unprintable(text: str, error: yaml.reader.ReaderError, file: str) -> Diagnostic:
    """DM101 for a character YAML does not allow anywhere (comments included): a C0 control, U+FFFE, U+FFFF."""
    offset = error.position
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    code = error.character if isinstance(error.character, int) else 0  # an int: the text is already decoded
    return Report(RULES).add(
        "DM101",
        f"invalid YAML: the character U+{code:04X} is not allowed in a YAML file, not even in a comment",
        hint="delete it; inside a double-quoted string it can be written as an escape (\\x01, \\uFFFE)",
        file=file,
        line=line,
        col=col,
    )


def parse_yaml(text: str, file: str) -> tuple[Node | None, list[Diagnostic]]:
    """Parse a YAML manifest into a node tree (None when it is not valid YAML or uses refused constructs).

    An empty document is an empty mapping: it then fails later as an empty tool set, which says more.
    """
    try:
        loader = _Loader(text)  # the reader refuses non-printable characters here, before any parsing
    except yaml.reader.ReaderError as error:
        return None, [_unprintable(text, error, file)]
    try:
        composed = loader.get_single_node()
        if composed is None:
            return Node("map", (), 1, 1), []
        return _convert(loader, composed), []
    except _RefusedError as refused:
        line, col = _at(refused.mark)
        return None, [Report(RULES).add("DM102", refused.message, hint=refused.hint, file=file, line=line, col=col)]
    except LimitError as limit:
        return None, [limit_diagnostic(limit, file)]
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = _at(mark) if mark is not None else (1, 1)
        problem, hint = plain_problem(error.context, error.problem)
        return None, [Report(RULES).add("DM101", f"invalid YAML: {problem}", hint=hint, file=file, line=line, col=col)]
    except (yaml.YAMLError, RecursionError) as error:
        return None, [Report(RULES).add("DM101", f"invalid YAML: {error}", file=file, line=1, col=1)]
    finally:
        loader.dispose()
