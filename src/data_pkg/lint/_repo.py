"""The repository a manifest lives in: its root, and the manifest files in it that extend something.

A repository is the nearest folder holding ``.git`` (a folder, or a file in a worktree). Inside one,
the files are listed by ``git grep`` (tracked and untracked, never ignored ones: ``.venv`` and build
output stay out); without git, or outside a repository, by walking the folder with the same rules as
a folder given to lint. Either way only files whose text mentions ``extends`` are returned: the
others cannot be anyone's dependent, and reading them as manifests would be wasted work.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from data_pkg.files import read_regular, real_path
from data_pkg.lint._git import GitError, git
from data_pkg.lint._inputs import MANIFEST_SUFFIXES, is_manifest_path, walk
from data_pkg.toolsets import MAX_MANIFEST_BYTES


@cache
def _marked_root(folder: Path) -> Path | None:
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def repository_root(path: Path) -> Path | None:
    """The repository ``path`` (a file or a folder) is in, resolved; None outside any repository."""
    resolved = real_path(path)
    return _marked_root(resolved if resolved.is_dir() else resolved.parent)


def _git_candidates(root: Path) -> list[Path] | None:
    patterns = [f"*{suffix}" for suffix in MANIFEST_SUFFIXES]
    try:
        out = git(["grep", "-l", "-z", "-i", "--untracked", "-e", "extends", "--", *patterns], root, ok=(0, 1))
    except GitError:
        return None  # no git here: the walk finds the same files, more slowly
    names = [os.fsdecode(raw) for raw in out.split(b"\0") if raw]
    return [root / name for name in names if is_manifest_path(Path(name))]


def _walked_candidates(root: Path) -> list[Path]:
    found = []
    for path in walk(root):
        try:  # a FIFO or a link to a device named like a manifest is skipped, never waited on or read
            text = read_regular(path, limit=MAX_MANIFEST_BYTES)
        except OSError:
            continue
        if b"extends" in text.lower():
            found.append(path)
    return found


def extending_files(root: Path) -> list[Path]:
    """Manifest files under ``root`` whose text mentions ``extends`` (any case), sorted."""
    found = _git_candidates(root) if (root / ".git").exists() else None
    if found is None:
        found = _walked_candidates(root)
    return sorted(found)


class PathDisplay:
    """Paths as reports show them: relative to ``base`` when inside it, else as written (normalised).

    Called with a path, it returns how to show it and its identity (resolved, for de-duplication).
    """

    def __init__(self, base: Path) -> None:
        self.base = Path(os.path.abspath(base))
        self.real_base = real_path(self.base)
        self.cache: dict[str, tuple[str, Path]] = {}

    def __call__(self, file: str) -> tuple[str, Path]:
        """(how to show ``file``, its identity)."""
        known = self.cache.get(file)
        if known is None:
            identity = real_path(Path(file))  # a finding may be about a symlink loop
            absolute = Path(os.path.abspath(file))
            if absolute.is_relative_to(self.base):
                shown = str(absolute.relative_to(self.base))
            elif identity.is_relative_to(self.real_base):
                shown = str(identity.relative_to(self.real_base))
            else:
                shown = os.path.normpath(file)
            known = self.cache[file] = (shown, identity)
        return known
