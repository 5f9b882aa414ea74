"""How a finding about a config a host reads is printed (a desktop assistant's, an editor's workspace file).

Each says what is wrong, where, and how to fix it; its code is one of
:data:`~data_pkg.desktop._codes.CODES`.

A finding is a :class:`data_pkg.rules.Finding` without a file (a config is validated as text);
the commands name the file when they print it, and call the hint a fix.
"""

from __future__ import annotations

from dataclasses import replace

from data_pkg.rules import Finding

__all__ = ["finding_json", "render_finding"]


def render_finding(found: Finding, file: str | None = None) -> str:
    """``file:line:col: error DC101: message`` and, on the next line, the fix."""
    where = replace(found, file=file).location
    text = f"{where + ': ' if where else ''}{found.severity} {found.code}: {found.message}"
    return text + (f"\n  fix: {found.hint}" if found.hint else "")


def finding_json(found: Finding) -> dict[str, object]:
    """The finding as ``config validate --json`` prints it: no file, the hint called ``fix``."""
    return {_JSON_NAMES.get(name, name): value for name, value in found.as_dict().items() if name not in _NOT_IN_JSON}


_JSON_NAMES = {"hint": "fix"}
_NOT_IN_JSON = {"file", "via"}  # a config is validated as text; it extends nothing
