"""Findings about a desktop assistant config: what is wrong, where, and how to fix it.

Codes are grouped by hundreds and never renumbered or reused (docs and people's notes cite them):

- ``DC1xx`` the file is not strict JSON (the host then refuses all of it: "Invalid configuration");
- ``DC2xx`` the server entry: command, args, env, settings;
- ``DC3xx`` the API key;
- ``DC4xx`` the manifest (``DATA_MCP_MANIFEST``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

__all__ = ["CODES", "Finding", "Severity"]

Severity = Literal["error", "warning"]

CODES = MappingProxyType(
    {
        "DC101": "comment (JSON has none)",
        "DC102": "trailing comma",
        "DC103": "single-quoted string",
        "DC104": "unquoted key",
        "DC105": "text after the end of the JSON value",
        "DC106": "invalid escape, usually single backslashes in a Windows path",
        "DC107": "a Windows path whose \\n, \\t, \\b, \\f or \\r silently became a control character",
        "DC108": "other JSON syntax error (missing comma, unclosed string or bracket, NaN ...)",
        "DC109": "byte-order mark at the start of the file",
        "DC110": "the same key twice in one object (warning)",
        "DC111": "the file cannot be read (missing, permissions, not UTF-8)",
        "DC201": "no top-level object with an mcpServers object",
        "DC202": "no server entry that starts data-mcp",
        "DC203": "an entry with only a url (skipped by the host)",
        "DC204": "command missing or not a string",
        "DC205": "command is a relative path",
        "DC206": "command not found",
        "DC207": "command not executable",
        "DC208": "args do not start the server",
        "DC209": "env is not an object of strings",
        "DC210": "DATA_BASE_URL missing or unusable",
        "DC211": "another DATA_* setting has a value the server refuses",
        "DC212": "PYTHONUNBUFFERED is not 1 (warning)",
        "DC213": "a server entry is not an object",
        "DC214": "command is a name looked up on the host's PATH, which may differ from the shell's (warning)",
        "DC301": "DATA_API_KEY missing from env",
        "DC302": "DATA_API_KEY is a placeholder",
        "DC401": "manifest path is relative",
        "DC402": "manifest file does not exist",
        "DC403": "the tool set does not resolve (manifest lint errors, unknown profile or style)",
    }
)
"""Every finding code and a one-line summary."""


@dataclass(frozen=True)
class Finding:
    """One problem in a config file: code, severity, plain-words message, fix, and 1-based position."""

    code: str
    severity: Severity
    message: str
    fix: str | None = None
    line: int | None = None
    col: int | None = None

    @property
    def is_error(self) -> bool:
        """Whether the host (or the server) fails because of it."""
        return self.severity == "error"

    def where(self, file: str | None = None) -> str:
        """``file:line:col`` (parts left out when unknown)."""
        parts = [file] if file else []
        if self.line is not None:
            parts += [str(self.line), str(self.col if self.col is not None else 1)]
        return ":".join(parts)

    def render(self, file: str | None = None) -> str:
        """``file:line:col: error DC101: message`` and, on the next line, the fix."""
        where = self.where(file)
        text = f"{where + ': ' if where else ''}{self.severity} {self.code}: {self.message}"
        return text + (f"\n  fix: {self.fix}" if self.fix else "")

    def as_dict(self) -> dict[str, object]:
        """The finding as plain JSON-ready data."""
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "fix": self.fix,
            "line": self.line,
            "col": self.col,
        }
