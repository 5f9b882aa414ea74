"""An impact report for people (Markdown, readable in a terminal and as a pull-request comment) and scripts.

- ``markdown``: a heading with the base, one line of totals, a table of every manifest reached (tools and
  estimated tokens before -> after, status), then, per manifest that changed, its tools added, removed,
  renamed and changed, and per manifest that no longer resolves, its errors.
- ``json``: ``{"version": 1, "base", "commit", "files", "skipped", "summary", "manifests": [...]}``; each
  manifest has ``path``, ``via``, ``status``, ``before`` and ``after`` (null for a new or deleted file;
  else ``resolves``, ``tools``, ``bytes``, ``estimated_tokens``, ``errors``), ``added``, ``removed``,
  ``renamed`` (pairs), ``changed`` and ``estimated_tokens_change`` (null when a side does not resolve).
  Version 1 only ever gains keys.
"""

from __future__ import annotations

import json
import re
from typing import Any

from data_pkg.lint._impact import IMPACT_VERSION, Impact, ManifestImpact, SetState

_BROKEN = ("does not resolve", "still does not resolve", "new, does not resolve")
_BACKTICKS = re.compile("`+")


def _visible(text: str) -> str:
    """``text`` on one line: each character that is not printable (a line break, a tab, an escape) as its escape."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _code(text: str, *, cell: bool = False) -> str:
    """``text`` (a file name, a tool name) as one inline code span that nothing in it can end or break.

    File names come from the repository: a line break, a backtick, ``|`` or ``<!--`` in one must not end
    the span, the table row or the comment it is posted in. Inside the span nothing is markup (``<!--``
    included), so the span only has to hold: its fence is longer than any run of backticks in the text,
    and in a table cell ``|`` is escaped, which GitHub's tables read as a pipe even inside code.
    """
    shown = _visible(text)
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(shown)), default=0) + 1)
    if shown.startswith(("`", " ")) or shown.endswith(("`", " ")):
        shown = f" {shown} "  # one space each side is stripped again; a backtick there would join the fence
    if cell:
        shown = shown.replace("|", "\\|")
    return f"{fence}{shown}{fence}"


def _fenced(lines: tuple[str, ...] | list[str]) -> list[str]:
    """``lines`` as a fenced text block that no line of theirs can close."""
    shown = [_visible(line) for line in lines]
    longest = max((len(run) for line in shown for run in _BACKTICKS.findall(line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}text", *shown, fence]


def _count(before: SetState | None, after: SetState | None, value: str) -> str:
    def side(state: SetState | None) -> str:
        if state is None:
            return "–"
        if not state.resolves:
            return "✗"
        return f"{len(state.tools):,}" if value == "tools" else f"{state.tokens:,}"

    text = f"{side(before)} → {side(after)}"
    if before is not None and after is not None and before.resolves and after.resolves:
        change = len(after.tools) - len(before.tools) if value == "tools" else after.tokens - before.tokens
        if change:
            text += f" ({change:+,})"
    return text


def _status(m: ManifestImpact) -> str:
    return f"**{m.status}**" if m.status in _BROKEN else m.status


def _through(m: ManifestImpact) -> str:
    if not m.via:
        return "changed"
    return " → ".join(_code(p, cell=True) for p in m.via[1:])


def _plural(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


def _totals(report: Impact) -> str:
    statuses = [m.status for m in report.manifests]
    newly = sum(1 for s in statuses if s in ("does not resolve", "new, does not resolve"))
    still = statuses.count("still does not resolve")
    changed = sum(1 for s in statuses if s not in ("unchanged", *_BROKEN))
    tokens = sum(m.token_change or 0 for m in report.manifests)
    files = _plural(len(report.files), "changed manifest reaches", "changed manifests reach")
    parts = []
    if newly:
        parts.append(_plural(newly, "no longer resolves", "no longer resolve"))
    if still:
        parts.append(_plural(still, "still does not resolve", "still do not resolve"))
    parts.append(_plural(changed, "changes", "change"))
    reached = _plural(len(report.manifests), "manifest", "manifests")
    return f"{files} {reached}: {', '.join(parts)}; ~{tokens:+,} estimated tokens where both sides resolve."


def _details(m: ManifestImpact) -> list[str]:
    out: list[str] = []
    if m.after is not None and not m.after.resolves:
        out += ["", f"#### {_code(m.path)} does not resolve", "", *_fenced(m.after.errors)]
        return out
    c = m.change
    if not c:
        return out
    out += ["", f"#### {_code(m.path)}", ""]
    for label, names in (("added", c.added), ("removed", c.removed), ("changed", c.changed)):
        if names:
            out.append(f"- {label}: " + ", ".join(_code(n) for n in names))
    if c.renamed:
        out.append("- renamed: " + ", ".join(f"{_code(a)} → {_code(b)}" for a, b in c.renamed))
    return out


def render_markdown(report: Impact) -> str:
    """The report as Markdown (see the module docstring)."""
    lines = [f"### data-mcp impact against {_visible(report.base)} ({report.commit[:12]})", ""]
    if not report.manifests:
        lines.append("No manifest among the changed files, and none extends them.")
    else:
        lines += [_totals(report), ""]
        lines += ["| manifest | reached through | tools | est. tokens | status |", "|---|---|---|---|---|"]
        for m in report.manifests:
            tools = _count(m.before, m.after, "tools")
            tokens = _count(m.before, m.after, "tokens")
            lines.append(f"| {_code(m.path, cell=True)} | {_through(m)} | {tools} | {tokens} | {_status(m)} |")
        for m in report.manifests:
            lines += _details(m)
    if report.skipped:
        lines += ["", "Not manifests, not compared: " + ", ".join(_code(s) for s in report.skipped)]
    return "\n".join(lines) + "\n"


def _side(state: SetState | None) -> dict[str, Any] | None:
    if state is None:
        return None
    return {
        "resolves": state.resolves,
        "tools": list(state.tools),
        "bytes": state.bytes,
        "estimated_tokens": state.tokens,
        "errors": list(state.errors),
    }


def impact_document(report: Impact) -> dict[str, Any]:
    """The report as a JSON-ready dict (see the module docstring)."""
    return {
        "version": IMPACT_VERSION,
        "base": report.base,
        "commit": report.commit,
        "files": list(report.files),
        "skipped": list(report.skipped),
        "summary": {
            "manifests": len(report.manifests),
            "do_not_resolve": sum(1 for m in report.manifests if m.status in _BROKEN),
            "changed": sum(1 for m in report.manifests if m.status not in ("unchanged", *_BROKEN)),
            "estimated_tokens_change": sum(m.token_change or 0 for m in report.manifests),
        },
        "manifests": [
            {
                "path": m.path,
                "via": list(m.via),
                "status": m.status,
                "before": _side(m.before),
                "after": _side(m.after),
                "added": list(m.change.added),
                "removed": list(m.change.removed),
                "renamed": [list(pair) for pair in m.change.renamed],
                "changed": list(m.change.changed),
                "estimated_tokens_change": m.token_change,
            }
            for m in report.manifests
        ],
    }


def render_json(report: Impact) -> str:
    """The report as JSON text."""
    return json.dumps(impact_document(report), indent=2, ensure_ascii=False) + "\n"


def render_impact(report: Impact, fmt: str = "markdown") -> str:
    """The report as ``markdown`` (people, pull-request comments) or ``json`` (scripts); KeyError otherwise."""
    return {"markdown": render_markdown, "json": render_json}[fmt](report)
