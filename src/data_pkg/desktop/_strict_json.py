"""Read a desktop config as the host does, strictly, and say in its terms what is wrong (DC1xx).

The host reads its config with a strict JSON parser and refuses the whole file on the first
problem ("Invalid configuration"). The reading is :func:`data_pkg.json_reader.read_json`, the one
manifests use too; this module gives it the voice of the config's shape (what each problem means
for whoever reads the file, :mod:`~data_pkg.desktop._shapes`), turns each problem into the finding
of its code, and masks key values: each excerpt of the text in a finding masks the values of
``*_API_KEY`` / ``apikey`` fields (:class:`~data_pkg.desktop._redact.Redactor`), also where the file
is not JSON and the field was never parsed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from data_pkg.desktop._codes import CODES
from data_pkg.desktop._redact import Redactor
from data_pkg.desktop._shapes import DESKTOP, Shape
from data_pkg.json_reader import JsonNode, looks_like_windows_path, read_json
from data_pkg.rules import Finding, Report

__all__ = ["JsonNode", "StrictResult", "looks_like_windows_path", "read_strict"]

_CODE_OF_KIND = {rule.slug: code for code, rule in CODES.items() if code.startswith("DC1")}
"""The reader names each problem by the slug of its DC1xx rule."""


@dataclass(frozen=True)
class StrictResult:
    """What :func:`read_strict` found: the document (None unless it is strict JSON) and the findings."""

    node: JsonNode | None
    findings: tuple[Finding, ...] = field(default_factory=tuple)
    redactor: Redactor = field(default_factory=Redactor)
    """Where the key values are, to mask them in anything else said about this text."""

    @property
    def ok(self) -> bool:
        """Whether the text is strict JSON (warnings allowed)."""
        return self.node is not None


def read_strict(text: str, shape: Shape = DESKTOP) -> StrictResult:
    """Read ``text`` as strict JSON, explaining every deviation with its line and column.

    The node is None when the text is not strict JSON: the host refuses such a file entirely,
    so nothing in it is worth validating further. Silently garbled Windows paths (DC107) are
    errors, but the file is JSON, so the node is there. ``shape`` gives the words for what each problem
    means to whoever reads the file (a desktop assistant refuses it; for an editor's workspace file,
    data-mcp config reads no further).
    """
    redactor = Redactor.scan(text)
    reading = read_json(text, voice=shape.voice, excerpt=redactor.excerpt)
    report = Report(CODES)
    for problem in reading.problems:
        report.add(_CODE_OF_KIND[problem.kind], problem.message, hint=problem.hint, at=problem)
    return StrictResult(reading.node, tuple(report.findings), redactor)
