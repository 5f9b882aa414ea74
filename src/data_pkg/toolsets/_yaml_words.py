"""The YAML parser's complaints in plain words, each with a hint.

PyYAML describes what its state machine expected (``expected <block end>, but found '<block mapping
start>'``): true, but only to someone who knows the parser. A manifest's author needs what is wrong
with the text and how to write it, as the JSON reader already says. Each rule matches the parser's
context and problem; anything unmatched keeps the parser's words with its token names spelled out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_INDENT_HINT = (
    "keys of one mapping start in the same column, and a key's list items or keys are indented under it,"
    " with spaces, usually two per level"
)

_TOKENS = {
    "<block mapping start>": "a new key",
    "<block sequence start>": "a list item",
    "<block end>": "the end of the indented block",
    "<stream end>": "the end of the file",
    "<document start>": "'---'",
    "'?'": "a key",
}


@dataclass(frozen=True, slots=True)
class Rule:
    """A parser problem (a pattern over ``context | problem``) and what to tell the author instead."""

    pattern: re.Pattern[str]
    message: str
    hint: str


def _rule(pattern: str, message: str, hint: str) -> Rule:
    return Rule(re.compile(pattern), message, hint)


RULES = (
    _rule(
        r"expected <block end>, but found '-'",
        "a list item ('- ...') where a key was expected",
        "list items go under the key that holds them, indented more than it: 'tools:', then '  - company.quote'",
    ),
    _rule(
        r"expected <block end>, but found '\]'",
        "a ']' that closes no '['",
        "remove it, or open the list with '[' on the same entry",
    ),
    _rule(
        r"expected <block end>, but found '\}'",
        "a '}' that closes no '{'",
        "remove it, or open the mapping with '{' on the same entry",
    ),
    _rule(r"expected <block end>, but found", "this line is not indented like the lines around it", _INDENT_HINT),
    _rule(
        r"expected ',' or '\]'",
        "a list in '[ ]' is not closed, or two of its items have no comma between them",
        "write the items between '[' and ']', separated by commas: [company.quote, company.profile]",
    ),
    _rule(
        r"expected ',' or '\}'",
        "a mapping in '{ }' is not closed, or two of its entries have no comma between them",
        "write the entries between '{' and '}', separated by commas: {max_answer_tokens: 4000, fields: [date]}",
    ),
    _rule(
        r"found character '\\t' that cannot start any token",
        "a tab character: YAML indents with spaces only",
        "replace the tab with spaces",
    ),
    _rule(
        r"mapping values are not allowed here",
        "a ': ' inside a value that is not quoted",
        'quote the value: description: "Prices: daily closes"',
    ),
    _rule(
        r"scanning a quoted scalar \| found unexpected end of stream",
        "a quoted text is never closed",
        "end it with the same quote it starts with",
    ),
    _rule(
        r"expected the node content, but found '<stream end>'",
        "the file ends in the middle of a value",
        "close every '[' and '{' the value opens",
    ),
    _rule(
        r"could not find expected ':'",
        "a key without ':' after it",
        "write each entry as key: value (a space after the colon)",
    ),
)


def plain_problem(context: str | None, problem: str | None) -> tuple[str, str | None]:
    """What is wrong, in plain words, and how to write it (None when there is nothing to add)."""
    said = f"{context or ''} | {problem or ''}"
    for rule in RULES:
        if rule.pattern.search(said):
            return rule.message, rule.hint
    words = problem or context or "syntax error"
    for token, plain in _TOKENS.items():
        words = words.replace(token, plain)
    return words, None
