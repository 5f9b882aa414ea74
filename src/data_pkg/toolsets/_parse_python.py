"""Python manifests: read with :func:`ast.parse`, never executed.

A Python manifest may hold a module docstring (its description), assignments of the known
UPPERCASE fields to literal values, and bare string statements (attribute docstrings). A literal
is a str, int, float, bool or None constant, a list, tuple, set or dict display of literals, ``+``
between lists, or the name of a field assigned above. Everything else is reported (DM102) at the
node that is not allowed. Nothing here compiles or evaluates code: the only call into Python's
machinery is ``ast.parse``, which builds a syntax tree and runs nothing.

Names and ``+`` let a few lines build a great deal (``B = A + A`` sixty times is 2**60 items), so
every reference counts the full size of what it names against the file's budget (``_limits``):
past it, reading stops with one DM108 at the line that crossed it.
"""

from __future__ import annotations

import ast
import inspect
from typing import NamedTuple

from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import Diagnostic, limit_diagnostic
from data_pkg.toolsets._document import FIELD_NAMES, Node
from data_pkg.toolsets._limits import MAX_DIGITS, NO_SUCH_NUMBER, Budget, LimitError
from data_pkg.toolsets._rules import RULES

# The docstring is the description in Python; an assigned DESCRIPTION would be a second way to say it.
_PY_FIELDS = frozenset(name.upper() for name in FIELD_NAMES if name != "description")

_WHAT: dict[type[ast.AST], str] = {
    ast.Call: "a function call",
    ast.Attribute: "attribute access",
    ast.Subscript: "subscripting",
    ast.JoinedStr: "an f-string",
    ast.ListComp: "a comprehension",
    ast.SetComp: "a comprehension",
    ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a generator expression",
    ast.Lambda: "a lambda",
    ast.IfExp: "a conditional expression",
    ast.BoolOp: "a boolean operation",
    ast.Compare: "a comparison",
    ast.NamedExpr: "an assignment expression",
    ast.Starred: "unpacking",
    ast.Import: "an import",
    ast.ImportFrom: "an import",
    ast.FunctionDef: "a function definition",
    ast.AsyncFunctionDef: "a function definition",
    ast.ClassDef: "a class definition",
    ast.AugAssign: "an augmented assignment",
    ast.AnnAssign: "an annotated assignment",
    ast.Expr: "an expression statement",
}


class _UnsupportedError(Exception):
    def __init__(self, node: ast.AST, message: str, code: str = "DM102", hint: str | None = None) -> None:
        super().__init__(message)
        self.node = node
        self.message = message
        self.code = code
        self.hint = hint


class _Spot(NamedTuple):
    """Where a Python node starts, in characters (1-based)."""

    line: int
    col: int


