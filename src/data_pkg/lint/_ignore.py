"""Inline ignores: silence a finding where it is written, with a reason beside it.

- YAML and Python: a comment ``# data-mcp: ignore[DM503]`` at the end of the line the finding points at,
  or alone on the line above it. ``ignore[DM503, DM501]`` names several codes; a bare ``ignore`` all of them.
  ``# data-mcp: ignore-file[DM505]`` anywhere silences those codes in the whole file.
- JSON has no comments: a ``"$comment"`` member whose text holds ``data-mcp: ignore[DM503]`` silences those
  codes within the object it is in (the top-level object: the whole file; an override: that override).
  YAML may use ``$comment`` the same way.

Errors the server enforces (DM1xx–DM4xx errors) are never silenced: the server would refuse the manifest
all the same. Everything else can be.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from data_pkg.toolsets import COMMENT_KEY, Node, parse_text

_DIRECTIVE = re.compile(r"data-mcp:\s*ignore(?P<file>-file)?(?:\[(?P<codes>[^\]]*)\]|(?![\w-]))", re.IGNORECASE)
_COMMENTED = re.compile(r"#\s*" + _DIRECTIVE.pattern, re.IGNORECASE)
_EVERYWHERE = 1 << 30


@dataclass(frozen=True)
class Ignore:
    """Codes silenced (None: every code) on the lines ``first`` to ``last``, both included."""

    codes: frozenset[str] | None
    first: int
    last: int
    whole_file: bool = False

    def covers(self, code: str, line: int | None) -> bool:
        """Whether a finding of ``code`` at ``line`` (None: the file as a whole) is silenced."""
        if self.codes is not None and code not in self.codes:
            return False
        if line is None:
            return self.whole_file
        return self.first <= line <= self.last


def _codes(found: re.Match[str]) -> frozenset[str] | None:
    listed = found.group("codes")
    if listed is None:
        return None
    return frozenset(code.strip().upper() for code in listed.split(",") if code.strip())


def _comment_ignores(text: str) -> Iterator[Ignore]:
    for number, line in enumerate(text.splitlines(), start=1):
        found = _COMMENTED.search(line)
        if found is None:
            continue
        codes = _codes(found)
        if found.group("file"):
            yield Ignore(codes, 1, _EVERYWHERE, whole_file=True)
        elif line.lstrip().startswith("#"):
            yield Ignore(codes, number, number + 1)  # a comment alone covers the next line
        else:
            yield Ignore(codes, number, number)


def _last_line(node: Node) -> int:
    if node.kind == "list":
        return max([node.line, *(_last_line(item) for item in node.items)])
    if node.kind == "map":
        return max([node.line, *(max(_last_line(k), _last_line(v)) for k, v in node.pairs)])
    return node.line


def _member_ignores(node: Node, *, top: bool) -> Iterator[Ignore]:
    if node.kind == "list":
        for item in node.items:
            yield from _member_ignores(item, top=False)
        return
    if node.kind != "map":
        return
    for key, value in node.pairs:
        if key.kind == "scalar" and key.scalar == COMMENT_KEY and value.kind == "scalar":
            found = _DIRECTIVE.search(str(value.scalar or ""))
            if found is not None:
                codes = _codes(found)
                if top or found.group("file"):
                    yield Ignore(codes, 1, _EVERYWHERE, whole_file=True)
                else:
                    yield Ignore(codes, node.line, _last_line(node))
        yield from _member_ignores(value, top=False)


def ignores_in(text: str, path: Path) -> tuple[Ignore, ...]:
    """Every ignore directive in a manifest's text (the format follows the suffix of ``path``)."""
    suffix = path.suffix.lower()
    found: list[Ignore] = []
    if suffix in (".py", ".yaml", ".yml"):
        found += _comment_ignores(text)
    if suffix in (".json", ".yaml", ".yml") and COMMENT_KEY in text:
        root, _ = parse_text(text, "json" if suffix == ".json" else "yaml", str(path))
        if root is not None:
            found += _member_ignores(root, top=True)
    return tuple(found)
