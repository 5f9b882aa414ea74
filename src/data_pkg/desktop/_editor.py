"""The checks only an editor's workspace file needs: its keys, its ``inputs``, an entry's ``type`` (DC215-DC217).

The entry itself (command, args, env, key, manifest) is checked as in a desktop config; this adds what
the editor shape (:data:`~data_pkg.desktop._shapes.EDITOR`) asks besides:

- the file holds ``servers`` and ``inputs`` only, and an entry only the keys a stdio server has; any
  other key is ignored by the editor, so a misspelt ``env`` silently drops the key (DC216, a warning
  with the key it was probably meant to be);
- our entry says ``"type": "stdio"``: without it, or with another type, the editor does not start the
  command (DC215);
- ``inputs`` is a list of objects with a string ``id`` and ``type``, and every ``${input:ID}`` in our
  entry names one of them: the editor prompts for each declared id and cannot fill in another (DC217).
"""

from __future__ import annotations

import re
from typing import Protocol

from data_pkg.desktop._shapes import Shape
from data_pkg.json_reader import JsonNode
from data_pkg.rules import Report
from data_pkg.suggest import closest

__all__ = ["check_entry_shape", "check_file_keys"]

_INPUT = re.compile(r"\$\{input:([^}]*)\}")
"""A value the editor fills in from the input of that id (prompting for it)."""


class _Reporter(Protocol):
    """What these checks need of the validator's checker."""

    @property
    def shape(self) -> Shape:
        """The file's shape."""

    @property
    def inputs(self) -> frozenset[str]:
        """The ids ``inputs`` declares."""

    @property
    def report(self) -> Report:
        """Where the findings go (:data:`~data_pkg.desktop._codes.CODES`)."""


def _unknown_key(checker: _Reporter, key: JsonNode, known: frozenset[str], where: str) -> None:
    close = closest(key.value, known)
    checker.report.add(
        "DC216",
        f'{where} has the key "{key.value}", which {checker.shape.host} does not read (it ignores it)'
        + (f'; did you mean "{close[0]}"?' if close else ""),
        hint=f'rename it to "{close[0]}"' if close else f"remove it (the keys are: {', '.join(sorted(known))})",
        at=key,
    )


def check_file_keys(checker: _Reporter, document: JsonNode) -> frozenset[str]:
    """Report top-level keys the shape has no place for (DC216) and a malformed ``inputs`` (DC217).

    Returns the ids ``inputs`` declares. A shape that allows any top-level key (desktop) has no checks here.
    """
    shape = checker.shape
    if shape.top_keys is not None:
        for key, _ in document.members:
            if key.value not in shape.top_keys:
                _unknown_key(checker, key, shape.top_keys, "the file")
    if shape.inputs_key is None:
        return frozenset()
    node = document.member(shape.inputs_key)
    if node is None:
        return frozenset()
    if node.kind != "array":
        checker.report.add(
            "DC217",
            f"{shape.inputs_key} is a JSON {node.kind}; {shape.host} expects a list of inputs",
            hint=f'write "{shape.inputs_key}": [{{"type": "promptString", "id": "...", "password": true}}]',
            at=node,
        )
        return frozenset()
    return frozenset(i for i in (_input_id(checker, item) for item in node.items) if i is not None)


def _input_id(checker: _Reporter, item: JsonNode) -> str | None:
    """The id of one declared input, or None after DC217 says what it lacks."""
    if item.kind != "object":
        checker.report.add(
            "DC217",
            f"an input is a JSON {item.kind}, not an object with type and id",
            hint='write {"type": "promptString", "id": "...", "description": "...", "password": true}',
            at=item,
        )
        return None
    lacking = [field for field in ("type", "id") if (v := item.member(field)) is None or v.kind != "string"]
    if lacking:
        checker.report.add(
            "DC217",
            f"an input has no string {' and no string '.join(lacking)}: {checker.shape.host} cannot prompt for it",
            hint='give it "type": "promptString" and an "id" that ${input:ID} names',
            at=item,
        )
    found = item.member("id")
    return found.value if found is not None and found.kind == "string" else None


def check_entry_shape(checker: _Reporter, label: str, key: JsonNode, entry: JsonNode) -> None:
    """Our entry's ``type`` (DC215), keys (DC216) and ``${input:ID}`` references (DC217)."""
    shape = checker.shape
    wanted = shape.entry_type
    node = entry.member("type")
    if node is None:
        checker.report.add(
            "DC215",
            f'{label} has no type: {shape.host} needs "type": "{wanted}" to start it as a local command',
            hint=f'add "type": "{wanted}" (data-mcp config print{shape.flag} shows the whole entry)',
            at=key,
        )
    elif node.kind != "string" or node.value != wanted:
        shown = f'"{node.value}"' if node.kind == "string" else f"a JSON {node.kind}"
        checker.report.add(
            "DC215",
            f"{label}: type is {shown}; data-mcp runs as a local command over standard input and output,"
            f' which {shape.host} starts only for "type": "{wanted}"',
            hint=f'write "type": "{wanted}"',
            at=node,
        )
    if shape.entry_keys is not None:
        for member, _ in entry.members:
            if member.value not in shape.entry_keys:
                _unknown_key(checker, member, shape.entry_keys, label)
    for value in _strings(entry):
        for name in _INPUT.findall(value.value):
            if name not in checker.inputs:
                declared = ", ".join(sorted(checker.inputs)) or "none"
                checker.report.add(
                    "DC217",
                    f'{label}: a value refers to the input "{name}", which {shape.inputs_key} does not declare'
                    f" (declared: {declared}); {shape.host} has nothing to fill in",
                    hint=f'declare it: "{shape.inputs_key}":'
                    f' [{{"type": "promptString", "id": "{name}", "password": true}}]',
                    at=value,
                )


def _strings(entry: JsonNode) -> list[JsonNode]:
    """The string values of the entry's args and env, where an ``${input:ID}`` may stand."""
    found: list[JsonNode] = []
    for part in ("args", "env"):
        node = entry.member(part)
        if node is None:
            continue
        values = node.items if node.kind == "array" else tuple(v for _, v in node.members)
        found.extend(v for v in values if v.kind == "string")
    return found