class _PythonReader:
    def __init__(self, text: str, file: str) -> None:
        self.lines = text.splitlines()
        self.file = file
        self.assigned: dict[str, tuple[Node, int, int]] = {}
        """Each field assigned so far: its value, how many values it holds, how deep it nests."""
        self.report = Report(RULES, file)
        self.budget = Budget()

    def position(self, node: ast.AST) -> _Spot:
        line: int = getattr(node, "lineno", 1)
        offset: int = getattr(node, "col_offset", 0)
        # ast columns count UTF-8 bytes; people (and editors) count characters.
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        if not source.isascii():
            offset = len(source.encode("utf-8")[:offset].decode("utf-8", errors="replace"))
        return _Spot(line, offset + 1)

    def read(self, module: ast.Module) -> Node:
        pairs: list[tuple[Node, Node]] = []
        body = module.body
        for index, statement in enumerate(body):
            if _is_string_statement(statement):
                if index == 0:
                    assert isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                    line, col = self.position(statement.value)
                    key = Node("scalar", "description", line, col)
                    pairs.append((key, Node("scalar", inspect.cleandoc(str(statement.value.value)), line, col)))
                # Later bare strings document the assignment above them; they do nothing.
                continue
            pair = self.statement(statement)
            if pair is not None:
                pairs.append(pair)
        return Node("map", tuple(pairs), 1, 1)

    def statement(self, statement: ast.stmt) -> tuple[Node, Node] | None:
        if not isinstance(statement, ast.Assign):
            what = _WHAT.get(type(statement), "a statement")
            if isinstance(statement, ast.Expr):
                what = _WHAT.get(type(statement.value), "an expression")
                self.report.add(
                    "DM102",
                    f"{what} is not allowed: manifests are parsed, never run",
                    at=self.position(statement.value),
                )
            else:
                self.report.add(
                    "DM102",
                    f"{what} is not allowed: a manifest holds only UPPERCASE field assignments of literal values",
                    at=self.position(statement),
                )
            return None
        if len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
            self.report.add(
                "DM102", "assign one UPPERCASE field name at a time: FIELD = value", at=self.position(statement)
            )
            return None
        target = statement.targets[0]
        name = target.id
        if name not in _PY_FIELDS:
            self.report.add("DM103", f"unknown field {name}", hint=_field_hint(name), at=self.position(target))
            return None
        before = self.budget.values
        try:
            value, depth = self.literal(statement.value, 2)  # the document is level 1, its fields' values 2
        except _UnsupportedError as problem:
            self.report.add(problem.code, problem.message, hint=problem.hint, at=self.position(problem.node))
            return None
        self.assigned[name] = (value, self.budget.values - before, depth)
        line, col = self.position(target)
        return Node("scalar", name.lower(), line, col), value

    def literal(self, node: ast.expr, depth: int) -> tuple[Node, int]:
        """The value ``node`` writes at nesting level ``depth``, and how many levels it holds (a scalar 0).

        Spends the budget on every value, so a reference costs the full size of what it names.
        """
        line, col = self.position(node)
        if isinstance(node, ast.Name):
            if node.id in self.assigned:
                named, size, nested = self.assigned[node.id]
                # The node is shared, not copied, but whatever walks the document walks it again.
                self.budget.spend(size, line, col)
                self.budget.depth(depth - 1 + nested, line, col)
                return named, nested
            raise _UnsupportedError(
                node,
                f"{node.id} is not a field assigned above",
                hint="a value may refer only to UPPERCASE fields assigned earlier in the file",
            )
        self.budget.spend(1, line, col)
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, int) and not isinstance(value, bool):
                self.budget.integer(value, line, col)  # 0x... literals escape the parser's own digit limit
            if value is None or isinstance(value, (str, int, float, bool)):
                return Node("scalar", value, line, col), 0
            kind = "..." if value is Ellipsis else type(value).__name__
            raise _UnsupportedError(
                node, f"{kind} is not a manifest value", "DM104", "use a str, int, float, bool or None"
            )
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = node.operand.value if isinstance(node.operand, ast.Constant) else None
            # bool is an int too, but -True is no literal anyone means.
            if isinstance(operand, (int, float)) and not isinstance(operand, bool):
                if isinstance(operand, int):
                    self.budget.integer(operand, line, col)
                return Node("scalar", -operand if isinstance(node.op, ast.USub) else operand, line, col), 0
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            self.budget.depth(depth, line, col)
            elements = [self.literal(element, depth + 1) for element in node.elts]
            nested = 1 + max((inner for _, inner in elements), default=0)
            return Node("list", tuple(element for element, _ in elements), line, col), nested
        if isinstance(node, ast.Dict):
            self.budget.depth(depth, line, col)
            pairs: list[tuple[Node, Node]] = []
            nested = 1
            for key, item in zip(node.keys, node.values, strict=True):
                if key is None:
                    raise _UnsupportedError(item, "unpacking with ** is not allowed: write the entries out")
                (key_node, _), (item_node, inner) = self.literal(key, depth + 1), self.literal(item, depth + 1)
                pairs.append((key_node, item_node))
                nested = max(nested, 1 + inner)
            return Node("map", tuple(pairs), line, col), nested
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            (left, left_depth), (right, right_depth) = self.literal(node.left, depth), self.literal(node.right, depth)
            if left.kind == "list" and right.kind == "list":
                return Node("list", left.items + right.items, line, col), max(left_depth, right_depth)
            raise _UnsupportedError(node, "+ joins lists only")
        what = _WHAT.get(type(node), f"a {type(node).__name__} expression")
        raise _UnsupportedError(node, f"{what} is not allowed: manifests are parsed, never run", hint="use a literal")


def _is_string_statement(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _field_hint(name: str) -> str | None:
    upper = name.upper()
    if upper == "DESCRIPTION":
        return "in Python the module docstring is the description"
    if upper in _PY_FIELDS:
        return f"Python manifests spell fields in UPPERCASE: {upper}"
    from data_pkg.suggest import closest

    close = closest(upper, _PY_FIELDS)
    return f"did you mean {close[0]}?" if close else f"known fields: {', '.join(sorted(_PY_FIELDS))}"


def parse_python(text: str, file: str) -> tuple[Node | None, list[Diagnostic]]:
    """Parse a Python manifest's source into a map node (None when it is not valid Python)."""
    try:
        module = ast.parse(text, filename=file)
    except SyntaxError as error:
        line = error.lineno or 1
        col = error.offset or 1
        if "integer string conversion" in error.msg:  # Python's own digit limit, met while parsing
            digits = f"an integer of more than {MAX_DIGITS} digits"
            return None, [Report(RULES, file).add("DM108", digits, hint=NO_SUCH_NUMBER, line=line, col=col)]
        return None, [Report(RULES, file).add("DM101", f"invalid Python: {error.msg}", line=line, col=col)]
    except (RecursionError, MemoryError, ValueError) as error:
        # ValueError: NUL bytes; RecursionError/MemoryError: pathological nesting.
        return None, [Report(RULES, file).add("DM101", f"invalid Python: {type(error).__name__}", line=1, col=1)]
    reader = _PythonReader(text, file)
    try:
        root = reader.read(module)
    except LimitError as limit:
        # Everything after this line would build on what could not be built: one finding says it.
        return None, [*reader.report.findings, limit_diagnostic(limit, file)]
    return root, reader.report.findings
