"""``data-mcp tools``, ``diff`` and ``catalog``: look at tool sets and endpoints before serving them.

Exit codes of ``tools`` and ``diff``: 0 done; 1 a tool set does not resolve (its diagnostics on stderr);
2 usage error, a manifest file that does not exist or an unknown profile; 3 (``tools`` only) the tool
set resolves but costs more than its budget (``--max-tokens``, else the manifest's ``max_tokens``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer

from data_pkg.catalog import ENDPOINTS, TIERS, Endpoint, lookup, tier_rank
from data_pkg.cli._options import JsonOption
from data_pkg.toolsets import (
    DEFAULT_PROFILE,
    Registry,
    Resolution,
    available_profiles,
    diff,
    estimate_tokens,
    is_profile_name,
    nearby_path,
    resolve,
    source_from_env,
    source_variable,
    wire_bytes,
)

SERVED_HELP = (
    "A manifest file or a profile name; when omitted, what the server would serve here: DATA_MCP_MANIFEST, else"
    " DATA_MCP_PROFILE, else the default set."
)
JSON_VERSION = 1
"""Version of the ``--json`` documents of ``tools`` and ``diff``; version 1 only ever gains keys."""
OVER_BUDGET = 3
"""Exit code of ``tools`` for a tool set that resolves but costs more than its budget."""


def _source_or_exit(source: str | None) -> str | None:
    """``source`` when it names a profile or an existing file; exit 2 with a did-you-mean otherwise."""
    if source is None or source == DEFAULT_PROFILE:
        return None
    if is_profile_name(source):
        if source in available_profiles():
            return source
        for diagnostic in resolve(source, env={}).diagnostics:  # DM303, with the closest name
            typer.echo(str(diagnostic), err=True)
        raise typer.Exit(2)
    if not Path(source).is_file():
        close = nearby_path(source, Path.cwd())
        what = "a folder, not a manifest file" if Path(source).is_dir() else "no such manifest file"
        typer.echo(f"{source}: {what}" + (f" (did you mean {close!r}?)" if close else ""), err=True)
        raise typer.Exit(2)
    return source


def _resolve_or_exit(source: str | None, style: str | None) -> tuple[Resolution, Registry]:
    """Resolve like the server would; print diagnostics on stderr; exit 1 when there is no registry."""
    env = dict(os.environ)
    if style:
        env["DATA_MCP_TOOL_NAME_STYLE"] = style
    source = _source_or_exit(source)
    resolution = resolve(source, env=env)
    for diagnostic in resolution.diagnostics:
        typer.echo(str(diagnostic), err=True)
    if resolution.registry is None:
        typer.echo(f"{source or 'the default set'} does not resolve: fix the errors above", err=True)
        raise typer.Exit(1)
    return resolution, resolution.registry


def _answer_sizes(registry: Registry) -> dict[str, dict[str, Any]]:
    """Each tool's answer sizes against the sandbox, by tool name, as JSON-ready dicts."""
    from dataclasses import asdict

    from data_pkg.cli._answer_sizes import answer_sizes

    try:
        found = answer_sizes(registry)
    except ModuleNotFoundError as error:  # the answer writer and the sandbox come with the mcp extra
        from data_pkg.extras import exit_for_missing_extra

        exit_for_missing_extra(error, "mcp", "data-mcp tools", "sizing answers (--answers, --max-answer-tokens)")
    return {size.tool: {k: v for k, v in asdict(size).items() if k != "tool"} for size in found}


def _answer_cells(size: dict[str, Any]) -> tuple[str, str, str]:
    if size["error"]:
        return (f"({size['error']})", f"{size['budget']:,}", "")
    return (f"{size['median']:,} / {size['max']:,}", f"{size['budget']:,}", f"{size['cut']}/{size['samples']}")


def _table(rows: Iterable[tuple[str, ...]], headers: tuple[str, ...]) -> str:
    rows = list(rows)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(lines)


