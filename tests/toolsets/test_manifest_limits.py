"""What a manifest may build (DM108) and what the resolver may spend on it, the same in every format.

The limits sit far above any real manifest and below what hurts: these tests pin both sides of
each line, and that a reference in Python costs what it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.toolsets import Resolution, resolve
from data_pkg.toolsets._limits import MAX_DEPTH, MAX_DIGITS, MAX_VALUES
from data_pkg.toolsets._lookup import MAX_SUGGESTIONS


def _resolve(tmp_path: Path, name: str, text: str) -> Resolution:
    path = tmp_path / name
    path.write_text(text)
    return resolve(str(path), env={})


def _codes(resolution: Resolution) -> list[str]:
    return [d.code for d in resolution.diagnostics]


def _fixed(value: str) -> dict[str, str]:
    """A manifest fixing ``market.search``'s limit to ``value`` (written as is), in each format."""
    return {
        "desk.json": f'{{"tools": ["market.search"], "overrides": {{"market.search": {{"fixed": {{"limit": {value}}}}}}}}}',
        "desk.yaml": f"tools: [market.search]\noverrides:\n  market.search:\n    fixed:\n      limit: {value}\n",
        "desk.py": f'"""D."""\nTOOLS = ["market.search"]\nOVERRIDES = {{"market.search": {{"fixed": {{"limit": {value}}}}}}}\n',
    }


@pytest.mark.parametrize("name", ["desk.json", "desk.yaml", "desk.py"])
def test_an_integer_of_the_allowed_digits_is_read_and_one_more_is_a_finding(tmp_path: Path, name: str) -> None:
    fits = _resolve(tmp_path, name, _fixed("9" * MAX_DIGITS)[name])
    assert "DM108" not in _codes(fits)
    (too_long,) = _resolve(tmp_path, name, _fixed("1" + "0" * MAX_DIGITS)[name]).diagnostics
    assert too_long.code == "DM108"
    assert too_long.hint == "no parameter takes a number that large"


@pytest.mark.parametrize("name", ["desk.yaml", "desk.py"])
def test_a_short_hex_integer_with_a_huge_value_is_a_finding(tmp_path: Path, name: str) -> None:
    (problem,) = _resolve(tmp_path, name, _fixed("0x" + "f" * 26)[name]).diagnostics
    assert problem.code == "DM108"
    assert problem.message == f"an integer of more than {MAX_DIGITS} digits"


def _nested(depth: int) -> dict[str, str]:
    """A manifest whose deepest list is at level ``depth`` (the document itself is level 1)."""
    inner = depth - 1  # tools' own list is level 2
    return {
        "desk.json": '{"tools": ' + "[" * inner + "]" * inner + "}",
        "desk.yaml": "tools: " + "[" * inner + "]" * inner + "\n",
        "desk.py": '"""D."""\nTOOLS = ' + "[" * inner + "]" * inner + "\n",
    }


@pytest.mark.parametrize("name", ["desk.json", "desk.yaml", "desk.py"])
def test_nesting_to_the_limit_is_read_and_one_level_more_is_a_finding(tmp_path: Path, name: str) -> None:
    assert "DM108" not in _codes(_resolve(tmp_path, name, _nested(MAX_DEPTH)[name]))
    (problem,) = _resolve(tmp_path, name, _nested(MAX_DEPTH + 1)[name]).diagnostics
    assert (problem.code, problem.message) == ("DM108", f"values are nested more than {MAX_DEPTH} deep")


def test_a_python_reference_to_a_nested_field_nests_as_deep_as_it(tmp_path: Path) -> None:
    deep = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)  # as deep as allowed
    text = f'"""D."""\nTOOLS = {deep}\nINCLUDE = [TOOLS]\n'
    (problem,) = _resolve(tmp_path, "desk.py", text).diagnostics
    assert (problem.code, problem.line) == ("DM108", 3)


def test_brackets_inside_json_strings_are_not_nesting(tmp_path: Path) -> None:
    brackets = "[{" * (MAX_DEPTH * 2) + '\\"'
    resolution = _resolve(tmp_path, "desk.json", f'{{"description": "{brackets}", "tools": ["company.quote"]}}')
    assert resolution.ok, resolution.diagnostics


@pytest.mark.parametrize("name", ["desk.json", "desk.yaml", "desk.py"])
def test_values_up_to_the_limit_are_read_and_past_it_reading_stops(tmp_path: Path, name: str) -> None:
    def tools(count: int) -> str:
        entries = ", ".join(['"company.quote"'] * count)
        if name == "desk.py":
            return f'"""D."""\nTOOLS = [{entries}]\n'
        return f'{{"tools": [{entries}]}}' if name == "desk.json" else f"tools: [{entries}]\n"

    # The document, its key, the list: three values besides the entries (Python has no key to count).
    overhead = 2 if name == "desk.py" else 3
    within = _codes(_resolve(tmp_path, name, tools(MAX_VALUES - overhead)))
    assert "DM108" not in within and "DM202" in within, "read in full: every duplicate is reported"
    assert _codes(_resolve(tmp_path, name, tools(MAX_VALUES))) == ["DM108"]


def test_a_python_reference_costs_the_whole_value_it_names(tmp_path: Path) -> None:
    half = ", ".join(['"company.quote"'] * (MAX_VALUES // 2))
    (problem,) = _resolve(tmp_path, "desk.py", f'"""D."""\nTOOLS = [{half}]\nINCLUDE = TOOLS\n').diagnostics
    assert (problem.code, problem.line, problem.col) == ("DM108", 3, 11)


def test_python_doubling_stops_at_the_line_that_crosses_the_limit(tmp_path: Path) -> None:
    lines = ['"""D."""', 'TOOLS = ["company.quote"]']
    fields, previous = ("INCLUDE", "EXCLUDE", "TOOLS"), "TOOLS"
    for step in range(60):
        lines.append(f"{fields[step % 3]} = {previous} + {previous}")
        previous = fields[step % 3]
    resolution = _resolve(tmp_path, "desk.py", "\n".join(lines))
    (problem,) = resolution.diagnostics
    assert problem.code == "DM108" and problem.line is not None and problem.line < 20
    assert resolution.registry is None


def test_only_the_first_unknown_names_get_a_suggestion(tmp_path: Path) -> None:
    names = ", ".join(f"company.quotes{i}" for i in range(MAX_SUGGESTIONS + 10))
    problems = _resolve(tmp_path, "desk.yaml", f"tools: [{names}]\n").diagnostics
    hints = [p.hint for p in problems]
    assert all(h is not None and h.startswith("did you mean") for h in hints[:MAX_SUGGESTIONS])
    assert set(hints[MAX_SUGGESTIONS:]) == {"`data-mcp catalog` lists the tools"}


def test_the_troubleshooting_page_states_the_limits_the_code_enforces() -> None:
    from data_pkg.mcp._state import SHOWN

    page = (Path(__file__).parents[2] / "docs" / "troubleshooting.md").read_text(encoding="utf-8")
    assert f"the manifest builds more than {MAX_VALUES:,} values" in page
    assert f"values are nested more than {MAX_DEPTH} deep" in page
    assert f"more than the {MAX_DIGITS} allowed" in page
    assert SHOWN == 5 and "the first five diagnostics" in page
