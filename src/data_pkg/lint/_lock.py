"""Lock files: what agents see of a manifest, written beside it as ``NAME.lock.json``.

A lock holds the resolved tools as the server would list them (name, title, description, input schema,
annotations, output schema when published), with what an agent does not see but a reviewer should:
the endpoint each tool calls, its fixed arguments, how its answers are shaped (fields, format, token
budget), and what it costs (bytes and estimated tokens, counted as ``data-mcp tools`` counts them).
Committed next to the manifest, it turns any change to what agents see into a diff in review,
including one that arrives through a shared base or a new version of a profile or of the catalog.

The text is stable: keys sorted, two-space indents, one value per line, tools sorted by name (with
``order`` listing them as the agent meets them), no version of data-pkg and no date. The same manifest
in the same environment gives the same bytes.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

from data_pkg.catalog import lookup
from data_pkg.files import read_regular
from data_pkg.toolsets import Registry, Tool, estimate_tokens, wire_bytes

LOCK_VERSION = 1
LOCK_SUFFIX = ".lock.json"


def lock_path(manifest: Path) -> Path:
    """Where the lock of ``manifest`` lives: beside it, ``desk.yaml`` -> ``desk.lock.json``."""
    return manifest.with_name(manifest.stem + LOCK_SUFFIX)


MAX_LOCK_BYTES = 64 << 20
"""A lock lists every tool of a set, each with its schemas: the whole catalog locks to a few megabytes."""


def read_lock(lock: Path) -> str | None:
    """The text of a lock file; None when there is none. Raises :class:`OSError` when it cannot be read
    (not a regular file, larger than :data:`MAX_LOCK_BYTES`) and :class:`UnicodeDecodeError` when it is not UTF-8."""
    try:
        data = read_regular(lock, limit=MAX_LOCK_BYTES)
    except FileNotFoundError:
        return None
    return data.decode("utf-8")


def _tool(tool: Tool, entry: dict[str, Any]) -> dict[str, Any]:
    size = wire_bytes(entry)
    fixed = {name: _plain(value) for name, value in tool.fixed.items()}
    spec = tool.answer
    answer: dict[str, Any] = {"format": spec.format, "max_tokens": spec.max_tokens}
    if spec.fields is not None:
        answer["fields"] = list(spec.fields)
    if spec.exclude_fields:
        answer["exclude_fields"] = list(spec.exclude_fields)
    return {
        **entry,
        "endpoint": lookup(tool.endpoint).spec if tool.endpoint else None,
        "fixed": fixed,
        "answer": answer,
        "bytes": size,
        "tokens": estimate_tokens(size),
    }


def lock_document(registry: Registry, manifest: Path) -> dict[str, Any]:
    """The lock of a resolved manifest, as a JSON-ready dict."""
    listing = registry.tools_list()
    tools = [_tool(tool, entry) for tool, entry in zip(registry.listed, listing, strict=True)]
    document = {
        "version": LOCK_VERSION,
        "manifest": manifest.name,
        "name_style": registry.name_style,
        "prefix": registry.prefix,
        "count": len(listing),
        "bytes": registry.tools_list_bytes(),
        "estimated_tokens": registry.estimated_tokens(),
        "order": [tool.name for tool in registry.listed],
        "tools": sorted(tools, key=lambda t: str(t["name"])),
    }
    if registry.analysis is not None:
        document["analysis"] = registry.analysis.limits()  # the query tool's tables: bounds a review should see
    return document


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def lock_text(registry: Registry, manifest: Path) -> str:
    """The lock file's exact text."""
    return json.dumps(lock_document(registry, manifest), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def lock_diff(committed: str, current: str, name: str) -> str:
    """A unified diff from the committed lock to the one the manifest resolves to now."""
    lines = difflib.unified_diff(
        committed.splitlines(keepends=True),
        current.splitlines(keepends=True),
        fromfile=f"{name} (committed)",
        tofile=f"{name} (resolved now)",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def manifest_of(lock: Path) -> Path | None:
    """The manifest a lock file belongs to: the one it names, else one beside it with its stem; None if gone."""
    try:
        text = read_lock(lock)
        named = json.loads(text).get("manifest") if text is not None else None
    except (OSError, ValueError, AttributeError):
        named = None
    if isinstance(named, str) and named and "/" not in named and "\\" not in named and (lock.parent / named).is_file():
        return lock.parent / named
    stem = lock.name[: -len(LOCK_SUFFIX)]
    for suffix in (".py", ".yaml", ".yml", ".json"):
        candidate = lock.with_name(stem + suffix)
        if candidate.is_file():
            return candidate
    return None


def _lock_files(folder: Path) -> list[Path]:
    """Every lock file under ``folder``, skipping the folders a folder search skips (``.venv``, ``.git``)."""
    from data_pkg.lint._inputs import skipped_folder

    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not skipped_folder(d))
        found += [Path(root) / name for name in sorted(files) if name.endswith(LOCK_SUFFIX)]
    return found


def lock_targets(paths: list[str], *, fallback: Path | None = None) -> tuple[list[Path], list[Path]]:
    """The manifests to lock, and lock files whose manifest is gone.

    ``paths`` are files, folders and globs as lint takes them; each manifest that extends one of them and
    already has a lock comes too (a base's change shows in its dependents' locks). Without ``paths``, the
    manifests of every lock file under ``fallback`` (default: the working directory). Raises
    :class:`LintInputError` for a profile name: a profile has no folder of the team's to lock into.
    """
    from data_pkg.lint._dependents import DependentFinder
    from data_pkg.lint._inputs import LintInputError, expand

    if not paths:
        found: list[Path] = []
        orphans: list[Path] = []
        for lock in _lock_files(fallback or Path.cwd()):
            manifest = manifest_of(lock)
            if manifest is None:
                orphans.append(lock)
            else:
                found.append(manifest)
        return found, orphans
    manifests = []
    for target in expand(paths):
        if not isinstance(target.source, Path):
            raise LintInputError(f"{target.source}: a profile has no lock file; lock a manifest that extends it")
        manifests.append(target.source)
    for dependent in DependentFinder().of_all(manifests):
        if lock_path(dependent.path).is_file():
            manifests.append(dependent.path)
    return manifests, []