def _query_entries(
    registry: Registry, listing: list[dict[str, Any]], sizes: dict[str, dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """The query tool that ``analysis`` adds (listed after the endpoint tools), as rows of the listing."""
    if registry.query is None:
        return []
    size = wire_bytes(listing[-1])
    return [
        {
            "name": registry.query.name,
            "title": registry.query.title,
            "endpoint": "(analysis)",
            "tier": "-",
            "bytes": size,
            "estimated_tokens": estimate_tokens(size),
            "fixed": {},
            **({"answer": sizes[registry.query.name]} if sizes is not None else {}),
        }
    ]


def register(app: typer.Typer) -> None:
    """Add ``tools``, ``diff`` and ``catalog`` to ``app``."""

    @app.command()
    def tools(
        source: Annotated[str | None, typer.Argument(help=SERVED_HELP)] = None,
        json_output: JsonOption = False,
        max_tokens: Annotated[
            int | None,
            typer.Option(
                help="Exit 3 when tools/list would cost more estimated tokens (default: the manifest's max_tokens)."
            ),
        ] = None,
        style: Annotated[str | None, typer.Option(help="Name style to show: key, spec or snake.")] = None,
        answers: Annotated[
            bool,
            typer.Option("--answers", help="Also call every tool against the built-in sandbox and size its answers."),
        ] = False,
        max_answer_tokens: Annotated[
            int | None,
            typer.Option(help="Exit 3 when any tool's answer is larger, in estimated tokens (implies --answers)."),
        ] = None,
    ) -> None:
        """The tools the server would expose, their size on the wire, and an estimated token count.

        With --answers, each tool is also called with typical arguments against the built-in sandbox
        (no key, no network), once per sample symbol, and its answer written as the server writes it
        (the manifest's fields, format and budget): the median and largest answer in tokens.

        Examples:
          data-mcp tools                       what the server would serve (DATA_MCP_MANIFEST ...)
          data-mcp tools analyst --style snake
          data-mcp tools team/research.py --max-tokens 8000
          data-mcp tools team/research.py --answers --max-answer-tokens 8000

        Exit status: 0 done, 1 the tool set does not resolve, 2 usage error (no such file or
        profile), 3 over budget (tool list or answers).
        """
        if source is None and (source := source_from_env(os.environ)) is not None:
            typer.echo(f"note: the set the server would serve here ({source_variable(os.environ)}={source})", err=True)
        resolution, registry = _resolve_or_exit(source, style)
        sizes = _answer_sizes(registry) if answers or max_answer_tokens is not None else None
        listing = registry.tools_list()
        total, tokens = registry.tools_list_bytes(), registry.estimated_tokens()
        budget = max_tokens
        if budget is None and resolution.parsed is not None and resolution.parsed.manifest is not None:
            own = resolution.parsed.manifest.max_tokens
            budget = own.value if own is not None else None
        if json_output:
            out = {
                "version": JSON_VERSION,
                "source": source or "default",
                "tools": [
                    {
                        "name": t.name,
                        "title": t.title,
                        "endpoint": lookup(t.endpoint).spec,
                        "tier": lookup(t.endpoint).tier,
                        "bytes": wire_bytes(m),
                        "estimated_tokens": estimate_tokens(wire_bytes(m)),
                        "fixed": dict(t.fixed),
                        **({"answer": sizes[t.name]} if sizes is not None else {}),
                    }
                    for t, m in zip(registry, listing[: len(registry)], strict=True)
                ]
                + _query_entries(registry, listing, sizes),
                "count": len(listing),
                "bytes": total,
                "estimated_tokens": tokens,
                "max_tokens": budget,
            }
            if max_answer_tokens is not None:
                out["max_answer_tokens"] = max_answer_tokens
            typer.echo(json.dumps(out, indent=2, default=list))
        else:
            headers: tuple[str, ...] = ("name", "title", "endpoint", "tier", "bytes")
            rows: list[tuple[str, ...]] = [
                (t.name, t.title or "", lookup(t.endpoint).spec, lookup(t.endpoint).tier, str(wire_bytes(m)))
                for t, m in zip(registry, listing[: len(registry)], strict=True)
            ]
            query = _query_entries(registry, listing)
            rows += [(q["name"], q["title"], q["endpoint"], q["tier"], str(q["bytes"])) for q in query]
            if sizes is not None:
                headers = (*headers, "answer tokens (median / max)", "budget", "cut")
                rows = [(*row, *_answer_cells(sizes[row[0]])) for row in rows]
            typer.echo(_table(rows, headers))
            typer.echo(f"\n{len(listing)} tools, {total:,} bytes of tools/list, ~{tokens:,} tokens (bytes/4)")
            if sizes is not None:
                largest = max((size["max"] for size in sizes.values()), default=0)
                typer.echo(f"answers with typical arguments against the sandbox: largest ~{largest:,} tokens")
        over_budget = False
        if budget is not None and tokens > budget:
            origin = "--max-tokens" if max_tokens is not None else "max_tokens in the manifest"
            typer.echo(f"over budget: ~{tokens:,} tokens > {origin} {budget:,}", err=True)
            over_budget = True
        if sizes is not None and max_answer_tokens is not None:
            for name, size in sizes.items():
                if size["max"] > max_answer_tokens:
                    typer.echo(
                        f"over budget: {name} answers ~{size['max']:,} tokens > --max-answer-tokens "
                        f"{max_answer_tokens:,}",
                        err=True,
                    )
                    over_budget = True
        if over_budget:
            raise typer.Exit(OVER_BUDGET)

    @app.command("diff")
    def diff_command(
        old: Annotated[str, typer.Argument(help="The tool set before: manifest, profile, or 'default'.")],
        new: Annotated[str, typer.Argument(help="The tool set after: manifest, profile, or 'default'.")],
        json_output: JsonOption = False,
    ) -> None:
        """Tools added, removed and renamed between two tool sets, and the change in size.

        Examples:
          data-mcp diff default analyst
          data-mcp diff manifests/research-desk.py team/research-v2.py --json

        Exit status: 0 done, 1 a tool set does not resolve, 2 usage error (no such file or profile).
        To compare with a git ref, and to see every manifest a change reaches: data-mcp impact.
        """
        _, before = _resolve_or_exit(old, None)
        _, after = _resolve_or_exit(new, None)
        change = diff(before, after)
        size = after.tools_list_bytes() - before.tools_list_bytes()
        tokens = after.estimated_tokens() - before.estimated_tokens()
        if json_output:
            out = {
                "version": JSON_VERSION,
                "added": list(change.added),
                "removed": list(change.removed),
                "renamed": [list(pair) for pair in change.renamed],
                "changed": list(change.changed),
                "bytes": {"before": before.tools_list_bytes(), "after": after.tools_list_bytes(), "change": size},
                "estimated_tokens_change": tokens,
            }
            typer.echo(json.dumps(out, indent=2))
            return
        for name in change.added:
            typer.echo(f"+ {name}")
        for name in change.removed:
            typer.echo(f"- {name}")
        for was, now in change.renamed:
            typer.echo(f"~ {was} -> {now}")
        for name in change.changed:
            typer.echo(f"* {name} (description, schema or fixed arguments changed)")
        typer.echo(
            f"{len(before)} -> {len(after)} tools; tools/list {before.tools_list_bytes():,} -> "
            f"{after.tools_list_bytes():,} bytes ({size:+,}), ~{tokens:+,} tokens"
        )

    @app.command()
    def catalog(
        query: Annotated[
            list[str] | None, typer.Argument(help="Words that must all appear (key, path, description).")
        ] = None,
        group: Annotated[str | None, typer.Option(help="Only this group, e.g. company.")] = None,
        tag: Annotated[str | None, typer.Option(help="Only endpoints with this tag, e.g. news.")] = None,
        tier: Annotated[
            str | None, typer.Option(help="Only endpoints available on this plan: " + ", ".join(TIERS))
        ] = None,
        withdrawn: Annotated[bool, typer.Option(help="Include withdrawn endpoints.")] = False,
        json_output: JsonOption = False,
    ) -> None:
        """Search the endpoint catalog: key, spec name, path, plan tier and status.

        Examples:
          data-mcp catalog insider
          data-mcp catalog --group fundamental --tier basic
          data-mcp catalog cash flow --json
        """
        if tier is not None and tier not in TIERS:
            typer.echo(f"unknown tier {tier!r}; use one of {', '.join(TIERS)}", err=True)
            raise typer.Exit(2)
        words = [w.lower() for w in (query or [])]
        found = [e for e in ENDPOINTS if _matches(e, words, group, tag, tier, withdrawn)]
        if not found and not json_output:
            typer.echo(f"no endpoint matches: {_what_to_try(words, group, tag, tier, withdrawn)}", err=True)
            raise typer.Exit(1)
        if json_output:
            typer.echo(json.dumps([_describe(e) for e in found], indent=2))
        else:
            rows: list[tuple[str, ...]] = [(e.key, e.spec, e.path, e.tier, _status(e)) for e in found]
            headers: tuple[str, ...] = ("key", "spec", "path", "tier", "status")
            if any(e.aliases for e in found):
                # The earlier client's method names: client aliases only, shown so that a search by one makes sense.
                rows = [(*row, ", ".join(e.aliases)) for row, e in zip(rows, found, strict=True)]
                headers += ("earlier client names",)
            typer.echo(_table(rows, headers))
            typer.echo(f"\n{len(found)} of {len(ENDPOINTS)} endpoints", file=sys.stdout)
        if not found:
            raise typer.Exit(1)


def _matches(
    e: Endpoint, words: list[str], group: str | None, tag: str | None, tier: str | None, withdrawn: bool
) -> bool:
    if group and e.group != group:
        return False
    if tag and tag not in e.tags:
        return False
    if tier and tier_rank(e.tier) > tier_rank(tier):
        return False
    if e.status == "withdrawn" and not withdrawn:
        return False
    haystack = " ".join((e.spec, e.path, e.description, e.method, *e.aliases, *e.tags)).lower()
    return all(w in haystack for w in words)


def _what_to_try(words: list[str], group: str | None, tag: str | None, tier: str | None, withdrawn: bool) -> str:
    """Why a catalog search found nothing, and what to change: the first filter that rules everything out."""
    known_groups = sorted({e.group for e in ENDPOINTS})
    if group and group not in known_groups:
        return f"there is no group {group!r}; groups: {', '.join(known_groups)}"
    known_tags = sorted({t for e in ENDPOINTS for t in e.tags})
    if tag and tag not in known_tags:
        return f"there is no tag {tag!r}; tags: {', '.join(known_tags)}"
    if not withdrawn and any(_matches(e, words, group, tag, tier, True) for e in ENDPOINTS):
        return "only withdrawn endpoints do; add --withdrawn to see them with their successors"
    if tier and any(_matches(e, words, group, tag, None, withdrawn) for e in ENDPOINTS):
        return f"none within the {tier} plan; leave out --tier {tier} to see those above it"
    return "every word must appear in an endpoint's name, path or description; try fewer or other words"


def _status(e: Endpoint) -> str:
    if e.status == "withdrawn":
        return f"withdrawn -> {e.successor}" if e.successor else "withdrawn"
    if e.bulk or e.format != "json":
        return "client only (bulk/file)"
    if e.hosted_only:
        return "hosted only"
    return "live"


def _describe(e: Endpoint) -> dict[str, Any]:
    return {
        "key": e.key,
        "spec": e.spec,
        "path": e.path,
        "tier": e.tier,
        "status": e.status,
        "successor": e.successor,
        "tags": list(e.tags),
        "description": e.description,
        "method": e.method,
        "aliases": list(e.aliases),
        "params": [{"name": p.name, "type": p.type, "required": p.required} for p in e.params],
        "hosted": [{"tool": h.tool, "slug": h.slug} for h in e.hosted],
    }
