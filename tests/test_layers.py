"""The layering contract of the whole source tree, one table read as data: who may import whom, and no cycles.

Each module belongs to a unit: a package (``data_pkg.client``, ``data_hosted``) or a module at the top
(``data_pkg.errors``); the root package ``data_pkg`` is only its ``__init__.py``. :data:`LAYERS` lists the
units from the top down. A module may import its own unit and any unit of a lower layer, never one of
its own layer (siblings stay independent) or above. :data:`NARROWER`, :data:`ONLY_IN` and
:data:`NEVER_THIRD_PARTY` narrow that for a few units. Every import form counts (absolute, relative,
``from a import b``, inside a function, under ``TYPE_CHECKING``, ``import_module`` with a literal name),
and no two modules import each other, directly or around a circle. A new module or package goes in
the table; CONTRIBUTING ("Layout: layers and public seams") says how to choose its layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from tests.support import Import, imports, module_name, package_of

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

LAYERS: list[tuple[str, ...]] = [
    # commands and the hosted-compatible server
    ("data_pkg.cli", "data_hosted"),
    # what the commands run: the stdio server, the desktop setup, lint, the sandbox
    ("data_pkg.mcp", "data_pkg.desktop", "data_pkg.lint", "data_pkg.sandbox"),
    # tool results and analysis over them; the root package (the client's public names)
    ("data_pkg.answers", "data_pkg.analysis", "data_pkg"),
    # the client and the tool sets, independent of each other
    ("data_pkg.client", "data_pkg.toolsets"),
    ("data_pkg.settings",),
    # what everything describes: endpoints, answer models, rules, the JSON reader
    ("data_pkg.catalog", "data_pkg.models", "data_pkg.rules", "data_pkg.json_reader"),
    # below every layer but the version: no other import of the project
    (
        "data_pkg.errors",
        "data_pkg.redact",
        "data_pkg.files",
        "data_pkg.utf8",
        "data_pkg.extras",
        "data_pkg.placeholders",
        "data_pkg.jsonrpc",
        "data_pkg.net",
        "data_pkg.serving",
        "data_pkg.suggest",
    ),
    # the version string, which an install hint names (extras)
    ("data_pkg._version",),
]
"""Units of the source tree from the top layer down."""

NARROWER: dict[str, tuple[str, ...]] = {
    "data_pkg.toolsets": (
        "data_pkg.catalog",
        "data_pkg.models",
        "data_pkg.rules",
        "data_pkg.json_reader",
        "data_pkg.errors",
        "data_pkg.files",
        "data_pkg.utf8",
        "data_pkg.suggest",
    ),
    "data_pkg.lint": (
        "data_pkg.answers",
        "data_pkg.toolsets",
        "data_pkg.catalog",
        "data_pkg.rules",
        "data_pkg.files",
        "data_pkg.placeholders",
        "data_pkg.suggest",
        "data_pkg._version",
    ),
    "data_pkg.desktop": (
        "data_pkg.extras",
        "data_pkg.client",
        "data_pkg.toolsets",
        "data_pkg.settings",
        "data_pkg.catalog",
        "data_pkg.rules",
        "data_pkg.json_reader",
        "data_pkg.errors",
        "data_pkg.redact",
        "data_pkg.files",
        "data_pkg.placeholders",
        "data_pkg.suggest",
    ),
    # Synthetic data from the catalog and models, served on loopback; never the client or the tool sets.
    "data_pkg.sandbox": ("data_pkg.catalog", "data_pkg.models", "data_pkg.extras", "data_pkg.net", "data_pkg.serving"),
}
"""Units that use fewer lower units than their layer allows: all they may import besides themselves."""

ONLY_IN: dict[tuple[str, str], tuple[str, ...]] = {
    # pydantic loads only when a tool's schema or answer fields are needed, never to resolve a tool set.
    ("data_pkg.toolsets", "data_pkg.models"): ("data_pkg.toolsets._schemas", "data_pkg.toolsets._fields"),
    # The server's instructions, to say where they would be cut (DM509); nothing else of the answer writer.
    ("data_pkg.lint", "data_pkg.answers"): ("data_pkg.lint._host_limits",),
}
"""``(unit, imported unit)``: the only modules of the unit that may import it."""

NEVER_THIRD_PARTY: dict[str, tuple[str, ...]] = {
    "data_pkg.toolsets": ("mcp", "httpx", "httpx2"),
    "data_pkg.lint": ("typer", "click", "mcp", "httpx", "httpx2", "pydantic"),
    "data_pkg.desktop": ("typer", "click", "mcp"),
}
"""Libraries a unit never imports: the tool-set layer and lint stay light, the desktop library has no CLI."""

Graph = Mapping[str, Mapping[str, int]]
"""Module -> the project's modules it imports -> the first line that does."""


