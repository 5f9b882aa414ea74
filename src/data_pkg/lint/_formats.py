"""Output formats of a lint report: text for people, json for scripts, github and sarif for CI.

- ``text``: one line per finding, ``file:line:col: CODE severity: message (hint)``, then a summary.
- ``json``: one object, ``{"version": 1, "files": [...], "dependents": [...], "orphans": [...],
  "summary": {...}, "findings": [...]}`` (``orphans``: the files linted because they extend one that is
  not there, with ``--missing-bases``); each finding has ``code``, ``rule`` (the slug), ``severity``, ``message``,
  ``hint``, ``file``, ``line`` and ``col`` (null when not applicable) and ``via`` (the chain from a
  dependent to the linted base that caused it; empty otherwise). Version 1 only ever gains keys.
- ``github``: workflow commands (``::error file=...,line=...,col=...,title=...::message``) that
  GitHub Actions shows as annotations on the pull request; ``info`` findings are ``::notice``.
- ``sarif``: SARIF 2.1.0, one run, the driver's rules being every code lint can report (each with a
  ``helpUri`` to its section of the rules page); for code scanning uploads and any SARIF viewer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from data_pkg._version import __version__
from data_pkg.lint._findings import line, slug, text
from data_pkg.lint._rules import all_rules
from data_pkg.lint._run import LintReport
from data_pkg.rules import SEVERITIES, Finding

JSON_VERSION = 1
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
DOCS_URL = "https://data-pkg.readthedocs.io/en/latest/"
"""Where the documentation is published (``site_url`` in mkdocs.yml is the same; a test keeps them equal)."""
_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_GITHUB_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def _counted(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 or word == "info" else "s")


def summary(report: LintReport) -> str:
    """One line: how many files, and how many findings of each severity."""
    files = _counted(len(report.files), "file") + " checked"
    why = []
    if report.dependents:
        why.append(f"{len(report.dependents)} because they extend a linted one")
    if report.orphans:
        why.append(f"{len(report.orphans)} because they extend one that is not there")
    if why:
        files += f" ({', '.join(why)})"
    if not report.findings:
        return f"{files}: no problems" if report.files else "no manifest files found"
    counts = ", ".join(_counted(report.count(s), s) for s in SEVERITIES)
    return f"{files}: {counts}" + (" (--strict: warnings count as errors)" if report.strict else "")


def render_text(report: LintReport) -> str:
    """``file:line:col: CODE severity: message (hint)`` per finding, then the summary line."""
    return "".join(f"{line(f)}\n" for f in report.findings) + summary(report) + "\n"


def _finding_json(f: Finding) -> dict[str, Any]:
    fields = f.as_dict()
    return {"code": fields.pop("code"), "rule": slug(f), **fields}


def render_json(report: LintReport) -> str:
    """The report as one JSON object (see the module docstring for its keys)."""
    counts: dict[str, int] = {"files": len(report.files)}
    counts.update((s, report.count(s)) for s in SEVERITIES)
    document = {
        "version": JSON_VERSION,
        "files": list(report.files),
        "dependents": list(report.dependents),
        "orphans": list(report.orphans),
        "summary": counts,
        "findings": [_finding_json(f) for f in report.findings],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: LintReport) -> str:
    """One GitHub Actions workflow command per finding."""
    lines = []
    for f in report.findings:
        props = []
        if f.file is not None:
            props.append(f"file={_escape_property(f.file)}")
            if f.line is not None:
                props.append(f"line={f.line}")
                props.append(f"col={f.col if f.col is not None else 1}")
        props.append(f"title={_escape_property(f'{f.code} {slug(f)}')}")
        lines.append(f"::{_GITHUB_COMMAND[f.severity]} {','.join(props)}::{_escape_data(text(f))}\n")
    return "".join(lines)


def _uri(file: str) -> str:
    path = Path(file)
    if path.is_absolute():
        return path.as_uri()
    return quote(path.as_posix())


def rule_url(code: str) -> str:
    """The documentation of rule ``code``: its section of the lint rules page."""
    return f"{DOCS_URL}lint-rules/#{code.lower()}"


def _location(file: str, line: int | None = None, col: int | None = None) -> dict[str, Any]:
    location: dict[str, Any] = {"artifactLocation": {"uri": _uri(file)}}
    if line is not None:
        location["region"] = {"startLine": line, "startColumn": col if col is not None else 1}
    return {"physicalLocation": location}


def sarif_document(report: LintReport) -> dict[str, Any]:
    """The report as a SARIF 2.1.0 log (a dict ready for ``json.dumps``)."""
    catalog = all_rules()
    index = {code: i for i, code in enumerate(catalog)}
    driver_rules = [
        {
            "id": rule.code,
            "name": rule.slug,
            "shortDescription": {"text": rule.summary},
            "helpUri": rule_url(rule.code),
            "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity]},
        }
        for rule in catalog.values()
    ]
    results = []
    for f in report.findings:
        result: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _SARIF_LEVEL[f.severity],
            "message": {"text": text(f)},
        }
        if f.file is not None:
            result["locations"] = [_location(f.file, f.line, f.col)]
        if f.via:
            # The base whose change reached this manifest, for viewers that link related places.
            related = _location(f.via[-1])
            related.update(id=0, message={"text": "the extended manifest that was linted"})
            result["relatedLocations"] = [related]
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "data-mcp lint",
                        "version": __version__,
                        "informationUri": f"{DOCS_URL}lint-rules/",
                        "rules": driver_rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def render_sarif(report: LintReport) -> str:
    """The report as SARIF 2.1.0 JSON text."""
    return json.dumps(sarif_document(report), indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[LintReport], str]] = {
    "text": render_text,
    "json": render_json,
    "github": render_github,
    "sarif": render_sarif,
}
"""Output format name -> renderer."""


def render(report: LintReport, fmt: str = "text") -> str:
    """The report in format ``fmt`` (one of :data:`FORMATS`; KeyError otherwise)."""
    return FORMATS[fmt](report)
