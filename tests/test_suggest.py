"""One did-you-mean for the whole tree: ``data_pkg.suggest``, and no other caller of difflib's close matches."""

from __future__ import annotations

import ast
from pathlib import Path

from data_pkg.lint import LintInputError, lint_paths
from data_pkg.suggest import closest, suggest
from data_pkg.toolsets import resolve

SRC = Path(__file__).resolve().parents[1] / "src"


def test_the_closest_names_come_first_and_nothing_far_is_offered() -> None:
    assert closest("analist", ["quant", "analyst", "news"]) == ["analyst"]
    assert closest("qoute", ["quote", "quotes", "quota"], n=3) == ["quote", "quotes", "quota"]
    assert closest("zzz", ["quote", "news"]) == []
    assert suggest("analist", {"analyst", "quant"}) == "did you mean 'analyst'?"
    assert suggest("zzz", {"analyst"}) is None


def test_equally_close_names_come_in_one_order_whatever_the_order_given() -> None:
    names = ["abcx", "abcy", "abcz"]
    assert closest("abc", names, n=3) == closest("abc", reversed(names), n=3) == closest("abc", set(names), n=3)


def test_no_other_module_asks_difflib_for_close_matches() -> None:
    callers = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = isinstance(node, ast.Attribute) and node.attr == "get_close_matches"
            named |= isinstance(node, ast.alias) and node.name == "get_close_matches"
            if named:
                callers.append(str(path.relative_to(SRC)))
    assert callers == ["data_pkg/suggest.py"]


def test_lint_and_the_resolver_suggest_the_same_profile(tmp_path: Path) -> None:
    # A misspelt profile: lint's argument check and the resolver's manifest check offer the same name.
    try:
        lint_paths(["analist"], env={})
    except LintInputError as error:
        said_by_lint = str(error)
    else:
        raise AssertionError("lint accepted a profile that does not exist")
    manifest = tmp_path / "desk.yaml"
    manifest.write_text("extends: [analist]\n", encoding="utf-8")
    said_by_resolver = " ".join(str(d) for d in resolve(str(manifest), env={}).diagnostics)
    assert "did you mean 'analyst'?" in said_by_lint
    assert "did you mean 'analyst'?" in said_by_resolver
