"""``data-hosted coverage``: refresh the coverage table from a live ``tools/list``.

The key comes only from ``DATA_API_KEY``: a key on a command line lands in
shell history and process lists, and a URL holding one tends to get
committed. A URL that already has ``apikey=`` is refused for that reason.

The table names, for each hosted tool, its endpoint count and slugs, the
local tools (spec names) that cover each slug, the plan note, and what
changed since the previous table written to the same file. The previous
state is read back from a machine-readable line at the end of that file.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import anyio

from data_hosted._tools import Toolset, build_toolset
from data_pkg.files import read_regular, write_atomic
from data_pkg.redact import redact

__all__ = ["CoverageError", "Snapshot", "diff", "fetch_tools", "render", "snapshot_of", "with_key"]

_MARKER = "<!-- coverage-snapshot: "
_SNAPSHOT_LINE = re.compile(re.escape(_MARKER) + r"(\{.*\}) -->\s*$", re.MULTILINE)

Snapshot = dict[str, list[str]]
"""Tool name -> its endpoint slugs, as listed."""


class CoverageError(Exception):
    """A problem the user has to fix (message says how); exit status 2."""


def with_key(url: str, key: str | None) -> str:
    """``url`` with ``apikey=key`` added; refuses a URL that already carries a key, or no key."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise CoverageError(f"--url must be an http(s) URL of the hosted MCP endpoint, got {redact(url)!r}")
    if any(name.lower() == "apikey" for name, _ in parse_qsl(parts.query, keep_blank_values=True)):
        raise CoverageError(
            "the URL already contains apikey=: a key on the command line ends up in shell history, process "
            "lists and committed files. Pass the URL without it and put the key in DATA_API_KEY."
        )
    if not key:
        raise CoverageError("DATA_API_KEY is not set: the key is read from the environment only")
    query = urlencode([*parse_qsl(parts.query, keep_blank_values=True), ("apikey", key)])
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def _endpoint_enum(schema: Mapping[str, Any]) -> list[str]:
    endpoint = schema.get("properties", {}).get("endpoint", {})
    values = endpoint.get("enum", [])
    return [str(v) for v in values] if isinstance(values, list) else []


async def _list(url: str, within: float) -> Snapshot:
    from mcp import Client

    tools: Snapshot = {}
    with anyio.fail_after(within):
        async with Client(url, mode="legacy", read_timeout_seconds=within) as client:
            cursor: str | None = None
            while True:
                page = await client.list_tools(cursor=cursor)
                for tool in page.tools:
                    tools[tool.name] = _endpoint_enum(tool.input_schema)
                cursor = page.next_cursor
                if not cursor:
                    return tools


def fetch_tools(url: str, timeout: float = 30.0) -> Snapshot:
    """Every tool of the server at ``url`` (key included) and its endpoint enum."""
    try:
        return anyio.run(_list, url, timeout)
    except TimeoutError:
        raise CoverageError(f"no answer from the server within {timeout:g} s") from None
    except Exception as exc:  # whatever the transport raised, its text may hold the URL: redact it
        raise CoverageError(f"tools/list failed: {type(exc).__name__}: {redact(str(exc))[:300]}") from None


def snapshot_of(text: str) -> Snapshot | None:
    """The snapshot line of a previously written table, or None."""
    match = _SNAPSHOT_LINE.search(text)
    if match is None:
        return None
    try:
        raw = json.loads(match.group(1))
    except ValueError:
        return None
    return {str(k): [str(s) for s in v] for k, v in raw.get("tools", {}).items()}


@dataclass(frozen=True)
class Changes:
    """What differs between two snapshots."""

    added_tools: tuple[str, ...]
    removed_tools: tuple[str, ...]
    added_slugs: Mapping[str, tuple[str, ...]]
    removed_slugs: Mapping[str, tuple[str, ...]]

    def lines(self) -> list[str]:
        """Markdown bullet points; one saying so when nothing changed."""
        out = [f"- tool added: `{t}`" for t in self.added_tools]
        out += [f"- tool removed: `{t}`" for t in self.removed_tools]
        for tool, slugs in self.added_slugs.items():
            out.append(f"- `{tool}`: endpoints added: " + ", ".join(f"`{s}`" for s in slugs))
        for tool, slugs in self.removed_slugs.items():
            out.append(f"- `{tool}`: endpoints removed: " + ", ".join(f"`{s}`" for s in slugs))
        return out or ["- nothing: same tools and endpoints as the last table"]


