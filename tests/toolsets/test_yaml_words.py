"""YAML mistakes are told in plain words with a hint, where the parser's state machine was quoted before
(``invalid YAML: expected <block end>, but found '<block mapping start>'``)."""

from __future__ import annotations

import pytest

from data_pkg.toolsets._parse_yaml import parse_yaml

CASES = {
    "tools:\n  - company.quote\n bad: [\n": (
        "3:2",
        "this line is not indented like the lines around it",
        "same column",
    ),
    "tools: [company.quote]\n- company.profile\n": ("2:1", "a list item ('- ...') where a key was expected", "under"),
    "tools: [a, b\nmax_tier: basic\n": ("2:9", "a list in '[ ]' is not closed", "separated by commas"),
    "tools:\n\t- company.quote\n": ("2:1", "a tab character: YAML indents with spaces only", "spaces"),
    "description: Prices: daily\n": ("1:20", "a ': ' inside a value that is not quoted", "quote the value"),
    'description: "abc\ntools: [a]\n': ("3:1", "a quoted text is never closed", "same quote"),
    "tools: [company.quote]]\n": ("1:23", "a ']' that closes no '['", "remove it"),
    "overrides: {company.quote: {max_answer_tokens: 4000}\n": ("2:1", "a mapping in '{ }' is not closed", "commas"),
    "tools: [\n": ("2:1", "the file ends in the middle of a value", "close every"),
}


@pytest.mark.parametrize(("text", "expected"), CASES.items(), ids=range(len(CASES)))
def test_a_yaml_mistake_is_said_plainly_with_a_hint(text: str, expected: tuple[str, str, str]) -> None:
    where, message, hint = expected
    _, (problem,) = parse_yaml(text, "desk.yaml")
    assert problem.code == "DM101" and f"{problem.line}:{problem.col}" == where
    assert problem.message.startswith(f"invalid YAML: {message}")
    assert problem.hint is not None and hint in problem.hint
    assert "<" not in problem.message  # no parser token names (<block end>, <stream end>, ...)
