"""Install the server entry into a desktop assistant config: merge, back up, write atomically.

- Merge: the entry goes under its name into the servers object of the config's shape
  (``mcpServers`` for a desktop assistant, ``servers`` for an editor's workspace file,
  :mod:`~data_pkg.desktop._shapes`); other servers and other top-level keys are kept (the file
  is re-serialised with two-space indents, so their formatting may change, their content does not).
- Refuse: a file that is not strict JSON is never overwritten (we could not keep what we did
  not understand); an existing entry of the same name is replaced only when forced.
- Backup: before an existing file changes, its bytes are copied to
  ``<file>.<YYYYmmdd-HHMMSS>.bak`` (mode 0600: it holds keys too); older backups are never
  overwritten.
- Atomic: the new text goes to a temporary file in the same folder, is flushed and synced,
  gets mode 0600 and replaces the old file with ``os.replace``; a failure at any step leaves
  the old file as it was and removes the temporary one.
- Locked: reading, merging and writing happen under a lock on the file
  (:mod:`~data_pkg.desktop._filelock`), so installs run at the same time each add their entry.
- Through links: a config that is a symbolic link (to a dotfiles repository, say) stays a link;
  the file it points to is the one replaced, atomically, in its own folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from data_pkg.desktop._filelock import LockTimeoutError, file_lock
from data_pkg.desktop._shapes import DESKTOP, Shape
from data_pkg.desktop._strict_json import read_strict
from data_pkg.desktop._validate import ConfigReadError, read_config
from data_pkg.errors import ConfigurationError
from data_pkg.files import write_atomic
from data_pkg.rules import Finding

__all__ = ["InstallRefusedError", "InstallResult", "Merged", "install_entry", "merge_entry"]


class InstallRefusedError(ConfigurationError):
    """The config was left untouched; ``reason`` is ``not-json``, ``not-a-config``, ``unreadable``, ``exists``
    or ``busy`` (another process held the file's lock too long)."""

    def __init__(self, message: str, *, reason: str, findings: tuple[Finding, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason
        self.findings = findings


@dataclass(frozen=True)
class InstallResult:
    """What :func:`install_entry` did (or, for a dry run, would do)."""

    path: Path
    text: str
    """The whole new file."""
    created: bool
    replaced: bool
    """An entry of the same name was there and is replaced."""
    unchanged: bool
    """The file already holds exactly this entry: nothing written."""
    backup: Path | None
    others: tuple[str, ...]
    """Names of the other servers, kept as they were."""
    dry_run: bool
    written: Path | None = None
    """The file actually read and replaced: ``path``, or the file it links to."""


class Merged(NamedTuple):
    """The outcome of :func:`merge_entry`."""

    text: str
    replaced: bool
    """An entry called ``name`` was there."""
    same: bool
    """That entry was exactly the new one already."""
    others: tuple[str, ...]


def merge_entry(
    existing: str | None,
    name: str,
    entry: Mapping[str, Any],
    *,
    force: bool = False,
    shape: Shape = DESKTOP,
    inputs: Sequence[Mapping[str, Any]] = (),
) -> Merged:
    """The new file text with ``entry`` (as ``shape`` writes it) under ``name`` in the shape's servers object,
    and what changed. ``inputs`` are declared in the shape's inputs list where no input has their id yet
    (one of the user's with that id is kept as it is).

    Raises :class:`InstallRefusedError` when ``existing`` is not strict JSON, is not a config object,
    or already has a different entry called ``name`` and ``force`` is false.
    """
    document: dict[str, Any] = {}
    if existing is not None and existing.strip():
        strict = read_strict(existing, shape)
        if strict.node is None:
            errors = tuple(f for f in strict.findings if f.is_error)
            raise InstallRefusedError(
                "the existing file is not strict JSON; it was left untouched (fix it first, or move it away)",
                reason="not-json",
                findings=errors,
            )
        loaded = json.loads(existing)
        if not isinstance(loaded, dict):
            raise InstallRefusedError(
                "the existing file holds JSON that is not an object; it was left untouched", reason="not-a-config"
            )
        document = loaded
    servers = document.setdefault(shape.servers_key, {})
    if not isinstance(servers, dict):
        raise InstallRefusedError(
            f"{shape.servers_key} in the existing file is not an object; it was left untouched", reason="not-a-config"
        )
    entry = shape.entry(entry)
    declared = _declare(document, shape, inputs)
    replaced = name in servers
    kept = replaced and servers[name] == dict(entry)
    if replaced and not kept and not force:
        raise InstallRefusedError(
            f'a server named "{name}" is already configured; pass --force to replace it (a backup is kept),'
            " or --name to add another",
            reason="exists",
        )
    servers[name] = dict(entry)
    others = tuple(n for n in servers if n != name)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    return Merged(text, replaced, kept and not declared, others)


def _declare(document: dict[str, Any], shape: Shape, inputs: Sequence[Mapping[str, Any]]) -> bool:
    """Add each of ``inputs`` whose id the file does not declare yet; whether any was added."""
    if not inputs or shape.inputs_key is None:
        return False
    existing = document.get(shape.inputs_key, [])
    if not isinstance(existing, list):
        raise InstallRefusedError(
            f"{shape.inputs_key} in the existing file is not a list; it was left untouched", reason="not-a-config"
        )
    ids = {item.get("id") for item in existing if isinstance(item, dict)}
    added = [dict(item) for item in inputs if item.get("id") not in ids]
    if added:
        document[shape.inputs_key] = [*existing, *added]
    return bool(added)


def install_entry(
    path: str | os.PathLike[str],
    name: str,
    entry: Mapping[str, Any],
    *,
    force: bool = False,
    dry_run: bool = False,
    now: datetime | None = None,
    lock_timeout: float = 30.0,
    shape: Shape = DESKTOP,
    inputs: Sequence[Mapping[str, Any]] = (),
) -> InstallResult:
    """Merge ``entry`` into the config at ``path`` (created with its folder when missing).

    A symbolic link is followed: the file it points to is replaced and the link is kept. Other
    installs into the same file wait for this one (at most ``lock_timeout`` seconds, then
    :class:`InstallRefusedError` with reason ``busy``). ``shape`` is the file's shape: where the servers are
    and how an entry is written; ``inputs`` go into its inputs list (see :func:`merge_entry`).
    """
    target = Path(path)
    real = Path(os.path.realpath(target))
    if dry_run:
        return _merge(target, real, name, entry, force=force, dry_run=True, now=now, shape=shape, inputs=inputs)
    real.parent.mkdir(parents=True, exist_ok=True)
    try:
        with file_lock(real, timeout=lock_timeout):
            return _merge(target, real, name, entry, force=force, dry_run=False, now=now, shape=shape, inputs=inputs)
    except LockTimeoutError as error:
        raise InstallRefusedError(f"{error}; nothing was written, try again", reason="busy") from None


def _merge(
    target: Path,
    real: Path,
    name: str,
    entry: Mapping[str, Any],
    *,
    force: bool,
    dry_run: bool,
    now: datetime | None,
    shape: Shape,
    inputs: Sequence[Mapping[str, Any]],
) -> InstallResult:
    """Read, merge and (unless a dry run or nothing changes) write: the part that runs under the lock."""
    existing: str | None = None
    if os.path.lexists(target):
        try:
            existing = read_config(real)
        except ConfigReadError as error:
            if os.path.lexists(real):  # only a link to a file still to create is fine
                raise InstallRefusedError(f"{error}; nothing was written", reason="unreadable") from None
    merged = merge_entry(existing, name, entry, force=force, shape=shape, inputs=inputs)
    created = existing is None
    if dry_run or merged.same:
        return InstallResult(
            target, merged.text, created, merged.replaced, merged.same, None, merged.others, dry_run, real
        )
    backup = _backup(target, existing, now or datetime.now()) if existing is not None else None
    write_atomic(real, merged.text.encode("utf-8"))
    return InstallResult(target, merged.text, created, merged.replaced, False, backup, merged.others, False, real)


def _backup(path: Path, text: str, now: datetime) -> Path:
    """A copy of the file as it was read, beside ``path`` (the name the host knows, a link's too)."""
    data = text.encode("utf-8")
    stamp = now.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        suffix = f".{stamp}.bak" if attempt == 0 else f".{stamp}-{attempt}.bak"
        candidate = path.with_name(path.name + suffix)
        if os.path.lexists(candidate):  # installs wait for each other (the lock), so the name stays free
            continue
        write_atomic(candidate, data)  # a full disk leaves no half backup under a name that looks whole
        return candidate
    raise InstallRefusedError(f"could not find a free backup name next to {path}", reason="unreadable")
