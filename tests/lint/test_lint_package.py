"""The lint package: its docs page is generated and current, its layering holds, its hook file is usable."""

from __future__ import annotations

import ast
import codecs
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import data_pkg.lint as lint
from data_pkg.lint import all_rules, lint_paths
from data_pkg.lint._inputs import MANIFEST_SUFFIXES, is_manifest_path
from tests.support import reexported_for_layers

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "data_pkg" / "lint"
SCRIPT = ROOT / "scripts" / "lint_rules_doc.py"
PAGE = ROOT / "docs" / "lint-rules.md"
# Stored rot13-encoded so that this file does not contain them either.
FORBIDDEN = re.compile(codecs.decode("szc|svanapvnyzbqryvat|gvcenaxf|pynhqr|naguebcvp", "rot13"), re.IGNORECASE)


def _doc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60, check=False)


# -- docs/lint-rules.md --------------------------------------------------------------------------


def test_rules_page_is_up_to_date() -> None:
    done = _doc("--check")
    assert done.returncode == 0, done.stderr


def test_stale_or_missing_page_fails_the_check(tmp_path: Path) -> None:
    stale = tmp_path / "lint-rules.md"
    stale.write_text(PAGE.read_text(encoding="utf-8").replace("DM503", "DM599"), encoding="utf-8")
    done = _doc("--check", "--output", str(stale))
    assert done.returncode == 1 and "is stale: run python scripts/lint_rules_doc.py" in done.stderr
    assert _doc("--check", "--output", str(tmp_path / "nope.md")).returncode == 1


def test_writing_reproduces_the_committed_page(tmp_path: Path) -> None:
    out = tmp_path / "page.md"
    assert _doc("--output", str(out)).returncode == 0
    assert out.read_text(encoding="utf-8") == PAGE.read_text(encoding="utf-8")


def test_page_has_a_section_per_code_with_its_severity_and_both_examples() -> None:
    page = PAGE.read_text(encoding="utf-8")
    sections = re.split(r"^#### ", page, flags=re.MULTILINE)[1:]
    assert [s.split("\n", 1)[0] for s in sections] == list(all_rules())
    for section, rule in zip(sections, all_rules().values(), strict=True):
        assert f"`{rule.slug}`, {rule.severity}. {rule.summary}" in section
        assert "Bad `" in section and "Fixed `" in section


# -- layering and public surface -----------------------------------------------------------------


def test_linting_loads_neither_the_client_nor_the_server_nor_the_command_line() -> None:
    code = (
        "import sys, json\n"
        "from data_pkg.lint import lint_paths, render\n"
        f"render(lint_paths([{str(ROOT / 'manifests')!r}], env={{}}), 'sarif')\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(done.stdout))
    for heavy in ("pydantic", "httpx2", "mcp", "typer", "data_pkg.client", "data_pkg.mcp", "data_pkg.cli"):
        assert heavy not in loaded, heavy


def test_the_command_module_loads_the_lint_package_only_when_linting() -> None:
    tree = ast.parse((ROOT / "src" / "data_pkg" / "cli" / "_cmd_lint.py").read_text(encoding="utf-8"))
    top_level = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert all(not (isinstance(n, ast.ImportFrom) and (n.module or "").startswith("data_pkg")) for n in top_level)


def test_public_surface_is_all_and_what_the_command_line_imports() -> None:
    public = {name for name in vars(lint) if not name.startswith("_")} - {"annotations"}
    assert public == set(lint.__all__) | reexported_for_layers(PACKAGE / "__init__.py")
    for name in lint.__all__:
        value = getattr(lint, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert inspect.getdoc(value), name


def test_no_vendor_names_in_lint_files() -> None:
    files = [
        *PACKAGE.glob("*.py"),
        ROOT / "src" / "data_pkg" / "cli" / "_cmd_lint.py",
        *(ROOT / "tests" / "lint").glob("*.py"),
        ROOT / "tests" / "cli" / "test_lint_command.py",
        *(p for p in (ROOT / "tests" / "lint" / "lint_corpus").rglob("*") if p.is_file()),
        PAGE,
        SCRIPT,
        ROOT / ".pre-commit-hooks.yaml",
        ROOT / "benchmarks" / "lint.py",
    ]
    for path in files:
        assert not FORBIDDEN.search(path.read_text(encoding="utf-8")), path


# -- the pre-commit hook -------------------------------------------------------------------------


def test_pre_commit_hook_runs_lint_on_manifest_files() -> None:
    hook, lock = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert (hook["id"], hook["entry"], hook["language"]) == ("data-mcp-lint", "data-mcp lint --missing-bases", "python")
    assert (lock["id"], lock["entry"], lock["pass_filenames"]) == ("data-mcp-lock", "data-mcp lock --check", False)
    assert hook["always_run"] and lock["always_run"]  # a commit that only deletes a base passes them no file
    files, exclude = re.compile(hook["files"]), re.compile(hook["exclude"])
    for name in ("manifests/desk.py", "desk.yaml", "a/b.yml", "team.json", "a.b/c.yaml"):
        assert files.search(name) and not exclude.search(name), name
    for name in ("README.md", "pyproject.toml", "desk.yaml.bak"):
        assert not files.search(name), name
    for name in ("manifests/desk.lock.json", "manifest.schema.json", ".pre-commit-config.yaml", ".github/ci.yml"):
        assert exclude.search(name), name
    # What the hook passes is what a folder search would take for a manifest, no more.
    for name in (
        "desk.yaml",
        "_desk.py",
        "teams/__init__.py",
        "a/__pycache__/x.py",
        "node_modules/p/package.json",
        ".hidden/desk.yaml",
        "teams/.desk.yaml",
        "t/d.lock.json",
        "x.schema.json",
        "teams/x_y.json",
    ):
        hooked = bool(files.search(name)) and not exclude.search(name)
        assert hooked == is_manifest_path(Path(name)), name


def test_the_hooks_file_list_is_what_lint_accepts(tmp_path: Path) -> None:
    # pre-commit passes file names: the ones the hook selects must all be lintable as explicit files.
    for suffix in MANIFEST_SUFFIXES:
        path = tmp_path / f"desk{suffix}"
        path.write_text('{"tools": ["company.quote"]}\n' if suffix != ".py" else 'TOOLS = ["company.quote"]\n')
        assert lint_paths([path], env={}).exit_code == 0, suffix


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_every_rule_has_a_slug_and_a_one_line_summary(code: str) -> None:
    rule = all_rules()[code]
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", rule.slug)
    assert rule.summary.endswith(".") and "\n" not in rule.summary
