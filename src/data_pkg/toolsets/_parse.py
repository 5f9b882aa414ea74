"""Reading a manifest file of any format into a validated :class:`Manifest` with source positions."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path

from data_pkg.files import byte_position, read_regular
from data_pkg.rules import Report
from data_pkg.toolsets._diagnostics import Diagnostic
from data_pkg.toolsets._document import Node
from data_pkg.toolsets._limits import MAX_MANIFEST_BYTES
from data_pkg.toolsets._manifest import Format, Manifest, validate_document
from data_pkg.toolsets._nearby import nearby_path
from data_pkg.toolsets._rules import RULES

_REGULAR = "point at a regular manifest file"
_UNREADABLE_HINTS = {errno.EFBIG: "a manifest is a few kilobytes: split it, or extend a shared base"}

FORMATS: dict[str, Format] = {".py": "python", ".yaml": "yaml", ".yml": "yaml", ".json": "json"}


@dataclass(frozen=True, slots=True)
class ParsedManifest:
    """A manifest file after parsing and validation.

    ``manifest`` is None when the file could not be read or parsed at all; otherwise it holds
    every field that was valid (invalid ones are reported in ``diagnostics`` and left out).
    """

    path: Path
    manifest: Manifest | None
    diagnostics: tuple[Diagnostic, ...]
    text: str | None = None
    """The file's text, also when it does not parse; None when it could not be read as UTF-8 text."""

    @property
    def ok(self) -> bool:
        """Whether there is no error (warnings allowed)."""
        return self.manifest is not None and not any(d.is_error for d in self.diagnostics)


def parse_text(text: str, fmt: Format, file: str) -> tuple[Node | None, list[Diagnostic]]:
    """Parse manifest source of format ``fmt`` into a node tree."""
    if fmt == "python":
        from data_pkg.toolsets._parse_python import parse_python

        return parse_python(text, file)
    if fmt == "yaml":
        from data_pkg.toolsets._parse_yaml import parse_yaml

        return parse_yaml(text, file)
    from data_pkg.toolsets._parse_json import parse_json

    return parse_json(text, file)


def parse_manifest(path: str | Path) -> ParsedManifest:
    """Read, parse and validate the manifest at ``path``; the format follows the suffix.

    Python manifests are parsed with :mod:`ast` and never executed; YAML is composed with the
    safe loader and never constructed; JSON is strict. Only a regular file is read, and never
    with a blocking open (a FIFO is refused at once); what the document builds is bounded
    (``_limits``). Every problem is a diagnostic with the file, line and column, none is raised.
    """
    path = Path(path)
    file = str(path)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        problem = Report(RULES).add(
            "DM107",
            f"{path.name!r} is not a manifest file",
            hint="manifests end in .py, .yaml, .yml or .json",
            file=file,
        )
        return ParsedManifest(path, None, (problem,))
    try:
        data = read_regular(path, limit=MAX_MANIFEST_BYTES)
    except FileNotFoundError:
        close = nearby_path(path.name, path.parent)
        hint = f"did you mean {str(Path(file).with_name(close))!r}?" if close else None
        return ParsedManifest(
            path, None, (Report(RULES).add("DM302", "manifest file not found", hint=hint, file=file),)
        )
    except OSError as error:
        hint = None if isinstance(error, PermissionError) else _UNREADABLE_HINTS.get(error.errno or 0, _REGULAR)
        unreadable = Report(RULES).add(
            "DM106", f"cannot read the file: {error.strerror or error}", hint=hint, file=file
        )
        return ParsedManifest(path, None, (unreadable,))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, col = byte_position(data, error.start)
        bad = Report(RULES).add("DM106", "the file is not UTF-8 text", file=file, line=line, col=col)
        return ParsedManifest(path, None, (bad,))
    root, problems = parse_text(text, fmt, file)
    if root is None:
        return ParsedManifest(path, None, tuple(problems), text)
    manifest, invalid = validate_document(root, file=file, fmt=fmt)
    return ParsedManifest(path, manifest, tuple(problems + invalid), text)
