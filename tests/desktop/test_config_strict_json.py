"""The strict reader agrees with json.loads on what is JSON, and explains what is not with line:col."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data_pkg.desktop import CODES, validate_config
from data_pkg.desktop._strict_json import looks_like_windows_path, read_strict
from data_pkg.json_reader import ProblemKind, Voice, read_json
from tests.support import json_values

JSON_VALUES = json_values()


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


def _found(text: str) -> list[tuple[str, int | None, int | None, str]]:
    return [(f.code, f.line, f.col, f.message) for f in read_strict(text).findings]


def test_a_missing_comma_before_a_bare_word_is_named_and_the_word_read() -> None:
    assert _found('{"a": 1 b: 2}') == [
        ("DC108", 1, 9, "missing comma between two entries"),
        ("DC104", 1, 9, "unquoted key b: JSON keys must be in double quotes"),
    ]
    assert _found("[1 x]") == [
        ("DC108", 1, 4, "missing comma between two values"),
        ("DC108", 1, 4, "unquoted text x: JSON strings must be in double quotes"),
    ]
    assert [f[:3] for f in _found("[1 true]")] == [("DC108", 1, 4)]


def test_something_else_where_a_comma_belongs_stops_the_reading() -> None:
    assert _found('{"a": 1 2}') == [("DC108", 1, 9, "unexpected '2': expected a comma or } after the value")]
    assert _found("[1 }") == [("DC108", 1, 4, "unexpected '}': expected a comma or ] after the value")]


def test_an_unclosed_block_comment_ends_the_reading_where_it_opens() -> None:
    result = read_strict('{"a": 1 /* note\n}')
    assert not result.ok
    assert _found('{"a": 1 /* note\n}') == [
        ("DC101", 1, 9, "comment (/* ...) that is never closed: JSON has no comments")
    ]


def test_a_comma_with_nothing_before_it_is_skipped_and_reading_goes_on() -> None:
    assert _found('{ , "a":1}') == [("DC108", 1, 3, "a comma with no entry before it")]
    assert [f[:3] for f in _found('{ , "a": 1,}')] == [("DC108", 1, 3), ("DC102", 1, 11)]
    assert _found("[,1]") == [("DC108", 1, 2, "a comma with no value before it")]
    assert not read_strict('{ , "a":1}').ok


def test_minus_infinity_is_named_with_its_fix_and_reading_goes_on() -> None:
    result = read_strict('{"a": -Infinity, b: 1}')
    assert [(f.code, f.line, f.col, f.message, f.fix) for f in result.findings] == [
        ("DC108", 1, 7, "-Infinity is not JSON", "write a number or null"),
        ("DC104", 1, 18, "unquoted key b: JSON keys must be in double quotes", 'write "b"'),
    ]


def test_not_json_numbers_and_words_are_read_past() -> None:
    assert [f[:3] for f in _found('{"a": +1, "b": 0x1F, "c": .5, "d": NaN, "e": True}')] == [
        ("DC108", 1, 7),
        ("DC108", 1, 16),
        ("DC108", 1, 27),
        ("DC108", 1, 36),
        ("DC108", 1, 46),
    ]
    assert _found('{"a": -}') == [("DC108", 1, 7, "unexpected '-': not the start of a JSON value")]


def test_each_way_of_ending_too_early_says_what_is_open() -> None:
    assert _found('{"a": [1, 2') == [("DC108", 1, 12, "the file ends inside the list opened at line 1, column 7")]
    assert _found('{"a": 1') == [("DC108", 1, 8, "the file ends inside the object opened at line 1, column 1")]
    assert _found('{"a": ') == [
        (
            "DC108",
            1,
            7,
            'the file ends where the value of "a" should be: something is cut off, or a bracket is not closed',
        )
    ]
    assert _found('{"a" 1}') == [("DC108", 1, 6, 'expected ":" after the key "a"')]
    assert _found('{"a": "x') == [("DC108", 1, 7, "this string is never closed")]
    assert _found("{1: 2}") == [("DC108", 1, 2, "unexpected '1': expected a key in double quotes, or \"}\"")]
    assert _found("}") == [("DC108", 1, 1, "unexpected character '}' where the top-level object should be")]


def test_an_empty_file_says_what_the_host_needs() -> None:
    empty, comment = read_strict("  // nothing\n").findings
    assert [(f.code, f.line, f.col) for f in (empty, comment)] == [("DC108", 1, 1), ("DC101", 1, 3)]
    finding = empty
    assert finding.message == "the file is empty (or holds only comments): the host needs a JSON object"
    assert finding.fix == 'start from {"mcpServers": {}} (data-mcp config install writes one)'


def test_a_byte_order_mark_is_named_and_the_rest_read() -> None:
    result = read_strict('\ufeff{"a": 1}')
    assert [(f.code, f.line, f.col) for f in result.findings] == [("DC109", 1, 1)]
    assert not result.ok and "the host's JSON reader refuses it" in result.findings[0].message


def test_a_duplicate_key_is_a_warning_and_the_document_stays() -> None:
    result = read_strict('{"a": 1,\n "a": 2}')
    (finding,) = result.findings
    assert (finding.code, finding.severity, finding.line, finding.col) == ("DC110", "warning", 2, 2)
    assert "first at line 1, column 2" in finding.message and "the host keeps only the last one" in finding.message
    assert result.ok and result.node is not None and result.node.value == {"a": 2}


def test_nesting_deeper_than_the_reader_recurses_is_a_finding_not_a_crash() -> None:
    result = read_strict("[" * 100_000)
    assert not result.ok
    assert [(f.code, f.line, f.col, f.message) for f in result.findings] == [
        ("DC108", 1, 1, "nested too deeply to read")
    ]


def test_an_integer_longer_than_python_converts_is_read_as_the_host_reads_it() -> None:
    # Before, int() raised ValueError (more than 4,300 digits) and config validate ended in a traceback.
    digits = "1" * 5_000
    result = read_strict('{"a": ' + digits + ', "b": -' + "9" * 4_000 + "}")
    assert result.ok and not result.findings
    assert result.node is not None and result.node.value == {"a": float(digits), "b": -int("9" * 4_000)}
    validation = validate_config('{"mcpServers": {"market-data": {"command": ' + digits + "}}}")
    assert "DC204" in [f.code for f in validation.findings]


def test_integers_up_to_4000_digits_stay_integers() -> None:
    result = read_strict(f"[{'7' * 4_000}, {'7' * 4_001}]")  # the figures, not INT_DIGITS: a changed limit fails here
    assert result.node is not None
    assert [type(item.value) for item in result.node.items] == [int, float]


def test_walk_goes_through_lists_and_objects_in_document_order() -> None:
    result = read_strict('{"a": [1, {"b": null}], "c": "x"}')
    assert result.node is not None
    kinds = [n.kind for n in result.node.walk()]
    assert kinds == ["object", "string", "array", "number", "object", "string", "null", "string", "string"]


def test_an_invalid_escape_in_single_quotes_is_named_too() -> None:
    assert [f.code for f in read_strict("{\"a\": 'x\\qy', \"b\": 'it\\'s'}").findings] == ["DC103", "DC106", "DC103"]


def test_the_text_after_the_value_is_quoted_to_the_end_of_its_line() -> None:
    (finding,) = read_strict("{}\nmore\nand more").findings
    assert "and 'more' follows" in finding.message


def test_every_problem_the_reader_names_is_a_config_code() -> None:
    assert set(get_args(ProblemKind)) == {rule.slug for code, rule in CODES.items() if code.startswith("DC1")} - {
        "unreadable-file"
    }


def test_an_escaped_slash_and_a_lone_surrogate_read_as_json_loads_reads_them() -> None:
    for text in ('{"url": "https:\\/\\/the.api.host\\/x"}', '["\\ud83d", "\\ude00x"]'):
        result = read_strict(text)
        assert result.ok and not result.findings
        assert result.node is not None and result.node.value == json.loads(text)


@pytest.mark.parametrize("value", ["2", "-2", '"x"', "{}", "[]", "null"])
def test_a_missing_comma_before_any_value_in_a_list_is_named_and_reading_goes_on(value: str) -> None:
    assert _found(f"[1 {value}]") == [("DC108", 1, 4, "missing comma between two values")]


def test_a_comma_with_nothing_before_it_skips_only_itself() -> None:
    assert _found('[,"x"]') == [("DC108", 1, 2, "a comma with no value before it")]
    assert _found('{,"a": 1}') == [("DC108", 1, 2, "a comma with no entry before it")]


@pytest.mark.parametrize(
    ("escape", "named"),
    [("b", "a backspace"), ("f", "a form feed"), ("n", "a line break"), ("r", "a carriage return"), ("t", "a tab")],
)
def test_each_silent_escape_in_a_path_is_named(escape: str, named: str) -> None:
    result = read_strict('{"p": "C:/data\\' + escape + 'in.py"}')
    (finding,) = result.findings
    assert (finding.code, finding.col) == ("DC107", 15)
    assert f"\\{escape} as {named}" in finding.message
    assert result.ok


@pytest.mark.parametrize(
    ("word", "message", "fix"),
    [
        ("NaN", "NaN is not JSON", "write null, or a number"),
        ("Infinity", "Infinity is not JSON", "write a large number, or null"),
        ("undefined", "undefined is not JSON", "write null"),
        ("True", "True is Python, not JSON", "write true"),
        ("False", "False is Python, not JSON", "write false"),
        ("None", "None is Python, not JSON", "write null"),
    ],
)
def test_each_word_json_lacks_is_named_with_what_to_write(word: str, message: str, fix: str) -> None:
    (finding,) = read_strict('{"a": ' + word + "}").findings
    assert (finding.code, finding.line, finding.col, finding.message, finding.fix) == ("DC108", 1, 7, message, fix)


def test_a_carriage_return_or_a_backslash_at_the_end_of_a_line_leaves_the_string_unclosed() -> None:
    unclosed = "this string is not closed on its line (a JSON string cannot span lines)"
    assert _found('{"a": "x\ry"}') == [("DC108", 1, 7, unclosed)]
    assert _found('["a\\\nb"]') == [("DC108", 1, 2, unclosed)]  # the line break after \ is not read as escaped


def test_every_control_character_below_space_is_named_inside_a_string() -> None:
    assert _found('["\x1f"]') == [("DC108", 1, 3, "a raw control character (U+001F, e.g. a tab) inside a string")]
    assert read_strict('[" "]').ok


def test_an_unquoted_key_value_is_masked_and_its_fix_does_not_repeat_it() -> None:
    (finding,) = read_strict('{"env": {"DATA_API_KEY": sk123abc}}').findings
    assert (finding.code, finding.col, finding.fix) == ("DC108", 26, "write the value between double quotes")
    assert "sk123abc" not in finding.message


@pytest.mark.parametrize(("after", "merge"), [('"x"', True), ("{}", True), (",", True), ("'x'", True), ("x", False)])
def test_text_after_the_value_that_starts_another_value_says_to_merge(after: str, merge: bool) -> None:
    (finding,) = read_strict("{} " + after).findings
    assert finding.code == "DC105"
    assert (finding.fix or "").startswith("keep everything inside one top-level") is merge


def test_a_one_character_value_ends_at_its_own_column() -> None:
    (finding,) = read_strict("1 2").findings
    assert "the top-level value ends at line 1, column 1, and '2' follows" in finding.message


def test_what_the_reader_returns_cannot_be_changed() -> None:
    reading = read_json('{"a": [1]}')
    assert reading.node is not None
    for made, field in ((Voice(), "refused"), (reading, "node"), (reading.node, "line")):
        with pytest.raises(FrozenInstanceError):
            setattr(made, field, None)
    (problem,) = read_json("[1,]").problems
    with pytest.raises(FrozenInstanceError):
        problem.line = 2  # type: ignore[misc]


def test_true_and_false_are_boolean_nodes() -> None:
    result = read_strict("[true, false]")
    assert result.node is not None
    assert [(item.kind, item.value) for item in result.node.items] == [("boolean", True), ("boolean", False)]


def test_the_text_after_the_value_is_quoted_to_twenty_characters_or_its_line_end() -> None:
    line = "x" * 19
    (to_line_end,) = read_strict("{}\n" + line + "\nmore").findings
    assert f"and '{line}' follows" in to_line_end.message
    (long,) = read_strict("{} " + "y" * 30).findings
    assert f"and '{'y' * 20}' follows" in long.message


def test_a_file_ending_inside_an_object_or_a_list_says_which_bracket_to_add() -> None:
    assert [f.fix for f in read_strict('{"a": 1').findings] == ["add the missing } (and check nothing was cut off)"]
    assert [f.fix for f in read_strict("[1").findings] == ["add the missing ]"]


def test_a_block_comment_closes_only_after_its_opening_and_reading_goes_on_right_after_it() -> None:
    closed = "comment (/* ... */): JSON has no comments, so the host refuses the whole file (Invalid configuration)"
    assert _found("[1/**/]") == [("DC101", 1, 3, closed)]
    assert _found("[1 /*/]") == [("DC101", 1, 4, "comment (/* ...) that is never closed: JSON has no comments")]


def test_an_invisible_character_is_skipped_alone() -> None:
    assert [f[:3] for f in _found('[\u00a0"x"]')] == [("DC108", 1, 2)]