def source_modules() -> dict[str, Path]:
    """Every module of the source tree by dotted name."""
    return {module_name(path, SRC): path for path in sorted(SRC.rglob("*.py"))}


def target(item: Import, known: Iterable[str]) -> str | None:
    """The project's module an import loads: ``from a import b`` is ``a.b`` when that is a module, else ``a``.

    The packages above it load too, but only as every submodule's do; they are not an edge of their own.
    """
    names = set(known)
    for name in ([f"{item.module}.{item.name}"] if item.name else []) + [item.module]:
        while name and name not in names:
            name = name.rpartition(".")[0]
        if name:
            return name
    return None


def import_graph(modules: Mapping[str, Path]) -> dict[str, dict[str, int]]:
    """Who imports whom among ``modules`` (by the first line that does)."""
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for item in imports(path, package_of(path, SRC) if path.is_relative_to(SRC) else ""):
            found = target(item, modules)
            if found is not None and found != name:
                edges.setdefault(found, item.line)
        graph[name] = edges
    return graph


def unit_of(module: str) -> str | None:
    """The unit ``module`` belongs to (None if the table has none for it)."""
    if module == "data_pkg":
        return "data_pkg"
    units = [u for layer in LAYERS for u in layer if u != "data_pkg" and (module == u or module.startswith(f"{u}."))]
    return max(units, key=len, default=None)


def layer_of(unit: str) -> int:
    """The depth of ``unit`` in :data:`LAYERS` (0 at the top)."""
    return next(depth for depth, layer in enumerate(LAYERS) if unit in layer)


def violations(graph: Graph, where: Mapping[str, str]) -> list[str]:
    """Each import the table forbids, as ``file:line: what is wrong``; ``where`` names each module's file."""
    found = []
    for module, edges in graph.items():
        mine = unit_of(module)
        assert mine is not None, f"{where[module]}: {module} is in no layer; add its unit to LAYERS in {__name__}"
        for imported, line in edges.items():
            theirs = unit_of(imported)
            if theirs is None or theirs == mine:
                continue
            problem = _problem(module, mine, imported, theirs)
            if problem:
                found.append(f"{where[module]}:{line}: {module} imports {imported}: {problem}")
    return found


def _problem(module: str, mine: str, imported: str, theirs: str) -> str | None:
    if layer_of(theirs) < layer_of(mine):
        return f"{theirs} is in a layer above {mine}"
    if layer_of(theirs) == layer_of(mine):
        return f"{theirs} is beside {mine} in the same layer; siblings stay independent"
    if mine in NARROWER and theirs not in NARROWER[mine]:
        return f"{mine} uses only {', '.join(NARROWER[mine])}"
    allowed = ONLY_IN.get((mine, theirs))
    if allowed is not None and module not in allowed:
        return f"only {', '.join(allowed)} may import {theirs}"
    return None


def third_party(modules: Mapping[str, Path]) -> list[str]:
    """Each import of a library that :data:`NEVER_THIRD_PARTY` keeps out of a unit, as ``file:line: library``."""
    found = []
    for name, path in modules.items():
        never = NEVER_THIRD_PARTY.get(unit_of(name) or "", ())
        for item in imports(path, package_of(path, SRC)):
            if item.module.split(".")[0] in never:
                found.append(f"{path.relative_to(ROOT)}:{item.line}: {item.module}")
    return found


