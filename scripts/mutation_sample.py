"""A sampled mutation score: small changes to a module's logic, each run against its tests, counted killed or not.

Run: ``.venv/bin/python scripts/mutation_sample.py src/data_pkg/answers/_note.py [...] --tests tests/answers
[--every N] [--output FILE]``. Each mutant changes one place: a comparison (``<`` and ``<=``, ``==`` and ``!=``),
an arithmetic operator (``+`` and ``-``), a small whole number (``n`` to ``n + 1``), ``and`` and ``or``, or drops a
``not``. Strings are never changed: wording is not logic. Every ``--every``-th place is tried, in source order, so
a run is repeatable. The module is rewritten in place for each mutant (from its syntax tree, comments dropped) and
restored after, whatever happens: run it in a work tree nothing else is using.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

SWAPS: dict[type[ast.AST], type[Any]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.And: ast.Or,
    ast.Or: ast.And,
}


@dataclass(frozen=True)
class Mutant:
    """One change: where, what, and whether the tests caught it."""

    module: str
    line: int
    change: str
    killed: bool


Place = tuple[int, str, Callable[[], None]]
"""A place a mutant can be made: its line, what the change is, and the change itself (made on the tree)."""


def places(tree: ast.Module) -> list[Place]:
    """Every place a mutant can be made, in the tree's walk order (the same for the same source).

    Operators are changed through their parent: the parser may share one operator object among nodes."""
    found: list[Place] = []
    for parent in ast.walk(tree):
        found += operator_places(parent)
        found += child_places(parent)
    return found


def operator_places(parent: ast.AST) -> list[Place]:
    """A comparison's operators, and a binary or boolean operation's operator, each swapped."""
    line = getattr(parent, "lineno", 0)
    found: list[Place] = []
    if isinstance(parent, ast.Compare):
        found += [
            (line, _swap_name(op), partial(_swap_compare, parent, i))
            for i, op in enumerate(parent.ops)
            if type(op) in SWAPS
        ]
    if isinstance(parent, ast.BinOp | ast.BoolOp) and type(parent.op) in SWAPS:
        found.append((line, _swap_name(parent.op), partial(_swap_op, parent)))
    return found


def child_places(parent: ast.AST) -> list[Place]:
    """A small integer among ``parent``'s children made one more, a ``not`` dropped."""
    line = getattr(parent, "lineno", 0)
    found: list[Place] = []
    for name, value in ast.iter_fields(parent):
        children: list[tuple[int | None, object]] = (
            list(enumerate(value)) if isinstance(value, list) else [(None, value)]
        )
        for at, child in children:
            changed = changed_child(child)
            if changed is not None:
                new, change = changed
                found.append((getattr(child, "lineno", line), change, partial(_replace, parent, name, at, new)))
    return found


def changed_child(child: object) -> tuple[ast.AST, str] | None:
    """What a child becomes and how that reads, or None where it is not changed."""
    if isinstance(child, ast.Constant) and type(child.value) is int and 0 <= child.value <= 100:
        return ast.Constant(child.value + 1), f"{child.value} -> {child.value + 1}"
    if isinstance(child, ast.UnaryOp) and isinstance(child.op, ast.Not):
        return child.operand, "not dropped"
    return None


def _swap_name(op: ast.AST) -> str:
    return f"{type(op).__name__} -> {SWAPS[type(op)].__name__}"


def _swap_compare(node: ast.Compare, i: int) -> None:
    node.ops[i] = SWAPS[type(node.ops[i])]()


def _swap_op(node: ast.BinOp | ast.BoolOp) -> None:
    node.op = SWAPS[type(node.op)]()


def _replace(parent: ast.AST, name: str, index: int | None, new: ast.AST) -> None:
    if index is None:
        setattr(parent, name, new)
    else:
        getattr(parent, name)[index] = new


def mutated(source: str, index: int) -> tuple[str, int, str]:
    """The module with its ``index``-th place changed; the line and the change."""
    tree = ast.parse(source)
    line, change, apply = places(tree)[index]
    apply()
    return ast.unparse(tree), line, change


def run_tests(tests: list[str]) -> bool:
    """Whether the tests fail (the mutant is killed); a run over its time limit counts as killed."""
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-n", "0", *tests]
    try:
        done = subprocess.run(command, capture_output=True, timeout=300, check=False)
    except subprocess.TimeoutExpired:
        return True
    return done.returncode != 0


def sample(module: Path, tests: list[str], every: int) -> list[Mutant]:
    """Every ``every``-th mutant of ``module``, each run against ``tests``; the module is put back after."""
    source = module.read_text()
    count = len(places(ast.parse(source)))
    found = []
    try:
        for index in range(0, count, every):
            text, line, change = mutated(source, index)
            module.write_text(text)
            mutant = Mutant(str(module), line, change, run_tests(tests))
            found.append(mutant)
            print(f"{module}:{line}: {change}: {'killed' if mutant.killed else 'SURVIVED'}", flush=True)
    finally:
        module.write_text(source)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", type=Path)
    parser.add_argument("--tests", nargs="+", required=True)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--output", type=Path)
    options = parser.parse_args()
    found: list[Mutant] = []
    began = time.monotonic()
    for module in options.modules:
        found += sample(module, options.tests, options.every)
    killed = sum(m.killed for m in found)
    summary = {
        "mutants": len(found),
        "killed": killed,
        "score": round(killed / len(found), 3) if found else None,
        "tests": options.tests,
        "every": options.every,
        "seconds": round(time.monotonic() - began),
        "survivors": [asdict(m) for m in found if not m.killed],
    }
    print(json.dumps({k: v for k, v in summary.items() if k != "survivors"}))
    if options.output:
        options.output.write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
