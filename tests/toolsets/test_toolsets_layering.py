"""The tool-set layer is cheap to import, imports nothing above or beside it, and names no vendor."""

from __future__ import annotations

import codecs
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import data_pkg.toolsets as toolsets
from tests.support import reexported_for_layers

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "data_pkg" / "toolsets"
# The names are stored rot13-encoded so that this file does not contain them either.
FORBIDDEN = re.compile(codecs.decode("szc|svanapvnyzbqryvat|gvcenaxf|pynhqr|naguebcvp", "rot13"), re.IGNORECASE)


def test_public_surface_is_all_and_what_other_layers_import() -> None:
    eager = {name for name in vars(toolsets) if not name.startswith("_")} - {"annotations", "Any", "TYPE_CHECKING"}
    layers = reexported_for_layers(PACKAGE / "__init__.py")
    assert eager <= set(toolsets.__all__) | layers
    assert sorted(dir(toolsets)) == sorted(toolsets.__all__)
    for name in [*toolsets.__all__, *layers]:
        assert getattr(toolsets, name) is not None  # the lazy ones load on first access


def test_unknown_attributes_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = toolsets.nope  # type: ignore[attr-defined]


def test_public_callables_and_classes_have_docstrings() -> None:
    for name in toolsets.__all__:
        value = getattr(toolsets, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert inspect.getdoc(value), name


def test_importing_the_package_and_resolving_the_default_set_loads_nothing_heavy() -> None:
    code = (
        "import sys, json\n"
        "from data_pkg.toolsets import resolve\n"
        "resolve(None, env={}).raise_for_errors()\n"
        "resolve('analyst', env={}).raise_for_errors()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(result.stdout))
    for heavy in ("pydantic", "yaml", "httpx2", "mcp", "data_pkg.client", "data_pkg.models"):
        assert heavy not in loaded, heavy


def test_no_vendor_names_in_the_tool_set_layer_profiles_examples_or_tests() -> None:
    folders = [PACKAGE, ROOT / "profiles", ROOT / "manifests", ROOT / "tests" / "toolsets", ROOT / "schemas"]
    files = [p for folder in folders for p in folder.rglob("*") if p.is_file() and ".ruff_cache" not in p.parts]
    files.append(ROOT / "scripts" / "manifest_schema.py")
    for path in files:
        assert not FORBIDDEN.search(path.read_bytes().decode("utf-8", errors="replace")), path
