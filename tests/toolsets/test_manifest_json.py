"""JSON manifests are read by the one JSON reader: strict as json.loads, in plain words, with positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data_pkg.toolsets import parse_text, resolve
from data_pkg.toolsets._limits import MAX_DEPTH, MAX_VALUES
from data_pkg.toolsets._parse import parse_manifest
from tests.support import json_values
from tests.toolsets.helpers import Write, value_of


def _refuse(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


@pytest.mark.parametrize(
    ("text", "line", "col", "message", "hint"),
    [
        (
            '{"tools": ["quote"]\n "include": []}',
            2,
            2,
            "invalid JSON: missing comma between two entries",
            "put a comma after the previous value",
        ),
        (
            '{tools: ["quote"]}',
            1,
            2,
            "invalid JSON: unquoted key tools: JSON keys must be in double quotes",
            'write "tools"',
        ),
        (
            "{\"tools\": ['quote']}",
            1,
            12,
            "invalid JSON: single-quoted string 'quote': JSON strings use double quotes",
            'write "quote"',
        ),
        (
            '{"tools": ["quote"]} // mine',
            1,
            22,
            "invalid JSON: comment (// ...): JSON has no comments",
            "delete the comment, up to the end of the line",
        ),
        ('{"max_tier": NaN}', 1, 14, "invalid JSON: NaN is not JSON", "write null, or a number"),
        (
            "",
            1,
            1,
            "invalid JSON: the file is empty (or holds only comments): a manifest is a JSON object",
            'start from {"tools": []}',
        ),
        (
            '{"tools": []}\n{"tools": []}',
            2,
            1,
            "invalid JSON: text after the end of the JSON value: the top-level value ends at line 1, column 13,"
            " and '{\"tools\": []}' follows",
            "keep everything inside one top-level { ... }: a } closes the object too early, or two objects were"
            " pasted one after the other; merge them",
        ),
    ],
)
def test_the_first_problem_is_dm101_in_the_readers_words_without_the_hosts(
    write: Write, text: str, line: int, col: int, message: str, hint: str
) -> None:
    (problem,) = parse_manifest(write("m.json", text)).diagnostics
    assert (problem.code, problem.line, problem.col, problem.message, problem.hint) == (
        "DM101",
        line,
        col,
        message,
        hint,
    )


def test_a_repeated_key_is_the_validators_dm105_and_a_garbled_path_is_read_as_written(write: Write) -> None:
    problems = parse_manifest(write("m.json", '{"tools": ["quote"], "tools": ["quote"]}')).diagnostics
    assert [(d.code, d.line, d.col) for d in problems] == [("DM105", 1, 22)]
    garbled = resolve(write("m.json", '{"extends": ["C:\\\\x\\new.yaml"]}'), env={}).diagnostics
    assert "DM101" not in [d.code for d in garbled]


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes('\ufeff{"tools": ["quote"]}'.encode())
    assert parse_manifest(path).ok


JSON_VALUES = json_values(st.integers(min_value=-(10**18), max_value=10**18))


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.sampled_from([None, 2]), st.booleans())
def test_every_json_document_reads_to_the_value_json_loads_gives(value: Any, indent: int | None, ascii: bool) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii)
    node, problems = parse_text(text, "json", "m.json")
    assert problems == [] and node is not None
    assert value_of(node) == json.loads(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="{}[]\"':,/*#\\ \n\t\x01abtnufe0123-+.eENaI", max_size=30))
def test_a_text_is_a_manifest_document_exactly_when_json_loads_reads_it(text: str) -> None:
    try:
        expected = json.loads(text, parse_constant=_refuse)
    except ValueError:
        expected = ValueError
    node, problems = parse_text(text, "json", "m.json")
    if expected is ValueError:
        assert node is None and [d.code for d in problems] == ["DM101"]
        assert all(d.line is not None and d.col is not None for d in problems)
    else:
        assert node is not None and problems == [] and value_of(node) == expected


def _limits_found(text: str) -> list[tuple[str, int | None, int | None]]:
    _, problems = parse_text(text, "json", "m.json")
    return [(d.code, d.line, d.col) for d in problems]


def test_keys_count_as_values_to_the_last_one() -> None:
    def document(entries: int) -> str:  # the document, its key and the list: three values besides the entries
        return '{"tools": [' + ", ".join(["1"] * entries) + "]}"

    assert _limits_found(document(MAX_VALUES - 3)) == []
    assert _limits_found(document(MAX_VALUES - 2)) == [("DM108", 1, 12 + 3 * (MAX_VALUES - 3))]


def test_nesting_counts_depth_not_the_lists_before() -> None:
    siblings = ", ".join(["[[]]"] * (MAX_DEPTH * 2))
    assert _limits_found('{"tools": [' + siblings + "]}") == []


def test_nesting_after_closed_siblings_is_still_counted_from_the_document() -> None:
    before = '{"tools": [[], [[]], [[[]]]], "include": '
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH  # inside the document: one level more than allowed
    assert _limits_found(before + deep + "}") == [("DM108", 1, len(before) + MAX_DEPTH)]
    assert _limits_found(before + deep[1:-1] + "}") == []
