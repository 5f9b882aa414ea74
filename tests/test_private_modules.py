"""Private modules stay private: data_hosted uses only public data_pkg modules, and no subpackage of data_pkg
reaches into another subpackage's private modules.

A module or name is private when a part of its dotted name starts with one underscore (``data_pkg.client._engine``,
``from data_pkg import _net``). A private module belongs to the package that holds it, and every module inside that
package (its subpackages too) may import it: ``data_pkg.client.groups`` may use ``data_pkg.client._group``, and any
module of data_pkg the root's ``data_pkg._version``. What another package needs is made public where it lives
(``data_pkg.client.transport``) or moved down to a public module every layer may use (``data_pkg.settings``,
``data_pkg.redact``, ``data_pkg.placeholders``, ``data_pkg.net``, ``data_pkg.serving``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tests.support import imported_modules, package_of

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

EXCEPTIONS: dict[str, str] = {
    "data_pkg.models._index": "generated (scripts/generate.py): which module holds each model, for lazy loading",
}
"""Private modules any package may import, and why."""

INTERNALS: dict[tuple[str, str], str] = {
    ("benchmarks/answers.py", "data_pkg.answers._render.json_text"): "the answer before shaping, encoded as the writer "
    "encodes JSON, so that 'before' and 'after' differ only in the shaping",
    ("benchmarks/answers.py", "data_pkg.answers._rows.without_nulls"): "the answer before shaping drops nulls as the "
    "writer does",
    ("benchmarks/cut_cost.py", "data_pkg.toolsets._schemas.output_schema"): "the in-process contenders validate "
    "against the endpoint's whole output schema, as they did when the figures were measured",
    ("benchmarks/sandbox.py", "data_pkg.sandbox._data.route_data"): "measures the sandbox's generation of its "
    "deepest answers, below its HTTP layer",
    ("benchmarks/sandbox.py", "data_pkg.sandbox._query.parse_query"): "the same: the query the routes read",
    ("benchmarks/sandbox.py", "data_pkg.sandbox._routes.Router"): "the same: the route table",
    ("benchmarks/sandbox.py", "data_pkg.sandbox._routes.build_routes"): "the same: the route table",
    ("benchmarks/sdk_stdio_server.py", "data_pkg.mcp._lines.Rejected"): "the SDK side of the stdio transport A/B "
    "answers each line its hook recovers as data-mcp's line reader does, so the two sides differ in the transport only",
    ("benchmarks/sdk_stdio_server.py", "data_pkg.mcp._lines.read_line"): "the same: data-mcp's line reader",
    ("benchmarks/secret_scan.py", "data_pkg.lint._secrets.find_secrets"): "measures lint's secret scan (DM503) "
    "alone, without the manifest reading around it",
    ("benchmarks/tasks.py", "tests.mcp._support.connect"): "the tasks benchmark reaches the server as the tests do; "
    "tests/mcp/test_analyst_tasks.py runs it in CI",
    ("benchmarks/tasks.py", "tests.mcp._support.server_env"): "the same: the server's environment",
    ("scripts/wire_shapes.py", "data_pkg.sandbox._symbols.symbol_kind"): "generates the sandbox's own "
    "sandbox/_wire.py with the sandbox's rule for kinds of symbol, so both sides agree",
    ("scripts/wire_shapes.py", "data_pkg.sandbox._wire_formats.csv_fields"): "the same: the sandbox's wire formats",
    ("scripts/wire_shapes.py", "data_pkg.sandbox._wire_formats.fields"): "the same: the sandbox's wire formats",
}
"""The only private names benchmarks/ and scripts/ import, each a benchmark of an internal or a generator of one.

