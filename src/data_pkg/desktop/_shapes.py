"""The config shapes hosts read: a desktop assistant's ``mcpServers`` file and an editor's workspace file.

Both hold the same entry (command, args, env) under a name. They differ in the key that holds the
servers, in what an entry must say besides, and in what else the file may hold:

- desktop: ``{"mcpServers": {NAME: {"command", "args", "env"}}}``; other top-level keys are the
  assistant's own settings, so none is unknown;
- editor: ``{"servers": {NAME: {"type": "stdio", "command", "args", "env"}}, "inputs": [...]}``, a
  file in the workspace folder; ``type`` is required, and ``inputs`` declares values the editor
  prompts for (``${input:ID}`` in a value), a secret among them. Nothing else belongs in the file.

A :class:`Shape` carries those differences, so that printing, installing and validating are written
once and take the shape as a value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from data_pkg.json_reader import Voice

KEY_INPUT_ID = "data-api-key"
"""The id of the input an editor prompts for ``DATA_API_KEY`` with (``--prompt-key``)."""

__all__ = ["DESKTOP", "EDITOR", "KEY_INPUT_ID", "SHAPES", "Shape", "shape_named"]

_DESKTOP_VOICE = Voice(
    refused=", so the host refuses the whole file (Invalid configuration)",
    byte_order_mark="the host's JSON reader refuses it",
    duplicate="the host keeps only the last one",
    duplicate_fix="keep one of them (server names must be different)",
    empty="the host needs a JSON object",
    empty_fix='start from {"mcpServers": {}} (data-mcp config install writes one)',
    after_end="; the host reports this as 'Unexpected non-whitespace character after JSON at position {offset}"
    " (line {line} column {col})'",
)
"""What each problem means for a desktop assistant, which reads its config as strict JSON."""

_EDITOR_VOICE = Voice(
    # Some editors read their workspace file leniently; data-mcp checks and rewrites it as strict JSON,
    # and a rewrite could not keep a comment, so the words say what that means here rather than claim
    # that the editor refuses the file.
    refused=", which data-mcp config does not read past (config install leaves the file as it is: a rewrite could"
    " not keep it)",
    byte_order_mark="strict JSON readers refuse it",
    duplicate="the editor keeps only the last one",
    duplicate_fix="keep one of them (server names must be different)",
    empty="the editor needs a JSON object",
    empty_fix='start from {"servers": {}} (data-mcp config install --shape editor writes one)',
)
"""What each problem means for an editor's workspace file."""


@dataclass(frozen=True)
class Shape:
    """One config shape: where the servers are and what the file and an entry may hold."""

    name: str
    """``desktop`` or ``editor``: the value of ``--shape``."""
    servers_key: str
    """The top-level key whose object maps server names to entries."""
    host: str
    """Who reads the file, in messages: ``the host``, ``the editor``."""
    voice: Voice
    """The JSON reader's words for what a problem means to that reader."""
    entry_type: str | None = None
    """The ``type`` an entry must have (``stdio``), or None where entries have none."""
    top_keys: frozenset[str] | None = None
    """Every top-level key the file may hold, or None where any other key is the host's own setting."""
    entry_keys: frozenset[str] | None = None
    """Every key a stdio entry may hold, or None where they are not checked."""
    inputs_key: str | None = None
    """The top-level key declaring prompted values (``${input:ID}``), or None where there is none."""

    @property
    def flag(self) -> str:
        """What to add to a ``data-mcp config`` command line to choose this shape (empty for the default)."""
        return "" if self is DESKTOP else f" --shape {self.name}"

    def entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """``entry`` (command, args, env) as this shape writes it: ``type`` first where the shape has one."""
        written = dict(entry)
        if self.entry_type is None:
            return written
        return {"type": self.entry_type, **{k: v for k, v in written.items() if k != "type"}}

    def document(self, name: str, entry: Mapping[str, Any], *, prompt_key: bool = False) -> dict[str, Any]:
        """A whole file holding only ``entry`` under ``name``: what ``config print`` shows (with the key's
        input declared when ``prompt_key``)."""
        document: dict[str, Any] = {self.servers_key: {name: self.entry(entry)}}
        if prompt_key and self.inputs_key is not None:
            document[self.inputs_key] = [self.key_input()]
        return document

    def key_input(self) -> dict[str, Any]:
        """The input that has the editor prompt for the key, masked as a password (ValueError without inputs)."""
        if self.inputs_key is None:
            raise ValueError(f"the {self.name} shape has no inputs: {self.host} cannot prompt for the key")
        return {"type": "promptString", "id": KEY_INPUT_ID, "description": "API key (DATA_API_KEY)", "password": True}

    @staticmethod
    def key_reference() -> str:
        """What ``env`` holds instead of the key when the editor prompts for it."""
        return f"${{input:{KEY_INPUT_ID}}}"


DESKTOP = Shape("desktop", "mcpServers", "the host", _DESKTOP_VOICE)
"""A desktop assistant's config file (the default)."""

EDITOR = Shape(
    "editor",
    "servers",
    "the editor",
    _EDITOR_VOICE,
    entry_type="stdio",
    top_keys=frozenset({"servers", "inputs"}),
    entry_keys=frozenset({"type", "command", "args", "env", "envFile", "cwd", "dev"}),
    inputs_key="inputs",
)
"""An editor's workspace file (``servers``, ``type: stdio``, optional ``inputs``)."""

SHAPES: Mapping[str, Shape] = {shape.name: shape for shape in (DESKTOP, EDITOR)}
"""Every shape by its ``--shape`` name."""


def shape_named(name: str) -> Shape:
    """The shape called ``name``; ValueError naming the choices otherwise."""
    try:
        return SHAPES[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown config shape {name!r}; choose one of: {', '.join(SHAPES)}") from None
