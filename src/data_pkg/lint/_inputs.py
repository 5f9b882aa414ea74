"""What to lint: command-line arguments (files, folders, globs, profile names) to a list of targets.

- A file is linted whatever its suffix (a wrong suffix is a finding, DM107).
- A folder is searched recursively for files ending in ``.py``, ``.yaml``, ``.yml`` or ``.json``.
  Skipped: hidden folders and files (``.git``, ``.venv``), ``__pycache__`` and ``node_modules``,
  names starting with ``_`` (``__init__.py``, helpers: the same rule as the profiles folder),
  ``*.schema.json`` (editor schemas sit beside manifests) and ``*.lock.json`` (lock files, from
  ``data-mcp lock``). Point lint at the folder that holds manifests, not at a whole repository.
- An argument with ``*``, ``?`` or ``[`` that is not an existing path is a glob (``**`` recurses);
  a matching folder is searched as above, and matching files are kept by the same rules as in a
  folder (``manifests/*`` skips the README).
- Anything else that names a built-in profile (``analyst``) lints that profile.

A path that does not exist, a glob that matches nothing and a file that cannot be opened are
usage errors (:class:`LintInputError`, exit 2), not findings: there is no manifest to judge.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from data_pkg.files import open_regular, real_path
from data_pkg.suggest import closest
from data_pkg.toolsets import available_profiles, nearby_path

MANIFEST_SUFFIXES: tuple[str, ...] = (".py", ".yaml", ".yml", ".json")
_SKIP_DIRS = frozenset({"__pycache__", "node_modules"})
_GLOB_CHARS = frozenset("*?[")


class LintInputError(ValueError):
    """An argument names nothing lintable (a missing path, an empty glob, an unreadable file)."""


@dataclass(frozen=True)
class Target:
    """One thing to lint: a manifest file, or a built-in profile by name."""

    source: Path | str
    """A path, or a profile name (str)."""

    @property
    def label(self) -> str:
        """How the target is written in reports."""
        return str(self.source)


_NOT_MANIFESTS = (".schema.json", ".lock.json")
"""Files that sit beside manifests: editor schemas and lock files."""


def _is_manifest_name(name: str) -> bool:
    return name.endswith(MANIFEST_SUFFIXES) and not name.startswith((".", "_")) and not name.endswith(_NOT_MANIFESTS)


def skipped_folder(name: str) -> bool:
    """Whether a folder search skips a folder of this name (hidden ones, caches, dependencies)."""
    return name in _SKIP_DIRS or (name.startswith(".") and name not in (".", ".."))


def is_manifest_path(relative: Path) -> bool:
    """Whether a folder search would pick up the file at ``relative`` (a path inside the searched folder)."""
    return _is_manifest_name(relative.name) and not any(skipped_folder(part) for part in relative.parts[:-1])


def _skipped(path: Path, literal: int) -> bool:
    """Whether a glob match is, or lies in, a folder a folder search would skip.

    The first ``literal`` parts were written out in the pattern (``.config/*.yaml``): those are wanted.
    """
    folders = path.parts if path.is_dir() else path.parts[:-1]
    return any(skipped_folder(part) for part in folders[literal:])


def walk(folder: Path) -> Iterator[Path]:
    """The manifest files a folder search finds under ``folder``, in a stable order."""
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not skipped_folder(d))
        for name in sorted(files):
            if _is_manifest_name(name):
                yield Path(root) / name


def _readable(path: Path, arg: str) -> Path:
    try:
        with open_regular(path):  # never blocks: a FIFO is refused, not waited on
            pass
    except OSError as error:
        raise LintInputError(f"{arg}: cannot read: {error.strerror or error}") from None
    return path


def expand(args: Iterable[str | os.PathLike[str]]) -> list[Target]:
    """The targets the arguments name, in argument order, each file once."""
    targets: list[Target] = []
    seen: set[object] = set()

    def add(target: Target, identity: object) -> None:
        if identity not in seen:
            seen.add(identity)
            targets.append(target)

    def add_path(path: Path, arg: str) -> None:
        if path.is_dir():
            for found in walk(path):
                add(Target(_readable(found, str(found))), real_path(found))
        else:
            add(Target(_readable(path, arg)), real_path(path))

    for raw in args:
        arg = os.fspath(raw)
        if not arg.strip():
            raise LintInputError("an empty path was given")
        if "\0" in arg:
            raise LintInputError(f"{arg!r}: not a usable path (it contains a NUL character)")
        try:
            path = Path(arg)
            exists = path.exists()
        except (OSError, ValueError) as error:  # a name too long, say
            raise LintInputError(f"{arg!r}: not a usable path ({error})") from None
        if exists:
            add_path(path, arg)
        elif _GLOB_CHARS & set(arg):
            literal = next(i for i, part in enumerate(path.parts) if _GLOB_CHARS & set(part))
            matches = [Path(m) for m in sorted(glob.glob(arg, recursive=True))]
            kept = [m for m in matches if not _skipped(m, literal) and (m.is_dir() or _is_manifest_name(m.name))]
            if not kept:
                raise LintInputError(f"{arg}: the pattern matches no manifest file")
            for match in kept:
                add_path(match, str(match))
        elif arg in available_profiles():
            add(Target(arg), ("profile", arg))
        else:
            raise LintInputError(_not_found(arg))
    return targets


def _not_found(arg: str) -> str:
    """What lint says of an argument that names nothing: the closest manifest or profile, and the profiles."""
    profiles = available_profiles()
    close = nearby_path(arg, Path.cwd()) or next(iter(closest(arg, profiles)), None)
    mean = f"did you mean {close!r}? " if close else ""
    return f"{arg}: no such file, folder or profile ({mean}profiles: {', '.join(profiles)})"