def diff(before: Snapshot, after: Snapshot) -> Changes:
    """Tools and slugs added or removed from ``before`` to ``after``."""
    added: dict[str, tuple[str, ...]] = {}
    removed: dict[str, tuple[str, ...]] = {}
    for tool in after.keys() & before.keys():
        if plus := tuple(s for s in after[tool] if s not in before[tool]):
            added[tool] = plus
        if minus := tuple(s for s in before[tool] if s not in after[tool]):
            removed[tool] = minus
    return Changes(
        tuple(t for t in after if t not in before),
        tuple(t for t in before if t not in after),
        dict(sorted(added.items())),
        dict(sorted(removed.items())),
    )


def _local(toolset: Toolset, tool: str, slug: str) -> str:
    known = toolset.tools.get(tool)
    route = known.routes.get(slug) if known else None
    if route is None:
        return "not in the catalog: add it"
    names = [
        f"`{e.spec}`" + ("" if e.is_tool_candidate else " (client only)")
        for e in route.covering
        if not e.hosted_only and e.status == "live"
    ]
    return ", ".join(names) or "none (not in the local client)"


def render(
    current: Snapshot,
    previous: Snapshot | None,
    *,
    source: str,
    segments: Mapping[str, str],
    today: dt.date | None = None,
) -> str:
    """The coverage table as Markdown, ending with the snapshot line the next run compares with."""
    toolset = build_toolset(segments)
    day = (today or dt.datetime.now(dt.timezone.utc).date()).isoformat()
    total = sum(len(slugs) for slugs in current.values())
    lines = [
        "# Hosted MCP server: tools and local coverage",
        "",
        f"Refreshed with `data-hosted coverage` from `tools/list` of {source} on {day}: "
        f"{len(current)} tools, {total} endpoints.",
        "",
        "## What changed since the last table",
        "",
    ]
    lines += ["- first table: nothing to compare with"] if previous is None else diff(previous, current).lines()
    lines += ["", "## Tools", "", "| hosted tool | endpoints | local tools covering | plan note |", "|---|---|---|---|"]
    for tool, slugs in current.items():
        covering: list[str] = []
        for slug in slugs:
            for name in _local(toolset, tool, slug).split(", "):
                if name.startswith("`") and name not in covering:
                    covering.append(name)
        known = toolset.tools.get(tool)
        note = known.plan_note if known else "not in the catalog"
        local = ", ".join(sorted(covering, key=lambda name: name.strip("`"))) or "none (not in the local client)"
        lines.append(f"| `{tool}` | {len(slugs)} | {local} | {note} |")
    lines += ["", "## Endpoints", ""]
    for tool, slugs in current.items():
        lines += [f"### {tool}", "", "| endpoint | local tools |", "|---|---|"]
        lines += [f"| `{slug}` | {_local(toolset, tool, slug)} |" for slug in slugs]
        lines.append("")
    lines.append(_MARKER + json.dumps({"tools": current}, separators=(",", ":")) + " -->")
    return "\n".join(lines) + "\n"


MAX_TABLE_BYTES = 16 << 20
"""The previous table is a page of the docs; reading stops past this (a link to a device would never end)."""


def _read_previous(output: Path) -> str:
    """The table written last time at ``output``; empty when there is none."""
    try:
        return read_regular(output, limit=MAX_TABLE_BYTES).decode("utf-8")
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError) as error:
        why = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise CoverageError(f"{output}: cannot read the previous table: {why or error}") from None


def run(
    url: str, output: Path | None, environ: Mapping[str, str], *, timeout: float = 30.0
) -> tuple[str, Sequence[str]]:
    """Fetch, compare with the previous table in ``output`` and write it; returns the table and the change lines."""
    from data_pkg.client import Settings

    full = with_key(url, environ.get("DATA_API_KEY", "").strip() or None)
    current = fetch_tools(full, timeout)
    previous = snapshot_of(_read_previous(output)) if output is not None else None
    parts = urlsplit(url)
    source = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    table = render(current, previous, source=source, segments=Settings.from_env(environ).segments)
    if output is not None:
        try:  # atomically: a full disk or a read-only folder keeps the previous table whole
            write_atomic(output, table.encode("utf-8"), mode=None)
        except OSError as error:
            raise CoverageError(f"{output}: could not write the table: {error.strerror or error}") from None
    changes = ["first table"] if previous is None else diff(previous, current).lines()
    return table, changes
