"""A sampled mutation score: small changes to a module's logic, each run against its tests, counted killed or not.

Run: ``nice -n 19 .venv/bin/python scripts/mutation_sample.py src/data_pkg/answers/_note.py [...] --tests
tests/answers/test_note.py [...] [--every N] [--timeout S] [--equivalent FILE] [--add FILE] [--output FILE]``, or
``--retry FILE`` alone. Each mutant changes one place: a comparison (``<`` and ``<=``, ``==`` and ``!=``), an
arithmetic operator (``+`` and ``-``), a small whole number (``n`` to ``n + 1``), ``and`` and ``or``, or drops a
``not``. Strings are never changed: wording is not logic. Every ``--every``-th place of each module is tried, in
source order, so a run is repeatable. The module is rewritten in place for each mutant (from its syntax tree,
comments dropped) and restored after, whatever happens (a stopped run too): run it in a work tree nothing else is
using. Each mutant's tests get a database of examples of their own, so what hypothesis found for one mutant is not
replayed against the next; a run over ``--timeout`` counts as killed.

Modules can be run against the unit tests that exercise them, one run each: ``--add`` counts an earlier run's
mutants in. A surviving mutant that changes nothing anyone can observe (a tie broken either way to the same result)
is equivalent: ``--equivalent FILE`` names them, each by module, the original line's code and the change, with the
reason, and the score leaves them out. ``--retry FILE`` runs again only the survivors of an earlier run's output
(after tests were added), each against the tests it was run against, and keeps its killed ones.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
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
    index: int
    """Which place of the module (in :func:`places` order): the same mutant again for the same source."""
    line: int
    code: str
    """The line as written, before the change."""
    change: str
    killed: bool
    tests: tuple[str, ...] = ()
    """The tests it was run against."""
    caught_by: str | None = None
    """The first test that failed on it (or ``timeout``): a kill can be checked."""
    equivalent: str | None = None
    """Why the change is not observable, where it is not; such a mutant is left out of the score."""


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


def run_tests(tests: list[str], timeout: float) -> str | None:
    """The first test that fails (the mutant is killed), or None; a run over its time limit is ``timeout``."""
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-n", "0", *tests]
    with tempfile.TemporaryDirectory(prefix="mutant-examples-") as examples:
        environment = {**os.environ, "HYPOTHESIS_STORAGE_DIRECTORY": examples}
        try:
            done = subprocess.run(command, capture_output=True, timeout=timeout, check=False, env=environment)
        except subprocess.TimeoutExpired:
            return "timeout"
    if done.returncode == 0:
        return None
    failed = [
        line.split(" ", 1)[1].split(" - ", 1)[0]  # the test's id, spaces in its parameters and all
        for line in done.stdout.decode(errors="replace").splitlines()
        if line.startswith(("FAILED ", "ERROR "))
    ]
    return failed[0] if failed else f"exit status {done.returncode}"


def sample(module: Path, indexes: list[int] | None, every: int, tests: list[str], timeout: float) -> list[Mutant]:
    """The mutants of ``module`` at ``indexes`` (every ``every``-th place where none are given), each run against
    ``tests``; the module is put back after."""
    source = module.read_text()
    lines = source.splitlines()
    count = len(places(ast.parse(source)))
    found: list[Mutant] = []
    try:
        for index in indexes if indexes is not None else range(0, count, every):
            text, line, change = mutated(source, index)
            module.write_text(text)
            caught_by = run_tests(tests, timeout)
            code = lines[line - 1].strip()
            mutant = Mutant(str(module), index, line, code, change, caught_by is not None, tuple(tests), caught_by)
            found.append(mutant)
            print(f"{module}:{line}: {change}: {'killed' if mutant.killed else 'SURVIVED'}", flush=True)
    finally:
        module.write_text(source)
    return found


def read_run(path: Path) -> list[Mutant]:
    """The mutants an earlier run's output holds."""
    return [Mutant(**{**m, "tests": tuple(m.get("tests", ()))}) for m in json.loads(path.read_text())["tried"]]


def retried(path: Path, timeout: float) -> list[Mutant]:
    """An earlier run's mutants, its survivors run again against the tests each was run against."""
    before = read_run(path)
    again: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for m in before:
        if not m.killed and not m.equivalent:
            again.setdefault((m.module, m.tests), []).append(m.index)
    found = [m for m in before if m.killed or m.equivalent]
    for (module, tests), indexes in again.items():
        found += sample(Path(module), indexes, 1, list(tests), timeout)
    return found


def equivalents(path: Path | None) -> dict[tuple[str, str, str], str]:
    """The mutants a file says are equivalent, by (module, original code, change), with the reason."""
    if path is None:
        return {}
    return {(e["module"], e["code"], e["change"]): e["reason"] for e in json.loads(path.read_text())}


def summary(found: list[Mutant], every: int, seconds: float) -> dict[str, Any]:
    """The figures of a run: mutants, equivalent ones, killed ones and the score over the others; the survivors."""
    caught = sum(m.killed for m in found)
    counted = sum(m.equivalent is None for m in found)
    return {
        "mutants": len(found),
        "equivalent": len(found) - counted,
        "killed": caught,
        "score": round(caught / counted, 3) if counted else None,
        "tests": sorted({t for m in found for t in m.tests}),
        "every": every,
        "seconds": round(seconds),
        "survivors": [f"{m.module}:{m.line}: {m.change}: {m.code}" for m in found if not m.killed and not m.equivalent],
        "tried": [asdict(m) for m in sorted(found, key=lambda m: (m.module, m.index))],
    }


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", type=Path)
    parser.add_argument("--tests", nargs="+", default=[], help="test files (fast ones first: -x stops at a failure)")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300, help="seconds a mutant's tests may take (then: killed)")
    parser.add_argument("--equivalent", type=Path, help="a JSON list of equivalent mutants, each with its reason")
    parser.add_argument("--retry", type=Path, help="an earlier run's output: run its survivors again")
    parser.add_argument("--add", type=Path, action="append", default=[], help="an earlier run's output to count in")
    parser.add_argument("--output", type=Path)
    return parser.parse_args()


def main() -> int:
    given = options()
    # A stopped run puts back the module it was changing (``finally`` runs on SystemExit, not on a bare SIGTERM).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    began = time.monotonic()
    found = [m for path in given.add for m in read_run(path)]
    earlier = sum(json.loads(path.read_text()).get("seconds", 0) for path in [*given.add, *filter(None, [given.retry])])
    if given.retry:
        found += retried(given.retry, given.timeout)
    for module in given.modules:
        found += sample(module, None, given.every, given.tests, given.timeout)
    reasons = equivalents(given.equivalent)
    found = [replace(m, equivalent=None if m.killed else reasons.get((m.module, m.code, m.change))) for m in found]
    figures = summary(found, given.every, earlier + time.monotonic() - began)
    print(json.dumps({k: v for k, v in figures.items() if k not in ("survivors", "tried")}))
    if given.output:
        given.output.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