Everything else they use is public (``data_pkg.client.open_cache``, ``data_pkg.catalog.GROUP_DOCS``, ...)."""

PENDING: dict[tuple[str, str], str] = {}
"""One file's imports of another package's private module, allowed until the change named beside them lands."""


def owner(module: str) -> tuple[str, ...] | None:
    """The package a private module or name belongs to (its parts before the first private one), or None if public."""
    parts = module.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return tuple(parts[:i])
    return None


def home(path: Path) -> tuple[str, ...]:
    """The package a source file belongs to: ``data_pkg.client`` (its groups too), ``data_pkg`` for a module at
    the root, ``data_hosted`` for the hosted server."""
    parts = path.relative_to(SRC).parts
    return parts[:2] if len(parts) > 2 else parts[:1]


def reaches_in(path: Path, mine: tuple[str, ...]) -> list[str]:
    """``line: module`` for each private data_pkg module or name that ``path``, in package ``mine``, imports from
    outside ``mine``."""
    found = []
    for line, module in imported_modules(path, package_of(path, SRC) if path.is_relative_to(SRC) else ""):
        if module.split(".")[0] != "data_pkg" or within(module, EXCEPTIONS):
            continue
        belongs = owner(module)
        if belongs is not None and mine[: len(belongs)] != belongs:
            found.append(f"{line}: {module}")
    return found


def within(module: str, names: Iterable[str]) -> bool:
    """Whether ``module`` is one of ``names`` or inside one of them."""
    return any(module == name or module.startswith(f"{name}.") for name in names)


def offenders(package: str) -> dict[str, list[str]]:
    """``reaches_in`` of every source file of ``package`` that has any, past the pending exceptions."""
    files = sorted((SRC / package).rglob("*.py"))
    assert files, package
    found = {}
    for path in files:
        name = str(path.relative_to(ROOT))
        pending = [module for file, module in PENDING if file == name]
        where = [w for w in reaches_in(path, home(path)) if not within(w.split(": ", 1)[1], pending)]
        if where:
            found[name] = where
    return found


def test_every_pending_exception_is_still_needed() -> None:
    for file, module in PENDING:
        imports = [w.split(": ", 1)[1] for w in reaches_in(ROOT / file, home(ROOT / file))]
        assert any(within(found, [module]) for found in imports), f"{file} no longer imports {module}: drop it"


def test_data_hosted_imports_only_public_modules_of_data_pkg() -> None:
    assert offenders("data_hosted") == {}


def test_no_subpackage_of_data_pkg_imports_another_subpackages_private_module() -> None:
    assert offenders("data_pkg") == {}


def private_names(path: Path) -> list[str]:
    """``line: name`` for each private module or name of the project (data_pkg, data_hosted, the tests' helpers)
    that a benchmark or script imports, the generated model index aside."""
    found = []
    for line, module in imported_modules(path):
        project = module.split(".")[0] in ("data_pkg", "data_hosted", "tests")
        if project and owner(module) is not None and not within(module, EXCEPTIONS):
            found.append(f"{line}: {module}")
    return found


def outside_internals(path: Path) -> list[str]:
    """``private_names`` of ``path`` past its listed internals (a listed name, its module, and that module alone)."""
    name = str(path.relative_to(ROOT))
    listed = [module for file, module in INTERNALS if file == name]
    allowed = {*listed, *(module.rpartition(".")[0] for module in listed)}
    return [w for w in private_names(path) if w.split(": ", 1)[1] not in allowed]


def test_benchmarks_and_scripts_import_only_public_names_but_their_listed_internals() -> None:
    files = sorted([*(ROOT / "benchmarks").rglob("*.py"), *(ROOT / "scripts").rglob("*.py")])
    found = {str(path.relative_to(ROOT)): where for path in files if (where := outside_internals(path))}
    assert found == {}


def test_every_listed_internal_is_still_imported() -> None:
    for file, module in INTERNALS:
        assert any(w.endswith(f": {module}") for w in private_names(ROOT / file)), f"{file} no longer imports {module}"


def test_the_benchmark_check_finds_every_private_name_of_the_project(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from data_pkg.client import open_cache\n"
        "from data_pkg.client._cache import open_cache as private\n"
        "from data_hosted import _app\n"
        "from tests.mcp._support import connect\n"
        "from data_pkg.models._index import MODEL_MODULES\n"
        "def later():\n"
        "    import data_pkg.lint._secrets\n"
    )
    assert private_names(sample) == [
        "2: data_pkg.client._cache",
        "2: data_pkg.client._cache.open_cache",
        "3: data_hosted._app",
        "4: tests.mcp._support",
        "4: tests.mcp._support.connect",
        "7: data_pkg.lint._secrets",
    ]


def test_each_source_file_belongs_to_its_top_level_package() -> None:
    assert home(SRC / "data_hosted" / "_upstream.py") == ("data_hosted",)
    assert home(SRC / "data_pkg" / "client" / "__init__.py") == ("data_pkg", "client")
    assert home(SRC / "data_pkg" / "client" / "groups" / "company.py") == ("data_pkg", "client")
    assert home(SRC / "data_pkg" / "settings.py") == ("data_pkg",)


def test_the_check_finds_private_modules_and_names_imported_from_outside_their_package(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from data_pkg.client._engine import Call\n"
        "from data_pkg import _version, __version__\n"
        "from data_pkg.client import _cache\n"
        "import data_pkg.toolsets._parse\n"
        "from data_pkg.client.transport import AsyncEndpointTransport\n"
        "from data_pkg.models._index import MODEL_MODULES\n"
        "def later():\n"
        "    from data_pkg.desktop._validate import validate\n"
    )
    elsewhere = [
        "4: data_pkg.toolsets._parse",
        "8: data_pkg.desktop._validate",
        "8: data_pkg.desktop._validate.validate",
    ]
    assert reaches_in(sample, ("data_hosted",)) == [
        "1: data_pkg.client._engine",
        "1: data_pkg.client._engine.Call",
        "2: data_pkg._version",
        "3: data_pkg.client._cache",
        *elsewhere,
    ]
    assert reaches_in(sample, ("data_pkg", "client")) == elsewhere
