"""The strict reader agrees with json.loads on what is JSON, and explains what is not with line:col."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data_pkg.desktop import read_strict
from data_pkg.desktop._strict_json import looks_like_windows_path

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.sampled_from([None, 2]), st.booleans())
def test_every_json_document_reads_clean_with_the_same_value(value: Any, indent: int | None, ascii_only: bool) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    result = read_strict(text)
    silent = {f.code for f in result.findings} <= {"DC107", "DC110"}
    assert result.ok and silent, result.findings
    assert result.node is not None and result.node.value == json.loads(text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="{}[]\"':,/*#\\ \n\tabtnu0123-.eE", max_size=30))
def test_the_reader_never_calls_json_what_json_loads_refuses(text: str) -> None:
    try:
        json.loads(text)
        accepted = True
    except ValueError:
        accepted = False
    result = read_strict(text)  # never raises
    assert result.ok == accepted or (accepted and not result.ok and _nan_like(text))
    if not result.ok:
        assert any(f.is_error for f in result.findings)
        assert all(f.line is not None and f.col is not None for f in result.findings)


def _nan_like(text: str) -> bool:
    return any(word in text for word in ("NaN", "Infinity"))


def test_nan_and_infinity_are_not_json_even_though_python_reads_them() -> None:
    for text in ('{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}'):
        result = read_strict(text)
        assert not result.ok
        assert result.findings[0].code == "DC108"


def test_several_mistakes_are_reported_in_one_pass_in_order() -> None:
    text = "{\n  // note\n  'a': 1,\n  b: [1, 2,],\n}\n"
    codes = [(f.code, f.line, f.col) for f in read_strict(text).findings]
    assert codes == [("DC101", 2, 3), ("DC103", 3, 3), ("DC104", 4, 3), ("DC102", 4, 11), ("DC102", 4, 13)]


def test_positions_count_characters_not_bytes() -> None:
    (finding,) = read_strict('{"é": "ü", x: 1}').findings
    assert (finding.code, finding.line, finding.col) == ("DC104", 1, 12)


def test_the_host_style_position_is_the_zero_based_offset() -> None:
    (finding,) = read_strict('{"mcpServers": {}}\n\n  }').findings
    assert finding.code == "DC105"
    assert (finding.line, finding.col) == (3, 3)
    assert "position 22 (line 3 column 3)" in finding.message
    assert "delete the text after the last }" in (finding.fix or "")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("C:\\Users\\me", True),
        ("C:/Users/me", True),
        ("\\\\server\\share", True),
        ("tools\\desk.py", True),
        ("a\\nb", False),
        ("hello", False),
    ],
)
def test_what_looks_like_a_windows_path(raw: str, expected: bool) -> None:
    assert looks_like_windows_path(raw) is expected


def test_escapes_in_ordinary_text_are_not_reported_as_paths() -> None:
    result = read_strict('{"note": "line one\\nline two\\ttabbed"}')
    assert result.ok and not result.findings


def test_an_invalid_escape_outside_a_path_still_explains_backslashes() -> None:
    (finding,) = read_strict('{"pattern": "a\\sb"}').findings
    assert finding.code == "DC106"
    assert "in JSON a backslash starts an escape" in finding.message
    assert "write \\\\ for a backslash" in (finding.fix or "")


def test_doubled_backslashes_and_forward_slashes_are_fine() -> None:
    for text in ('{"p": "C:\\\\new\\\\tools.py"}', '{"p": "C:/new/tools.py"}'):
        result = read_strict(text)
        assert result.ok and not result.findings


def test_silent_escapes_keep_the_document_but_are_errors() -> None:
    result = read_strict('{"p": "C:\\\\data\\new\\tools.py"}')
    assert result.ok
    (finding,) = result.findings
    assert (finding.code, finding.severity, finding.col) == ("DC107", "error", 16)
    assert "\\n as a line break" in finding.message and "\\t as a tab" in finding.message
    assert finding.fix == 'write "C:/data/new/tools.py" or "C:\\\\data\\\\new\\\\tools.py"'


def test_raw_tabs_and_invisible_spaces_are_named() -> None:
    tab = read_strict('{"a": "x\ty"}').findings[0]
    assert tab.code == "DC108" and "raw control character" in tab.message
    nbsp = read_strict('{"a":\u00a01}').findings[0]
    assert nbsp.code == "DC108" and "U+00A0" in nbsp.message


def test_surrogate_pairs_decode_like_json() -> None:
    text = '{"a": "\\ud83d\\ude00"}'
    result = read_strict(text)
    assert result.node is not None and result.node.value == json.loads(text)


def test_node_lookup_takes_the_last_duplicate_like_the_host() -> None:
    result = read_strict('{"a": 1, "a": 2}')
    assert result.node is not None
    assert result.node.member("a") is not None and result.node.member("a").value == 2  # type: ignore[union-attr]
    assert [n.kind for n in result.node.walk()] == ["object", "string", "number", "string", "number"]