def cycles(graph: Graph) -> list[list[str]]:
    """The groups of modules that import each other, around a circle (strongly connected, more than one)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        # Tarjan's algorithm, iteratively: a deep import chain must not hit the recursion limit.
        work = [(start, iter(graph.get(start, {})))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(graph.get(child, {}))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


@pytest.fixture(scope="module")
def modules() -> dict[str, Path]:
    found = source_modules()
    assert {"data_pkg", "data_pkg.client._engine", "data_hosted._app", "data_pkg.cli._app"} <= set(found)
    return found


@pytest.fixture(scope="module")
def graph(modules: dict[str, Path]) -> dict[str, dict[str, int]]:
    return import_graph(modules)


def test_every_unit_is_listed_once() -> None:
    units = [unit for layer in LAYERS for unit in layer]
    assert len(units) == len(set(units))
    for unit, narrower in NARROWER.items():
        assert all(layer_of(other) > layer_of(unit) for other in narrower), unit


def test_no_module_imports_above_or_beside_its_unit(modules: dict[str, Path], graph: Graph) -> None:
    where = {name: str(path.relative_to(ROOT)) for name, path in modules.items()}
    assert violations(graph, where) == []


def test_no_unit_imports_a_library_kept_out_of_it(modules: dict[str, Path]) -> None:
    assert third_party(modules) == []


def test_no_modules_import_each_other(graph: Graph) -> None:
    assert cycles(graph) == []


def test_every_import_form_is_an_edge(tmp_path: Path) -> None:
    package = tmp_path / "data_pkg" / "toolsets"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "_sample.py").write_text(
        "from __future__ import annotations\n"
        "import importlib\n"
        "from typing import TYPE_CHECKING\n"
        "import data_pkg.client._engine\n"
        "from data_pkg.mcp import server\n"
        "from . import _sibling\n"
        "from ..answers.results import write\n"
        "if TYPE_CHECKING:\n"
        "    from data_pkg.cli._app import app\n"
        "def later() -> None:\n"
        "    from data_pkg.lint import lint_paths\n"
        "    importlib.import_module('data_pkg.desktop._probe')\n"
    )
    known = [
        "data_pkg.client._engine",
        "data_pkg.mcp.server",
        "data_pkg.toolsets._sibling",
        "data_pkg.answers.results",
        "data_pkg.cli._app",
        "data_pkg.lint",
        "data_pkg.desktop._probe",
    ]
    found = [target(item, known) for item in imports(package / "_sample.py", "data_pkg.toolsets")]
    assert [name for name in found if name] == known
    graph = {"data_pkg.toolsets._sample": {name: line for line, name in enumerate(known, start=4)}}
    reported = violations(graph, {"data_pkg.toolsets._sample": "_sample.py"})
    outside = [name for name in known if name != "data_pkg.toolsets._sibling"]  # its own unit: allowed
    assert [line.split(" imports ")[1].split(":")[0] for line in reported] == outside
    assert reported[0] == (
        "_sample.py:4: data_pkg.toolsets._sample imports data_pkg.client._engine:"
        " data_pkg.client is beside data_pkg.toolsets in the same layer; siblings stay independent"
    )


def test_a_narrowed_unit_and_a_module_only_some_may_import_are_held_to_it() -> None:
    graph = {
        "data_pkg.sandbox._app": {"data_pkg.client": 3, "data_pkg.catalog": 4},
        "data_pkg.toolsets._select": {"data_pkg.models._quote": 7},
        "data_pkg.toolsets._schemas": {"data_pkg.models._quote": 8},
    }
    where = {name: name for name in graph}
    assert violations(graph, where) == [
        "data_pkg.sandbox._app:3: data_pkg.sandbox._app imports data_pkg.client: data_pkg.sandbox uses only"
        " data_pkg.catalog, data_pkg.models, data_pkg.extras, data_pkg.net, data_pkg.serving",
        "data_pkg.toolsets._select:7: data_pkg.toolsets._select imports data_pkg.models._quote: only"
        " data_pkg.toolsets._schemas, data_pkg.toolsets._fields may import data_pkg.models",
    ]


def test_a_circle_of_imports_is_found_however_long() -> None:
    assert cycles({"a": {"b": 1}, "b": {"a": 1}, "c": {"a": 1}}) == [["a", "b"]]
    chain = {f"m{i}": {f"m{i + 1}": 1} for i in range(5000)}
    assert cycles(chain) == []
    chain["m5000"] = {"m0": 1}
    assert cycles(chain) == [sorted(chain)]
