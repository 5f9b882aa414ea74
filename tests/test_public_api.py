"""The user API is each module's ``__all__``, every name in it is documented, and docs/api.md shows exactly them.

A package's ``__init__`` may also hand names to the project's other layers (the servers, lint, desktop, the
command line) that users do not need: it imports them as themselves (``from ._x import name as name``), which
keeps them importable and type-checked but out of ``__all__``, ``dir()`` and the page. Such a name must be used
by another layer; one no other layer imports is dead.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

from tests.support import imports, package_of, reexported_for_layers

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
sys.path.insert(0, str(ROOT / "scripts"))

import _api_page  # noqa: E402

WITHOUT_ALL = (SRC / "data_pkg" / "client" / "groups", SRC / "data_pkg" / "models")
"""Public modules whose every class is public by design: the client's endpoint groups (written by
scripts/generate.py from the catalog) and the answer models, one per answer shape (docs/endpoints.md)."""


def _public_modules() -> list[Path]:
    files = sorted(p for p in (SRC / "data_pkg").rglob("*.py") if not any(p.is_relative_to(g) for g in WITHOUT_ALL))
    parts = [p.relative_to(SRC).with_suffix("").parts for p in files]
    return [
        p
        for p, names in zip(files, parts, strict=True)
        if not any(n.startswith("_") and n != "__init__" for n in names)
    ]


def _declares_all(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    targets = [t for n in tree.body if isinstance(n, ast.Assign) for t in n.targets]
    targets += [n.target for n in tree.body if isinstance(n, ast.AnnAssign)]
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


def test_every_public_module_declares_its_user_api() -> None:
    assert [str(p.relative_to(ROOT)) for p in _public_modules() if not _declares_all(p)] == []


def test_every_public_name_has_a_docstring() -> None:
    assert _api_page.undocumented() == []


def test_the_api_page_is_current_and_shows_exactly_the_public_names() -> None:
    page = _api_page.page()
    assert _api_page.PAGE.read_text(encoding="utf-8") == page, "run python scripts/docs_reference.py"
    shown = re.findall(r"^### `[^`]+` \{#([\w-]+)\}$", page, re.MULTILINE)
    wanted = [_api_page.anchor(m, n) for m in _api_page.MODULES for n in _api_page.public_names(m)]
    assert shown == wanted


def test_a_package_exposes_its_user_api_and_the_names_kept_for_other_layers_only() -> None:
    for module in _api_page.MODULES:
        package = importlib.import_module(module)
        init = _api_page._file(module)
        if init.name != "__init__.py":
            continue
        layers = reexported_for_layers(init)
        assert not layers & set(package.__all__), module
        public = {
            name
            for name, value in vars(package).items()
            if not name.startswith("_") and name != "annotations" and not isinstance(value, type(sys))
        }
        assert public - set(package.__all__) - layers - {"TYPE_CHECKING", "Any"} == set(), module


def _imported_names() -> dict[str, set[str]]:
    """Module -> the names that the source, scripts and benchmarks import from it, with the importing file."""
    found: dict[str, set[str]] = {}
    for path in [*SRC.rglob("*.py"), *(ROOT / "scripts").glob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]:
        inside = package_of(path, SRC) if path.is_relative_to(SRC) else ""
        for item in imports(path, inside):
            if item.name:
                found.setdefault(item.module, set()).add(f"{item.name} {path}")
    return found


def test_every_name_kept_for_other_layers_is_used_by_one() -> None:
    imported = _imported_names()
    unused = {}
    for init in sorted((SRC / "data_pkg").rglob("__init__.py")):
        package = package_of(init, SRC)
        users = [entry.split(" ", 1) for entry in imported.get(package, ())]
        outside = {name for name, path in users if not Path(path).is_relative_to(init.parent)}
        dead = reexported_for_layers(init) - outside
        if dead:
            unused[package] = sorted(dead)
    assert unused == {}


def test_the_layer_names_are_read_from_the_alias_form_only(tmp_path: Path) -> None:
    init = tmp_path / "__init__.py"
    init.write_text(
        "from typing import TYPE_CHECKING\n"
        "from ._a import shown, kept as kept, renamed as other\n"
        "if TYPE_CHECKING:\n"
        "    from ._b import Lazy as Lazy\n"
        "__all__ = ['shown', 'listed']\n"
        "from ._c import listed as listed\n"
    )
    assert reexported_for_layers(init) == {"kept", "Lazy"}
